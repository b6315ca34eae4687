"""A club tablet keeps its table number from one partie to the next; the
desk's move applies now or from the next partie on."""

from __future__ import annotations

import pytest

from tournaments.features.tablets.domain import TabletPlace, moved


@pytest.mark.parametrize(
    ("place", "round_number", "expected"),
    [
        (TabletPlace(None), 1, None),
        (TabletPlace(12, from_round=1), 1, 12),
        (TabletPlace(12, from_round=1), 5, 12),  # the number kept partie after partie
        (TabletPlace(3, from_round=2, earlier=12), 1, 12),
        (TabletPlace(3, from_round=2, earlier=12), 2, 3),
        (TabletPlace(3, from_round=2, earlier=None), 1, None),
    ],
)
def test_the_number_a_tablet_serves_in_a_partie(place, round_number, expected):
    assert place.number_in(round_number) == expected


def test_a_move_for_the_next_partie_keeps_the_current_table_until_then():
    place = moved(TabletPlace(12, from_round=1), number=3, current_round=1, at_next=True)
    assert (place.number_in(1), place.number_in(2), place.number_in(3)) == (12, 3, 3)


def test_a_move_now_applies_to_the_current_partie():
    place = moved(TabletPlace(12, from_round=1), number=3, current_round=1, at_next=False)
    assert (place.number_in(1), place.number_in(2)) == (3, 3)


def test_a_second_move_for_the_next_partie_keeps_the_table_served_now():
    first = moved(TabletPlace(12, from_round=1), number=3, current_round=1, at_next=True)
    second = moved(first, number=5, current_round=1, at_next=True)
    assert (second.number_in(1), second.number_in(2)) == (12, 5)
