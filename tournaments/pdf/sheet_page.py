"""A score sheet's page as one flowable: every part at the place its layout
(domain/sheet_layout.py) gives, so that the printed boxes are where a reader
of the sheet's photo looks for them.

The heading and the teams fill the band above the grid (shrunk to fit when
a name is long), the QR code sits in its box at the top right with its
caption and its printed address, the grid and the corner marks are drawn
by pdf/grid.py, and the penalties, signatures and small print fill the
band below. Knows nothing of a concours: the sheet module hands it the
parts. Never computes a score nor touches the database.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepInFrame

from tournaments.domain.sheet_layout import MARGIN, PAGE_MM, QR_COLUMN, SheetLayout
from tournaments.pdf.base import CONTENT_HEIGHT, CONTENT_WIDTH, para, pdf_styles
from tournaments.pdf.qr import QRCode, printed_link

GAP = 2.0  # mm between the heading, the teams and the grid


class SheetPage(Flowable):
    """One table's sheet, filling the page's frame."""

    def __init__(
        self,
        layout: SheetLayout,
        *,
        heading: list[Flowable],
        teams: Flowable,
        below: list[Flowable],
        qr: str | None,
        draw_grid: Callable[[Canvas], None],
    ) -> None:
        super().__init__()
        self.layout, self.heading, self.teams, self.below = layout, heading, teams, below
        self.qr, self.draw_grid = qr, draw_grid
        # A hair under the frame, which refuses a flowable exactly its size.
        self.width, self.height = CONTENT_WIDTH, CONTENT_HEIGHT - 0.01

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        # Page coordinates from here on: the frame's origin is the margin.
        canvas.translate(-MARGIN * mm, -MARGIN * mm)
        _, teams_height = self.teams.wrap(CONTENT_WIDTH, CONTENT_HEIGHT)
        teams_top = self.layout.top - GAP - teams_height / mm
        self._band(canvas, self.heading, MARGIN, teams_top - GAP, CONTENT_WIDTH - QR_COLUMN * mm)
        self.teams.drawOn(canvas, MARGIN * mm, (PAGE_MM[1] - self.layout.top + GAP) * mm)
        if self.qr:
            self._qr(canvas)
        self.draw_grid(canvas)
        bottom = PAGE_MM[1] - MARGIN
        self._band(canvas, self.below, self.layout.bottom + 3, bottom, CONTENT_WIDTH)
        canvas.restoreState()

    def _band(
        self, canvas: Canvas, story: list[Flowable], top: float, bottom: float, width: float
    ) -> None:
        """`story` from `top` down to `bottom` (mm from the page's top),
        shrunk as a whole when it does not fit."""
        height = (bottom - top) * mm
        frame = KeepInFrame(width, height, story, mode="shrink")
        _, used = frame.wrapOn(canvas, width, height)
        frame.drawOn(canvas, MARGIN * mm, (PAGE_MM[1] - top) * mm - used)

    def _qr(self, canvas: Canvas) -> None:
        """The QR code in its box, its caption above, the address below."""
        styles = pdf_styles()
        box = self.layout.qr
        column = QR_COLUMN * mm
        column_left = (box.x + box.w / 2) * mm - column / 2
        caption = para(
            gettext("Saisie en ligne, avec le code du coupon de votre équipe"), styles.url
        )
        _, height = caption.wrap(column, 20 * mm)
        caption.drawOn(canvas, column_left, (PAGE_MM[1] - box.y) * mm)
        code = QRCode(self.qr, box.w * mm)
        code.drawOn(canvas, box.x * mm, (PAGE_MM[1] - box.y - box.h) * mm)
        url = self.qr.split("#", 1)[0]
        link = printed_link(url, styles.url, column)
        _, height = link.wrap(column, 20 * mm)
        link.drawOn(canvas, column_left, (PAGE_MM[1] - box.y - box.h) * mm - height)
