"""The cote (tournaments/domain/rating.py): what counts, that it learns from
pairs whose partners change, that it is the same for the same data, and
what the draws take from it."""

from __future__ import annotations

import random
from datetime import date, timedelta

import pytest

from tournaments.domain import rating
from tournaments.domain.rating import Cote, RatedConcours, TableGame

TODAY = date(2026, 11, 1)


def _concours(key: int, day: date, games: list[TableGame], teams: int = 16) -> RatedConcours:
    return RatedConcours(key=key, day=day, teams=teams, games=tuple(games))


def _rotating(strong: int, others: list[int], rounds: int) -> list[TableGame]:
    """`strong` wins every table, with a new partner each time, against
    two other players."""
    games = []
    for i in range(rounds):
        partner, x, y = (others[(3 * i + k) % len(others)] for k in range(3))
        games.append(TableGame((strong, partner), (x, y), 1000, 600))
    return games


def test_a_player_who_wins_with_every_partner_rises_above_them_all():
    others = list(range(2, 14))
    cotes = rating.rate([_concours(1, TODAY, _rotating(1, others, 12))], today=TODAY)
    assert all(cotes[1].mu > cotes[p].mu for p in others)
    assert cotes[1].games == 12
    assert cotes[1].sigma < rating.START_SIGMA


def test_the_same_data_in_any_order_gives_the_same_cotes():
    gen = random.Random(7)
    concours = []
    for key in range(6):
        games = []
        for _ in range(20):
            four = gen.sample(range(40), 4)
            games.append(
                TableGame((four[0], four[1]), (four[2], four[3]), gen.randint(0, 1500), 700)
            )
        concours.append(_concours(key, TODAY - timedelta(days=10 * key), games))
    first = rating.rate(concours, today=TODAY)
    shuffled = concours[:]
    random.Random(1).shuffle(shuffled)
    assert rating.rate(shuffled, today=TODAY) == first
    assert rating.rate(concours, today=TODAY) == first


@pytest.mark.parametrize(("teams", "counts"), [(15, False), (16, True), (70, True)])
def test_only_concours_of_at_least_16_teams_count(teams, counts):
    games = _rotating(1, list(range(2, 8)), 4)
    cotes = rating.rate([_concours(1, TODAY, games, teams=teams)], today=TODAY)
    assert (1 in cotes) is counts


@pytest.mark.parametrize(
    ("days_ago", "counts"), [(0, True), (364, True), (365, False), (400, False), (-1, False)]
)
def test_only_concours_within_the_window_count(days_ago, counts):
    day = TODAY - timedelta(days=days_ago)
    games = _rotating(1, list(range(2, 8)), 4)
    cotes = rating.rate([_concours(1, day, games)], today=TODAY, window_days=365)
    assert (1 in cotes) is counts


def test_a_drawn_table_moves_equal_players_nowhere():
    cotes = rating.rate([_concours(1, TODAY, [TableGame((1, 2), (3, 4), 800, 800)])], today=TODAY)
    assert {round(c.mu, 6) for c in cotes.values()} == {rating.START_MU}


def test_a_person_twice_at_one_table_is_not_counted():
    cotes = rating.rate([_concours(1, TODAY, [TableGame((1, 2), (1, 4), 900, 100)])], today=TODAY)
    assert cotes == {}


def test_the_likely_range_is_two_uncertainties_either_side():
    cote = Cote(mu=27.4, sigma=3.1, games=30)
    assert (cote.low, cote.shown, cote.high) == (21, 27, 34)


def test_partie_one_by_the_cote_puts_the_strongest_team_first():
    cotes = {1: Cote(30, 2, 9), 2: Cote(28, 2, 9), 3: Cote(20, 2, 9), 4: Cote(22, 2, 9)}
    # Team 12 has no cote at all: two newcomers count as two starting players.
    teams = {10: (3, 4), 11: (1, 2), 12: (98, 99)}
    assert rating.seed_order(teams, cotes) == [11, 12, 10]


def test_the_better_team_is_given_the_better_chance():
    cotes = {1: Cote(32, 2, 9), 2: Cote(30, 2, 9), 3: Cote(20, 2, 9), 4: Cote(21, 2, 9)}
    assert rating.win_chance((1, 2), (3, 4), cotes) > 0.8
    assert rating.win_chance((3, 4), (1, 2), cotes) < 0.2
    assert rating.win_chance((5, 6), (7, 8), cotes) == pytest.approx(0.5)


def test_a_melee_balanced_by_the_cote_forms_teams_of_close_strength():
    cotes = {p: Cote(float(10 + 2 * p), 2, 9) for p in range(1, 9)}
    pairs, left = rating.balanced_pairs(range(1, 9), cotes)
    strengths = [rating.strength(p, cotes) for p in pairs]
    assert left is None
    assert max(strengths) - min(strengths) == 0
    # A random draw of the same players is usually far less even.
    assert sorted(p for pair in pairs for p in pair) == list(range(1, 9))


def test_a_melee_balanced_by_the_cote_avoids_a_former_partner():
    cotes = {p: Cote(float(10 + 2 * p), 2, 9) for p in range(1, 5)}
    first, _ = rating.balanced_pairs(range(1, 5), cotes)
    second, _ = rating.balanced_pairs(range(1, 5), cotes, partnered={frozenset(p) for p in first})
    assert not {frozenset(p) for p in first} & {frozenset(p) for p in second}


def test_an_odd_melee_leaves_the_median_player_out():
    cotes = {p: Cote(float(10 + 2 * p), 2, 9) for p in range(1, 6)}
    pairs, left = rating.balanced_pairs(range(1, 6), cotes)
    assert left == 3 and len(pairs) == 2
