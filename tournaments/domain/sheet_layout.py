"""The score sheet's layout as data: where every box of every deal lies on
the page, in millimetres, for the pen and for a reader of its photo.

One layout draws the printed sheet (tournaments/pdf/sheets.py) and reads
its photo (the sheets feature): the page's four corner marks give the
perspective, the QR code names the concours, the partie, the table and the
layout (`SheetMark`), and each deal's row holds its fields, each a run of
boxes: one digit a box for a number (`DIGITS`), one box to cross per value
for a choice (`CHOICE`: the taker, the trump, the coinche, the capot, and
la générale's one box: the capot's side took it alone) or for marks that
may go together (`MARKS`: a belote for each side).

Which fields a row holds follows the rule profile: a bid and a coinche for coinche and
contrée, announcements when played, as many boxes for a marque as its largest has digits
(scoring.bounds), the defence's card points (162 with the takers'), and running totals
only to a target (the players see it reached; a partie of so many deals gives the digits
room, its final total written below), the defence's points beside them while MIN_BOX holds.

Coordinates: millimetres from the page's top left corner, y downwards (as
an image's rows). Pure: no Django, no ReportLab, no language; the words
printed over the boxes are the PDF's business. Must not: score a deal.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, unquote

from scoring import Rules
from scoring.bounds import deal_bound, usual_partie
from scoring.cards import TOTAL_CARD_POINTS
from tournaments.domain.deal_shapes import taker_card_points

PAGE_MM = (210.0, 297.0)
MARGIN = 12.0
#: The corner marks: solid squares, MARK_INSET from the page's edges
#: (printers leave about 4 mm blank), in the page's margin.
MARK_SIZE = 6.0
MARK_INSET = 5.0
#: The QR code: its box (quiet zone included) at the header's right.
QR_SIZE = 32.0
QR_COLUMN = 46.0
QR_TOP = MARGIN + 6.0
#: The grid: its top, the heading's two lines, the final total's row, and
#: the lowest its last row may reach (the signatures come below).
GRID_TOP = 84.0
HEADING = 11.0
TOTAL_ROW = 8.0
#: Blank between the last deal's row and the final total's (its thick line
#: read as ink in the last row's digits, a cell's cut reaching 1 mm past its box).
TOTAL_GAP = 1.5
GRID_LIMIT = PAGE_MM[1] - MARGIN - 38.0
ROW_MAX = 11.0
#: The grid is wider than the text above and below it: its edges GRID_SIDE
#: from the page's (printers leave about 4 mm blank), the digits' room.
GRID_SIDE = 7.0
NUMBER_COLUMN = 7.5
FIELD_GAP = 1.4
#: A digit's box: as wide as the row allows up to MAX_DIGIT; running totals
#: are left out rather than go under MIN_BOX, the defence's points under
#: MIN_SUMMED. Measured with bench.bench_sheets (docs/photo-sheets.md): a pen's
#: digit in 4.6 mm reads worse than in 5.5 mm; 4.41 with the defence's: fewer questions.
MAX_DIGIT, MIN_BOX, MIN_SUMMED = 6.5, 4.5, 4.4
#: A box to cross takes a slot of CHOICE_SLOT, one of a side (« N-S », « E-O »,
#: printed over it) SIDE_SLOT: room for its word, apart from its neighbour's;
#: la générale's box ALONE_SLOT, its title's room (at 5 pt, in the gaps beside).
CHOICE_SLOT, SIDE_SLOT, ALONE_SLOT = 4.4, 5.6, 6.6
CROSS_MAX = 4.6
BOX_HEIGHT_MAX = 8.5
DIGITS, CHOICE, MARKS = "digits", "choice", "marks"
SIDES = ("A", "B")
ALONE = ("alone",)  # la générale's box: one player of the capot's side alone
DEFENCE = ("points_defence", DIGITS, ("0", "1", "2"))  # after `points`
FieldKind = tuple[str, str, tuple[str, ...]]  # a field's name, kind and boxes' names


@dataclass(frozen=True)
class Box:
    """A rectangle of the page, in millimetres; `name` is a digit's place
    ("0" the leftmost) or the value a crossed box means."""

    name: str
    x: float
    y: float
    w: float
    h: float

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, **{k: round(getattr(self, k), 2) for k in "xywh"}}


@dataclass(frozen=True)
class Field:
    """One field of a deal's row: its name (FIELD_NAMES), its kind
    (DIGITS, CHOICE, MARKS) and its boxes, left to right."""

    name: str
    kind: str
    boxes: tuple[Box, ...]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "boxes": [b.to_json() for b in self.boxes]}

    @property
    def left(self) -> float:
        return self.boxes[0].x

    @property
    def right(self) -> float:
        return self.boxes[-1].x + self.boxes[-1].w


@dataclass(frozen=True)
class DealRow:
    """The row of deal `number`: its band of the page and its fields."""

    number: int
    y: float
    h: float
    fields: tuple[Field, ...]

    def field(self, name: str) -> Field | None:
        return next((f for f in self.fields if f.name == name), None)


@dataclass(frozen=True)
class SheetLayout:
    """A sheet's page: the corner marks, the QR code's box, the grid's
    columns and the rows of its deals."""

    marks: tuple[Box, ...]
    qr: Box
    rows: tuple[DealRow, ...]
    #: The grid's band: its left and right edges, its top and bottom
    #: (the final total's row included), the heading's and a row's height.
    left: float
    right: float
    top: float
    bottom: float
    row_height: float

    @property
    def fingerprint(self) -> str:
        """Eight hex digits that change with any box: printed in the QR
        code, so that a sheet printed under other rules is not read with
        this layout."""
        text = json.dumps(self._geometry(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:8]

    @property
    def columns(self) -> tuple[Field, ...]:
        """The first row's fields: the columns every row repeats."""
        return self.rows[0].fields if self.rows else ()

    def _geometry(self) -> dict[str, Any]:
        return {
            "page_mm": list(PAGE_MM),
            "marks": [m.to_json() for m in self.marks],
            "qr": self.qr.to_json(),
            "deals": [
                {"deal": r.number, "fields": [f.to_json() for f in r.fields]} for r in self.rows
            ],
        }

    def to_json(self) -> dict[str, Any]:
        """What `manage.py sheet_layout --json` prints (docs/photo-sheets.md)."""
        return {"fingerprint": self.fingerprint, **self._geometry()}


