"""A printed score sheet read back box by box, as its layout says: the
digits printed in a number's boxes from poppler's words and their places
(pdftotext -bbox), the crosses from the page rendered as an image (ink in
a box to cross). What the tests of the sheet compare with what was entered."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from PIL import Image

from tournaments.domain.sheet_layout import DIGITS, PAGE_MM, SheetLayout

POINT = 72 / 25.4  # points in a millimetre
DPI = 100


def written(pdf: Path, layout: SheetLayout, page: int = 1) -> dict[int, dict[str, object]]:
    """{deal: {field: digits (str) or crossed boxes (tuple)}}, fields left
    blank absent, deals left blank absent."""
    words = _words(pdf, page)
    ink = _ink(pdf, page)
    found: dict[int, dict[str, object]] = {}
    for row in layout.rows:
        values: dict[str, object] = {}
        for field in row.fields:
            if field.kind == DIGITS:
                digits = "".join(
                    text
                    for box in field.boxes
                    for text, x, y in words
                    if box.x <= x <= box.x + box.w and box.y <= y <= box.y + box.h
                )
                if digits:
                    values[field.name] = digits
            else:
                crossed = tuple(box.name for box in field.boxes if ink(box) > 0.08)
                if crossed:
                    values[field.name] = crossed
        if values:
            found[row.number] = values
    return found


def _words(pdf: Path, page: int) -> list[tuple[str, float, float]]:
    """Each printed character with its centre, in mm from the top left."""
    out = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
        check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    pattern = (
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
    )
    chars = []
    for x0, y0, x1, y1, text in re.findall(pattern, out):
        x0, y0, x1, y1 = (float(v) / POINT for v in (x0, y0, x1, y1))
        step = (x1 - x0) / max(len(text), 1)
        for i, char in enumerate(text):  # a word's characters, evenly spread
            chars.append((char, x0 + step * (i + 0.5), (y0 + y1) / 2))
    return chars


def _ink(pdf: Path, page: int):
    prefix = pdf.with_name(f"{pdf.stem}-boxes")
    subprocess.run(
        ["pdftoppm", "-gray", "-r", str(DPI), "-f", str(page), "-l", str(page), "-singlefile",
         str(pdf), str(prefix)],
        check=True,
    )  # fmt: skip
    image = Image.open(f"{prefix}.pgm")
    scale = image.width / PAGE_MM[0]

    def share(box) -> float:
        """The share of dark pixels inside the box, its outline left out."""
        inset = box.w * 0.2
        left, top = (box.x + inset) * scale, (box.y + inset) * scale
        right, bottom = (box.x + box.w - inset) * scale, (box.y + box.h - inset) * scale
        crop = image.crop((round(left), round(top), round(right), round(bottom)))
        histogram = crop.histogram()
        return sum(histogram[:128]) / max(sum(histogram), 1)

    return share
