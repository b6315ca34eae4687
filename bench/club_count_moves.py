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


if __name__ == "__main__":
    main()
