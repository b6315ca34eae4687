"""Fixed tables (« reste à sa table »): every kind of draw keeps a fixed team
at its number by exchanging table numbers only — the pairs, sides and byes
stay those of the draw, the numbers 1..n have no hole, and what cannot be
kept (two fixed teams meet, want the same number, a number beyond the
tables) is said with a code. Pure: no database."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.domain.test_pairing import fewest_rematches, rematches, seated
from tournaments.domain import brackets, pools
from tournaments.domain.fixed_tables import (
    FIXED_TEAMS_MEET,
    NO_SUCH_TABLE,
    SAME_TABLE,
    Conflict,
    Placement,
    place,
)
from tournaments.domain.pairing import Draw, draw_by_ranking, draw_random, draw_rotation


def numbered(
    pairs: Sequence[tuple[int, int]], byes: Sequence[int], fixed: Mapping[int, int]
) -> tuple[list[tuple[int, int, int]], list[tuple[int, int]], Placement]:
    """The draw's `pairs` and `byes` with their numbers once the fixed teams
    are at their tables: (number, team A, team B) and (number, exempt team),
    each in the order given, with the placement."""
    placement = place([*pairs, *((b,) for b in byes)], fixed)
    count = len(pairs)
    tables = [(n, a, b) for n, (a, b) in zip(placement.numbers[:count], pairs, strict=True)]
    exempt = [(n, b) for n, b in zip(placement.numbers[count:], byes, strict=True)]
    return tables, exempt, placement


PROPERTY = settings(max_examples=150, deadline=None, database=None)


@pytest.mark.parametrize(
    ("units", "fixed", "numbers", "conflicts"),
    [
        pytest.param([(1, 2), (3, 4), (5, 6)], {}, (1, 2, 3), (), id="nobody fixed"),
        pytest.param([(1, 2), (3, 4), (5, 6)], {5: 1}, (3, 2, 1), (), id="swap 1 and 3"),
        pytest.param([(1, 2), (3, 4), (5, 6)], {4: 2}, (1, 2, 3), (), id="already there"),
        pytest.param(
            [(1, 2), (3, 4), (5, 6)], {6: 1, 1: 3}, (3, 2, 1), (), id="two fixed swap together"
        ),
        pytest.param(
            [(1, 2), (3, 4), (5, 6)], {6: 2, 2: 3, 3: 1}, (3, 1, 2), (), id="three in a circle"
        ),
        pytest.param([(1, 2), (3, 4), (5,)], {5: 1}, (3, 2, 1), (), id="exempt keeps its table"),
        pytest.param(
            [(1, 2), (3, 4), (5, 6)],
            {1: 3, 2: 2},
            (3, 2, 1),
            (Conflict(FIXED_TEAMS_MEET, 2, 2, other=1),),
            id="two fixed teams meet",
        ),
        pytest.param(
            [(1, 2), (3, 4), (5, 6)],
            {3: 1, 5: 1},
            (2, 1, 3),
            (Conflict(SAME_TABLE, 5, 1, other=3),),
            id="same number wanted",
        ),
        pytest.param(
            [(1, 2), (3, 4)],
            {3: 7},
            (1, 2),
            (Conflict(NO_SUCH_TABLE, 3, 7, count=2),),
            id="beyond the tables",
        ),
        pytest.param([(1, 2), (3, 4)], {9: 1}, (1, 2), (), id="absent fixed team ignored"),
    ],
)
def test_the_numbers_are_exchanged_around_the_fixed_teams(units, fixed, numbers, conflicts):
    placement = place(units, fixed)
    assert placement.numbers == numbers
    assert placement.conflicts == conflicts


def check_kept(draw_tables, byes, fixed):
    """The numbered draw keeps the draw (pairs, sides, byes), numbers 1..n
    without hole, and each fixed team without a conflict at its number."""
    tables, exempt, placement = numbered(draw_tables, byes, fixed)
    assert [(a, b) for _n, a, b in tables] == list(draw_tables)
    assert [team for _n, team in exempt] == list(byes)
    numbers = sorted([n for n, *_ in tables] + [n for n, _ in exempt])
    assert numbers == list(range(1, len(draw_tables) + len(byes) + 1))
    where = (
        {a: n for n, a, _b in tables} | {b: n for n, _a, b in tables} | dict(map(reversed, exempt))
    )
    troubled = {c.team for c in placement.conflicts}
    for team, wanted in fixed.items():
        if team in where and team not in troubled:
            assert where[team] == wanted
    return where, placement


def test_every_kind_of_draw_keeps_the_fixed_team_at_its_number():
    teams = list(range(1, 12))
    fixed = {7: 2, 11: 4}
    played = {frozenset((1, 2))}
    draws = {
        "random": draw_random(teams, seed=4, played=played, byes={}),
        "ranking": draw_by_ranking(teams, played=played, byes={}),
        "rotation": draw_rotation(
            [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)], teams, byes={}, order=teams
        ),
    }
    for kind, draw in draws.items():
        byes = [draw.bye] if draw.bye is not None else []
        where, placement = check_kept(draw.tables, byes, fixed)
        if frozenset((7, 11)) in {frozenset(t) for t in draw.tables}:
            assert [c.code for c in placement.conflicts] == [FIXED_TEAMS_MEET], kind
        else:
            assert placement.conflicts == (), kind
            assert where[7] == 2 and where[11] == 4, kind
    # The pools' schedule (three pools, one of three: a bye).
    tables, byes = pools.round_tables_of_pools([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11]], 2)
    where, placement = check_kept(tables, byes, fixed)
    assert placement.conflicts == ()
    assert where[7] == 2 and where[11] == 4
    # A bracket's first level (its matches, byes go through without a table).
    matches = [(s.seed_a, s.seed_b) for s in brackets.first_level(12) if not s.is_bye]
    where, placement = check_kept(matches, [], fixed)
    assert where[7] == 2 and where[11] == 4


@st.composite
def concours(draw: st.DrawFn):
    """Teams, parties (each random, by ranking or rotation), absences, a
    seed, and the fixed teams with distinct numbers."""
    count = draw(st.integers(2, 30))
    rounds = draw(st.integers(1, 6))
    kinds = draw(
        st.lists(
            st.sampled_from(["random", "ranking", "rotation"]), min_size=rounds, max_size=rounds
        )
    )
    absences = [
        draw(st.lists(st.integers(1, count), max_size=count // 5, unique=True))
        for _ in range(rounds)
    ]
    fixed_teams = draw(st.lists(st.integers(1, count), max_size=min(count, 6), unique=True))
    numbers = draw(
        st.lists(
            st.integers(1, count // 2 + 6),  # a few beyond the tables
            min_size=len(fixed_teams),
            max_size=len(fixed_teams),
            unique=True,
        )
    )
    seed = draw(st.integers(0, 2**31))
    return count, kinds, absences, dict(zip(fixed_teams, numbers, strict=True)), seed


@PROPERTY
@given(concours())
def test_any_concours_keeps_its_fixed_teams_and_the_draws_guarantees(case) -> None:
    count, kinds, absences, fixed, seed = case
    results = random.Random(seed)
    teams = list(range(1, count + 1))
    played: set[frozenset[int]] = set()
    byes: Counter[int] = Counter()
    wins: Counter[int] = Counter()
    previous: list[tuple[int, int]] = []
    for rnd, kind in enumerate(kinds):
        present = [t for t in teams if t not in absences[rnd]] or teams
        if len(present) < 2:
            present = teams
        order = sorted(present, key=lambda t: (-wins[t], t))
        if kind == "random" or rnd == 0:
            draw = draw_random(present, seed=seed + rnd, played=played, byes=byes)
        elif kind == "ranking":
            draw = draw_by_ranking(order, played=played, byes=byes)
        else:
            draw = draw_rotation(previous, present, byes=byes, order=order)
        bye = [draw.bye] if draw.bye is not None else []
        tables, exempt, placement = numbered(draw.tables, bye, fixed)
        # (b) The same pairs, sides and bye as the draw without fixed teams.
        assert Draw(tuple((a, b) for _n, a, b in tables), draw.bye, draw.seed) == draw
        # (d) Table numbers 1..n without hole.
        numbers = sorted([n for n, *_ in tables] + [n for n, _ in exempt])
        assert numbers == list(range(1, len(tables) + len(exempt) + 1))
        # (a) Each fixed team at its number whenever it plays, or a conflict says why.
        where = {a: n for n, a, _b in tables} | {b: n for n, _a, b in tables}
        where |= {team: n for n, team in exempt}
        said = {c.team: c for c in placement.conflicts}
        for team, wanted in fixed.items():
            if team not in where:
                continue
            if team in said:
                conflict = said[team]
                if conflict.code == NO_SUCH_TABLE:
                    assert wanted > len(numbers)
                elif conflict.code == FIXED_TEAMS_MEET:
                    assert frozenset((team, conflict.other)) in {frozenset(p) for p in draw.tables}
                else:
                    assert fixed[conflict.other] == wanted
            else:
                assert where[team] == wanted
        # (c) No avoidable rematch (a rotation moves East-West one table on
        # whatever the past: it has its own order), the bye to a team with
        # the fewest byes.
        if kind != "rotation" or rnd == 0:
            assert rematches(draw, played) == fewest_rematches(seated(draw), played)
        if draw.bye is not None:
            assert byes[draw.bye] == min(byes[t] for t in present)
        # The next rotation starts from the tables as numbered.
        previous = [(a, b) for _n, a, b in sorted(tables)]
        for a, b in draw.tables:
            played.add(frozenset((a, b)))
            wins[a if results.random() < 0.5 else b] += 1
        if draw.bye is not None:
            byes[draw.bye] += 1
