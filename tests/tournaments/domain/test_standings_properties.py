"""The ranking's properties over random concours (Hypothesis): whatever the
results and the list of criteria (the tie-breaks of issue 52 item 3
included), the rows follow the criteria in order, a drawing of lots only
breaks the ties the criteria leave and leaves none, a lot depends on its
seed and its team alone, the best partie is the best total played at a
table, and a fixed bye counted « pour et contre » moves no difference.

The expected order is worked out here from the rows' own figures (the
greater first, the fewest points against and the smallest lot first), not
with the code under test."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tournaments.domain.standings import ByeScore, Result, lots, rank

#: The criteria a total order of figures decides (head-to-head is only
#: known within a group, the drawing of lots comes last).
FIGURES = [
    "points",
    "wins",
    "match_points",
    "difference",
    "buchholz",
    "best_game",
    "points_against",
]
FEWEST_FIRST = {"points_against", "chance"}
#: The machine is shared: a slow example is not a failure.
SLOW_MACHINE = settings(deadline=None, max_examples=150)


@st.composite
def concours(draw) -> tuple[list[int], list[Result]]:
    """Up to 10 teams and 5 parties of random totals (a penalty may take
    one below 0), with a bye when the number of teams present is odd."""
    teams = list(range(1, draw(st.integers(2, 10)) + 1))
    results = []
    totals = st.integers(-200, 2500)
    for number in range(1, draw(st.integers(1, 5)) + 1):
        order = draw(st.permutations(teams))
        for i in range(0, len(order) - 1, 2):
            side_a, side_b = (order[i],), (order[i + 1],)
            results.append(Result(number, side_a, side_b, draw(totals), draw(totals)))
        if len(order) % 2:
            results.append(Result(number, (order[-1],), (), 0, 0))
    return teams, results


@st.composite
def criteria_lists(draw) -> list[str]:
    chosen = draw(st.lists(st.sampled_from(FIGURES), min_size=1, max_size=4, unique=True))
    return chosen + (["chance"] if draw(st.booleans()) else [])


byes = st.sampled_from(
    [ByeScore(average=True), ByeScore(points=400), ByeScore(points=400, against=True)]
)


def key(row, criteria) -> tuple[int, ...]:
    """The row's figures for `criteria`, the better one the greater."""
    return tuple(-getattr(row, c) if c in FEWEST_FIRST else getattr(row, c) for c in criteria)


def numbers_of(teams: list[int]) -> dict[int, int]:
    """Each team's number: not its id, as in the app."""
    return {team: 100 + team for team in teams}


@SLOW_MACHINE
@given(concours(), criteria_lists(), byes, st.integers(0, 2**31 - 1))
def test_the_rows_follow_the_criteria_in_order(tournament, criteria, bye, seed):
    teams, results = tournament
    rows = rank(teams, results, criteria=criteria, bye=bye, lots=lots(seed, numbers_of(teams)))
    assert sorted(row.entrant for row in rows) == teams
    keys = [key(row, criteria) for row in rows]
    assert keys == sorted(keys, reverse=True)
    for i, row in enumerate(rows):
        if i and keys[i] == keys[i - 1]:
            assert row.rank == rows[i - 1].rank
        else:
            assert row.rank == i + 1


@SLOW_MACHINE
@given(concours(), criteria_lists(), st.integers(0, 2**31 - 1))
def test_a_drawing_of_lots_only_breaks_the_ties_and_leaves_none(tournament, criteria, seed):
    teams, results = tournament
    drawn = lots(seed, numbers_of(teams))
    assume(len(set(drawn.values())) == len(drawn))  # 48 bits: two equal lots are as good as never
    before = [c for c in criteria if c != "chance"]
    rows = rank(teams, results, criteria=[*before, "chance"], lots=drawn)
    assert [row.rank for row in rows] == list(range(1, len(teams) + 1))
    plain = {row.entrant: row.rank for row in rank(teams, results, criteria=before)}
    # A team ranked ahead without the lots stays ahead with them.
    assert [plain[row.entrant] for row in rows] == sorted(plain.values())


@SLOW_MACHINE
@given(concours(), criteria_lists(), st.integers(0, 2**31 - 1), st.randoms())
def test_the_order_does_not_depend_on_the_order_the_results_come_in(
    tournament, criteria, seed, shuffler: random.Random
):
    teams, results = tournament
    drawn = lots(seed, numbers_of(teams))
    first = rank(teams, results, criteria=criteria, lots=drawn)
    shuffled_teams, shuffled_results = teams[:], results[:]
    shuffler.shuffle(shuffled_teams)
    shuffler.shuffle(shuffled_results)
    again = rank(shuffled_teams, shuffled_results, criteria=criteria, lots=drawn)
    assert [(r.entrant, r.rank) for r in again] == [(r.entrant, r.rank) for r in first]


@SLOW_MACHINE
@given(
    st.integers(0, 2**31 - 1),
    st.lists(st.integers(1, 500), min_size=2, max_size=30, unique=True),
    st.integers(501, 600),
)
def test_a_lot_depends_on_its_seed_and_its_team_alone(seed, numbers, late):
    """A late team draws its own lot and leaves the others' as they were."""
    keys = {100 + n: n for n in numbers}
    with_late = lots(seed, {**keys, 999: late})
    assert {e: with_late[e] for e in keys} == lots(seed, keys)
    assert lots(seed, keys) == {e: lots(seed, {e: n})[e] for e, n in keys.items()}


@SLOW_MACHINE
@given(concours(), byes)
def test_the_best_partie_is_the_best_total_played_at_a_table(tournament, bye):
    teams, results = tournament
    for row in rank(teams, results, bye=bye):
        own = [
            r.points_a if row.entrant in r.side_a else r.points_b
            for r in results
            if r.side_b and row.entrant in r.side_a + r.side_b
        ]
        assert row.best_game == (max(own) if own else 0)


@SLOW_MACHINE
@given(concours(), st.integers(0, 3000))
def test_a_fixed_bye_counted_for_and_against_moves_no_difference(tournament, points):
    teams, results = tournament
    for row in rank(teams, results, bye=ByeScore(points=points, against=True)):
        at_tables = sum(
            (r.points_a - r.points_b) * (1 if row.entrant in r.side_a else -1)
            for r in results
            if r.side_b and row.entrant in r.side_a + r.side_b
        )
        assert row.difference == at_tables
