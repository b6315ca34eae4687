"""Benchmark of the scoring engine (a script, not a test).

1. Scores 1,000,000 random valid deals in process (generated first, then only
   ``score_deal`` is timed) and prints deals per second.
2. Writes 100,000 JSON lines, then times side by side, in one run and with
   the same interpreter: (a) a bare pass ``json.dumps(json.loads(line))`` per
   line, written to standard output, and (b) ``python -m scoring deal`` on
   the same lines; prints both times and their ratio (target: ≤ 2.0).

Usage: ``python -m bench.bench_scoring [--deals N] [--lines N] [--seed S]``.
Must not: be collected by pytest, or change anything outside a temp dir.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import scoring

ROOT = Path(__file__).resolve().parent.parent

BARE_PASS = (
    "import json, sys\n"
    "out = sys.stdout\n"
    "for line in sys.stdin:\n"
    "    out.write(json.dumps(json.loads(line)))\n"
    "    out.write('\\n')\n"
)
PROFILES = ("ffb-belote", "ffb-coinche", "contree-faits-annonces", "contree-faits")


def in_process(count: int, seed: int) -> None:
    rng = random.Random(seed)
    rules = [scoring.Rules.from_preset(name, sa_ta=True) for name in PROFILES]
    work = [(scoring.random_deal(rng, r), r) for r in rules for _ in range(count // len(rules))]
    rng.shuffle(work)
    score = scoring.score_deal
    start = time.perf_counter()
    for deal, r in work:
        score(deal, r)
    elapsed = time.perf_counter() - start
    print(
        f"in process: {len(work):,} deals in {elapsed:.2f} s = {len(work) / elapsed:,.0f} deals/s"
    )


def timed(command: list[str], source: Path) -> float:
    with source.open("rb") as stdin:
        start = time.perf_counter()
        subprocess.run(command, stdin=stdin, stdout=subprocess.DEVNULL, check=False, cwd=ROOT)
        return time.perf_counter() - start


def cli(count: int, seed: int, rounds: int) -> None:
    rng = random.Random(seed)
    rules = scoring.PRESETS["ffb-coinche"]
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "deals.jsonl"
        with source.open("w", encoding="utf-8") as handle:
            for i in range(count):
                deal = scoring.random_deal(rng, rules)
                if i % 10 == 0:  # some lines carry their own rules
                    deal["rules"] = rng.choice(("ffb-belote", {"preset": "contree-faits"}))
                    if deal["rules"] == "ffb-belote":
                        deal.pop("bid", None)
                        deal.pop("coinche", None)
                    else:
                        deal.pop("announcements", None)
                        deal.pop("announcement_points", None)
                handle.write(json.dumps(deal) + "\n")
        bare_cmd = [sys.executable, "-c", BARE_PASS]
        engine_cmd = [sys.executable, "-m", "scoring", "deal", "--rules", "ffb-coinche"]
        bare = engine = float("inf")
        for _ in range(rounds):  # alternate, keep the best of each
            bare = min(bare, timed(bare_cmd, source))
            engine = min(engine, timed(engine_cmd, source))
        print(f"CLI, {count:,} lines: bare json pass {bare:.2f} s, ", end="")
        print(f"python -m scoring deal {engine:.2f} s")
        print(f"ratio engine / bare pass: {engine / bare:.2f} (target <= 2.0)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    in_process(args.deals, args.seed)
    cli(args.lines, args.seed, args.rounds)


if __name__ == "__main__":
    main()
