"""The grid of a score sheet, drawn from its layout (domain/sheet_layout.py):
a heading over each field, one row per deal with a box per digit and a box
to cross per choice, the final total's row, and the page's four corner
marks.

Takes the layout and the values already written (domain.sheet_layout's
`sheet_values`, per deal number) and only draws them where the layout
says: the same millimetres read a photo of the sheet. Its words come from
gettext and the labels from `tournaments.display`. It never scores a deal
nor reads the database.
"""

from __future__ import annotations

from django.utils.translation import gettext, pgettext
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from tournaments.display import labels
from tournaments.domain.sheet_guide import GUIDE_BOX, GUIDE_STROKES
from tournaments.domain.sheet_layout import (
    ALONE_SLOT,
    DIGITS,
    HEADING,
    NUMBER_COLUMN,
    PAGE_MM,
    TOTAL_ROW,
    Box,
    Field,
    SheetLayout,
)
from tournaments.pdf.base import FONT, FONT_BOLD, GREY, INK, LIGHT, RED, RULE, SHADE, TOTAL_SHADE

#: The boxes' outline: light enough to tell from a pen's ink on a photo,
#: dark enough for a player to see where to write.
BOX_LINE = colors.HexColor("#8c8c8c")
WRITTEN = colors.HexColor("#1f3a93")  # values already entered, printed in the boxes

Values = dict[str, str | tuple[str, ...]]


def field_headings(surcoinche_factor: int) -> tuple[dict[str, str], dict[str, str]]:
    """Each field's heading, and the words over each box of a choice:
    « Preneur » over « N-S » « E-O », « Atout » over ♠ ♥ ♦ ♣…"""
    north, east = labels.side_label("A", short=True), labels.side_label("B", short=True)
    titles = {
        "taker": gettext("Preneur"),
        "trump": gettext("Atout"),
        "bid": gettext("Contrat"),
        "coinche": gettext("Coinche"),
        "points": gettext("Points preneurs"),
        "points_defence": gettext("Points défense"),
        "belote": gettext("Belote"),
        "capot": gettext("Capot"),
        "generale": gettext("Générale"),
        "announce_a": pgettext("sheet", "Annonces %(side)s") % {"side": north},
        "announce_b": pgettext("sheet", "Annonces %(side)s") % {"side": east},
        "marque_a": gettext("Marque %(side)s") % {"side": north},
        "marque_b": gettext("Marque %(side)s") % {"side": east},
        "total_a": gettext("Total %(side)s") % {"side": north},
        "total_b": gettext("Total %(side)s") % {"side": east},
    }
    boxes = {"A": north, "B": east, "1": "×2", "2": f"×{surcoinche_factor}"}
    boxes["alone"] = pgettext("sheet", "seul")  # la générale: the capot by one player alone
    for trump in ("S", "H", "D", "C", "SA", "TA"):
        boxes[trump] = labels.trump_sign(trump)
    return titles, boxes


def draw_sheet_grid(
    canvas: Canvas,
    layout: SheetLayout,
    written: dict[int, Values],
    *,
    final: tuple[str, str],
    surcoinche_factor: int,
    tie_rows: frozenset[int] = frozenset(),
) -> None:
    """The marks, the grid and what is already written, on a canvas whose
    origin is the page's bottom left corner."""
    canvas.saveState()
    _marks(canvas, layout)
    _bands(canvas, layout)
    _heading(canvas, layout, surcoinche_factor)
    _boxes(canvas, layout)
    _numbers(canvas, layout, tie_rows)
    for row in layout.rows:
        values = written.get(row.number)
        if values:
            for field in row.fields:
                if field.name in values:
                    _write(canvas, field, values[field.name])
    _final_row(canvas, layout, final)
    canvas.restoreState()


def _x(value: float) -> float:
    return value * mm


def _y(value: float) -> float:
    """A layout's y (mm from the top) as the canvas's (points from the bottom)."""
    return (PAGE_MM[1] - value) * mm


def _rect(canvas: Canvas, box: Box, *, stroke: int = 1, fill: int = 0) -> None:
    canvas.rect(_x(box.x), _y(box.y + box.h), box.w * mm, box.h * mm, stroke=stroke, fill=fill)


def _marks(canvas: Canvas, layout: SheetLayout) -> None:
    canvas.setFillColor(colors.black)
    for mark in layout.marks:
        _rect(canvas, mark, stroke=0, fill=1)


