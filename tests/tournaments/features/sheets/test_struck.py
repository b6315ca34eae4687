"""A number struck out (issue 59): a player who wrote a wrong number
strikes it and writes the right one beside it. The network still reads the
digits under the stroke, often sure; where the rules cannot check them (a
chute's card points, an announcement) the wrong number passed unasked
(found by a corrections probe, benchmark seed 49: a chute's points struck
out, read 55 for 45, settled sure). A straight stroke across the boxes
written, running on past them (strikes.py), makes the number « struck »: read as
none, asked, never settled nor confirmed by the rules, never filled in
from the marques."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import ImageDraw

from bench import sheet_photos
from tests.tournaments.features.sheets import builders
from tests.tournaments.features.sheets.builders import SHOT, made_80_row, played
from tournaments.domain.sheet_layout import DIGITS, Box, Field
from tournaments.features.sheets import display, queries
from tournaments.features.sheets.domain import cells, strikes
from tournaments.features.sheets.domain.checks import FieldRead, check_deal
from tournaments.pdf import sheets

# engine_free: as test_stray.py's, reading a photo is the same code on any
# database; test_desk_pile.py asks the database side in CI's PostgreSQL tier.
pytestmark = pytest.mark.engine_free

PER_MM = cells.PER_MM
FIELD = Field("points", DIGITS, tuple(Box(str(i), 5.0 + 6.5 * i, 10.0, 6.5, 8.5) for i in range(3)))


def _band() -> cells.Straightened:
    """A band 40 × 30 mm with the field's boxes printed (their sides at
    0.3 darkness against the paper, a printed line's)."""
    dark = np.zeros((int(30 * PER_MM), int(40 * PER_MM)), np.float32)
    for box in FIELD.boxes:
        y0, y1 = round(box.y * PER_MM), round((box.y + box.h) * PER_MM)
        for x in (box.x, box.x + box.w):
            dark[y0:y1, round(x * PER_MM) - 1 : round(x * PER_MM) + 2] = 0.3
    return cells.Straightened(dark, 0, 0)


def _upright(band: cells.Straightened, box: Box) -> None:
    """A 1 written in `box`, across its middle."""
    x = round((box.x + box.w / 2) * PER_MM)
    y0, y1 = (round((box.y + share * box.h) * PER_MM) for share in (0.15, 0.85))
    band.dark[y0:y1, x - 3 : x + 3] = 0.9


def _across(band: cells.Straightened, x0: float, x1: float, at: float = 0.5, rise: float = 0.0):
    """A stroke 0.5 mm thick from x0 to x1 (mm) at `at` of the boxes'
    height, rising `rise` mm over its length."""
    box = FIELD.boxes[0]
    for x in np.arange(x0, x1, 0.05):
        y = box.y + at * box.h - rise * (x - x0) / (x1 - x0)
        r, c = round(y * PER_MM), round(x * PER_MM)
        band.dark[r - 2 : r + 3, c] = 0.9


def _struck(band: cells.Straightened) -> bool:
    return strikes.struck(band, FIELD, cells.read_field(band, FIELD))


@pytest.mark.parametrize(
    ("x0", "x1", "at", "rise", "struck"),
    [
        (11.0, 25.0, 0.5, 0.0, True),  # across boxes 1 and 2, on past both sides
        (11.0, 24.0, 0.45, 1.0, True),  # rising 1 mm, on past the left side only
        (12.0, 25.0, 0.55, -1.0, True),  # falling, on past the right side only
        (7.0, 25.0, 0.5, 0.0, True),  # its end running into box 0, left blank
        (7.0, 24.0, 0.5, 0.0, True),  # from box 0, left blank, to the right end: past the left one
        (12.0, 24.0, 0.5, 0.0, False),  # from side to side, past neither: no sign of a stroke
        (13.0, 17.0, 0.5, 0.0, False),  # a bar inside box 1 (a 7's, a 4's)
        (16.0, 20.0, 0.5, 0.0, False),  # two digits touching across the side between them
        (11.0, 25.0, 0.03, 0.0, False),  # along the boxes' top line: not through the number
    ],
)
def test_a_long_straight_stroke_running_past_the_number_strikes_it(x0, x1, at, rise, struck):
    band = _band()
    for box in FIELD.boxes[1:]:
        _upright(band, box)
    _across(band, x0, x1, at, rise)
    assert _struck(band) is struck


