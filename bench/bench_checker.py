"""Benchmark of the concours checker (a script, not a test).

Generates COUNT random concours (2 to 9 teams, 1 to 4 parties, 1 to 3
donnes a partie or a target, the mix of tests/checker) with
`python -m checker generate`'s generator, checks each, and
prints how many were checked, the differences found (0 expected), the
time spent generating and checking, and the rate. Figures are printed,
never asserted.

Usage: ``python -m bench.bench_checker [--count N] [--seed S]`` (50,000 by
default: about 3 minutes on one core; pass a smaller count to sample).
Must not: be collected by pytest, or write anything.
"""

from __future__ import annotations

import argparse
import time

from checker.check import check
from checker.generate import small_concours


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    generating = checking = 0.0
    differences = deals = tables = 0
    first_bad: list[str] = []
    for seed in range(args.seed, args.seed + args.count):
        start = time.perf_counter()
        doc = small_concours(seed)
        middle = time.perf_counter()
        found = check(doc)
        checking += time.perf_counter() - middle
        generating += middle - start
        differences += len(found)
        if found and not first_bad:
            first_bad = [f"concours {seed}: {sentence}" for sentence in found[:3]]
        for rnd in doc["rounds"]:
            tables += len(rnd["tables"])
            deals += sum(len(t["deals"]) for t in rnd["tables"])
    print(
        f"checker: {args.count:,} concours checked ({tables:,} tables, {deals:,} deals), "
        f"{differences} differences; generated in {generating:.1f} s, "
        f"checked in {checking:.1f} s = {args.count / checking:,.0f} concours/s checked, "
        f"{args.count / (generating + checking):,.0f} concours/s generated and checked"
    )
    for line in first_bad:
        print(line)


if __name__ == "__main__":
    main()
