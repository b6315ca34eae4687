"""A reflection on the photo (issue 59): where a lamp's light washes a
part of the sheet out, the printed outlines fade with the pen's ink, so
what reads blank there is not known to be blank. Such boxes are « washed »
(cells.washed_boxes), their fields asked (« ces cases ne se voient pas sur
la photo »), never settled nor confirmed by the rules.

Found by an independent camera (a helper's, 29 November 2026): under a
reflection, an announcement washed out read blank and settling moved a
marque's doubted digit to fit (written 170, recorded 130), unasked."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from bench import sheet_photos
from tests.tournaments.features.sheets.builders import SHOT, _written, made_80_row, played
from tournaments.domain.sheet_layout import Box
from tournaments.features.sheets import queries
from tournaments.features.sheets.domain import cells
from tournaments.features.sheets.domain.checks import FieldRead, check_deal
from tournaments.features.sheets.domain.limits import Refused
from tournaments.pdf import sheets

# engine_free: reading a photo of a sheet (its boxes, its digits, what it
# asks) is the same code on any database, as test_reader.py's; what it asks
# the database (the table of a QR code, the photo's row, a deal recorded)
# test_desk_pile.py and test_generale_sheet.py ask in CI's PostgreSQL +
# Redis tier, so that tier would run these a second time alike.
pytestmark = pytest.mark.engine_free

PER_MM = cells.PER_MM


def _band(boxes: tuple[Box, ...], darkness: list[float]) -> cells.Straightened:
    """A band whose boxes' printed top and bottom lines are that dark."""
    dark = np.zeros((int(40 * PER_MM), int(80 * PER_MM)), np.float32)
    for box, value in zip(boxes, darkness, strict=True):
        x0, x1 = int(box.x * PER_MM), int((box.x + box.w) * PER_MM)
        for y in (box.y, box.y + box.h):
            row = int(y * PER_MM)
            dark[row : row + 2, x0:x1] = value
    return cells.Straightened(dark, 0.0, 0.0)


BOXES = tuple(Box(str(i), 5.0 + 7 * i, 10.0, 6.0, 8.5) for i in range(8))


@pytest.mark.parametrize(
    ("darkness", "washed"),
    [
        ([0.3] * 8, set()),  # every outline as printed
        ([0.3, 0.28, 0.32, 0.2, 0.3, 0.31, 0.29, 0.3], set()),  # 0.67 of the median: shade
        ([0.3] * 6 + [0.01, 0.0], {"6", "7"}),  # a reflection over the last two
        ([0.3] * 7 + [0.1], {"7"}),  # a third of the usual line: a pen's stroke is gone too
        ([0.3] * 2 + [0.01] * 6, {"2", "3", "4", "5", "6", "7"}),  # a reflection over most
        ([0.03] * 8, {str(i) for i in range(8)}),  # a photo burnt white over the whole grid
        ([0.11] * 8, set()),  # the faintest outline seen on a photo no reflection touched
    ],
)
def test_a_box_whose_printed_outline_fades_is_washed_out(darkness, washed):
    band = _band(BOXES, darkness)
    found = cells.washed_boxes(band, BOXES)
    assert {box.name for box in found} == washed


def test_a_pen_stroke_across_a_washed_out_outline_leaves_it_washed_out():
    """The outline is its first quartile along the box: a stroke crossing
    it in one place does not make a faded line read as printed."""
    band = _band(BOXES, [0.3] * 7 + [0.01])
    x = int((BOXES[7].x + 2) * PER_MM)
    band.dark[int(9 * PER_MM) : int(20 * PER_MM), x : x + 6] = 0.8
    assert {box.name for box in cells.washed_boxes(band, BOXES)} == {"7"}


@pytest.mark.parametrize("written", [3, 6])
def test_a_large_hand_over_the_printed_lines_washes_nothing_out(written):
    """Digits written taller than their boxes run along the boxes' top and
    bottom lines with the pen's ink, darker than print: over 70 % of the
    width of `written` boxes of 8, both lines. The printed outlines stay
    what the sheet's usual one is (with each line's median, the pen's
    darkness became the usual outline, and the boxes left bare read
    washed out: big handwriting refused as « glare »)."""
    band = _band(BOXES, [0.3] * 8)
    for box in BOXES[:written]:
        x0 = int(box.x * PER_MM)
        for y in (box.y, box.y + box.h):
            row = int(y * PER_MM)
            band.dark[row - 2 : row + 4, x0 : x0 + int(0.7 * box.w * PER_MM)] = 0.9
    assert cells.washed_boxes(band, BOXES) == frozenset()