def test_one_digit_struck_and_one_digit_not():
    band = _band()
    _upright(band, FIELD.boxes[2])
    assert not _struck(band)
    _across(band, 17.4, 25.0)  # box 2 is 18.0 to 24.5
    assert _struck(band)


def test_a_number_with_no_box_written_is_never_struck():
    band = _band()
    _across(band, 11.0, 25.0)
    assert not strikes.struck(band, FIELD, [cells.BoxRead(0.0)] * 3)


def test_a_struck_field_is_asked_and_said_in_words(tournament):
    rules = tournament.rule_profile
    row = made_80_row(rules, points=FieldRead(None, False, struck=True))
    check_deal(row, rules, (0, 0), 0)
    assert row.why["points"] == "struck"
    assert row.fields["points"].to_json()["struck"] is True
    fields = {name: f.to_json() for name, f in row.fields.items()}
    said = display.reasons_said(row.reasons, row.asked, fields, list(row.marques or ()))
    assert said[0] == ("un nombre barré, corrigé à côté : lisez la correction sur la feuille")
    assert not any("sans certitude" in sentence for sentence in said)  # said once
    from django.utils import translation

    with translation.override("en"):
        english = display.reasons_said(row.reasons, row.asked, fields, list(row.marques or ()))
    assert english[0] == (
        "a number struck out and corrected beside it: read the correction on the sheet"
    )


def _struck_sheet(table) -> tuple[bytes, str]:
    """A photo of `table`'s sheet, three deals, deal 2's first number
    written wrong (its first digit changed), struck out by a stroke 0.45 mm
    wide running 0.5 mm past it, the right one written small above; and
    that number's field."""
    deals = played(table, 3, seed=4)
    rows = {i + 1: dict(values) for i, (_, values) in enumerate(deals)}
    layout = sheets.table_layout(table)
    field = next(f.name for f in layout.rows[1].fields if f.kind == DIGITS and rows[2].get(f.name))
    right = str(rows[2].pop(field))
    wrong = str((int(right[0]) + 3) % 10 or 5) + right[1:]
    page = builders._written(table, rows, 4, None)
    per_mm = page.width / 210.0
    pen = builders.writer(5)
    boxes = layout.rows[1].field(field).boxes[-len(wrong) :]
    for digit, box in zip(wrong, boxes, strict=True):
        sheet_photos._digit(page, box, int(digit), pen, per_mm)
    y = (boxes[0].y + boxes[0].h * 0.5) * per_mm
    x0, x1 = (boxes[0].x - 0.5) * per_mm, (boxes[-1].x + boxes[-1].w + 0.5) * per_mm
    ImageDraw.Draw(page).line((x0, y + 3, x1, y - 3), fill=pen.ink, width=round(0.45 * per_mm))
    builders.written_small_above(layout, page, 2, field, right, seed=5)
    return sheet_photos.photograph(page, SHOT, 4), field


@pytest.mark.django_db
def test_a_number_struck_out_on_a_photo_is_asked_not_read(sheet_table):
    """Deal 2's first number struck out, the right one written small above
    it: asked « struck », read as none; the other deals read as ever, none
    of their numbers taken for struck."""
    data, field = _struck_sheet(sheet_table)
    read = queries.read_sheet(data, tournament=sheet_table.round.tournament).read
    second = read.deals[1]
    assert second.fields[field].struck and second.why.get(field) == "struck"
    assert second.fields[field].value is None  # never the number under the stroke
    assert not any(
        f.struck for deal in (read.deals[0], read.deals[2]) for f in deal.fields.values()
    )


@pytest.mark.parametrize("field", ["bid", "points", "points_defence", "marque_a", "marque_b"])
def test_a_struck_number_is_never_given_the_value_the_rules_would_give_it(tournament, field):
    """Every other box read right and sure: the struck number is read as
    none and asked, its row checked as read — not filled in from the
    marques (a value the rules give with one belote, or one announcement,
    may be another with two: what the players wrote beside it is asked)."""
    rules = tournament.rule_profile
    row = made_80_row(rules, **{field: FieldRead(None, False, struck=True)})
    check_deal(row, rules, (0, 0), 0)
    assert row.fields[field].value is None and row.why[field] == "struck"
    assert row.asked[0] == field


