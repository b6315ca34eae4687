"""Belotes counted by the marques at tout atout (domain/belotes.py): the
sheet's one box a side holds a cross, the marques say how many."""

from __future__ import annotations

import pytest

import scoring
from tests.tournaments.features.sheets.test_checks import fixed_limits, read_boxes  # noqa: F401
from tournaments.features.sheets import display
from tournaments.features.sheets.domain.checks import DealRead, FieldRead, check_deal

ALL_TRUMPS = scoring.Rules.from_preset("ffb-coinche", sa_ta=True)


def _row(trump: str, belotes: dict[str, int], crossed: str) -> DealRead:
    """A made 80 for N-S with `belotes` played, its marques as the engine
    gives them, its belote box crossed as `crossed`: every box read sure."""
    deal = {"taker": "A", "trump": trump, "bid": 80, "points": {"A": 97}, "belote": belotes}
    score = scoring.score_deal(deal, ALL_TRUMPS)
    values = {"taker": "A", "trump": trump, "bid": 80, "points": 97, "belote": crossed,
              "marque_a": score.a, "marque_b": score.b}  # fmt: skip
    return DealRead(1, {name: FieldRead(value, True) for name, value in values.items()})


@pytest.mark.parametrize(
    ("trump", "belotes", "crossed", "asked", "reasons", "counted"),
    [
        # Two belotes for N-S at tout atout, one cross: counted by the marques,
        # the belote alone asked (every box of the row before).
        ("TA", {"A": 2}, "A", ["belote"], ["belotes_counted"], (2, 0)),
        ("TA", {"A": 3, "B": 1}, "AB", ["belote"], ["belotes_counted"], (3, 1)),
        # One each: nothing to count, nothing asked.
        ("TA", {"A": 1, "B": 1}, "AB", [], [], (1, 1)),
    ],
)
def test_belotes_at_tout_atout_are_counted_by_the_marques(
    trump, belotes, crossed, asked, reasons, counted
):
    read = _row(trump, belotes, crossed)
    check_deal(read, ALL_TRUMPS, (0, 0), 0)
    assert read.reasons == reasons
    if asked is not None:
        assert read.asked == asked
    if counted is not None:
        assert (read.values["belote_a"], read.values["belote_b"]) == counted


def test_the_count_is_said_in_plain_words():
    read = _row("TA", {"A": 2}, "A")
    check_deal(read, ALL_TRUMPS, (0, 0), 0)
    fields = {name: {"value": f.value, "sure": f.sure} for name, f in read.fields.items()}
    said = display.reasons_said(read.reasons, read.asked, fields, list(read.marques or ()))
    assert said == [
        "belote : au tout atout, les marques lues comptent plus d'une belote pour une équipe "
        "(une seule croix par équipe) ; vérifiez leur nombre"
    ]


def test_the_review_prefills_the_belotes_counted():
    """The review's grid cell shows the count the marques give (« N N »),
    which the volunteer confirms or corrects, not the one cross read."""
    from types import SimpleNamespace

    from tournaments.display import keys
    from tournaments.features.sheets.forms import SheetReview

    read = _row("TA", {"A": 2}, "A")
    check_deal(read, ALL_TRUMPS, (0, 0), 0)
    reading = {"deals": [read.to_json()], "marques": [list(read.marques or ())]}
    review = SheetReview(SimpleNamespace(reading=reading), rules=ALL_TRUMPS)
    assert review.rows[0].form.initial["belote"] == keys.belote_shown(2, 0)
    assert review.rows[0].asked_cells == ["belote"]


@pytest.mark.parametrize("trump", ["H", "TA"])
def test_a_marque_twenty_over_is_not_a_second_belote_at_a_suit(trump):
    """At a suit a side has one belote at most: a marque written 20 more
    than the rules give with one is the players' slip, every box asked as
    before; at tout atout the same row is read as two belotes."""
    read = _row(trump, {"A": 1}, "A")
    read.fields["marque_a"] = FieldRead(read.fields["marque_a"].value + 20, True)
    check_deal(read, ALL_TRUMPS, (0, 0), 0)
    assert read.reasons == (["marque"] if trump == "H" else ["belotes_counted"])


#: The takers' 97 with its 9 in doubt (0.997, under « sure »; a 4 at 0.003:
#: 47, a chute, whose marques are others).
DOUBTED_97 = ({9: 0.997, 4: 0.003}, {7: 1.0})


def _boxed(read: DealRead) -> DealRead:
    """`read` with its numbers read box by box, every digit sure, its points
    as DOUBTED_97."""
    for name in ("bid", "marque_a", "marque_b"):
        value = read.fields[name].value
        read.fields[name] = read_boxes(*({int(c): 1.0} for c in str(value)))
    read.fields["points"] = read_boxes(*DOUBTED_97)
    return read


@pytest.mark.parametrize(
    ("trump", "belotes", "crossed", "asked", "reasons", "counted"),
    [
        # Two belotes for N-S at tout atout, one cross, a digit in doubt:
        # counted by the marques and settled, the belote alone asked
        # (before: every box of the row, « engine » reasons).
        ("TA", {"A": 2}, "A", ["belote"], ["belotes_counted"], (2, 0)),
        ("TA", {"A": 2, "B": 1}, "AB", ["belote"], ["belotes_counted"], (2, 1)),
        # One each: settled as any row, nothing asked.
        ("TA", {"A": 1, "B": 1}, "AB", [], [], (1, 1)),
    ],
)
@pytest.mark.usefixtures("fixed_limits")
def test_belotes_at_tout_atout_are_counted_with_a_digit_in_doubt(
    trump, belotes, crossed, asked, reasons, counted
):
    read = _boxed(_row(trump, belotes, crossed))
    check_deal(read, ALL_TRUMPS, (0, 0), 0)
    assert read.reasons == reasons
    assert read.asked == asked
    assert (read.values["belote_a"], read.values["belote_b"]) == counted
    assert read.fields["points"].value == 97


@pytest.mark.usefixtures("fixed_limits")
def test_a_marque_twenty_over_at_a_suit_with_a_digit_in_doubt_is_asked_whole():
    """At a suit a side has one belote at most: no other count is tried,
    the row is asked as before (its marque a slip or misread)."""
    read = _row("H", {"A": 1}, "A")
    read.fields["marque_a"] = FieldRead(read.fields["marque_a"].value + 20, True)
    read = _boxed(read)
    check_deal(read, ALL_TRUMPS, (0, 0), 0)
    assert "belotes_counted" not in read.reasons
    assert {"points", "marque_a"} <= set(read.asked)


@pytest.mark.usefixtures("fixed_limits")
def test_two_counts_that_both_settle_are_not_chosen_between():
    """Safety: when more than one other count lets the row settle, none is
    taken (the row is asked as before)."""
    from tournaments.features.sheets.domain import belotes

    read = _boxed(_row("TA", {"A": 2}, "A"))
    assert belotes.count_in_doubt(read, lambda trial: True) is False
    assert read.fields["belote"].value == "A" and read.asked == []
    assert belotes.count_in_doubt(read, lambda trial: trial.fields["belote"].value == "AAA")
    assert read.fields["belote"].value == "AAA" and read.asked == ["belote"]
