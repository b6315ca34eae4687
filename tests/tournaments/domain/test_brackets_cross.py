"""Crossing the seeds of a bracket after pools (issue 21): with 2 pools every
first-round match was a rematch of a pool game (A1–A2, B1–B2). Teams of one
pool are kept apart in the first round whenever the bracket allows, only
teams of the same place in their pools trading seeds."""

from __future__ import annotations

import itertools
import string

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.domain.brackets import cross_pools, first_level, rematches
from tournaments.domain.pools import qualifying_order, split


def test_two_pools_cross_first_against_the_other_pool_s_second():
    # Pool A: 1, 2 (its first and second); pool B: 3, 4. Seeded as the
    # pools give them: winners 1 and 3, then seconds 2 and 4: 1–4 crosses,
    # but seconds listed 4 then 2 would set 1–2 and 3–4.
    pool_of = {1: "A", 2: "A", 3: "B", 4: "B"}
    tier_of = {1: 0, 3: 0, 2: 1, 4: 1}
    assert rematches([1, 3, 4, 2], pool_of) == 2
    crossed = cross_pools([1, 3, 4, 2], pool_of, tier_of)
    assert crossed == [1, 3, 2, 4]  # 1A–2B, 1B–2A
    assert rematches(crossed, pool_of) == 0
    assert cross_pools([1, 3, 2, 4], pool_of, tier_of) == [1, 3, 2, 4]  # kept as it is


def test_a_main_bracket_and_a_consolante_of_two_pools_of_four_have_no_rematch():
    pools = split(list(range(1, 9)), size=4)  # [1, 4, 5, 8] and [2, 3, 6, 7]
    ranked = [pools[0], pools[1][::-1]]  # pool B's order upside down
    order = qualifying_order(ranked, overall=list(range(1, 9)))
    pool_of = {t: i for i, pool in enumerate(ranked) for t in pool}
    tier_of = {t: place for pool in ranked for place, t in enumerate(pool)}
    for bracket in (order[:4], order[4:]):
        assert rematches(cross_pools(bracket, pool_of, tier_of), pool_of) == 0


@st.composite
def pools_and_bracket(draw):
    """Two to four pools of three or four teams, ranked; a bracket of the
    first `main` teams of the qualifying order, or of the next ones."""
    count = draw(st.integers(2, 4))
    sizes = [draw(st.sampled_from([3, 4])) for _ in range(count)]
    teams = iter(range(1, 100))
    ranked = [[next(teams) for _ in range(size)] for size in sizes]
    overall = draw(st.permutations([t for pool in ranked for t in pool]))
    order = qualifying_order(ranked, list(overall))
    start = draw(st.integers(0, len(order) - 2))
    length = draw(st.integers(2, min(len(order) - start, 10)))
    pool_of = {t: string.ascii_uppercase[i] for i, pool in enumerate(ranked) for t in pool}
    tier_of = {t: place for pool in ranked for place, t in enumerate(pool)}
    return order[start : start + length], pool_of, tier_of


def tier_preserving(seeds, tier_of):
    """Every seeding in which teams only trade seeds with teams of their tier."""
    positions: dict[int, list[int]] = {}
    for i, team in enumerate(seeds):
        positions.setdefault(tier_of[team], []).append(i)
    groups = list(positions.values())
    for arrangement in itertools.product(
        *(itertools.permutations([seeds[i] for i in group]) for group in groups)
    ):
        out = list(seeds)
        for group, teams in zip(groups, arrangement, strict=True):
            for i, team in zip(group, teams, strict=True):
                out[i] = team
        yield out


@settings(max_examples=150, deadline=None)
@given(pools_and_bracket())
def test_no_first_round_rematch_whenever_avoidable(case):
    seeds, pool_of, tier_of = case
    crossed = cross_pools(seeds, pool_of, tier_of)
    # The same teams, each on a seed of its own tier.
    assert sorted(crossed) == sorted(seeds)
    assert [tier_of[t] for t in crossed] == [tier_of[t] for t in seeds]
    fewest = min(rematches(s, pool_of) for s in tier_preserving(seeds, tier_of))
    assert rematches(crossed, pool_of) == fewest
    if fewest == 0:
        for slot in first_level(len(crossed)):
            if slot.seed_b is not None:
                a, b = crossed[slot.seed_a - 1], crossed[slot.seed_b - 1]
                assert pool_of[a] != pool_of[b]


@given(pools_and_bracket())
def test_crossing_twice_changes_nothing(case):
    seeds, pool_of, tier_of = case
    once = cross_pools(seeds, pool_of, tier_of)
    assert cross_pools(once, pool_of, tier_of) == once