def _bands(canvas: Canvas, layout: SheetLayout) -> None:
    """The heading's and the final row's shade, every other row, the totals'
    columns, then the frame and the rules between the fields."""
    left, right, width = layout.left, layout.right, layout.right - layout.left
    top, bottom = layout.top, layout.bottom
    canvas.setFillColor(SHADE)
    canvas.rect(_x(left), _y(top + HEADING), width * mm, HEADING * mm, stroke=0, fill=1)
    canvas.rect(_x(left), _y(bottom), width * mm, TOTAL_ROW * mm, stroke=0, fill=1)
    canvas.setFillColor(LIGHT)
    for row in layout.rows[1::2]:
        canvas.rect(_x(left), _y(row.y + row.h), width * mm, row.h * mm, stroke=0, fill=1)
    canvas.setFillColor(TOTAL_SHADE)
    for field in layout.columns:
        if field.name.startswith("total_"):
            body_top, body_bottom = top + HEADING, bottom - TOTAL_ROW
            x = field.left - 0.8
            canvas.rect(
                _x(x), _y(body_bottom), (field.right - x + 0.8) * mm,
                (body_bottom - body_top) * mm, stroke=0, fill=1,
            )  # fmt: skip
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.4)
    path = canvas.beginPath()
    for row in layout.rows:
        path.moveTo(_x(left), _y(row.y))
        path.lineTo(_x(right), _y(row.y))
    for field in layout.columns[1:]:
        x = field.left - 0.8
        path.moveTo(_x(x), _y(top))
        path.lineTo(_x(x), _y(bottom - TOTAL_ROW))
    number_edge = left + NUMBER_COLUMN
    path.moveTo(_x(number_edge), _y(top))
    path.lineTo(_x(number_edge), _y(bottom - TOTAL_ROW))
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.9)
    canvas.rect(_x(left), _y(bottom), width * mm, (bottom - top) * mm, stroke=1, fill=0)
    canvas.line(_x(left), _y(top + HEADING), _x(right), _y(top + HEADING))
    canvas.line(_x(left), _y(bottom - TOTAL_ROW), _x(right), _y(bottom - TOTAL_ROW))


def _fitted(canvas: Canvas, text: str, font: str, size: float, width: float) -> float:
    """The size at which `text` fits in `width` points, down to 5 pt."""
    measured = pdfmetrics.stringWidth(text, font, size)
    if measured > width:
        size = max(5.0, size * width / measured)
    canvas.setFont(font, size)
    return size


def _heading(canvas: Canvas, layout: SheetLayout, surcoinche_factor: int) -> None:
    titles, words = field_headings(surcoinche_factor)
    top = layout.top
    canvas.setFillColor(INK)
    room = (NUMBER_COLUMN - 0.6) * mm
    _fitted(canvas, gettext("Donne"), FONT_BOLD, 7.5, room)
    canvas.drawCentredString(_x(layout.left + NUMBER_COLUMN / 2), _y(top + 6.5), gettext("Donne"))
    for field in layout.columns:
        centre = (field.left + field.right) / 2
        width = max(field.right - field.left + 1.4, ALONE_SLOT) * mm  # one box: its slot
        title = titles[field.name]
        if field.kind == DIGITS:  # the title on two lines when it has two words
            lines = title.split(" ", 1)
            for line, y in zip(lines, (4.2, 8.2) if len(lines) == 2 else (6.5,), strict=True):
                _fitted(canvas, line, FONT_BOLD, 7, width)
                canvas.drawCentredString(_x(centre), _y(top + y), line)
            continue
        _fitted(canvas, title, FONT_BOLD, 7, width)
        canvas.drawCentredString(_x(centre), _y(top + 4.2), title)
        # Each word over its own box, within its slot: « N-S » and « E-O » stay apart.
        slot = field.boxes[1].x - field.boxes[0].x if len(field.boxes) > 1 else field.boxes[0].w
        for box in field.boxes:
            word = words[box.name]
            red = field.name == "trump" and labels.is_red(box.name)
            canvas.setFillColor(RED if red else GREY)
            _fitted(canvas, word, FONT_BOLD, 8 if len(word) == 1 else 7, (slot - 1.2) * mm)
            canvas.drawCentredString(_x(box.centre[0]), _y(top + 9), word)
            canvas.setFillColor(INK)


def _boxes(canvas: Canvas, layout: SheetLayout) -> None:
    canvas.setStrokeColor(BOX_LINE)
    canvas.setLineWidth(0.6)
    canvas.setFillColor(colors.white)
    for row in layout.rows:
        for field in row.fields:
            for box in field.boxes:
                _rect(canvas, box, stroke=1, fill=1)