@pytest.mark.parametrize(
    ("field", "read"),
    [
        # 82 written, its 8 faded and read 7 or 8 at 0.5: settling would
        # take 82 from the marques — a digit no box holds any more.
        ("points", FieldRead(72, False, (0.5, 1.0), (8, -1), washed=True)),
        ("points_defence", FieldRead(None, False, washed=True)),  # read blank
        ("trump", FieldRead(None, False, washed=True)),  # its cross gone
        ("announce_a", FieldRead(None, False, washed=True)),  # blank, or written and gone
    ],
)
def test_a_field_washed_out_is_asked_and_never_settled(tournament, field, read):
    row = made_80_row(tournament.rule_profile, **{field: read})
    check_deal(row, tournament.rule_profile, (0, 0), 0)
    assert field in row.asked and row.why[field] == "washed"
    assert not row.fields[field].sure and row.fields[field].value == read.value
    assert "unsure" not in row.reasons  # said once, as washed (« une croix pas nette » is not)
    assert row.fields[field].to_json()["washed"] is True  # kept for the review's words


def test_the_same_row_not_washed_is_settled_from_its_marques(tournament):
    """The case above without the reflection: the rules settle the 7 read
    at 0.5 as the 8 the marques need (what a washed row must not do)."""
    row = made_80_row(tournament.rule_profile, points=FieldRead(72, False, (0.5, 1.0), (8, -1)))
    check_deal(row, tournament.rule_profile, (0, 0), 0)
    assert row.fields["points"].value == 82 and "points" not in row.asked


def _lit(page: Image.Image, centre: tuple[float, float], radius: float, peak: float = 1.3):
    """`page` under a lamp's reflection: light added around `centre` (mm)."""
    per_mm = page.width / 210.0
    ys, xs = np.mgrid[0 : page.height, 0 : page.width].astype(np.float32)
    cx, cy = centre[0] * per_mm, centre[1] * per_mm
    glare = peak * np.exp(-(((xs - cx) ** 2 + (ys - cy) ** 2) / (radius * per_mm) ** 2) * 1.5)
    lit = np.asarray(page, np.float32) / 255 + glare[..., None]
    return Image.fromarray((np.clip(lit, 0, 1) * 255).astype(np.uint8))


def _photo(sheet_table, centre_of, radius: float) -> bytes:
    deals = played(sheet_table, 2, seed=4)
    rows = {i + 1: dict(values) for i, (_, values) in enumerate(deals)}
    page = _written(sheet_table, rows, 4, None)
    layout = sheets.table_layout(sheet_table)
    return sheet_photos.photograph(_lit(page, centre_of(layout), radius), SHOT, 4)


def _centre(box: Box) -> tuple[float, float]:
    return box.x + box.w / 2, box.y + box.h / 2


@pytest.mark.django_db
def test_a_reflection_over_the_defences_points_asks_them(sheet_table):
    """Deal 2's defence's points under a lamp's reflection: the photo reads
    them blank; they are asked, with the reason said, not taken as blank."""

    def defence(layout):
        return _centre(layout.rows[1].field("points_defence").boxes[1])

    data = _photo(sheet_table, defence, 6)
    read = queries.read_sheet(data, tournament=sheet_table.round.tournament).read
    second = read.deals[1]
    assert "points_defence" in second.asked and second.why["points_defence"] == "washed"
    assert "washed" not in read.deals[0].reasons  # the reflection is over deal 2 only


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("where", "radius"),
    [
        # Over the rows after the last deal: a deal written there may be gone.
        (lambda layout: _centre(layout.rows[-2].field("points").boxes[0]), 6),
        # Over most of the grid.
        (lambda layout: (105.0, (layout.top + layout.bottom) / 2), 150),
    ],
)
def test_a_reflection_no_row_can_be_asked_about_refuses_the_photo(sheet_table, where, radius):
    data = _photo(sheet_table, where, radius)
    with pytest.raises(Refused) as refused:
        queries.read_sheet(data, tournament=sheet_table.round.tournament)
    assert refused.value.code == "glare"


#: A phone's photo sent small: 2 megapixels, blurred, compressed hard.
SMALL = sheet_photos.Shot(tilt=10.0, megapixels=2.0, blur=1.0, light=0.25, shadow=False, quality=60)


@pytest.mark.django_db
@pytest.mark.parametrize(("shot", "seed"), [(SHOT, 7), (SMALL, 11)])
def test_a_sheet_written_in_a_large_hand_is_read_not_refused(sheet_table, monkeypatch, shot, seed):
    """Ten deals, every digit written 1.1 to 1.45 times as tall as its box,
    running along its lines: the photo is read, no box washed out. It was
    refused « glare » when each line's median measured the printed outline
    (the 4-megapixel photo: 150 of 420 boxes washed), and, the 2-megapixel
    one, when the usual outline was taken over every box, not the bare
    ones (a helper's review, 29 November 2026)."""
    monkeypatch.setattr(sheet_photos, "DIGIT_OF_BOX", (1.1, 1.45))
    deals = played(sheet_table, 10, seed=seed)
    rows = {i + 1: dict(values) for i, (_, values) in enumerate(deals)}
    data = sheet_photos.photograph(_written(sheet_table, rows, seed, None), shot, seed)
    read = queries.read_sheet(data, tournament=sheet_table.round.tournament).read
    assert len(read.deals) == 10
    assert not any(field.washed for deal in read.deals for field in deal.fields.values())
