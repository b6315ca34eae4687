"""Ranking rules, checked against hand-computed tables."""

from __future__ import annotations

import hashlib

import pytest

from tournaments.domain.standings import (
    ByeScore,
    MatchPoints,
    Result,
    bye_points,
    lot,
    lots,
    rank,
)


def r(round_, a, b, pa, pb):
    return Result(round=round_, side_a=(a,), side_b=(b,) if b else (), points_a=pa, points_b=pb)


# Four teams, two parties. Hand-computed:
#   team 1: 1200 + 900  = 2100 for, 800 + 1000 against, 1 win 1 loss
#   team 2:  800 + 1100 = 1900 for, 1200 + 700 against, 1 win 1 loss
#   team 3: 1000 + 1000 = 2000 for, 1000 + 900 against, 1 draw 1 win
#   team 4: 1000 + 700  = 1700 for, 1000 + 1100 against, 1 draw 1 loss
RESULTS = [
    r(1, 1, 2, 1200, 800),
    r(1, 3, 4, 1000, 1000),
    r(2, 1, 3, 900, 1000),
    r(2, 2, 4, 1100, 700),
]


def order(rows):
    return [(row.rank, row.entrant) for row in rows]


@pytest.mark.parametrize(
    ("criteria", "expected"),
    [
        (["points"], [(1, 1), (2, 3), (3, 2), (4, 4)]),
        # wins: teams 1, 2 and 3 have one each; points then order them
        (["wins", "points"], [(1, 1), (2, 3), (3, 2), (4, 4)]),
        # match points 2/1/0: team 3 has 3, teams 1 and 2 have 2, team 4 has 1
        (["match_points", "points"], [(1, 3), (2, 1), (3, 2), (4, 4)]),
        # differences: 1: +300, 2: +0... team 2: 1900-1900=0, team 3: +100, team 4: -400
        (["difference"], [(1, 1), (2, 3), (3, 2), (4, 4)]),
        # head-to-head inside {1, 2, 3} (one win each): 1 beat 2, 3 beat 1, 2 beat
        # none of them, so 1 and 3 stay level and share first place
        (["wins", "head_to_head"], [(1, 1), (1, 3), (3, 2), (4, 4)]),
    ],
)
def test_each_criterion_orders_the_teams_as_computed_by_hand(criteria, expected):
    assert order(rank([1, 2, 3, 4], RESULTS, criteria=criteria)) == expected


def test_points_for_against_and_record_are_summed():
    rows = {row.entrant: row for row in rank([1, 2, 3, 4], RESULTS)}
    assert (rows[1].points_for, rows[1].points_against, rows[1].difference) == (2100, 1800, 300)
    assert (rows[3].won, rows[3].drawn, rows[3].lost) == (1, 1, 0)
    assert (rows[4].won, rows[4].drawn, rows[4].lost, rows[4].played) == (0, 1, 1, 2)


def test_buchholz_sums_the_opponents_points():
    rows = {row.entrant: row for row in rank([1, 2, 3, 4], RESULTS, criteria=["buchholz"])}
    # team 1 met 2 (1900) and 3 (2000)
    assert rows[1].buchholz == 3900
    # team 4 met 3 (2000) and 2 (1900)
    assert rows[4].buchholz == 3900


def test_equal_teams_share_a_rank():
    results = [r(1, 1, 2, 1000, 900), r(1, 3, 4, 1000, 900)]
    assert order(rank([1, 2, 3, 4], results)) == [(1, 1), (1, 3), (3, 2), (3, 4)]


def test_head_to_head_breaks_a_tie_between_two_teams_that_met():
    results = [r(1, 1, 2, 900, 1000), r(2, 1, 3, 1100, 0), r(2, 2, 4, 1000, 0)]
    # wins: 1 → 1, 2 → 2; points: 1 → 2000, 2 → 1000+1000=2000
    rows = rank([1, 2, 3, 4], results, criteria=["points", "head_to_head"])
    assert order(rows)[:2] == [(1, 2), (2, 1)]


