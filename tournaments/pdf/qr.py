"""The QR code printed on a score sheet: a flowable drawn as vector
rectangles (no image, no temporary file) and the cache of its paths.

Knows only how to draw a text as a QR symbol; what the text is (the table's
entry address) is the caller's business. Like the rest of the package it
never computes a score nor touches the database.
"""

from __future__ import annotations

import functools

import segno
from reportlab.lib import colors
from reportlab.platypus import Flowable

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