@pytest.mark.parametrize(
    ("changed", "asked"),
    [
        # A digit in doubt beside it.
        ({"announce_a": FieldRead(20, False, (0.6, 1.0), (7, -1))}, {"points", "announce_a"}),
        # No marque written: nothing checks the points.
        ({"marque_a": FieldRead(None, True), "marque_b": FieldRead(None, True)}, {"points"}),
    ],
)
def test_a_struck_number_s_row_asks_what_else_is_in_doubt(tournament, changed, asked):
    rules = tournament.rule_profile
    row = made_80_row(rules, points=FieldRead(None, False, struck=True), **changed)
    check_deal(row, rules, (0, 0), 0)
    assert row.fields["points"].value is None and row.why["points"] == "struck"
    assert asked <= set(row.asked)


@pytest.mark.django_db
def test_the_review_says_a_number_struck_out_next_to_its_deal(desk, table):
    """The desk's review of a sheet with a number struck out says so in
    plain words, French and English; nothing is recorded."""
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    from tournaments.features.sheets.models import SheetPhoto

    data, _field = _struck_sheet(table)
    rnd = table.round
    upload = reverse("tournaments:sheets_upload", args=[rnd.tournament.slug, rnd.number])
    desk.post(upload, {"photos": SimpleUploadedFile("IMG_0001.jpg", data, "image/jpeg")})
    photo = SheetPhoto.objects.get()
    review = reverse("tournaments:sheet_review", args=[rnd.tournament.slug, rnd.number, photo.pk])
    french = desk.get(review).content.decode()
    assert "un nombre barré, corrigé à côté : lisez la correction sur la feuille" in french
    desk.cookies["django_language"] = "en"
    english = desk.get(review).content.decode()
    assert (
        "a number struck out and corrected beside it: read the correction on the sheet" in english
    )
    assert table.deals.count() == 0


@pytest.mark.parametrize(
    ("marque_a", "bid", "bid_asked"),
    [
        (FieldRead(None, False, struck=True), FieldRead(80, True, (0.9998, 1.0)), True),
        (FieldRead(None, True), FieldRead(80, True, (0.9998, 1.0)), True),  # not written
        (FieldRead(None, False, struck=True), FieldRead(80, True, (1.0, 1.0)), False),
    ],
)
def test_a_missing_marque_asks_the_bid_only_it_would_check(tournament, marque_a, bid, bid_asked):
    """N-S's marque struck out or not written, their contract made: the
    other marque is the defence's points, whatever the bid. A bid read
    sure but not beyond doubt is then unchecked, and asked (helper-53's
    review: a bid 90 read 80 at 0.9998 was recorded unasked)."""
    rules = tournament.rule_profile
    row = made_80_row(rules, marque_a=marque_a, bid=bid)
    check_deal(row, rules, (0, 0), 0)
    assert ("bid" in row.asked) is bid_asked
    assert "points" in row.asked and "marque_missing" in row.reasons


def test_a_struck_marque_is_said_struck_not_unreadable(tournament):
    from django.utils import translation

    rules = tournament.rule_profile
    row = made_80_row(rules, marque_a=FieldRead(None, False, struck=True))
    check_deal(row, rules, (0, 0), 0)
    fields = {name: f.to_json() for name, f in row.fields.items()}
    said = display.reasons_said(row.reasons, row.asked, fields, list(row.marques or ()))
    assert "marque N-S barrée : rien ne vérifie les points" in said
    assert not any("illisible" in sentence for sentence in said)
    with translation.override("en"):
        english = display.reasons_said(row.reasons, row.asked, fields, list(row.marques or ()))
    assert any(sentence.endswith("struck out: nothing checks the points") for sentence in english)


@pytest.mark.parametrize(
    ("field", "untrue"), [("bid", "ce contrat"), ("points", "les points des preneurs ne vont pas")]
)
def test_the_engine_s_refusal_of_a_struck_number_is_not_said(tournament, field, untrue):
    """The contract or the points struck out, read as none: the engine
    refuses the deal for want of them; the review says the number is
    struck, not that the contract is none or the points out of range."""
    rules = tournament.rule_profile
    row = made_80_row(rules, **{field: FieldRead(None, False, struck=True)})
    check_deal(row, rules, (0, 0), 0)
    assert f"engine_{field}" in row.reasons
    fields = {name: f.to_json() for name, f in row.fields.items()}
    said = display.reasons_said(row.reasons, row.asked, fields, list(row.marques or ()))
    assert said[0].startswith("un nombre barré")
    assert not any(sentence.startswith(untrue) for sentence in said)


def _dash(band: cells.Straightened) -> bool:
    return strikes.dash(band, FIELD, cells.read_field(band, FIELD))


