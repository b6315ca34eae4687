"""Benchmark of the table draws on a large concours (a script, not a test).

Responsible for timing ``tournaments.domain.pairing`` the way the issue states the target:
drawing round 5 of a 256-team concours by ranking must take under 2 s. It
simulates round 1 drawn at random, results, a ranking, rounds 2–4 drawn by
ranking, then times the draw of round 5 (best and median of several runs) and a
random draw of the whole field. It must not touch Django or a database.

Run from the project root:

    .venv/bin/python -m bench.bench_draw [--teams 256] [--runs 7] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from tournaments.domain import pairing as draw


@dataclass
class Standing:
    wins: int = 0
    points: int = 0
    byes: int = 0
    opponents: set[int] = field(default_factory=set)


def play(
    result: draw.Draw,
    standings: dict[int, Standing],
    strength: dict[int, float],
    rng: random.Random,
) -> None:
    """Simulate one game: the stronger team tends to win; the bye counts as a win."""
    for a, b in result.tables:
        score_a = round(rng.gauss(1000 * strength[a], 300))
        score_b = round(rng.gauss(1000 * strength[b], 300))
        winner = a if (score_a, rng.random()) > (score_b, rng.random()) else b
        standings[winner].wins += 1
        standings[a].points += score_a
        standings[b].points += score_b
        standings[a].opponents.add(b)
        standings[b].opponents.add(a)
    if result.bye is not None:
        standings[result.bye].wins += 1
        standings[result.bye].points += 1000
        standings[result.bye].byes += 1


def ranking(standings: dict[int, Standing]) -> list[int]:
    return sorted(
        standings, key=lambda team: (-standings[team].wins, -standings[team].points, team)
    )


def played_pairs(standings: dict[int, Standing]) -> set[frozenset[int]]:
    return {frozenset((team, other)) for team, s in standings.items() for other in s.opponents}


def timed(function: Callable[[], draw.Draw], runs: int) -> tuple[list[float], draw.Draw]:
    times = []
    result = None
    for _ in range(runs):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    assert result is not None
    return times, result


def report(label: str, times: list[float]) -> None:
    best, median = min(times) * 1000, statistics.median(times) * 1000
    print(f"{label:<48} best {best:8.1f} ms   median {median:8.1f} ms   ({len(times)} runs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=256)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--complete-graph", action="store_true", help="also time the matching on the complete graph"
    )
    args = parser.parse_args()

    rng = random.Random(args.seed)
    teams = list(range(1, args.teams + 1))
    strength = {team: rng.uniform(0.8, 1.2) for team in teams}
    standings = {team: Standing() for team in teams}

    times, game = timed(lambda: draw.draw_random(teams, seed=args.seed), args.runs)
    report(f"draw_random, {args.teams} teams, game 1", times)
    play(game, standings, strength, rng)

    for _number in range(2, 5):
        game = draw.draw_by_ranking(
            ranking(standings),
            played=played_pairs(standings),
            byes={team: s.byes for team, s in standings.items()},
        )
        play(game, standings, strength, rng)

    ranked = ranking(standings)
    played = played_pairs(standings)
    byes = {team: s.byes for team, s in standings.items()}

    def game_5() -> draw.Draw:
        return draw.draw_by_ranking(ranked, played=played, byes=byes)

    times, game = timed(game_5, args.runs)
    rematches = sum(frozenset(table) in played for table in game.tables)
    straight = sum(abs(ranked.index(a) - ranked.index(b)) == 1 for a, b in game.tables)
    report(f"draw_by_ranking, {args.teams} teams, game 5", times)
    print(
        f"  {len(game.tables)} tables, {rematches} rematch(es),"
        f" {straight} tables of neighbours in the ranking"
    )

    times, _ = timed(
        lambda: draw.draw_random(ranked, seed=args.seed + 5, played=played, byes=byes), args.runs
    )
    report(f"draw_random, {args.teams} teams, game 5 (no rematch)", times)

    if args.complete_graph:
        sparse_degree = draw.SPARSE_DEGREE
        draw.SPARSE_DEGREE = args.teams  # skip the sparse graph: straight to the complete one
        try:
            times, full = timed(game_5, max(1, args.runs // 3))
        finally:
            draw.SPARSE_DEGREE = sparse_degree
        report("  same on the complete graph (reference)", times)
        cost = sum((ranked.index(a) - ranked.index(b)) ** 2 for a, b in game.tables)
        full_cost = sum((ranked.index(a) - ranked.index(b)) ** 2 for a, b in full.tables)
        print(f"  sum of squared rank gaps: sparse {cost}, complete {full_cost}")


if __name__ == "__main__":
    main()
