"""The players who came alone, drawn into pairs (tournaments/domain/partners.py)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.partners import random_pairs


def test_four_waiting_players_make_two_pairs():
    pairs, left = random_pairs([11, 12, 13, 14], seed=7)
    assert left is None
    assert len(pairs) == 2
    assert sorted(p for pair in pairs for p in pair) == [11, 12, 13, 14]


def test_with_an_odd_number_one_stays_waiting():
    pairs, left = random_pairs([1, 2, 3], seed=1)
    assert len(pairs) == 1 and left is not None
    assert sorted([*pairs[0], left]) == [1, 2, 3]


def test_one_or_no_player_makes_no_pair():
    assert random_pairs([5], seed=3) == ([], 5)
    assert random_pairs([], seed=3) == ([], None)


def test_the_same_seed_gives_the_same_pairs_whatever_the_order_given():
    assert random_pairs([4, 1, 3, 2, 6, 5], seed=42) == random_pairs([1, 2, 3, 4, 5, 6], seed=42)


def test_another_seed_gives_other_pairs():
    ids = list(range(1, 21))
    drawn = {tuple(random_pairs(ids, seed=seed)[0]) for seed in range(10)}
    assert len(drawn) > 1


@given(st.sets(st.integers(min_value=1, max_value=10_000), max_size=60), st.integers(0, 2**31))
def test_everyone_is_placed_exactly_once(ids, seed):
    pairs, left = random_pairs(ids, seed=seed)
    placed = [p for pair in pairs for p in pair] + ([left] if left is not None else [])
    assert sorted(placed) == sorted(ids)
    assert all(a != b for a, b in pairs)
    assert (left is not None) == (len(ids) % 2 == 1)
