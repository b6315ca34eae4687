"""The « cote »: an unofficial rating of players across concours.

A Bayesian rating (OpenSkill's Plackett-Luce model, a maintained library
made for teams) in which a table's result teaches something about each of
its four players, whoever their partner was: a player's cote is a belief,
its mean `mu` and its uncertainty `sigma`, which narrows as the player plays.

What counts: the tables played (a bye teaches nothing) of the concours of at
least `MIN_TEAMS` teams, played within the window (the last `window_days`
days before `today`). The concours are replayed in the order of their day
then their key, and each one's tables in the order given: the same data
always gives the same cotes, whatever the order it comes in.

Also here: what a cote is used for in a draw — a team's strength, the order
of partie 1 « selon la cote », and the mêlée's pairs of close strengths.

Pure: plain values in and out; no Django import, no database. The only
module that imports openskill (pyproject.toml's contracts say so).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from openskill.models import PlackettLuce, PlackettLuceRating

#: The smallest concours whose tables count: below it, a few strong pairs
#: meet again and again and the results say more about the draw.
MIN_TEAMS = 16
#: The rolling window's length by default (settings.RATING_WINDOW_DAYS).
WINDOW_DAYS = 365
#: Where every player starts, and the uncertainty of a newcomer.
START_MU = 25.0
START_SIGMA = START_MU / 3


@dataclass(frozen=True)
class TableGame:
    """One table of one partie: the two players of each side (ids of
    persons) and their totals."""

    side_a: tuple[int, int]
    side_b: tuple[int, int]
    points_a: int
    points_b: int


@dataclass(frozen=True)
class RatedConcours:
    """A concours as the cote reads it: its key (any stable number), its
    day, its number of teams, and its tables in the order played."""

    key: int
    day: date
    teams: int
    games: tuple[TableGame, ...]


@dataclass(frozen=True)
class Cote:
    """A player's rating: the mean, the uncertainty, and the number of
    tables counted."""

    mu: float
    sigma: float
    games: int

    @property
    def low(self) -> int:
        """The bottom of the likely range (mean − 2 σ, about 95 %)."""
        return round(self.mu - 2 * self.sigma)

    @property
    def high(self) -> int:
        return round(self.mu + 2 * self.sigma)

    @property
    def shown(self) -> int:
        return round(self.mu)


def counted(
    concours: Iterable[RatedConcours], *, today: date, window_days: int = WINDOW_DAYS
) -> list[RatedConcours]:
    """The concours that count, in the order they are replayed: of at least
    `MIN_TEAMS` teams, played in the `window_days` days up to `today`."""
    start = today - timedelta(days=window_days)
    kept = [c for c in concours if c.teams >= MIN_TEAMS and start < c.day <= today]
    return sorted(kept, key=lambda c: (c.day, c.key))


def rate(
    concours: Iterable[RatedConcours], *, today: date, window_days: int = WINDOW_DAYS
) -> dict[int, Cote]:
    """Every player's cote after replaying the concours that count."""
    model = PlackettLuce(mu=START_MU, sigma=START_SIGMA)
    ratings: dict[int, PlackettLuceRating] = {}
    games: dict[int, int] = {}

    def of(person: int) -> PlackettLuceRating:
        if person not in ratings:
            ratings[person] = model.rating(name=str(person))
        return ratings[person]

    for one in counted(concours, today=today, window_days=window_days):
        for game in one.games:
            players = (*game.side_a, *game.side_b)
            if len(set(players)) != 4:
                continue  # a person twice at one table: a merge to be made, not a game
            teams = [[of(p) for p in game.side_a], [of(p) for p in game.side_b]]
            (a1, a2), (b1, b2) = model.rate(teams, scores=[game.points_a, game.points_b])
            ratings.update(zip(players, (a1, a2, b1, b2), strict=True))
            for p in players:
                games[p] = games.get(p, 0) + 1
    return {p: Cote(mu=r.mu, sigma=r.sigma, games=games[p]) for p, r in sorted(ratings.items())}


def strength(pair: Sequence[int], cotes: Mapping[int, Cote]) -> float:
    """A team's strength: its players' means added (a newcomer counts as
    a starting player)."""
    return sum(cotes[p].mu if p in cotes else START_MU for p in pair)


def win_chance(pair_a: Sequence[int], pair_b: Sequence[int], cotes: Mapping[int, Cote]) -> float:
    """The chance that side A wins, from the two teams' means and
    uncertainties (the normal approximation of the model)."""
    beta = START_SIGMA / 2
    spread = sum(
        (cotes[p].sigma if p in cotes else START_SIGMA) ** 2 + beta**2 for p in (*pair_a, *pair_b)
    )
    gap = strength(pair_a, cotes) - strength(pair_b, cotes)
    return 0.5 * (1 + math.erf(gap / math.sqrt(2 * spread)))


def seed_order(teams: Mapping[int, Sequence[int]], cotes: Mapping[int, Cote]) -> list[int]:
    """The teams (id → its two players) strongest first, for a partie 1
    drawn « selon la cote »; equal strengths by id."""
    return sorted(teams, key=lambda t: (-strength(teams[t], cotes), t))


def balanced_pairs(
    players: Iterable[int],
    cotes: Mapping[int, Cote],
    *,
    partnered: Collection[frozenset[int]] = (),
) -> tuple[list[tuple[int, int]], int | None]:
    """A mêlée's pairs of close strengths: the strongest player left with
    the weakest one left who has not yet been their partner (else the
    weakest). With an odd number, the median player is left out. Returns
    the pairs and the one left, if any."""
    line = sorted(set(players), key=lambda p: (-(cotes[p].mu if p in cotes else START_MU), p))
    left = line.pop(len(line) // 2) if len(line) % 2 else None
    pairs: list[tuple[int, int]] = []
    while line:
        strong = line.pop(0)
        weak = next(
            (p for p in reversed(line) if frozenset((strong, p)) not in partnered), line[-1]
        )
        line.remove(weak)
        pairs.append((strong, weak))
    return pairs, left
