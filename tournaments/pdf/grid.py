"""The grid of a score sheet: a heading row, one row per deal and the final
total, drawn straight on the canvas.

Takes the rows already written as text (see `tournaments.pdf.sheets`) and
only lays them out: the words of its headings come from gettext and the
labels of the deals from `tournaments.display`. It never scores a deal nor
reads the database.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject
from reportlab.platypus import Flowable

from tournaments.display import labels
from tournaments.pdf.base import (
    CONTENT_HEIGHT,
    FONT,
    FONT_BOLD,
    GREY,
    INK,
    LIGHT,
    RED,
    RULE,
    SHADE,
    TOTAL_SHADE,
)

GRID_COLUMNS = (14, 17, 37, 26, 23, 23, 23, 23)  # Donne … Total E-O, sums to 186
GRID_HEADER_ROW = 8 * mm
GRID_ROW_MAX = 11 * mm
GRID_ROW_MIN = 5 * mm


def _grid_headings() -> tuple[str, ...]:
    """« Donne », « Preneur »… « Total E-O », in the active language."""
    north, east = labels.side_label("A", short=True), labels.side_label("B", short=True)
    return (
        gettext("Donne"),
        gettext("Preneur"),
        gettext("Contrat"),
        gettext("Points"),
        gettext("Marque %(side)s") % {"side": north},
        gettext("Marque %(side)s") % {"side": east},
        gettext("Total %(side)s") % {"side": north},
        gettext("Total %(side)s") % {"side": east},
    )


class DealGrid(Flowable):
    """The grid of a score sheet: a heading row, one row per deal and the
    final total. Drawn straight on the canvas, a single path for the rules
    and a single text object for the words: 128 sheets are printed at once,
    and a general-purpose table costs ten times as much per cell."""

    PAD = 1.5 * mm
    # Columns 0–3 are centred, the marques and totals right-aligned.
    CENTRED = 4

    def __init__(
        self, rows: list[tuple[str, ...]], *, red: set[int], totals: tuple[str, str]
    ) -> None:
        super().__init__()
        self.rows, self.red, self.totals = rows, red, totals
        self.headings, self.total_label = _grid_headings(), gettext("Total final")
        self.columns = [w * mm for w in GRID_COLUMNS]
        self.edges = [0.0]
        for w in self.columns:
            self.edges.append(self.edges[-1] + w)
        self.width = self.edges[-1]
        self.fit(CONTENT_HEIGHT)

    def fit(self, height: float) -> None:
        """Make the deal rows as tall as `height` allows, within bounds."""
        room = (height - 2 * GRID_HEADER_ROW) / max(len(self.rows), 1)
        self.row_height = max(GRID_ROW_MIN, min(GRID_ROW_MAX, room))
        self.size = 9.5 if self.row_height >= 6.5 * mm else 8
        self.height = 2 * GRID_HEADER_ROW + len(self.rows) * self.row_height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        self._shade(canvas)
        self._rules(canvas)
        self._write(canvas)
        canvas.restoreState()

    def _shade(self, canvas: Canvas) -> None:
        """Heading and total rows, every other deal, the running totals."""
        width, row, edges = self.width, self.row_height, self.edges
        top_of_body = self.height - GRID_HEADER_ROW
        canvas.setFillColor(SHADE)
        canvas.rect(0, top_of_body, width, GRID_HEADER_ROW, stroke=0, fill=1)
        canvas.rect(0, 0, width, GRID_HEADER_ROW, stroke=0, fill=1)
        canvas.setFillColor(LIGHT)
        path = canvas.beginPath()
        for i in range(1, len(self.rows), 2):
            path.rect(0, top_of_body - (i + 1) * row, edges[6], row)
        canvas.drawPath(path, stroke=0, fill=1)
        canvas.setFillColor(TOTAL_SHADE)
        body = len(self.rows) * row
        canvas.rect(edges[6], GRID_HEADER_ROW, width - edges[6], body, stroke=0, fill=1)

    def _rules(self, canvas: Canvas) -> None:
        """Thin rules between rows and columns, then the thick ones."""
        width, height, row, edges = self.width, self.height, self.row_height, self.edges
        top_of_body = height - GRID_HEADER_ROW
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.4)
        path = canvas.beginPath()
        for i in range(len(self.rows)):
            y = top_of_body - i * row
            path.moveTo(0, y)
            path.lineTo(width, y)
        for x in edges[1:-1]:
            path.moveTo(x, GRID_HEADER_ROW if x < edges[6] else 0)
            path.lineTo(x, height)
        canvas.drawPath(path, stroke=1, fill=0)
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.9)
        path = canvas.beginPath()
        path.rect(0, 0, width, height)
        for x in (edges[4], edges[6]):
            path.moveTo(x, 0 if x == edges[6] else GRID_HEADER_ROW)
            path.lineTo(x, height)
        path.moveTo(0, GRID_HEADER_ROW)
        path.lineTo(width, GRID_HEADER_ROW)
        canvas.drawPath(path, stroke=1, fill=0)

    def _write(self, canvas: Canvas) -> None:
        """Words, all in one text object: headings, deals, final total."""
        row = self.row_height
        top_of_body = self.height - GRID_HEADER_ROW
        text = canvas.beginText()
        text.setFillColor(INK)
        self._words(text, self.headings, top_of_body, GRID_HEADER_ROW, FONT_BOLD, 8.5)
        for i, cells in enumerate(self.rows):
            bottom = top_of_body - (i + 1) * row
            text.setFillColor(GREY)
            self._words(text, cells[:1], bottom, row, FONT_BOLD, 9.5)
            text.setFillColor(INK)
            self._words(text, cells, bottom, row, FONT, self.size, first=1, red=i in self.red)
        text.setFillColor(INK)
        total = (self.total_label, "", "", "", "", "", *self.totals)
        self._words(text, total, 0, GRID_HEADER_ROW, FONT_BOLD, 11, spanned=6)
        canvas.drawText(text)

    def _words(
        self,
        text: PDFTextObject,
        cells: Sequence[str],
        bottom: float,
        height: float,
        font: str,
        size: float,
        *,
        first: int = 0,
        red: bool = False,
        spanned: int = 0,
    ) -> None:
        """Write a row's cells from column `first`; with `red`, the contract
        in red; with `spanned`, the first cell right-aligned across that many
        columns."""
        text.setFont(font, size)
        # Centre the digits' height (about 0.73 em in DejaVu Sans) in the row.
        baseline = bottom + (height - 0.73 * size) / 2
        for column in range(first, len(cells)):
            value = cells[column]
            if not value:
                continue
            width = pdfmetrics.stringWidth(value, font, size)
            span = spanned if spanned and column == first else 1
            right = self.edges[column + span]
            if column >= self.CENTRED or span > 1:
                x = right - self.PAD - width
            else:
                x = (self.edges[column] + right - width) / 2
            text.setTextOrigin(x, baseline)
            if red and column == 2:
                text.setFillColor(RED)
                text.textOut(value)
                text.setFillColor(INK)
            else:
                text.textOut(value)
