"""Prohibited pairings in the draw (issue 38, item 12b): teams of one club, a
family or a couple the organizer names never meet where avoidable, either
absolutely (before avoiding a rematch) or as a preference (after it); the
draw's reason says when a table was moved for it, or when the meeting could
not be avoided. Table-driven for the rules, Hypothesis over whole concours
with rematches, checked against every possible seating (brute force)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.domain.pairing import Draw, draw_by_ranking, draw_random
from tournaments.domain.reasons import explain_random, explain_ranking

PAIRS = Collection[frozenset[int]]


def pairs(*both: tuple[int, int]) -> set[frozenset[int]]:
    return {frozenset(pair) for pair in both}


def count(tables: Sequence[tuple[int, int]], among: PAIRS) -> int:
    return sum(frozenset(table) in among for table in tables)


def seatings(teams: Sequence[int]) -> Iterator[list[tuple[int, int]]]:
    """Every way of seating ``teams`` (even count) two by two."""
    if not teams:
        yield []
        return
    first, rest = teams[0], teams[1:]
    for index, other in enumerate(rest):
        for more in seatings(rest[:index] + rest[index + 1 :]):
            yield [(first, other), *more]


def best(teams: Sequence[int], played: PAIRS, avoid: PAIRS, absolute: bool) -> tuple[int, int]:
    """The least (prohibited, rematches) — or (rematches, prohibited) for a
    preference — any seating of ``teams`` can have."""
    return min(
        (count(s, avoid), count(s, played)) if absolute else (count(s, played), count(s, avoid))
        for s in seatings(list(teams))
    )


def seated(draw: Draw) -> list[int]:
    return [team for table in draw.tables for team in table]


# -- the rules, table-driven -------------------------------------------------------------------

# Four teams ranked 1 2 3 4; 1 met 3 and 4 already; 1 and 2 may not meet.
# Preference: the rematch weighs more, 1–2 is kept. Absolute: 1–2 goes, a
# rematch is taken instead.
CASES = [
    # (played, avoid, absolute, expected tables)
    (set(), pairs((1, 2)), False, ((1, 3), (2, 4))),
    (set(), pairs((1, 2)), True, ((1, 3), (2, 4))),
    (set(), pairs((1, 2), (3, 4)), True, ((1, 3), (2, 4))),
    (pairs((1, 3), (1, 4)), pairs((1, 2)), False, ((1, 2), (3, 4))),
    (pairs((1, 3), (1, 4)), pairs((1, 2)), True, ((1, 3), (2, 4))),
    # Everyone prohibited with 1: unavoidable, the plain pairing stays.
    (set(), pairs((1, 2), (1, 3), (1, 4)), True, ((1, 2), (3, 4))),
    (set(), set(), True, ((1, 2), (3, 4))),
]


@pytest.mark.parametrize(("played", "avoid", "absolute", "tables"), CASES)
def test_a_ranking_draw_keeps_prohibited_teams_apart_as_told(played, avoid, absolute, tables):
    draw = draw_by_ranking(
        [1, 2, 3, 4], played=played, byes={}, avoid=avoid, avoid_absolute=absolute
    )
    assert draw.tables == tables


def test_a_random_draw_keeps_a_club_apart_whatever_the_seed():
    club = [1, 2, 3, 4]
    avoid = {frozenset((a, b)) for a in club for b in club if a < b}
    for seed in range(50):
        draw = draw_random(list(range(1, 9)), seed=seed, avoid=avoid, avoid_absolute=True)
        assert count(draw.tables, avoid) == 0, seed


# -- the reasons -------------------------------------------------------------------------------

REASONS = [
    # (played, avoid, absolute, kinds of tables 1 and 2)
    (set(), pairs((1, 2)), False, ["ranking_avoided", "ranking_avoided"]),
    (pairs((1, 3), (1, 4)), pairs((1, 2)), False, ["ranking_prohibited", "ranking"]),
    (pairs((1, 3), (1, 4)), pairs((1, 2)), True, ["ranking_rematch", "ranking_avoided"]),
    (pairs((1, 2)), set(), True, ["ranking_moved", "ranking_moved"]),
]


@pytest.mark.parametrize(("played", "avoid", "absolute", "kinds"), REASONS)
def test_the_draws_reason_says_a_meeting_was_avoided_or_unavoidable(played, avoid, absolute, kinds):
    ranked = [1, 2, 3, 4]
    draw = draw_by_ranking(ranked, played=played, byes={}, avoid=avoid, avoid_absolute=absolute)
    why = explain_ranking(draw, ranked, played=played, byes={}, avoid=avoid)
    assert [reason.kind for reason in why.tables] == kinds


# -- whole concours, every seating compared ----------------------------------------------------


@st.composite
def concours(draw: st.DrawFn) -> tuple[int, int, set[frozenset[int]], bool, bool, int]:
    """Teams (up to 11: every seating is enumerated), rounds, prohibited
    pairs (clubs and couples), absolute or not, by ranking or not, a seed."""
    teams = draw(st.integers(2, 11))
    rounds = draw(st.integers(1, 6))
    clubs = draw(st.lists(st.integers(0, 3), min_size=teams, max_size=teams))
    couples = draw(
        st.lists(st.tuples(st.integers(1, teams), st.integers(1, teams)), max_size=teams)
    )
    avoid = {
        frozenset((a, b))
        for a in range(1, teams + 1)
        for b in range(a + 1, teams + 1)
        if clubs[a - 1] == clubs[b - 1] and clubs[a - 1] != 0
    } | {frozenset(pair) for pair in couples if pair[0] != pair[1]}
    return (
        teams,
        rounds,
        avoid,
        draw(st.booleans()),
        draw(st.booleans()),
        draw(st.integers(0, 2**32)),
    )


@settings(max_examples=150, deadline=None, database=None)
@given(concours())
def test_prohibited_meetings_and_rematches_are_the_fewest_any_seating_allows(one):
    teams, rounds, avoid, absolute, by_ranking, seed = one
    results = random.Random(seed)
    present = list(range(1, teams + 1))
    played: set[frozenset[int]] = set()
    byes: Counter[int] = Counter()
    points: Counter[int] = Counter()
    for rnd in range(rounds):
        ranked = sorted(present, key=lambda team: (-points[team], team))
        if by_ranking and rnd:
            draw = draw_by_ranking(
                ranked, played=played, byes=byes, avoid=avoid, avoid_absolute=absolute
            )
        else:
            draw = draw_random(
                present,
                seed=seed + rnd,
                played=played,
                byes=byes,
                avoid=avoid,
                avoid_absolute=absolute,
            )
        at_tables = seated(draw)
        fewest = best(at_tables, played, avoid, absolute)
        got = (
            (count(draw.tables, avoid), count(draw.tables, played))
            if absolute
            else (count(draw.tables, played), count(draw.tables, avoid))
        )
        assert got == fewest
        if not absolute:
            # A preference never costs a rematch: as few as with no prohibition.
            plain = best(at_tables, played, (), False)[0]
            assert count(draw.tables, played) == plain
        # The reason names every prohibited meeting, and only those.
        if by_ranking and rnd:
            why = explain_ranking(draw, ranked, played=played, byes=byes, avoid=avoid)
        else:
            why = explain_random(
                draw, present, seed=seed + rnd, played=played, byes=byes, avoid=avoid
            )
        said = [r.kind.endswith("_prohibited") for r in why.tables]
        assert said == [frozenset(t) in avoid for t in draw.tables]
        for a, b in draw.tables:
            played.add(frozenset((a, b)))
            points[a] += results.randint(0, 2000)
            points[b] += results.randint(0, 2000)
        if draw.bye is not None:
            byes[draw.bye] += 1
