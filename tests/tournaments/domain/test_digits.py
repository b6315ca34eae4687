"""A whole number as people and phones send it (tournaments/domain/digits.py)."""

from __future__ import annotations

import pytest

from tournaments.domain.digits import is_plain, whole_number


@pytest.mark.parametrize(
    ("text", "digits", "number"),
    [
        ("12", 3, 12),
        (" 7 ", 3, 7),
        ("007", 3, 7),
        ("1234", 3, None),  # too long
        ("", 3, None),
        (None, 3, None),
        ("-3", 3, None),
        ("2.5", 3, None),
        ("²", 3, None),  # isdigit() takes it, int() refuses it
        ("٣", 3, None),  # isdigit() takes it, int() reads 3
        ("１２", 3, None),  # full-width digits
        ("1 2", 3, None),
    ],
)
def test_only_plain_ascii_digits_make_a_number(text, digits, number):
    assert whole_number(text, digits=digits) == number


@pytest.mark.parametrize(("text", "plain"), [("90", True), ("²", False), ("٣", False), ("", False)])
def test_plain_digits(text, plain):
    assert is_plain(text) is plain
