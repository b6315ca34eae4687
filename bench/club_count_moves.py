"""How many random deals each club count of issue 62 moves, under each preset
(figures printed, never asserted): 6,000 deals drawn by
:func:`scoring.random_deal` under the preset's latest version, each scored under
the preset and under the preset with one option changed; a deal « moves » when
its marques, outcome or pot differ. An option the preset's counting does not
play moves nothing (0, « — »).

Run: ``.venv/bin/python -m bench.club_count_moves [--deals 6000] [--seed 62]``.
Pure engine: no Django, no database.
"""

from __future__ import annotations

import argparse
import random

import scoring
from scoring.summary import ALWAYS_SAID

#: issue 62's counts: option -> the club's value (the preset's is the other):
#: those the rules' summary says (scoring.summary.ALWAYS_SAID), and the
#: defence's rounding of a coinche after the product.
COUNTS: dict[str, object] = {**ALWAYS_SAID, "coinche_defence": "product_rounded"}


def moves(preset: str, option: str, value: object, deals: int, seed: int) -> int | None:
    """How many of ``deals`` random deals change under ``option=value``, or
    None when the preset's counting does not play the option."""
    rules = scoring.PRESETS[preset]
    if rules.counting not in scoring.options.OPTIONS_BY_NAME[option].applies_to:
        return None
    club = rules.with_options(**{option: value})
    if option == "coinche_defence":  # it counts only with the takers' marque multiplied
        rules = rules.with_options(coinche_count="points_multiplied")
        club = club.with_options(coinche_count="points_multiplied")
    rng = random.Random(f"{seed} {preset}")
    moved = 0
    for _ in range(deals):
        deal = scoring.random_deal(rng, rules)
        before, after = scoring.score_deal(deal, rules), scoring.score_deal(deal, club)
        moved += (before.a, before.b, before.outcome, before.pot) != (
            after.a,
            after.b,
            after.outcome,
            after.pot,
        )
    return moved


def generale_moves(preset: str, value: str, deals: int, seed: int, *, bid: bool) -> int | None:
    """La générale: how many of ``deals`` random deals drawn under ``generale=value``
    (a générale bid on some 2 % of them, one player's capot on half the capots)
    score otherwise than under the preset, which reads a générale bid as the
    capot bid a hall without it would type. ``bid=False``: the générale bids
    typed as capot bids under both (one player's eight tricks not bid: a capot
    whatever the option says, so 0 is expected)."""
    rules = scoring.PRESETS[preset]
    if rules.counting not in scoring.options.OPTIONS_BY_NAME["generale"].applies_to:
        return None
    club = rules.with_options(generale=value)
    rng = random.Random(f"{seed} {preset}")
    moved = 0
    for _ in range(deals):
        deal = scoring.random_deal(rng, club)
        as_capot = {**deal, "bid": "capot"} if deal.get("bid") == "generale" else deal
        before = scoring.score_deal(as_capot, rules)
        after = scoring.score_deal(deal if bid else as_capot, club)
        moved += (before.a, before.b, before.outcome) != (after.a, after.b, after.outcome)
    return moved


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=62)
    args = parser.parse_args(argv)
    presets = list(scoring.PRESETS)
    print(f"club counts: deals moved of {args.deals} random deals a preset (seed {args.seed})")
    print(f"{'option=value':34}" + "".join(f"{p:>24}" for p in presets))
    for option, value in COUNTS.items():
        cells = [moves(p, option, value, args.deals, args.seed) for p in presets]
        shown = "".join(f"{'—' if c is None else c:>24}" for c in cells)
        print(f"{option + '=' + str(value):34}{shown}")
    for value in ("flat", "contract"):
        for bid in (True, False):
            cells = [generale_moves(p, value, args.deals, args.seed, bid=bid) for p in presets]
            shown = "".join(f"{'—' if c is None else c:>24}" for c in cells)
            label = f"generale={value}" + ("" if bid else " (not bid)")
            print(f"{label:34}{shown}")


if __name__ == "__main__":
    main()