@pytest.mark.parametrize(
    ("bye", "points", "won"),
    [
        (ByeScore(win=True, points=500), 500, 1),
        (ByeScore(win=False, points=0), 0, 0),
        # average of the round's points: (1200 + 800) / 2 = 1000
        (ByeScore(win=True, average=True), 1000, 1),
    ],
)
def test_a_bye_scores_as_the_tournament_says(bye, points, won):
    results = [r(1, 1, 2, 1200, 800), r(1, 3, None, 0, 0)]
    rows = {row.entrant: row for row in rank([1, 2, 3], results, bye=bye)}
    assert (rows[3].points_for, rows[3].won, rows[3].byes, rows[3].played) == (points, won, 1, 1)
    assert rows[3].lost == 1 - won  # a bye worth nothing is a partie lost


@pytest.mark.parametrize(
    ("bye", "round_points", "expected"),
    [
        (ByeScore(points=500), [1200, 800], 500),
        (ByeScore(average=True), [1200, 800, 1001, 700], 925),
        # (1000 + 1001) / 2 = 1000.5: half a point rounds to the even one
        (ByeScore(average=True), [1000, 1001], 1000),
        # nothing finished yet: the average of nothing is 0
        (ByeScore(average=True), [], 0),
    ],
)
def test_a_bye_is_worth_the_fixed_points_or_the_average_of_its_round(bye, round_points, expected):
    assert bye_points(bye, round_points) == expected


def test_the_ranking_counts_a_bye_by_that_rule_with_its_own_rounds_points():
    results = [r(1, 1, 2, 1200, 800), r(1, 3, None, 0, 0), r(2, 1, 3, 500, 300)]
    rows = {row.entrant: row for row in rank([1, 2, 3], results, bye=ByeScore(average=True))}
    assert rows[3].points_for == bye_points(ByeScore(average=True), [1200, 800]) + 300


@pytest.mark.parametrize(
    ("bye", "difference"),
    [
        # the average (1200 + 800) / 2 = 1000, for and against: no lead
        (ByeScore(average=True), 0),
        # the organizer's fixed points count for only
        (ByeScore(points=500), 500),
        (ByeScore(win=False), 0),
    ],
)
def test_a_bye_worth_the_average_leaves_the_difference_as_an_average_partie_does(bye, difference):
    """Issue 21: an exempt team got +579 in the difference (the whole
    average for, nothing against)."""
    results = [r(1, 1, 2, 1200, 800), r(1, 3, None, 0, 0), r(2, 1, 3, 500, 300)]
    rows = {row.entrant: row for row in rank([1, 2, 3], results, bye=bye)}
    assert rows[3].difference == difference + (300 - 500)
    assert rows[3].points_against == 500 + (1000 if bye.average else 0)


def test_match_point_values_are_configurable():
    rows = rank([1, 2], [r(1, 1, 2, 10, 5)], match_points=MatchPoints(3, 1, 1))
    assert [(row.entrant, row.match_points) for row in rows] == [(1, 3), (2, 1)]


def test_in_a_melee_each_player_gets_the_team_result():
    results = [Result(round=1, side_a=(1, 2), side_b=(3, 4), points_a=1000, points_b=600)]
    rows = {row.entrant: row for row in rank([1, 2, 3, 4], results)}
    assert rows[1].points_for == rows[2].points_for == 1000
    assert rows[3].won == 0 and rows[4].lost == 1


def test_an_unknown_criterion_is_refused():
    with pytest.raises(ValueError):
        rank([1], [], criteria=["luck"])


# --- The tie-breaks organizers use (issue 52, item 3) -------------------------------------------

# Teams 1 and 2 end level on points (2000) and wins (1): team 1 made the
# best partie (1200 against 1000), team 2 the better difference (+100
# against 0). Team 3: 2100, team 4: 1800.
BEST_GAME_NEEDED = [
    r(1, 1, 3, 1200, 1000),
    r(1, 2, 4, 1000, 800),
    r(2, 1, 4, 800, 1000),
    r(2, 2, 3, 1000, 1100),
]
# Every team won once. Points for: 1, 3 and 4 have 2100, team 2 1700;
# points against: 4 1800, 2 1900, 3 2000, 1 2300; difference: 4 +300,
# 3 +100, 1 and 2 −200.
POINTS_AGAINST_NEEDED = [
    r(1, 1, 3, 1300, 1100),
    r(1, 2, 4, 1000, 900),
    r(2, 1, 4, 800, 1200),
    r(2, 2, 3, 700, 1000),
]


