"""The pairs a draw keeps apart (issue 38, item 12b), as plain values: the
organizer's lines of families and couples, and the teams of one club."""

from __future__ import annotations

import pytest

from tournaments.domain.avoid import GroupError, avoided_pairs, groups


def pairs(*both: tuple[int, int]) -> set[frozenset[int]]:
    return {frozenset(pair) for pair in both}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", []),
        ("Famille Martin : 1, 2, 3", [frozenset({1, 2, 3})]),
        ("Couple : 4 et 5\n\n6 7", [frozenset({4, 5}), frozenset({6, 7})]),
        ("Les 2 frères : 6, 7", [frozenset({6, 7})]),  # the name's digit is not a team
        ("1;2;2", [frozenset({1, 2})]),
    ],
)
def test_the_lines_give_groups_of_team_numbers(text, expected):
    assert groups(text, range(1, 10)) == expected


@pytest.mark.parametrize(
    ("text", "code", "line", "number"),
    [
        ("Famille : 1", "too_few", 1, 0),
        ("1, 2\nCouple : 3, 3", "too_few", 2, 0),
        ("1, 2\n\n3, 12", "unknown", 3, 12),
    ],
)
def test_a_wrong_line_is_named_with_its_fault(text, code, line, number):
    with pytest.raises(GroupError) as refused:
        groups(text, range(1, 10))
    assert (refused.value.code, refused.value.line, refused.value.number) == (code, line, number)


@pytest.mark.parametrize(
    ("clubs", "listed", "same_club", "expected"),
    [
        ({1: "Vannes", 2: " vannes", 3: "Auray"}, [], True, pairs((1, 2))),
        ({1: "Vannes", 2: "Vannes"}, [], False, set()),
        ({1: "", 2: "", 3: ""}, [], True, set()),  # no club is not one club
        ({1: "Ploërmel", 2: "PLOERMEL"}, [], True, pairs((1, 2))),
        ({}, [frozenset({1, 2, 3})], False, pairs((1, 2), (1, 3), (2, 3))),
    ],
)
def test_the_pairs_to_keep_apart(clubs, listed, same_club, expected):
    assert avoided_pairs(clubs, listed, same_club=same_club) == expected
