"""Benchmark of the cote's predictions (a script, not a test).

Simulates a league's concours: PLAYERS players of hidden strengths (drawn
from a normal law), each concours gathering TEAMS pairs drawn among them
(partners change from one concours to the next), PARTIES parties with random
tables; a table is won by the side whose strength (its two players' added)
plus the luck of the cards is higher. The cote (tournaments/domain/rating.py)
is trained on the first TRAIN concours, then predicts the winner of every
table of the next TEST concours (not updated while predicting). Printed,
never asserted: its accuracy beside a coin flip (50 %) and beside « the team
whose players have the better average past result » (the mean share of the
points they won at their past tables) and beside the ceiling (the hidden
strengths known), with the seed.

Usage: ``python -m bench.rating [--train 40] [--test 10] [--seed 1]``.
Must not: touch Django or a database, or be collected by pytest.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict
from datetime import date, timedelta

from tournaments.domain import rating
from tournaments.domain.rating import RatedConcours, TableGame

PLAYERS = 300
TEAMS = 32
PARTIES = 4
#: The luck of the cards at one table, against a spread of strengths of 1
#: per player: the better team wins about three tables in four.
LUCK = 1.6


def simulate(gen: random.Random, strengths: dict[int, float], key: int, day: date):
    players = gen.sample(sorted(strengths), 2 * TEAMS)
    pairs = [(players[i], players[i + 1]) for i in range(0, len(players), 2)]
    games = []
    for _ in range(PARTIES):
        order = pairs[:]
        gen.shuffle(order)
        for a, b in zip(order[::2], order[1::2], strict=True):
            edge = sum(strengths[p] for p in a) - sum(strengths[p] for p in b)
            edge += gen.gauss(0, LUCK)
            share = max(0.05, min(0.95, 0.5 + edge / 8))
            games.append(TableGame(a, b, round(1600 * share), round(1600 * (1 - share))))
    return RatedConcours(key=key, day=day, teams=TEAMS, games=tuple(games))


def past_shares(concours: list[RatedConcours]) -> dict[int, float]:
    """Each player's mean share of the points at their past tables."""
    won: dict[int, list[float]] = defaultdict(list)
    for one in concours:
        for g in one.games:
            total = (g.points_a + g.points_b) or 1
            for p in g.side_a:
                won[p].append(g.points_a / total)
            for p in g.side_b:
                won[p].append(g.points_b / total)
    return {p: sum(v) / len(v) for p, v in won.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--train", type=int, default=40)
    parser.add_argument("--test", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    gen = random.Random(args.seed)
    strengths = {p: gen.gauss(0, 1) for p in range(1, PLAYERS + 1)}
    first = date(2026, 1, 4)
    all_concours = [
        simulate(gen, strengths, key, first + timedelta(days=7 * key))
        for key in range(args.train + args.test)
    ]
    train, test = all_concours[: args.train], all_concours[args.train :]
    start = time.perf_counter()
    cotes = rating.rate(train, today=train[-1].day, window_days=rating.WINDOW_DAYS)
    trained = time.perf_counter() - start
    shares = past_shares(train)

    def average(pair) -> float:
        return sum(shares.get(p, 0.5) for p in pair) / 2

    tables = by_cote = by_average = by_truth = 0.0
    for one in test:
        for g in one.games:
            if g.points_a == g.points_b:
                continue
            a_won = g.points_a > g.points_b
            tables += 1
            chance = rating.win_chance(g.side_a, g.side_b, cotes)
            by_cote += 0.5 if chance == 0.5 else float((chance > 0.5) == a_won)
            gap = average(g.side_a) - average(g.side_b)
            by_average += 0.5 if gap == 0 else float((gap > 0) == a_won)
            truth = sum(strengths[p] for p in g.side_a) - sum(strengths[p] for p in g.side_b)
            by_truth += float((truth > 0) == a_won)
    games = sum(len(c.games) for c in train)
    print(f"trained on {args.train} concours ({games} tables) in {trained:.2f} s")
    print(
        f"rating: cote {100 * by_cote / tables:.1f} % of {tables:.0f} tables predicted "
        f"(coin flip 50.0 %, better average past result {100 * by_average / tables:.1f} %, "
        f"hidden strengths known {100 * by_truth / tables:.1f} %), "
        f"seed {args.seed}"
    )


if __name__ == "__main__":
    main()