@pytest.mark.parametrize(
    ("results", "criteria", "expected"),
    [
        (BEST_GAME_NEEDED, ["points", "wins"], [(1, 3), (2, 1), (2, 2), (4, 4)]),
        (BEST_GAME_NEEDED, ["points", "wins", "best_game"], [(1, 3), (2, 1), (3, 2), (4, 4)]),
        (BEST_GAME_NEEDED, ["points", "wins", "difference"], [(1, 3), (2, 2), (3, 1), (4, 4)]),
        (POINTS_AGAINST_NEEDED, ["wins", "points"], [(1, 1), (1, 3), (1, 4), (4, 2)]),
        (
            POINTS_AGAINST_NEEDED,
            ["wins", "points_against"],
            [(1, 4), (2, 2), (3, 3), (4, 1)],
        ),
        (POINTS_AGAINST_NEEDED, ["wins", "difference"], [(1, 4), (2, 3), (3, 1), (3, 2)]),
    ],
)
def test_a_concours_that_needs_each_tie_break_is_ranked_as_by_hand(results, criteria, expected):
    assert order(rank([1, 2, 3, 4], results, criteria=criteria)) == expected


def by_hand(seed: int, key: int) -> int:
    """The lot as docs/concours-file.md tells a referee to draw it."""
    return int.from_bytes(hashlib.sha256(f"{seed}:{key}".encode()).digest()[:6], "big")


def test_a_drawing_of_lots_orders_the_teams_left_level_by_their_lots():
    level = [r(1, 1, 2, 1000, 1000), r(1, 3, 4, 1000, 1000)]
    numbers = {1: 11, 2: 12, 3: 13, 4: 14}  # entrant → team number
    seed = 483_920
    drawn = sorted(numbers, key=lambda e: by_hand(seed, numbers[e]))
    rows = rank([1, 2, 3, 4], level, criteria=["points", "chance"], lots=lots(seed, numbers))
    assert order(rows) == [(place, e) for place, e in enumerate(drawn, start=1)]
    # Without it, the four share the first place.
    assert order(rank([1, 2, 3, 4], level)) == [(1, 1), (1, 2), (1, 3), (1, 4)]


def test_a_lot_is_the_documented_one_and_needs_its_seed():
    assert lot(7, 12) == by_hand(7, 12)
    assert lot(7, 12) != lot(8, 12)
    with pytest.raises(ValueError):
        rank([1, 2], [r(1, 1, 2, 10, 10)], criteria=["points", "chance"])


@pytest.mark.parametrize(
    ("bye", "points_against"),
    [
        (ByeScore(points=900), 0),  # « pour » only: +900 of difference
        (ByeScore(points=900, against=True), 900),  # « pour et contre »: 0
    ],
)
def test_a_fixed_bye_counts_against_the_exempt_team_when_the_organizer_says_so(bye, points_against):
    results = [r(1, 1, 2, 1000, 800), r(1, 3, None, 0, 0)]
    row = {row.entrant: row for row in rank([1, 2, 3], results, bye=bye)}[3]
    assert (row.points_for, row.points_against) == (900, points_against)
    assert row.difference == 900 - points_against


def test_the_best_partie_is_played_at_a_table_even_below_zero():
    # Team 3's bye (2000 fixed points) is no partie played; team 4's only
    # partie ended at −50 after a penalty.
    results = [r(1, 1, 2, 700, 800), r(1, 3, None, 0, 0), r(2, 3, 4, 600, -50)]
    rows = {row.entrant: row for row in rank([1, 2, 3, 4], results, bye=ByeScore(points=2000))}
    assert [rows[e].best_game for e in (1, 2, 3, 4)] == [700, 800, 600, -50]
