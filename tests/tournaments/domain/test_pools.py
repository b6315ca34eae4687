"""The pools' pure rules: the split by snake seeding, the round-robin
schedule in each pool, each pool's ranking and the order pools qualify in.
Table-driven cases, then properties for any number of teams."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.domain import pools
from tournaments.domain.standings import DIFFERENCE, POINTS, ByeScore, Result

SETTINGS = settings(database=None, deadline=None, max_examples=200)


@pytest.mark.parametrize(
    ("teams", "size", "sizes"),
    [
        (3, 4, [3]),
        (4, 4, [4]),
        (6, 4, [3, 3]),
        (7, 4, [3, 4]),
        (8, 4, [4, 4]),
        (9, 4, [3, 3, 3]),
        (10, 4, [3, 3, 4]),
        (16, 4, [4, 4, 4, 4]),
        (17, 4, [3, 3, 3, 4, 4]),
        (3, 3, [3]),
        (4, 3, [4]),
        (8, 3, [4, 4]),
        (9, 3, [3, 3, 3]),
        (12, 3, [3, 3, 3, 3]),
        (13, 3, [3, 3, 3, 4]),
    ],
)
def test_the_pool_sizes(teams, size, sizes):
    assert [len(p) for p in pools.split(list(range(1, teams + 1)), size=size)] == sizes


@pytest.mark.parametrize(("teams", "code"), [(0, "too_few"), (2, "too_few"), (5, "cannot_split")])
@pytest.mark.parametrize("size", [3, 4])
def test_a_split_that_cannot_be_made(teams, code, size):
    with pytest.raises(pools.PoolError) as caught:
        pools.split(list(range(1, teams + 1)), size=size)
    assert caught.value.code == code
    assert caught.value.params == {"count": teams}


def test_snake_seeding_spreads_the_best_seeds():
    assert pools.split(list(range(1, 17))) == [
        [1, 8, 9, 16],
        [2, 7, 10, 15],
        [3, 6, 11, 14],
        [4, 5, 12, 13],
    ]


def test_a_random_order_is_the_same_for_the_same_seed():
    teams = list(range(1, 17))
    assert pools.seeding_order(teams, seed=7) == pools.seeding_order(teams, seed=7)
    assert pools.seeding_order(teams, seed=7) != pools.seeding_order(teams, seed=8)
    assert sorted(pools.seeding_order(teams, seed=7)) == teams
    assert pools.seeding_order(teams) == teams


def test_a_pool_of_four_plays_three_parties_of_two_tables_seeds_one_and_two_last():
    parties = pools.schedule([1, 2, 3, 4])
    assert [p.tables for p in parties] == [
        ((1, 4), (2, 3)),
        ((1, 3), (4, 2)),
        ((1, 2), (3, 4)),
    ]
    assert all(p.bye is None for p in parties)


def test_a_pool_of_three_has_one_team_exempt_each_partie():
    parties = pools.schedule([1, 2, 3])
    assert [(p.tables, p.bye) for p in parties] == [
        (((2, 3),), 1),
        (((1, 3),), 2),
        (((1, 2),), 3),
    ]


def test_a_partie_of_every_pool_at_once():
    tables, byes = pools.round_tables_of_pools([[1, 2, 3, 4], [5, 6, 7]], 1)
    assert tables == ((1, 4), (2, 3), (6, 7))
    assert byes == (5,)
    with pytest.raises(ValueError):
        pools.round_tables_of_pools([[1, 2, 3, 4]], 4)


def test_the_pool_ranking_counts_wins_before_points():
    # 1 beats 2 by little and 3 by little; 2 crushes 3; 4 loses everything.
    results = [
        Result(1, (1,), (4,), 200, 100),
        Result(1, (2,), (3,), 500, 0),
        Result(2, (1,), (3,), 110, 100),
        Result(2, (4,), (2,), 0, 600),
        Result(3, (1,), (2,), 110, 100),
        Result(3, (3,), (4,), 300, 200),
    ]
    rows = pools.rank_pool([1, 2, 3, 4], results, criteria=[POINTS])
    assert [(r.entrant, r.won, r.rank) for r in rows] == [
        (1, 3, 1),
        (2, 2, 2),
        (3, 1, 3),
        (4, 0, 4),
    ]
    # By points alone 2 would lead: the pool ranks wins first.
    assert rows[1].points_for > rows[0].points_for


def test_the_pool_ranking_keeps_its_own_teams_and_shares_a_rank_only_on_every_criterion():
    results = [
        Result(1, (1,), (2,), 100, 50),
        Result(1, (3,), (4,), 100, 50),
        Result(1, (9,), (8,), 999, 0),  # another pool
    ]
    rows = pools.rank_pool([1, 2, 3, 4], results, criteria=[DIFFERENCE])
    assert [r.entrant for r in rows] == [1, 3, 2, 4]
    assert [r.rank for r in rows] == [1, 1, 3, 3]


def test_the_pool_ranking_with_a_bye_worth_a_win():
    results = [Result(1, (2,), (3,), 100, 50), Result(1, (1,), (), 0, 0)]
    rows = pools.rank_pool([1, 2, 3], results, criteria=[POINTS], bye=ByeScore(points=80))
    assert [(r.entrant, r.won, r.points_for) for r in rows] == [
        (2, 1, 100),
        (1, 1, 80),
        (3, 0, 50),
    ]


def test_winners_first_by_the_overall_ranking_then_the_seconds():
    rankings = [[1, 5, 9], [2, 6, 10, 12], [3, 7, 11]]
    overall = [2, 1, 3, 7, 5, 6, 12, 10, 11, 9]
    assert pools.qualifying_order(rankings, overall) == [2, 1, 3, 7, 5, 6, 10, 11, 9, 12]


def test_the_pool_criteria_put_wins_first_once():
    assert pools.pool_criteria(["points", "wins", "difference"]) == [
        "wins",
        "points",
        "difference",
    ]


# --- properties -------------------------------------------------------------

TEAMS = st.integers(min_value=3, max_value=120).filter(lambda n: n != 5)


@SETTINGS
@given(teams=TEAMS, size=st.sampled_from(pools.SIZES), seed=st.none() | st.integers(0, 2**31))
def test_every_team_in_exactly_one_pool_of_even_sizes(teams, size, seed):
    order = pools.seeding_order(list(range(100, 100 + teams)), seed=seed)
    split = pools.split(order, size=size)
    members = [t for pool in split for t in pool]
    assert sorted(members) == sorted(order)
    sizes = {len(pool) for pool in split}
    assert sizes <= {3, 4}
    assert max(sizes) - min(sizes) <= 1
    if size == 4:  # as few pools as hold everyone
        assert len(split) == -(-teams // 4)
    else:  # as many pools as possible
        assert len(split) == teams // 3


@SETTINGS
@given(teams=TEAMS, size=st.sampled_from(pools.SIZES))
def test_the_best_seeds_lead_different_pools(teams, size):
    split = pools.split(list(range(teams)), size=size)
    assert [pool[0] for pool in split] == list(range(len(split)))


@SETTINGS
@given(pool=st.lists(st.integers(0, 10_000), min_size=3, max_size=4, unique=True))
def test_every_pair_of_a_pool_meets_exactly_once(pool):
    parties = pools.schedule(pool)
    assert len(parties) == pools.POOL_ROUNDS
    met = Counter(frozenset(t) for p in parties for t in p.tables)
    assert met == Counter(frozenset(pair) for pair in combinations(pool, 2))
    for p in parties:
        seated = [t for table in p.tables for t in table]
        if p.bye is not None:
            seated.append(p.bye)
        assert sorted(seated) == sorted(pool)  # everyone once, nobody twice
    byes = [p.bye for p in parties if p.bye is not None]
    if len(pool) == 3:
        assert sorted(byes) == sorted(pool)
    else:
        assert byes == []


@SETTINGS
@given(teams=TEAMS, size=st.sampled_from(pools.SIZES), number=st.integers(1, 3))
def test_a_partie_of_all_pools_seats_every_team_once(teams, size, number):
    split = pools.split(list(range(teams)), size=size)
    tables, byes = pools.round_tables_of_pools(split, number)
    seated = [t for table in tables for t in table] + list(byes)
    assert sorted(seated) == list(range(teams))
    assert len(byes) == sum(len(pool) == 3 for pool in split)


@SETTINGS
@given(
    rankings=st.lists(
        st.lists(st.integers(0, 50), min_size=3, max_size=4, unique=True), min_size=1, max_size=6
    ),
    seed=st.integers(0, 1000),
)
def test_the_qualifying_order_takes_every_team_level_by_level(rankings, seed):
    # Teams are unique across pools.
    seen: set[int] = set()
    rankings = [[t for t in r if not (t in seen or seen.add(t))] for r in rankings]
    teams = [t for r in rankings for t in r]
    overall = pools.seeding_order(teams, seed=seed)
    order = pools.qualifying_order(rankings, overall)
    assert sorted(order) == sorted(teams)
    position = {t: i for r in rankings for i, t in enumerate(r)}
    levels = [position[t] for t in order]
    assert levels == sorted(levels)
