"""Ink from elsewhere in a number's box (issue 59): a player corrects a
number by striking it and writing the right one small above its boxes —
into the bottom of the row above's boxes — or a digit's tail runs over
into the row beside. Every digit written in its own box crosses the box's
middle; that ink stays at an edge. Such a box is « stray » (cells.STRAY):
read as no digit, its field asked (« de l'encre au bord de ces cases… »),
never settled nor confirmed by the rules.

Found by a probe of players' corrections the reader was not tuned on
(29 November 2026): a correction « 64 » written above deal 8's defence
boxes was read 0, sure, as deal 7's defence's points (left blank there),
unasked."""

from __future__ import annotations

import numpy as np
import pytest

from bench import sheet_photos
from tests.tournaments.features.sheets import builders
from tests.tournaments.features.sheets.builders import SHOT, made_80_row, played
from tournaments.domain.sheet_layout import DIGITS, Box, Field
from tournaments.features.sheets import display, queries
from tournaments.features.sheets.domain import cells
from tournaments.features.sheets.domain.checks import FieldRead, check_deal
from tournaments.features.sheets.domain.reader import _number
from tournaments.pdf import sheets

# engine_free: reading a photo of a sheet (its boxes, its digits, what it
# asks) is the same code on any database, as test_reader.py's; what it asks
# the database (the table of a QR code, the photo's row, a deal recorded)
# test_desk_pile.py and test_generale_sheet.py ask in CI's PostgreSQL +
# Redis tier, so that tier would run these a second time alike.
pytestmark = pytest.mark.engine_free

PER_MM = cells.PER_MM
FIELD = Field("points", DIGITS, tuple(Box(str(i), 5.0 + 6 * i, 10.0, 5.0, 8.0) for i in range(3)))


def _stroke(band: cells.Straightened, box: Box, top: float, bottom: float) -> None:
    """A pen's upright stroke in `box`, from `top` to `bottom` (shares of
    its height; beyond 0 … 1 it runs over the printed outline)."""
    x = round((box.x + box.w / 2) * PER_MM)
    y0, y1 = (round((box.y + share * box.h) * PER_MM) for share in (top, bottom))
    band.dark[y0:y1, x - 3 : x + 3] = 0.9


@pytest.mark.parametrize(
    ("top", "bottom", "stray"),
    [
        (0.15, 0.85, False),  # a 1 written in its box
        (0.4, 0.6, False),  # a digit written small, across the middle
        (0.7, 1.1, True),  # the top of a digit written under the box, over its outline
        (-0.1, 0.3, True),  # a tail running over from the row above
    ],
)
def test_ink_that_misses_the_middle_of_its_box_is_stray(top, bottom, stray):
    band = cells.Straightened(np.zeros((int(30 * PER_MM), int(30 * PER_MM)), np.float32), 0, 0)
    _stroke(band, FIELD.boxes[1], top, bottom)
    reads = cells.read_field(band, FIELD)
    assert [read.stray for read in reads] == [False, stray, False]
    assert reads[0].ink == 0.0 and reads[1].ink > cells.BLANK


def _box(digit: int | None, *, stray: bool = False) -> cells.BoxRead:
    if digit is None:
        return cells.BoxRead(0.0)
    return cells.BoxRead(0.2, digit, 1.0, None, (), stray=stray)


@pytest.mark.parametrize(
    ("boxes", "value", "sure"),
    [
        ([_box(None), _box(6, stray=True), _box(4, stray=True)], None, False),
        ([_box(None), _box(9), _box(7)], 97, True),
        ([_box(1, stray=True), _box(9), _box(7)], 97, False),  # the 1 is not read, 97 asked
        ([_box(1), _box(5, stray=True), _box(7)], None, False),  # a gap, not 17
    ],
)
def test_a_stray_box_is_read_as_no_digit_and_makes_its_number_unsure(boxes, value, sure):
    read = _number(boxes)
    assert (read.value, read.sure) == (value, sure)
    assert read.stray is any(box.stray for box in boxes)


@pytest.mark.parametrize(
    ("field", "blank"),
    [
        (FieldRead(None, False, stray=True), True),  # only ink from elsewhere
        (FieldRead(None, True), True),  # nothing written
        # A stroke across a box's middle read as no digit, beside a stray
        # box: ink of its own, not a blank row.
        (FieldRead(None, False, (0.8,), stray=True), False),
        (FieldRead(None, False), False),  # unreadable
    ],
)
def test_a_row_is_blank_only_when_no_box_holds_ink_of_its_own(field, blank):
    from tournaments.features.sheets.domain.reader import _blank

    empty = FieldRead(None, True)
    assert _blank((3, {"taker": empty, "points": empty, "marque_b": field})) is blank