@pytest.mark.parametrize(
    ("strokes", "uprights", "dash"),
    [
        ([(5.5, 24.0, 0.5, 0.0)], (), True),  # from box 0 to box 2, inside the field
        ([(4.0, 26.0, 0.45, 0.3)], (), True),  # on past both ends, rising 0.3 mm
        ([(19.0, 22.5, 0.55, 0.0)], (), True),  # a short dash in the last box
        ([(19.5, 20.5, 0.5, 0.0)], (), False),  # 1 mm: a speck, no dash
        ([(6.0, 12.0, 0.5, 2.0)], (), False),  # rising 2 mm over 6: a digit's stroke
        ([(5.5, 10.0, 0.5, 0.0), (15.0, 24.0, 0.5, 0.0)], (), False),  # two strokes apart
        ([(11.0, 25.0, 0.5, 0.0)], (1, 2), False),  # a number struck out: its digits off the line
        ([], (2,), False),  # a 1 alone
    ],
)
def test_a_dash_alone_in_a_number_s_boxes_is_told_from_a_number_struck(strokes, uprights, dash):
    """A dash (a player's « nothing » in a box left empty) holds nothing
    off its line; a number struck out holds its digits off the stroke."""
    band = _band()
    for i in uprights:
        _upright(band, FIELD.boxes[i])
    for x0, x1, at, rise in strokes:
        _across(band, x0, x1, at, rise)
    assert _dash(band) is dash


def test_a_dash_beside_ink_from_elsewhere_is_no_dash():
    band = _band()
    _across(band, 5.5, 24.0)
    reads = cells.read_field(band, FIELD)
    assert strikes.dash(band, FIELD, reads)
    stray = [reads[0], cells.BoxRead(reads[1].ink, stray=True), reads[2]]
    assert not strikes.dash(band, FIELD, stray)


@pytest.mark.django_db
def test_dashes_in_empty_numbers_on_a_photo_are_read_as_nothing_written(make_tournament):
    """A coinche sheet, a dash across every empty announcement of its four
    deals (from inside the first box to past the last one): each read as
    nothing written, sure, never « struck »; deal 3's first number, struck
    out and written again above, still struck."""
    table = builders.kind_table(make_tournament, "coinche with announcements")
    rows = {i + 1: dict(values) for i, (_, values) in enumerate(played(table, 4, seed=4))}
    layout = sheets.table_layout(table)
    struck = next(f.name for f in layout.rows[2].fields if f.kind == DIGITS and rows[3].get(f.name))
    right = str(rows[3].pop(struck))
    page = builders._written(table, rows, 4, None)
    per_mm = page.width / 210.0
    draw, pen = ImageDraw.Draw(page), builders.writer(5)
    dashed = []
    for row in layout.rows[:4]:
        for field in row.fields:
            if field.name.startswith("announce") and not rows[row.number].get(field.name):
                y = (field.boxes[0].y + field.boxes[0].h * 0.5) * per_mm
                x0, x1 = (field.left + 1.0) * per_mm, (field.right + 0.5) * per_mm
                draw.line((x0, y + 2, x1, y - 2), fill=pen.ink, width=round(0.45 * per_mm))
                dashed.append((row.number, field.name))
    boxes = layout.rows[2].field(struck).boxes[-len(right) :]
    wrong = str((int(right[0]) + 3) % 10 or 5) + right[1:]
    for digit, box in zip(wrong, boxes, strict=True):
        sheet_photos._digit(page, box, int(digit), pen, per_mm)
    y = (boxes[0].y + boxes[0].h * 0.5) * per_mm
    x0, x1 = (boxes[0].x - 0.5) * per_mm, (boxes[-1].x + boxes[-1].w + 0.5) * per_mm
    draw.line((x0, y + 3, x1, y - 3), fill=pen.ink, width=round(0.45 * per_mm))
    builders.written_small_above(layout, page, 3, struck, right, seed=5)
    data = sheet_photos.photograph(page, SHOT, 4)
    read = queries.read_sheet(data, tournament=table.round.tournament).read
    assert len(dashed) >= 4
    for number, name in dashed:
        field = read.deals[number - 1].fields[name]
        assert (field.value, field.sure, field.struck) == (None, True, False), (number, name)
        assert read.deals[number - 1].why.get(name) not in ("struck", "unsure")
    assert read.deals[2].fields[struck].struck


def _stroke(band: cells.Straightened, x: float, y0: float, y1: float, dark: float = 0.9) -> None:
    """An upright stroke 0.6 mm wide at x (mm), from y0 to y1 (mm), as dark as `dark`."""
    c = round(x * PER_MM)
    band.dark[round(y0 * PER_MM) : round(y1 * PER_MM), c - 3 : c + 3] = dark