def field_kinds(rules: Rules, rows: int, to_target: bool = False) -> list[FieldKind]:
    """The fields of a row under `rules` for a partie of `rows` deals played
    `to_target` or not: (name, kind, box names), in the row's order."""
    trumps = ("S", "H", "D", "C", "SA", "TA") if rules.sa_ta else ("S", "H", "D", "C")
    fields: list[FieldKind] = [
        ("taker", CHOICE, SIDES),
        ("trump", CHOICE, trumps),
    ]
    if rules.counting != "belote":
        fields += [("bid", DIGITS, _places(3)), ("coinche", CHOICE, ("1", "2"))]
    fields += [("points", DIGITS, _places(3)), ("belote", MARKS, SIDES)]
    if rules.generale != "off":  # before the capot: its title clear of the long ones after
        fields.append(("generale", CHOICE, ALONE))
    fields.append(("capot", CHOICE, SIDES))
    if rules.announcements:
        fields += [("announce_a", DIGITS, _places(3)), ("announce_b", DIGITS, _places(3))]
    marque = _places(len(str(deal_bound(rules).marque)))
    fields += [("marque_a", DIGITS, marque), ("marque_b", DIGITS, marque)]
    at = [name for name, _, _ in fields].index("points") + 1
    summed = [*fields[:at], DEFENCE, *fields[at:]]
    total = _places(max(4, len(str(usual_partie(rules, rows).sum_high))))
    totals = [("total_a", DIGITS, total), ("total_b", DIGITS, total)]
    for kinds in ([*summed, *totals], [*fields, *totals]) if to_target else ():
        if _box_width(kinds) >= MIN_BOX:
            return kinds
    return summed if _box_width(summed) >= MIN_SUMMED else fields


def _places(count: int) -> tuple[str, ...]:
    return tuple(str(i) for i in range(count))


def _slot(kind: str, names: tuple[str, ...]) -> float | None:
    """The width of a box to cross (None: a digit's box, as wide as the row allows)."""
    if kind == DIGITS:
        return None
    return SIDE_SLOT if names == SIDES else ALONE_SLOT if names == ALONE else CHOICE_SLOT


def _box_width(fields: list[FieldKind]) -> float:
    """A digit box's width: the room the boxes to cross leave, shared."""
    digits = sum(len(names) for _, kind, names in fields if kind == DIGITS)
    crosses = sum(len(names) * (_slot(kind, names) or 0) for _, kind, names in fields)
    room = PAGE_MM[0] - 2 * GRID_SIDE - NUMBER_COLUMN - FIELD_GAP * (len(fields) + 1) - crosses
    return min(MAX_DIGIT, room / max(digits, 1))


