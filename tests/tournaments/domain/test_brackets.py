"""The pure bracket rules: seeding, byes, progression, places, the split of
the qualifying order (tables from the rules, then Hypothesis properties)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.domain import brackets
from tournaments.domain.brackets import BracketError, Slot

SETTINGS = settings(
    database=None,
    deadline=None,
    max_examples=200,
    suppress_health_check=[HealthCheck.too_slow],
)


@pytest.mark.parametrize(
    ("n", "size"), [(2, 2), (3, 4), (4, 4), (5, 8), (8, 8), (9, 16), (16, 16), (33, 64)]
)
def test_bracket_size_is_the_next_power_of_two(n, size):
    assert brackets.bracket_size(n) == size


@pytest.mark.parametrize("n", [-1, 0, 1])
def test_a_bracket_needs_two_teams(n):
    with pytest.raises(BracketError) as caught:
        brackets.bracket_size(n)
    assert caught.value.code == "too_few"


@pytest.mark.parametrize(
    ("size", "order"),
    [
        (2, [1, 2]),
        (4, [1, 4, 2, 3]),
        (8, [1, 8, 4, 5, 2, 7, 3, 6]),
        (16, [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]),
    ],
)
def test_standard_seed_order(size, order):
    assert brackets.seed_order(size) == order


def test_first_round_of_sixteen_pairs_one_with_sixteen_and_eight_with_nine():
    pairs = [(s.seed_a, s.seed_b) for s in brackets.first_level(16)]
    assert pairs[:2] == [(1, 16), (8, 9)]
    assert len(pairs) == 8


def test_six_teams_give_byes_to_seeds_one_and_two():
    assert brackets.first_level(6) == [
        Slot(0, 1, None),
        Slot(1, 4, 5),
        Slot(2, 2, None),
        Slot(3, 3, 6),
    ]


def test_three_teams_one_bye_to_the_first():
    assert brackets.first_level(3) == [Slot(0, 1, None), Slot(1, 2, 3)]


@pytest.mark.parametrize(
    ("level", "position", "expected"),
    [(0, 0, (1, 0, 0)), (0, 1, (1, 0, 1)), (0, 5, (1, 2, 1)), (2, 2, (3, 1, 0))],
)
def test_next_match(level, position, expected):
    assert brackets.next_match(level, position) == expected


@pytest.mark.parametrize(
    ("size", "level", "key"),
    [(8, 0, "quarter"), (8, 1, "semi"), (8, 2, "final"), (32, 0, "round_of_32"), (2, 0, "final")],
)
def test_round_names(size, level, key):
    assert brackets.level_name_key(size, level) == key


def test_places_of_a_bracket_of_eight():
    # 1 beats 4 in the final; 2 and 3 lost the semis; 5..8 the quarters.
    lost_at = {4: 2, 3: 1, 2: 1, 8: 0, 5: 0, 7: 0, 6: 0}
    assert brackets.places(range(1, 9), lost_at, champion=1) == {
        1: 1,
        4: 2,
        2: 3,
        3: 4,
        5: 5,
        6: 6,
        7: 7,
        8: 8,
    }


def test_places_need_every_result():
    with pytest.raises(ValueError, match="no result"):
        brackets.places([1, 2, 3], {2: 1}, champion=1)


@pytest.mark.parametrize(
    ("main", "consolante", "expected"),
    [
        (4, 4, ([1, 2, 3, 4], [5, 6, 7, 8], [9, 10])),
        (8, 0, ([1, 2, 3, 4, 5, 6, 7, 8], [], [9, 10])),
        (5, 5, ([1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [])),
    ],
)
def test_split(main, consolante, expected):
    assert brackets.split(list(range(1, 11)), main, consolante) == expected


@pytest.mark.parametrize(
    ("main", "consolante", "code"),
    [
        (1, 4, "too_few"),
        (4, 1, "too_few"),
        (8, 3, "too_many"),
        (-2, 2, "negative"),
        (0, 0, "too_few"),
    ],
)
def test_split_refusals(main, consolante, code):
    with pytest.raises(BracketError) as caught:
        brackets.split(list(range(10)), main, consolante)
    assert caught.value.code == code


# Properties ------------------------------------------------------------


def play(n: int, rng: random.Random) -> tuple[int, dict[int, int], list[list[tuple]]]:
    """Play a bracket of `n` seeds with random winners: the champion, the
    level each other seed lost at, and the matches level by level."""
    size = brackets.bracket_size(n)
    lost_at: dict[int, int] = {}
    level_matches = []
    current: dict[int, list] = {}
    for slot in brackets.first_level(n):
        current[slot.position] = [slot.seed_a, slot.seed_b]
    for level in range(brackets.levels(size)):
        level_matches.append([tuple(current[k]) for k in sorted(current)])
        nxt: dict[int, list] = {}
        for k, (a, b) in current.items():
            if b is None:
                winner = a
            else:
                winner, loser = (a, b) if rng.random() < 0.5 else (b, a)
                lost_at[loser] = level
            _lvl, pos, side = brackets.next_match(level, k)
            nxt.setdefault(pos, [None, None])[side] = winner
        current = nxt
    ((champion, _),) = [(v[0], v) for v in current.values()]
    return champion, lost_at, level_matches


counts = st.integers(min_value=2, max_value=130)


@SETTINGS
@given(counts)
def test_every_team_appears_once_in_the_first_round(n):
    seeds = [s for slot in brackets.first_level(n) for s in (slot.seed_a, slot.seed_b) if s]
    assert sorted(seeds) == list(range(1, n + 1))


@SETTINGS
@given(counts)
def test_byes_go_to_the_best_seeds(n):
    size = brackets.bracket_size(n)
    byes = sorted(s.seed_a for s in brackets.first_level(n) if s.is_bye)
    assert byes == list(range(1, size - n + 1))


@SETTINGS
@given(counts)
def test_seeds_one_and_two_are_in_different_halves(n):
    half = brackets.bracket_size(n) // 4 if n > 2 else 0
    positions = {s.seed_a: s.position for s in brackets.first_level(n)}
    if n > 2:
        assert (positions[1] < half) != (positions[2] < half)


@SETTINGS
@given(counts, st.integers(min_value=0, max_value=2**32))
def test_seeds_one_and_two_meet_only_in_the_final(n, seed):
    _champion, _lost, matches = play(n, random.Random(seed))
    for level, at_level in enumerate(matches[:-1]):
        for pair in at_level:
            assert set(pair) != {1, 2}, level


@SETTINGS
@given(counts, st.integers(min_value=0, max_value=2**32))
def test_each_level_halves(n, seed):
    size = brackets.bracket_size(n)
    _champion, _lost, matches = play(n, random.Random(seed))
    assert [len(m) for m in matches] == [size >> (lvl + 1) for lvl in range(len(matches))]
    assert len(matches[-1]) == 1


@SETTINGS
@given(counts, st.integers(min_value=0, max_value=2**32))
def test_places_are_a_permutation(n, seed):
    champion, lost_at, _matches = play(n, random.Random(seed))
    placed = brackets.places(range(1, n + 1), lost_at, champion)
    assert sorted(placed.values()) == list(range(1, n + 1))
    assert placed[champion] == 1
    # Who lost later never ranks below who lost earlier.
    for a in lost_at:
        for b in lost_at:
            if lost_at[a] > lost_at[b]:
                assert placed[a] < placed[b]


@SETTINGS
@given(
    st.integers(min_value=0, max_value=60),
    st.integers(min_value=-3, max_value=40),
    st.integers(min_value=-3, max_value=40),
)
def test_split_keeps_the_order(n, main, consolante):
    order = list(range(n))
    try:
        a, b, c = brackets.split(order, main, consolante)
    except BracketError:
        assert main < 2 or consolante < 0 or consolante == 1 or main + consolante > n
        return
    assert a + b + c == order
    assert (len(a), len(b)) == (main, consolante)
