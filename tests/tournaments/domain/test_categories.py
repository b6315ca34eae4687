"""A part of the ranking ranked again within itself, and clubs ranked by
their best team (tournaments/domain/categories.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.categories import best_of_each_club, club_key, rerank


@pytest.mark.parametrize(
    ("ranks", "expected"),
    [
        ((), []),
        ((7,), [1]),
        ((2, 5, 5, 9), [1, 2, 2, 4]),
        ((1, 1, 1), [1, 1, 1]),
        ((3, 4, 4, 4, 8), [1, 2, 2, 2, 5]),
    ],
)
def test_ranks_are_counted_again_within_the_category(ranks, expected):
    assert rerank(ranks) == expected


@st.composite
def ranks(draw) -> list[int]:
    """Ranks as the standings give them: 1, then each one the previous (a
    tie) or its own place."""
    ties = draw(st.lists(st.booleans(), max_size=20))
    out: list[int] = []
    for i, tie in enumerate(ties):
        out.append(out[-1] if i and tie else i + 1)
    return out


@given(ranks(), st.data())
def test_a_category_keeps_the_ranking_order_and_its_ties(whole, data):
    assert rerank(whole) == whole
    kept = sorted(
        data.draw(st.sets(st.integers(0, max(len(whole) - 1, 0)))) & set(range(len(whole)))
    )
    part = [whole[i] for i in kept]
    again = rerank(part)
    assert again == sorted(again)
    for i in range(1, len(part)):
        assert (again[i] == again[i - 1]) == (part[i] == part[i - 1])
    assert all(new <= old for new, old in zip(again, part, strict=True))


def test_each_club_is_ranked_by_its_best_team():
    clubs = ["Les As", "", "Saint-Éloi", "les as", "Saint-Eloi ", "Trèfle"]
    assert best_of_each_club(clubs) == [0, 2, 5]


def test_club_names_compare_without_case_accents_or_spaces():
    assert club_key("  Belote Club de  Saint-Éloi ") == club_key("belote club de saint-eloi")