def sheet_layout(rules: Rules, rows: int, to_target: bool = False) -> SheetLayout:
    """The layout of a sheet of `rows` deal rows under `rules` (`to_target`:
    field_kinds). Rows share the grid's band, ROW_MAX tall at most; a partie of many deals has
    shorter rows (past 28, under 5 mm: short for a pen), on one page still."""
    kinds = field_kinds(rules, rows, to_target)
    width = _box_width(kinds)
    room = GRID_LIMIT - GRID_TOP - HEADING - TOTAL_GAP - TOTAL_ROW
    row_height = min(ROW_MAX, room / max(rows, 1))
    box_height = min(BOX_HEIGHT_MAX, max(row_height / 2, row_height - 2.4))
    left = GRID_SIDE
    deal_rows = []
    for index in range(rows):
        y = GRID_TOP + HEADING + index * row_height
        top = y + (row_height - box_height) / 2
        x = left + NUMBER_COLUMN + FIELD_GAP
        fields = []
        for name, kind, names in kinds:
            boxes = []
            slot = _slot(kind, names)
            for box_name in names:
                if slot is None:
                    boxes.append(Box(box_name, x, top, width, box_height))
                    x += width
                    continue
                side = min(slot - 0.8, box_height, CROSS_MAX)  # a square, centred in its slot
                boxes.append(
                    Box(box_name, x + (slot - side) / 2, y + (row_height - side) / 2, side, side)
                )
                x += slot
            fields.append(Field(name, kind, tuple(boxes)))
            x += FIELD_GAP
        deal_rows.append(DealRow(index + 1, y, row_height, tuple(fields)))
    right = PAGE_MM[0] - GRID_SIDE
    bottom = GRID_TOP + HEADING + rows * row_height + TOTAL_GAP + TOTAL_ROW
    inset, size, (page_w, page_h) = MARK_INSET, MARK_SIZE, PAGE_MM
    far_x, far_y = page_w - inset - size, page_h - inset - size
    corners = [("top_left", inset, inset), ("top_right", far_x, inset)]
    corners += [("bottom_right", far_x, far_y), ("bottom_left", inset, far_y)]
    marks = tuple(Box(name, x, y, size, size) for name, x, y in corners)
    qr_x = PAGE_MM[0] - MARGIN - QR_COLUMN + (QR_COLUMN - QR_SIZE) / 2
    qr = Box("qr", qr_x, QR_TOP, QR_SIZE, QR_SIZE)
    return SheetLayout(marks, qr, tuple(deal_rows), left, right, GRID_TOP, bottom, row_height)


# --- The QR code's mark --------------------------------------------------------

#: What the QR code adds to the table's address, after a « # » that a phone
#: opening the address ignores: « feuille=<concours>/<partie>/<table>/<rows>/<fingerprint> ».
MARK_KEY = "feuille="
_MARK = re.compile(r"#feuille=([^/#]{1,200})/(\d{1,4})/(\d{1,4})/(\d{1,3})/([0-9a-f]{8})$")


@dataclass(frozen=True)
class SheetMark:
    """Who a sheet is: the concours (its slug), the partie, the table, the
    number of deal rows printed and the layout's fingerprint."""

    concours: str
    partie: int
    table: int
    rows: int
    fingerprint: str

    def fragment(self) -> str:
        return (
            f"#{MARK_KEY}{quote(self.concours, safe='')}/{self.partie}/{self.table}"
            f"/{self.rows}/{self.fingerprint}"
        )


def qr_text(url: str, mark: SheetMark) -> str:
    """The QR code's text: the table's address for the players' phones, then
    the sheet's mark for a reader of its photo."""
    return url + mark.fragment()


def read_mark(text: str) -> SheetMark | None:
    """The mark in a QR code's text, or None (another QR code, or a sheet
    printed before sheets carried one)."""
    found = _MARK.search(text)
    if not found:
        return None
    concours, partie, table, rows, fingerprint = found.groups()
    return SheetMark(unquote(concours), int(partie), int(table), int(rows), fingerprint)


# --- A deal written in its row -------------------------------------------------


def sheet_values(
    fields: dict[str, Any], marques: tuple[int, int], totals: tuple[int, int]
) -> dict[str, str | tuple[str, ...]]:
    """A deal as a player writes it in its row, from its stored fields
    (deal_shapes.DEAL_FIELDS), its marques and the running totals after it:
    a number's digits (a str) or the boxes crossed (a tuple of box names).
    The takers' card points and the defence's (162), none on a capot; a
    capot bid is written 250, a générale bid 500; a field left blank is absent."""
    taker = fields.get("taker") or ""
    numbers = zip(("marque_a", "marque_b", "total_a", "total_b"), (*marques, *totals), strict=True)
    values: dict[str, str | tuple[str, ...]] = {name: str(n) for name, n in numbers}
    if taker not in SIDES:
        return values
    values["taker"] = (taker,)
    if fields.get("trump"):
        values["trump"] = (fields["trump"],)
    if fields.get("bid_generale") or fields.get("bid_capot"):
        values["bid"] = "500" if fields.get("bid_generale") else "250"
    elif fields.get("bid") is not None:
        values["bid"] = str(fields["bid"])
    if fields.get("coinche"):
        values["coinche"] = (str(fields["coinche"]),)
    own = taker_card_points(taker, fields.get("points_a"), fields.get("points_b"))
    capot = fields.get("capot") or fields.get("generale")  # one player's eight tricks: a capot
    if own is not None and not capot:
        values["points"] = str(own)
        values["points_defence"] = str(TOTAL_CARD_POINTS - own)
    belotes = tuple(s for s in SIDES if fields.get(f"belote_{s.lower()}"))
    if belotes:
        values["belote"] = belotes
    if capot:
        values["capot"] = (capot,)
    if fields.get("generale"):
        values["generale"] = ALONE
    announced = (fields.get("announcements") or {}).get("announcement_points") or {}
    for side in SIDES:
        if announced.get(side):
            values[f"announce_{side.lower()}"] = str(announced[side])
    return values
