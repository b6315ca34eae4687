"""What the desk keeps of a photo and shows of it: the sheet's grid
straightened (a small grey JPEG, `grid_picture`) from which each cell's
crop is cut for the review (`crop`), a thumbnail of a photo refused to
know it again (`thumbnail`). A scanner's PDF is drawn into pictures in a
process of its own (pdf_drawing.py); `is_pdf` tells one.

Pure: bytes in, bytes out; no Django. Must not: read a sheet (reader.py).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageOps

from tournaments.domain.sheet_layout import Box, SheetLayout
from tournaments.features.sheets.domain.limits import Refused
from tournaments.features.sheets.domain.photo import Photo, grey_image

#: The straightened grid kept for the review: pixels a millimetre.
PER_MM = 8.0
#: A crop's margin around its box, in millimetres, and how much it is enlarged.
MARGIN_MM = 1.2
ZOOM = 2
THUMB = 480
QUALITY = 72


@dataclass(frozen=True)
class Geometry:
    """Where the kept grid lies on the page: its top left in millimetres,
    and pixels a millimetre."""

    left: float
    top: float
    per_mm: float

    def to_json(self) -> dict[str, float]:
        return {"left": self.left, "top": self.top, "per_mm": self.per_mm}

    @classmethod
    def of(cls, data: dict[str, Any]) -> Geometry:
        return cls(float(data["left"]), float(data["top"]), float(data["per_mm"]))


def grid_picture(
    photo: Photo, homography: np.ndarray, layout: SheetLayout
) -> tuple[bytes, Geometry]:
    """The grid's band of the page, straightened from `photo` through
    `homography` (mm → pixels), as a grey JPEG, and where it lies."""
    left, top = layout.left - 2, layout.top - 2
    width = int((layout.right - layout.left + 4) * PER_MM)
    height = int((layout.bottom - layout.top + 4) * PER_MM)
    to_mm = np.array([[1 / PER_MM, 0, left], [0, 1 / PER_MM, top], [0, 0, 1]])
    m = homography @ to_mm
    m = m / m[2, 2]
    band = photo.image.transform(
        (width, height),
        Image.Transform.PERSPECTIVE,
        tuple(float(v) for v in m.flatten()[:8]),
        Image.Resampling.BILINEAR,
    )
    band = ImageOps.autocontrast(band, cutoff=1)
    return _jpeg(band), Geometry(left, top, PER_MM)


def turned(homography: np.ndarray) -> int:
    """How many degrees the sheet is turned in the photo (0: upright, 180:
    upside down), from the page's homography (mm → pixels)."""
    centre = np.array([[105.0, 148.5, 1.0], [105.0, 158.5, 1.0]]) @ homography.T
    points = centre[:, :2] / centre[:, 2:3]
    dx, dy = points[1] - points[0]
    return round(abs(float(np.degrees(np.arctan2(dx, dy)))))


def crop(picture: bytes, geometry: Geometry, boxes: list[Box], *, framed: list[Box]) -> bytes:
    """The part of the kept grid that holds `boxes` (one field, or a whole
    row), a little margin around, enlarged; the boxes of `framed` (the
    cells asked about) drawn round in the highlight's colour."""
    with Image.open(io.BytesIO(picture)) as opened:
        band = opened.convert("RGB")
    x0 = min(b.x for b in boxes) - MARGIN_MM
    y0 = min(b.y for b in boxes) - MARGIN_MM
    x1 = max(b.x + b.w for b in boxes) + MARGIN_MM
    y1 = max(b.y + b.h for b in boxes) + MARGIN_MM

    def px(x: float, y: float) -> tuple[int, int]:
        return (
            round((x - geometry.left) * geometry.per_mm),
            round((y - geometry.top) * geometry.per_mm),
        )

    area = (*px(x0, y0), *px(x1, y1))
    part = band.crop(area).resize(
        ((area[2] - area[0]) * ZOOM, (area[3] - area[1]) * ZOOM), Image.Resampling.BICUBIC
    )
    draw = ImageDraw.Draw(part)
    for box in framed:
        a, b = px(box.x - 0.4, box.y - 0.4)
        c, d = px(box.x + box.w + 0.4, box.y + box.h + 0.4)
        draw.rectangle(
            (
                (a - area[0]) * ZOOM,
                (b - area[1]) * ZOOM,
                (c - area[0]) * ZOOM,
                (d - area[1]) * ZOOM,
            ),
            outline=(214, 90, 0),
            width=3,
        )
    return _jpeg(part)


def thumbnail(data: bytes) -> bytes:
    """A small grey picture of an image refused (to know it again in the
    pile), or b"" when it is no image that can be opened safely (measured
    before it is decoded, as a photo read is: photo.grey_image)."""
    try:
        small = grey_image(data, THUMB)
    except Refused:
        return b""
    small.thumbnail((THUMB, THUMB))
    return _jpeg(small)


def is_pdf(data: bytes) -> bool:
    return data[:1024].lstrip().startswith(b"%PDF-")


def _jpeg(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "JPEG", quality=QUALITY, optimize=True)
    return out.getvalue()
