"""A reflection on the photo (issue 59): where a lamp's light washes a
part of the sheet out, the printed outlines fade with the pen's ink, so
what reads blank there is not known to be blank. Such boxes are « washed »
(cells.washed_boxes), their fields asked (« ces cases ne se voient pas sur
la photo »), never settled nor confirmed by the rules.

Found by an independent camera (a helper's, 29 November 2026): under a
reflection, an announcement washed out read blank and settling moved a
marque's doubted digit to fit (written 170, recorded 130), unasked."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest
from PIL import Image

from bench import sheet_photos
from tests.tournaments.features.sheets.builders import SHOT, _written, played
from tournaments.domain.sheet_layout import Box
from tournaments.features.sheets import queries
from tournaments.features.sheets.domain import cells
from tournaments.features.sheets.domain.checks import DealRead, FieldRead, check_deal
from tournaments.pdf import sheets

PER_MM = cells.PER_MM


def _layout(boxes: list[Box]) -> SimpleNamespace:
    field = SimpleNamespace(boxes=boxes)
    return SimpleNamespace(rows=[SimpleNamespace(fields=[field])])


def _band(boxes: list[Box], darkness: list[float]) -> cells.Straightened:
    """A band whose boxes' printed top and bottom lines are that dark."""
    dark = np.zeros((int(40 * PER_MM), int(80 * PER_MM)), np.float32)
    for box, value in zip(boxes, darkness, strict=True):
        x0, x1 = int(box.x * PER_MM), int((box.x + box.w) * PER_MM)
        for y in (box.y, box.y + box.h):
            row = int(y * PER_MM)
            dark[row : row + 2, x0:x1] = value
    return cells.Straightened(np.clip((dark - 0.15) / 0.3, 0, 1), 0.0, 0.0, dark)


BOXES = [Box(str(i), 5.0 + 7 * i, 10.0, 6.0, 8.5) for i in range(8)]


@pytest.mark.parametrize(
    ("darkness", "washed"),
    [
        ([0.3] * 8, set()),  # every outline as printed
        ([0.3, 0.28, 0.32, 0.2, 0.3, 0.31, 0.29, 0.3], set()),  # 0.67 of the median: shade
        ([0.3] * 6 + [0.01, 0.0], {"6", "7"}),  # a reflection over the last two
        ([0.3] * 7 + [0.1], {"7"}),  # a third of the usual line: a pen's stroke is gone too
        ([0.3] * 2 + [0.01] * 6, {"2", "3", "4", "5", "6", "7"}),  # a reflection over most
        ([0.03] * 8, {str(i) for i in range(8)}),  # a photo burnt white over the whole grid
        ([0.12] * 8, set()),  # the faintest outlines seen on a photo no reflection touched
    ],
)
def test_a_box_whose_printed_outline_fades_is_washed_out(darkness, washed):
    band = _band(BOXES, darkness)
    found = cells.washed_boxes(band, _layout(BOXES))  # type: ignore[arg-type]
    assert {box.name for box in found} == washed


def test_a_pen_stroke_across_an_outline_never_washes_it_out():
    band = _band(BOXES, [0.3] * 8)
    x = int((BOXES[2].x + 2) * PER_MM)
    band.dark[int(9 * PER_MM) : int(20 * PER_MM), x : x + 4] = 0.8  # type: ignore[index]
    assert not cells.washed_boxes(band, _layout(BOXES))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("announce_a", None),  # an announcement washed out: read blank
        ("points_defence", None),  # the defence's points washed out
        ("trump", None),  # the trump's cross washed out
        ("points", 8),  # 82 written, its 2 washed out
    ],
)
def test_a_field_washed_out_is_asked_and_never_settled(tournament, field, value):
    rules = tournament.rule_profile
    fields = {
        "taker": FieldRead("A", True),
        "trump": FieldRead("H", True),
        "points": FieldRead(82, True, (1.0, 1.0)),
        "points_defence": FieldRead(80, True, (1.0, 1.0)),
        "marque_a": FieldRead(82, True, (1.0, 1.0)),
        "marque_b": FieldRead(80, True, (1.0, 1.0)),
    }
    fields[field] = FieldRead(value, False, (0.99,) * len(str(value or "")), washed=True)
    read = DealRead(1, fields)
    check_deal(read, rules, (0, 0), 0)
    assert field in read.asked and read.why[field] == "washed"
    assert not read.fields[field].sure


@pytest.mark.django_db
def test_a_reflection_over_the_defences_points_asks_them(sheet_table):
    """Deal 2's defence's points under a lamp's reflection: the photo reads
    them blank; they are asked, with the reason said, not taken as blank."""
    deals = played(sheet_table, 2, seed=4)
    rows = {i + 1: dict(values) for i, (_, values) in enumerate(deals)}
    page = _written(sheet_table, rows, 4, None).copy()
    defence = sheets.table_layout(sheet_table).rows[1].field("points_defence")
    assert defence is not None
    box = defence.boxes[1]
    per_mm = page.width / 210.0
    ys, xs = np.mgrid[0 : page.height, 0 : page.width].astype(np.float32)
    cx, cy = (box.x + box.w / 2) * per_mm, (box.y + box.h / 2) * per_mm
    glare = 1.3 * np.exp(-(((xs - cx) ** 2 + (ys - cy) ** 2) / (6 * per_mm) ** 2) * 1.5)
    lit = np.asarray(page, np.float32) / 255 + glare[..., None]
    page = Image.fromarray((np.clip(lit, 0, 1) * 255).astype(np.uint8))
    data = sheet_photos.photograph(page, SHOT, 4)
    read = queries.read_sheet(data, tournament=sheet_table.round.tournament).read
    second = read.deals[1]
    assert "points_defence" in second.asked and second.why["points_defence"] == "washed"
    assert "washed" not in read.deals[0].reasons  # the reflection is over deal 2 only
