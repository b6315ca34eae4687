"""A league's pure rules: how many teams qualify, which ones, and the clubs'
ranking (sum or best k, ties, teams without a club)."""

from __future__ import annotations

import pytest

from tournaments.features.leagues.domain import (
    FIRST,
    PERCENT,
    ClubEntry,
    ClubRow,
    club_key,
    club_ranking,
    qualification,
    qualified_count,
)


@pytest.mark.parametrize(
    ("entrants", "rule", "value", "expected"),
    [
        (16, FIRST, 4, 4),
        (3, FIRST, 4, 3),  # fewer teams than N: all of them
        (0, FIRST, 4, 0),  # an empty concours qualifies no one
        (16, PERCENT, 25, 4),
        (10, PERCENT, 25, 3),  # 2.5 rounded up
        (9, PERCENT, 10, 1),  # 0.9 rounded up
        (5, PERCENT, 1, 1),  # at least one
        (7, PERCENT, 100, 7),
        (0, PERCENT, 50, 0),
        (12, PERCENT, 33, 4),  # 3.96
        (100, PERCENT, 33, 33),  # exactly 33: not rounded up to 34
        (700, PERCENT, 7, 49),
    ],
)
def test_how_many_teams_qualify(entrants, rule, value, expected):
    assert qualified_count(entrants, rule, value) == expected


def test_an_unknown_rule_is_refused():
    with pytest.raises(ValueError):
        qualified_count(10, "best", 3)


@pytest.mark.parametrize(
    ("rows", "rule", "value", "expected"),
    [
        (["a", "b", "c", "d"], FIRST, 2, ["a", "b"]),
        (["a", "b"], FIRST, 5, ["a", "b"]),
        (["a", "b", "c"], PERCENT, 50, ["a", "b"]),
        ([], PERCENT, 50, []),
    ],
)
def test_the_first_rows_qualify_in_the_rankings_order(rows, rule, value, expected):
    assert qualification(rows, rule, value).rows == expected


@pytest.mark.parametrize(
    ("rows", "rule", "value", "out", "expected", "replaced"),
    [
        # The forfait in a qualifying place: the next team takes it.
        ("abcd", FIRST, 2, "b", "ac", [("b", "c")]),
        ("abcd", FIRST, 2, "ab", "cd", [("a", "c"), ("b", "d")]),
        # A forfait after the cut is skipped on the way.
        ("abcd", FIRST, 2, "ac", "bd", [("a", "d")]),
        # Nobody left to take the place.
        ("abc", FIRST, 2, "bc", "a", [("b", None)]),
        ("ab", FIRST, 2, "ab", "", [("a", None), ("b", None)]),
        # A forfait outside the qualifying places changes nothing.
        ("abcd", FIRST, 2, "d", "ab", []),
        # The N % are counted on the teams ranked, forfaits included: 50 % of
        # 4 teams is 2 places, filled by the next teams.
        ("abcd", PERCENT, 50, "a", "bc", [("a", "c")]),
        ("abcdefghij", PERCENT, 25, "c", "abd", [("c", "d")]),  # 2.5 rounded up: 3 places
        ("", PERCENT, 50, "", "", []),
    ],
)
def test_a_team_that_declared_forfait_gives_its_place_to_the_next(
    rows, rule, value, out, expected, replaced
):
    rows = list(rows)
    result = qualification(rows, rule, value, withdrawn=lambda row: row in out)
    assert result.rows == list(expected)
    assert result.replaced == replaced
    out_of = qualification(rows, rule, value, withdrawn=lambda row: row in out)
    assert out_of.rows == list(expected)


@pytest.mark.parametrize(
    ("a", "b"),
    [("Saint-Éloi", "saint-eloi"), ("Amicale  du Bourg", "AMICALE DU BOURG"), ("Œuvre", "œuvre")],
)
def test_a_club_typed_two_ways_is_one_club(a, b):
    assert club_key(a) == club_key(b)


E = ClubEntry


@pytest.mark.parametrize(
    ("entries", "best_k", "rows", "left_out"),
    [
        # The sum of every team.
        (
            [E("Bourg", 10), E("Vallée", 7), E("bourg", 5), E("Vallée", 6)],
            0,
            [ClubRow(1, "Bourg", 15, 2, 2), ClubRow(2, "Vallée", 13, 2, 2)],
            0,
        ),
        # Best 1 team: the Vallée's 12 beats the Bourg's 10.
        (
            [E("Bourg", 10), E("Bourg", 9), E("Vallée", 12), E("Vallée", 1)],
            1,
            [ClubRow(1, "Vallée", 12, 1, 2), ClubRow(2, "Bourg", 10, 1, 2)],
            0,
        ),
        # A tie shares the rank, the next one skips (1, 1, 3), by name.
        (
            [E("Vallée", 8), E("Bourg", 8), E("Colline", 3)],
            0,
            [
                ClubRow(1, "Bourg", 8, 1, 1),
                ClubRow(1, "Vallée", 8, 1, 1),
                ClubRow(3, "Colline", 3, 1, 1),
            ],
            0,
        ),
        # Teams without a club are left out, and counted aside.
        ([E("", 50), E("  ", 40), E("Bourg", 1)], 0, [ClubRow(1, "Bourg", 1, 1, 1)], 2),
        # best k larger than the club's teams: all of them count.
        ([E("Bourg", 4), E("Bourg", 3)], 5, [ClubRow(1, "Bourg", 7, 2, 2)], 0),
        # Nothing played yet.
        ([], 2, [], 0),
    ],
)
def test_the_clubs_ranking(entries, best_k, rows, left_out):
    ranking = club_ranking(entries, best_k)
    assert ranking.rows == rows
    assert ranking.left_out == left_out


def test_the_rules_are_the_values_the_model_stores():
    """The model keeps its own literals (the core never imports a feature):
    they are the rules' names, one for one."""
    from tournaments.features.leagues import domain
    from tournaments.features.leagues.models import Stage

    assert list(Stage.Rule.values) == list(domain.RULES)