@pytest.mark.parametrize(
    ("y0", "y1", "dark", "dash"),
    [
        (7.0, 8.5, 0.9, True),  # a digit written 1.5 mm above the boxes: not the dash's
        (8.8, 9.8, 0.9, False),  # a number written again just above the dash (helper-55's review)
        (18.7, 19.4, 0.9, False),  # a digit running over the boxes' bottom line
        (11.0, 17.0, 0.28, False),  # a 4's upright fainter than the pen's, its bar dark (ditto)
        (11.0, 17.0, 0.2, True),  # fainter still: nothing the network could read either
    ],
)
def test_ink_just_outside_the_boxes_or_faint_in_them_is_no_dash(y0, y1, dark, dash):
    """The boxes are 10 to 18.5 mm; a dash across them at 0.5, and one more
    stroke upright in box 1."""
    band = _band()
    _across(band, 5.5, 24.0)
    _stroke(band, 14.7, y0, y1, dark)
    assert strikes.dash(band, FIELD, [cells.BoxRead(0.05, 10, 1.0)] * 3) is dash


def test_a_box_the_network_reads_as_a_digit_is_no_dash():
    band = _band()
    _across(band, 5.5, 24.0)
    junk = cells.BoxRead(0.05, 10, 1.0)
    assert strikes.dash(band, FIELD, [junk] * 3)
    assert not strikes.dash(band, FIELD, [junk, cells.BoxRead(0.05, 4, 0.6), junk])
    assert strikes.dash(band, FIELD, [junk, cells.BoxRead(0.05, 4, 0.4), junk])


def test_the_marque_written_beside_a_dash_still_checks_the_deal(tournament):
    """N-S's marque left as a dash (nothing written), E-O's written 20 over
    the rules': asked « marque », not only « marque_missing » (helper-55's
    review: a capot's announcement read as none went through unasked)."""
    rules = tournament.rule_profile
    right = made_80_row(rules, marque_a=FieldRead(None, True, dash=True))
    check_deal(right, rules, (0, 0), 0)
    assert "marque_missing" in right.reasons and "marque" not in right.reasons
    b = right.marques[1]
    wrong = FieldRead(b + 20, True, (1.0,) * len(str(b + 20)))
    row = made_80_row(rules, marque_a=FieldRead(None, True, dash=True), marque_b=wrong)
    check_deal(row, rules, (0, 0), 0)
    assert "marque" in row.reasons and {"points", "bid", "marque_b"} <= set(row.asked)
    # Its digit that differs read in doubt: compared in its sure digits only.
    assert b >= 20 and len(str(b - 10)) == len(str(b))  # its tens digit then differs
    doubted = FieldRead(b - 10, False, (1.0,) * (len(str(b)) - 2) + (0.9, 1.0))
    row = made_80_row(rules, marque_a=FieldRead(None, True, dash=True), marque_b=doubted)
    check_deal(row, rules, (0, 0), 0)
    assert "marque" not in row.reasons and "marque_missing" in row.reasons


def test_a_last_row_of_dashes_is_kept_a_blank_row_between_deals_asked():
    """A row of dashes after the last deal (a deal passed, written « – »)
    is no row left for a deal never played: kept and asked."""
    from tournaments.features.sheets.domain import reader

    row = (6, {"marque_a": FieldRead(None, True, dash=True), "taker": FieldRead(None, True)})
    assert reader._blank(row)  # between deals: asked as a blank row
    assert not reader._blank(row, after_last=True)
    assert reader._blank((6, {"marque_a": FieldRead(None, True)}), after_last=True)


def test_a_speck_in_an_empty_announcement_settled_to_0_is_no_announcement(tournament):
    """A short dash alone in an announcement's box, read 8 (0.45), « not a
    digit » (0.40), 0 (0.09): only 0 fits the marques, the same as none. It
    is recorded as no announcement, not an announcement of 0 (found by the
    dash probe, seed 58: the benchmark counted those 0s as wrong numbers)."""
    rules = tournament.rule_profile
    box = (0.09, *([0.0075] * 7), 0.45, 0.0075, 0.40)
    speck = FieldRead(8, False, (0.45,), (10,), (box,))
    row = made_80_row(rules, announce_b=speck)
    check_deal(row, rules, (0, 0), 0)
    assert row.fields["announce_b"].value is None and row.fields["announce_b"].sure
    assert "announce_b" not in row.asked
