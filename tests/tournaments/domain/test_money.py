"""Amounts typed at the desk, read into cents (tournaments/domain/money.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.money import AmountError, format_plain, parse_amount

MAX = 1_000_000  # 10 000 €


@pytest.mark.parametrize(
    ("typed", "cents"),
    [
        ("5", 500),
        ("5,50", 550),
        ("5.50", 550),
        ("5,5", 550),
        ("5 €", 500),
        ("5€", 500),
        ("€5", 500),
        ("5,50 €", 550),
        (" 12 ", 1200),
        ("1 200", 120000),
        ("1\u00a0200,00\u00a0€", 120000),
        ("0", 0),
        ("0,05", 5),
        ("+7", 700),
        ("10 000", MAX),
        ("10000,00", MAX),
        ("7 EUR", 700),
    ],
)
def test_amounts_as_typed_at_the_desk(typed, cents):
    assert parse_amount(typed, maximum=MAX) == cents


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("", "empty"),
        ("  ", "empty"),
        ("€", "empty"),
        ("-5", "negative"),
        ("−5", "negative"),
        ("- 5 €", "negative"),
        ("cinq", "unreadable"),
        ("5,50,2", "unreadable"),
        ("5..5", "unreadable"),
        ("1.200,50", "unreadable"),
        ("5e3", "unreadable"),
        ("５", "unreadable"),  # a full-width digit: not what the desk means
        ("5,555", "decimals"),
        ("1.200", "decimals"),
        ("10 000,01", "too_large"),
        ("99999999999999999999", "too_large"),
        ("9" * 5000, "too_large"),
    ],
)
def test_what_cannot_be_an_amount_is_refused_with_its_reason(typed, code):
    with pytest.raises(AmountError) as refused:
        parse_amount(typed, maximum=MAX)
    assert refused.value.code == code


@given(st.integers(min_value=0, max_value=MAX))
def test_an_amount_written_back_reads_the_same(cents):
    assert parse_amount(format_plain(cents), maximum=MAX) == cents
