"""Issue 38, item 12a: which parties the public's ranking counts while it is
« masqué jusqu'à la fin » (`standings.public_cutoff`, `counts_publicly`)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.standings import counts_publicly, public_cutoff

# (parties announced, chosen partie, finished) -> the first partie hidden.
CASES = [
    # The option off: everything shows, whatever the day.
    ((), None, False, None),
    ((1, 2, 3, 4), None, False, None),
    ((1, 2, 3, 4), None, True, None),
    # « Avant la dernière partie » of a 4-partie concours (4 chosen).
    ((), 4, False, None),
    ((1, 2, 3), 4, False, None),  # partie 3 played, 4 not announced yet: live
    ((1, 2, 3, 4), 4, False, 4),  # partie 4's draw announced: frozen
    ((1, 2, 3, 4), 4, True, None),  # the concours closed: the final ranking
    # Hidden from partie 3 of 4: parties 3 and 4 both wait.
    ((1, 2), 3, False, None),
    ((1, 2, 3), 3, False, 3),
    ((1, 2, 3, 4), 3, False, 3),
    ((1, 2, 3, 4), 3, True, None),
    # From partie 1: nothing is ever shown before the end.
    ((1,), 1, False, 1),
    ((1, 2), 1, True, None),
    # A 2-partie concours, hidden before its last partie.
    ((1,), 2, False, None),
    ((1, 2), 2, False, 2),
    # A chosen partie beyond those played (a concours shortened): never hides.
    ((1, 2, 3, 4), 6, False, None),
    # Announced out of order (a later partie announced first): hides at once.
    ((1, 2, 5), 4, False, 4),
]


@pytest.mark.parametrize(("announced", "chosen", "finished", "expected"), CASES)
def test_the_public_ranking_stops_at_the_chosen_partie_from_its_announcement(
    announced, chosen, finished, expected
):
    assert public_cutoff(hidden_from=chosen, announced=announced, finished=finished) == expected


@pytest.mark.parametrize(
    ("round_number", "cutoff", "shown"),
    [
        (1, None, True),
        (4, None, True),
        (3, 4, True),
        (4, 4, False),
        (5, 4, False),
        (1, 1, False),
        (2, 3, True),
        (3, 3, False),
    ],
)
def test_a_partie_counts_publicly_only_before_the_cutoff(round_number, cutoff, shown):
    assert counts_publicly(round_number, cutoff) is shown


@given(
    announced=st.sets(st.integers(1, 20), max_size=20),
    chosen=st.one_of(st.none(), st.integers(1, 20)),
    finished=st.booleans(),
)
def test_the_public_never_sees_a_partie_it_should_not(announced, chosen, finished):
    """Whatever the day: once the concours is over every partie shows; before
    it, a partie numbered from the chosen one on shows only while no partie
    from the chosen one on is announced (so none of those has a result)."""
    cutoff = public_cutoff(hidden_from=chosen, announced=announced, finished=finished)
    for number in announced:
        shown = counts_publicly(number, cutoff)
        if finished or chosen is None or number < chosen:
            assert shown
        else:
            assert not shown
