"""The QR code printed on a score sheet: a flowable drawn as vector
rectangles (no image, no temporary file) and the cache of its paths; and
the address printed under a QR code, cut into lines only between groups of
characters (`printed_link`: someone copying it by hand reads whole pieces).

Knows only how to draw a text as a QR symbol and print an address; what the
text is (the table's entry address) is the caller's business. Like the rest of the package it
never computes a score nor touches the database.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from html import escape

import segno
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable, Paragraph

QR_QUIET_ZONE = 4  # modules of white around the symbol, as ISO 18004 asks
# Choosing the best of the eight masks costs about 5 ms a symbol and any mask
# reads as well on a printed page: one is fixed (128 tables: 0.6 s saved).
QR_MASK = 0


@functools.lru_cache(maxsize=1024)
def qr_path(data: str) -> tuple[int, str]:
    """The QR symbol of `data`: its width in modules and the PDF path
    operators that fill its dark modules, in module units with y downwards.

    One rectangle per horizontal run of dark modules, all filled at once so
    that no seam shows between them; built once per text, as a literal."""
    matrix = segno.make_qr(data, error="m", mask=QR_MASK).matrix
    ops: list[str] = []
    for y, row in enumerate(matrix):
        x, width = 0, len(row)
        while x < width:
            if row[x]:
                start = x
                while x < width and row[x]:
                    x += 1
                ops.append(f"{start} {y} {x - start} 1 re")
            else:
                x += 1
    ops.append("f")
    return len(matrix), "\n".join(ops)


class QRCode(Flowable):
    """A QR code drawn as vector rectangles: no image, no temporary file."""

    def __init__(self, data: str, size: float) -> None:
        super().__init__()
        self.data = data
        self.width = self.height = size
        self.modules, self.path = qr_path(data)

    def draw(self) -> None:
        module = self.width / (self.modules + 2 * QR_QUIET_ZONE)
        origin = QR_QUIET_ZONE * module
        canvas = self.canv
        canvas.saveState()
        canvas.setFillColor(colors.black)
        # Module units, origin at the symbol's top left corner, y downwards.
        canvas.transform(module, 0, 0, -module, origin, self.height - origin)
        canvas.addLiteral(self.path)
        canvas.restoreState()


# Where a printed address may go to the next line, from the first choice to
# the last: after a « / »; inside a part too wide for a line, after a « . »,
# « - », « : » or a query's signs; inside a piece still too wide (a long
# host name without a dot), between groups of GROUP characters.
LINK_BREAKS = ("/", ".-:?&=_#")
GROUP = 4


def link_lines(url: str, fits: Callable[[str], bool]) -> list[str]:
    """`url` cut into the fewest lines that each `fits`, only between groups
    of characters (LINK_BREAKS); joined again, the lines are `url`."""
    lines: list[str] = []
    for piece in _pieces(url, fits, 0):
        if lines and fits(lines[-1] + piece):
            lines[-1] += piece
        else:
            lines.append(piece)
    return lines


def _pieces(text: str, fits: Callable[[str], bool], level: int) -> list[str]:
    if fits(text):
        return [text]
    if level == len(LINK_BREAKS):
        return [text[i : i + GROUP] for i in range(0, len(text), GROUP)]
    signs = re.escape(LINK_BREAKS[level])
    parts = re.findall(rf"[^{signs}]*[{signs}]+|[^{signs}]+", text)
    return [piece for part in parts for piece in _pieces(part, fits, level + 1)]


def printed_link(url: str, style: ParagraphStyle, width: float) -> Paragraph:
    """`url` as printed under its QR code, in lines of at most `width`
    points cut by `link_lines` (never inside a group: « …/sai » then
    « sie/… » would be copied wrong)."""

    def fits(line: str) -> bool:
        return pdfmetrics.stringWidth(line, style.fontName, style.fontSize) <= width - 1

    lines = link_lines(url, fits)
    return Paragraph("<br/>".join(escape(line, quote=False) for line in lines), style)