@pytest.mark.parametrize(
    ("field", "read"),
    [
        ("points_defence", FieldRead(None, False, stray=True)),  # blank but for ink from below
        # 82 written, its 2 with a correction's ink under it, read 7 at
        # 0.5: settling would take 82 from the marques — unasked.
        ("points", FieldRead(87, False, (1.0, 0.5), (-1, 2), stray=True)),
    ],
)
def test_a_stray_field_is_asked_and_never_settled(tournament, field, read):
    rules = tournament.rule_profile
    row = made_80_row(rules, **{field: read})
    check_deal(row, rules, (0, 0), 0)
    assert field in row.asked and row.why[field] == "stray"
    assert row.fields[field].value == read.value  # not settled to what the marques need
    assert row.fields[field].to_json()["stray"] is True
    fields = {name: f.to_json() for name, f in row.fields.items()}
    said = display.reasons_said(row.reasons, row.asked, fields, list(row.marques or ()))
    assert said[0].startswith("de l'encre au bord de ces cases, rien au milieu")
    assert not any("sans certitude" in sentence for sentence in said)  # said once


def test_a_stray_field_beside_a_digit_in_doubt_is_said_once(tournament):
    """The unsure sentences name the digits in doubt, not the stray field
    (« un chiffre illisible » would say what the photo does not show)."""
    rules = tournament.rule_profile
    row = made_80_row(
        rules,
        points_defence=FieldRead(None, False, stray=True),
        announce_a=FieldRead(20, False, (0.6, 1.0), (7, -1)),
    )
    check_deal(row, rules, (0, 0), 0)
    fields = {name: f.to_json() for name, f in row.fields.items()}
    said = display.reasons_said(row.reasons, row.asked, fields, list(row.marques or ()))
    assert "unsure" in row.reasons and {"points_defence", "announce_a"} <= set(row.asked)
    assert not any(sentence.startswith("points de la défense :") for sentence in said)


@pytest.mark.django_db
def test_a_correction_written_above_a_row_is_not_read_in_the_row_above(sheet_table):
    """Deal 1's defence left blank; deal 2's defence's points written again
    small above their boxes: deal 1's boxes hold the bottom of the
    correction's digits, not a number — asked, read as none."""
    deals = played(sheet_table, 2, seed=4)
    rows = {i + 1: dict(values) for i, (_, values) in enumerate(deals)}
    rows[1].pop("points_defence", None)
    layout = sheets.table_layout(sheet_table)
    page = builders._written(sheet_table, rows, 4, None)
    builders.written_small_above(layout, page, 2, "points_defence", "64", seed=5)
    data = sheet_photos.photograph(page, SHOT, 4)
    first = queries.read_sheet(data, tournament=sheet_table.round.tournament).read.deals[0]
    assert first.fields["points_defence"].stray
    assert first.fields["points_defence"].value is None
    assert first.why.get("points_defence") == "stray"


@pytest.mark.django_db
def test_a_row_after_the_last_deal_holding_only_ink_from_above_is_no_deal(sheet_table):
    """Deal 2's takers' points run over into row 3 (no deal played there):
    row 3 holds only stray ink, and is not kept as a deal — the review
    could only record it as a deal passed, never played. Deal 2 is read
    and checked as ever."""
    deals = played(sheet_table, 2, seed=4)
    rows = {i + 1: dict(values) for i, (_, values) in enumerate(deals)}
    layout = sheets.table_layout(sheet_table)
    page = builders._written(sheet_table, rows, 4, None)
    builders.written_small_above(
        layout, page, 3, "points", "97", seed=5
    )  # above row 3: under row 2
    data = sheet_photos.photograph(page, SHOT, 4)
    read = queries.read_sheet(data, tournament=sheet_table.round.tournament).read
    assert [deal.deal for deal in read.deals] == [1, 2]


@pytest.mark.django_db
def test_a_blank_row_between_deals_holding_only_stray_ink_is_asked(sheet_table):
    """Row 2 left blank between deals 1 and 3, the bottom of a correction
    written above row 3 in it: asked as a blank row, not read as a deal."""
    deals = played(sheet_table, 3, seed=4)
    rows = {1: dict(deals[0][1]), 3: dict(deals[2][1])}
    layout = sheets.table_layout(sheet_table)
    page = builders._written(sheet_table, rows, 4, None)
    builders.written_small_above(layout, page, 3, "points", "97", seed=5)
    data = sheet_photos.photograph(page, SHOT, 4)
    second = queries.read_sheet(data, tournament=sheet_table.round.tournament).read.deals[1]
    assert "blank_row" in second.reasons and second.fields["points"].stray
