"""The totals real parties give, measured on parties the engine plays (issue
52 item 4): for each preset, ``--parties`` random parties of ``MAX_DEALS``
deals (:func:`scoring.random_deal`, a real pack dealt and played, seeded),
and for each number of deals N from 1 to ``MAX_DEALS`` the 0.5th and 99.5th
percentiles of the two teams' totals together and of one team's total after
N deals. « Totaux seulement » asks « C'est bien ça ? » outside them
(scoring/bounds.py, :func:`~scoring.bounds.usual_partie`).

Usage::

    python -m tools.partie_totals [--parties 10000] [--seed 52]   # prints the figures
    python -m tools.partie_totals --write    # writes scoring/partie_totals.py
    python -m tools.partie_totals --check    # the same figures as the stored ones?

The same arguments give the same figures on any machine (one
``random.Random(f"{seed} {preset}")`` per preset). Must not: be imported by
the app (the app reads the stored figures).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import scoring

MAX_DEALS = 24
LOW, HIGH = 0.005, 0.995
TARGET = Path(__file__).resolve().parent.parent / "scoring" / "partie_totals.py"

Quantiles = tuple[int, int, int, int]  # sum low, sum high, team low, team high


def _quantile(values: list[int], q: float) -> int:
    """The nearest-rank quantile of sorted ``values``."""
    return values[min(len(values) - 1, max(0, round(q * (len(values) - 1))))]


def measure(preset: str, parties: int, seed: int) -> tuple[list[Quantiles], float, float]:
    """Per N (1..MAX_DEALS) the quantiles, and the mean per deal of the sum
    and of one team's total (over MAX_DEALS deals)."""
    rules = scoring.PRESETS[preset]
    rng = random.Random(f"{seed} {preset}")
    sums: list[list[int]] = [[] for _ in range(MAX_DEALS)]
    teams: list[list[int]] = [[] for _ in range(MAX_DEALS)]
    for _ in range(parties):
        deals = [scoring.random_deal(rng, rules) for _ in range(MAX_DEALS)]
        game = scoring.score_game(deals, rules, {"deals": MAX_DEALS})
        for n, deal in enumerate(game.deals):
            a, b = deal.totals
            sums[n].append(a + b)
            teams[n] += [a, b]
    found = []
    for n in range(MAX_DEALS):
        s, t = sorted(sums[n]), sorted(teams[n])
        found.append((_quantile(s, LOW), _quantile(s, HIGH), _quantile(t, LOW), _quantile(t, HIGH)))
    last = MAX_DEALS - 1
    mean_sum = sum(sums[last]) / len(sums[last]) / MAX_DEALS
    mean_team = sum(teams[last]) / len(teams[last]) / MAX_DEALS
    return found, round(mean_sum, 1), round(mean_team, 1)


def module_text(
    figures: dict[str, tuple[list[Quantiles], float, float]], parties: int, seed: int
) -> str:
    lines = [
        '"""How many points real parties give, per preset and number of deals:',
        "the 0.5th and 99.5th percentiles of both teams' totals together and of",
        f"one team's total, measured on {parties:,} random parties of {MAX_DEALS} deals each",
        f"(scoring.random_deal, seed {seed}). Written by `python -m tools.partie_totals",
        "--write`; never edited by hand. Read by scoring/bounds.py (usual_partie).",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        f"PARTIES = {parties}",
        f"SEED = {seed}",
        f"MAX_DEALS = {MAX_DEALS}",
        "",
        "#: preset -> per number of deals N (index N - 1): sum low, sum high, team low, team high",
        "QUANTILES: dict[str, tuple[tuple[int, int, int, int], ...]] = {",
    ]
    for preset, (found, _, _) in figures.items():
        lines.append(f'    "{preset}": (')
        lines += [f"        {q!r}," for q in found]
        lines.append("    ),")
    lines += [
        "}",
        "#: preset -> the mean per deal of the sum and of one team's total",
        "MEANS: dict[str, tuple[float, float]] = {",
        *(f'    "{preset}": ({ms!r}, {mt!r}),' for preset, (_, ms, mt) in figures.items()),
        "}",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--parties", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=52)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    figures = {}
    for preset in scoring.PRESETS:
        start = time.perf_counter()
        figures[preset] = measure(preset, args.parties, args.seed)
        found, mean_sum, _ = figures[preset]
        twelve = found[11]
        print(
            f"{preset}: {args.parties:,} parties in {time.perf_counter() - start:.1f} s; "
            f"12 deals: both teams {twelve[0]:,} to {twelve[1]:,}, one team "
            f"{twelve[2]:,} to {twelve[3]:,}; a deal gives {mean_sum} in all on average"
        )
    text = module_text(figures, args.parties, args.seed)
    if args.write:
        TARGET.write_text(text, encoding="utf-8")
        print(f"written: {TARGET}")
    if args.check:
        same = TARGET.read_text(encoding="utf-8") == text
        print("the stored figures" + (" are these" if same else " differ from these"))
        return 0 if same else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
