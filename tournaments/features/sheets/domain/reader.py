"""A sheet's photo read into checked deals: the reader's one entry point.

`read_photo(data, layout_for=…)` checks the photo (photo.py), finds its
QR code and its corner marks (locate.py), asks its caller for the layout
the QR code names (`layout_for(mark)`: the caller knows the concours's
rules; it may refuse with `Refused`), straightens the grid, reads each box
(cells.py), and checks each deal by the rules (checks.py). It returns a
`SheetRead` or raises `Refused` with a code; nothing is recorded.

Pure: bytes and a layout in, plain values out. Must not: touch a database,
translate (display.py says the codes), record a deal (the desk does, once
a volunteer confirmed).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import scoring
from tournaments.domain.sheet_layout import DIGITS, MARKS, Box, DealRow, SheetLayout, SheetMark
from tournaments.features.sheets.domain import cells, checks, digits, locate, strikes
from tournaments.features.sheets.domain.checks import DealRead, FieldRead
from tournaments.features.sheets.domain.limits import Refused
from tournaments.features.sheets.domain.photo import Photo, open_photo

__all__ = ["DealRead", "FieldRead", "Refused", "SheetRead", "read_photo"]

#: More of the grid's boxes washed out than this share (cells.washed_boxes):
#: the photo is refused, « glare » — a sheet asked box by box is no review.
GLARE_SHARE = 0.25


@dataclass
class SheetRead:
    """A sheet read: whose it is, and its deals (the rows written in)."""

    mark: SheetMark
    deals: list[DealRead]
    #: What the desk cuts each cell's crop from: the photo, the page's
    #: homography (mm → pixels) and the layout read.
    photo: Photo | None = None
    homography: Any = None
    layout: SheetLayout | None = None

    @property
    def questions(self) -> int:
        return sum(len(deal.asked) for deal in self.deals)

    def to_json(self) -> dict[str, Any]:
        return {
            "concours": self.mark.concours,
            "partie": self.mark.partie,
            "table": self.mark.table,
            "deals": [deal.to_json() for deal in self.deals],
        }


LayoutFor = Callable[[SheetMark], tuple[SheetLayout, scoring.Rules]]


def read_photo(data: bytes, *, layout_for: LayoutFor) -> SheetRead:
    """The sheet in the photo `data`, read and checked, or Refused."""
    photo = open_photo(data)
    qr = locate.find_qr(photo)
    layout, rules = layout_for(qr.mark)
    if layout.fingerprint != qr.mark.fingerprint or len(layout.rows) != qr.mark.rows:
        raise Refused("other_layout")
    h = locate.page_homography(photo, qr, layout)
    band = cells.straighten(photo, h, layout)
    boxes = cells.boxes_of(layout)
    washed = cells.washed_boxes(band, boxes)
    if len(washed) > GLARE_SHARE * len(boxes):
        raise Refused("glare")
    rows = [_read_row(band, row, washed) for row in layout.rows]
    while rows and _blank(rows[-1], after_last=True):  # the rows left for deals never played
        if any(read.washed for read in rows.pop()[1].values()):
            # A reflection over the rows after the last deal read: a deal
            # written there may be gone with the light; no row is dropped
            # on a guess, nor kept as a deal never played.
            raise Refused("glare")
    deals = []
    before: tuple[int, int] | None = (0, 0)
    pot = 0
    previous = None
    for row in rows:
        read = DealRead(row[0], row[1])
        if _blank(row):
            read.ask("blank_row", "taker")
        before = checks.check_deal(read, rules, before, pot, previous)
        previous = read
        pot = read.pot
        deals.append(read)
    return SheetRead(qr.mark, deals, photo, h, layout)


def _blank(row: tuple[int, dict[str, FieldRead]], after_last: bool = False) -> bool:
    """Nothing read on the row, each field sure, or holding only ink from
    elsewhere, no box with ink of its own. A row after the last deal
    (`after_last`) with only a digit's end from the row above in it, or
    washed out, is dropped, no deal: the review could only record it as a
    deal passed, never played (a deal played has its crosses, and its
    digits cross their boxes' middle); one holding a dash is kept, asked
    (a player's « nothing » there may be a deal passed)."""
    return all(
        read.value is None
        and (read.sure or (read.stray and not read.probabilities) or (after_last and read.washed))
        and not (after_last and read.dash)
        for read in row[1].values()
    )


def _read_row(
    band: cells.Straightened, row: DealRow, washed: frozenset[Box]
) -> tuple[int, dict[str, FieldRead]]:
    fields = {}
    for field in row.fields:
        gap = row.h - field.boxes[0].h if field.boxes else 0.0
        boxes = cells.read_field(band, field, washed, gap)
        if field.kind == DIGITS and strikes.dash(band, field, boxes, gap):
            fields[field.name] = FieldRead(None, True, dash=True)  # nothing written
        elif field.kind == DIGITS and strikes.struck(band, field, boxes):
            fields[field.name] = FieldRead(None, False, struck=True)
        elif field.kind == DIGITS:
            fields[field.name] = _number(boxes)
        else:
            fields[field.name] = _crossed(boxes, [b.name for b in field.boxes], field.kind)
    return row.number, fields


def _number(boxes: list[cells.BoxRead]) -> FieldRead:
    """A number from its boxes: the digits between the first and the last
    box written; a gap, a speck, what is no digit, a doubted digit, a box
    washed out or holding only ink from elsewhere (stray, read as no digit)
    make it unsure."""
    written = [i for i, box in enumerate(boxes) if box.ink >= cells.BLANK and not box.stray]
    washed = any(box.washed for box in boxes)
    stray = any(box.stray for box in boxes)
    if not written:
        return FieldRead(None, not (washed or stray), washed=washed, stray=stray)
    span = boxes[written[0] : written[-1] + 1]
    limits = digits.calibration(digits.MODEL)
    sure = all(
        box.digit is not None
        and box.digit != digits.JUNK
        and box.ink >= cells.FAINT
        and box.probability >= limits.sure
        for box in span
    )
    text = "".join(
        str(box.digit)
        for box in span
        if box.digit is not None and box.digit != digits.JUNK and not box.stray
    )
    value = int(text) if text and len(text) == len(span) else None
    probabilities = tuple(box.probability for box in span)
    seconds = tuple(box.second if box.second is not None else -1 for box in span)
    classes = tuple(box.classes for box in span) if all(box.classes for box in span) else ()
    return FieldRead(
        value,
        sure and value is not None and not (washed or stray),
        probabilities,
        seconds,
        classes,
        washed,
        stray,
    )


def _crossed(boxes: list[cells.BoxRead], names: list[str], kind: str) -> FieldRead:
    """A choice (one box at most) or marks (any): the boxes crossed; a box
    half inked or washed out, or two crossed for one choice, make it unsure."""
    crossed = [name for name, box in zip(names, boxes, strict=True) if box.ink >= cells.CROSSED]
    washed = any(box.washed for box in boxes)
    doubtful = washed or any(cells.EMPTY <= box.ink < cells.CROSSED for box in boxes)
    if kind == MARKS:
        return FieldRead("".join(crossed) or None, not doubtful, washed=washed)
    if len(crossed) > 1:
        return FieldRead(None, False, washed=washed)
    return FieldRead(crossed[0] if crossed else None, not doubtful, washed=washed)