def _numbers(canvas: Canvas, layout: SheetLayout, tie_rows: frozenset[int]) -> None:
    canvas.setFillColor(GREY)
    for row in layout.rows:
        centre = layout.left + NUMBER_COLUMN / 2
        size = min(9.5, row.h * 2.835 * 0.8)  # a row of many deals is short
        baseline = row.y + row.h / 2 + size * 0.126
        canvas.setFont(FONT_BOLD, size)
        canvas.drawCentredString(_x(centre), _y(baseline), str(row.number))
        if row.number in tie_rows:
            canvas.setFont(FONT, 5)
            canvas.drawCentredString(_x(centre), _y(row.y + row.h - 0.6), gettext("si égalité"))


def _write(canvas: Canvas, field: Field, value: str | tuple[str, ...]) -> None:
    """A value entered, printed as a pen would write it: digits right
    against the field's end, a cross in each chosen box."""
    canvas.setFillColor(WRITTEN)
    canvas.setStrokeColor(WRITTEN)
    if isinstance(value, str):
        boxes = field.boxes[-len(value) :] if len(value) <= len(field.boxes) else field.boxes
        size = min(12.0, 0.6 * boxes[0].h * 2.835 / 0.73)
        canvas.setFont(FONT, size)
        rise = 0.73 * size / 2.835 / 2  # half a digit's height, in mm
        for digit, box in zip(value[-len(boxes) :], boxes, strict=True):
            canvas.drawCentredString(_x(box.centre[0]), _y(box.centre[1] + rise), digit)
        return
    canvas.setLineWidth(1.1)
    for box in field.boxes:
        if box.name in value:
            inset = box.w * 0.18
            x0, x1 = _x(box.x + inset), _x(box.x + box.w - inset)
            y0, y1 = _y(box.y + inset), _y(box.y + box.h - inset)
            canvas.line(x0, y0, x1, y1)
            canvas.line(x0, y1, x1, y0)


def _final_row(canvas: Canvas, layout: SheetLayout, final: tuple[str, str]) -> None:
    """« Total final », then the final totals when the table is finished,
    under the totals' columns (the marques' when the row has no totals)."""
    columns = {field.name: field for field in layout.columns}
    a = columns.get("total_a") or columns["marque_a"]
    b = columns.get("total_b") or columns["marque_b"]
    baseline = layout.bottom - TOTAL_ROW / 2 + 1.4
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, 11)
    canvas.drawRightString(_x(a.left - 3), _y(baseline), gettext("Total final"))
    for field, text in ((a, final[0]), (b, final[1])):
        if text:
            canvas.drawRightString(_x(field.right), _y(baseline), text)


class DigitGuide(Flowable):
    """« Un chiffre par case. Écrivez les chiffres ainsi : » and the ten
    digits, each in a box as the sheet's, drawn with a pen's strokes in
    the shapes the reader reads best (domain.sheet_guide.GUIDE_STROKES)."""

    SIZE = 9.0  # the sentence's points

    def __init__(self) -> None:
        super().__init__()
        self.text = gettext("Un chiffre par case. Écrivez les chiffres ainsi :")
        self.text_width = pdfmetrics.stringWidth(self.text, FONT_BOLD, self.SIZE)
        box_w, box_h = GUIDE_BOX
        self.width = self.text_width + 2 * mm + 10 * (box_w + 1.0) * mm
        self.height = (box_h + 1.0) * mm

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        box_w, box_h = GUIDE_BOX[0] * mm, GUIDE_BOX[1] * mm
        canvas.setFillColor(INK)
        canvas.setFont(FONT_BOLD, self.SIZE)
        canvas.drawString(0, self.height / 2 - self.SIZE * 0.35, self.text)
        x = self.text_width + 2 * mm
        for digit in range(10):
            canvas.setStrokeColor(BOX_LINE)
            canvas.setLineWidth(0.6)
            canvas.rect(x, 0.5 * mm, box_w, box_h, stroke=1, fill=0)
            canvas.setStrokeColor(WRITTEN)
            canvas.setLineWidth(1.3)
            canvas.setLineCap(1)
            canvas.setLineJoin(1)
            inset_x, inset_y = 0.18 * box_w, 0.14 * box_h
            for stroke in GUIDE_STROKES[digit]:
                path = canvas.beginPath()
                for i, (u, v) in enumerate(stroke):
                    px = x + inset_x + u * (box_w - 2 * inset_x)
                    py = 0.5 * mm + box_h - inset_y - v * (box_h - 2 * inset_y)
                    path.moveTo(px, py) if i == 0 else path.lineTo(px, py)
                canvas.drawPath(path, stroke=1, fill=0)
            x += box_w + 1.0 * mm
