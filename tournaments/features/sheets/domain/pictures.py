"""What the desk keeps of a photo and shows of it: the sheet's grid
straightened (a small grey JPEG, `grid_picture`) from which each cell's
crop is cut for the review (`crop`), a thumbnail of a photo refused to
know it again (`thumbnail`), and a scanner's PDF turned into one picture a
page (`pdf_pages`).

A file from outside is data to check, never code to run: a PDF's pages
are counted, measured and their images' pixels added up *before* anything
is drawn (a 400 KB PDF can hold a 40,000 × 40,000 image that PDFium would
spend 1.6 GB decoding), and drawn at a fixed size.

Pure: bytes in, bytes out; no Django. Must not: read a sheet (reader.py).
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageOps

from tournaments.domain.sheet_layout import Box, SheetLayout
from tournaments.features.sheets.domain.limits import MAX_PIXELS, Refused
from tournaments.features.sheets.domain.photo import Photo

#: The straightened grid kept for the review: pixels a millimetre.
PER_MM = 8.0
#: A crop's margin around its box, in millimetres, and how much it is enlarged.
MARGIN_MM = 1.2
ZOOM = 2
THUMB = 480
QUALITY = 72
#: A scanner's PDF: at most so many pages, each at most A3, drawn at DPI.
MAX_PAGES = 30
MAX_PAGE_PT = 1200.0
MAX_OBJECTS = 20_000
DPI = 200


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
    pile), or b"" when it is no image that can be opened safely."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                if image.width * image.height > MAX_PIXELS:
                    return b""
                image.draft("L", (THUMB, THUMB))
                small = ImageOps.exif_transpose(image).convert("L")
                small.thumbnail((THUMB, THUMB))
                return _jpeg(small)
    except Exception:
        return b""


def is_pdf(data: bytes) -> bool:
    return data[:1024].lstrip().startswith(b"%PDF-")


def pdf_pages(data: bytes) -> list[bytes]:
    """Each page of a scanner's PDF as a PNG drawn at DPI, or Refused:
    `pdf_broken` (not a PDF that opens), `pdf_pages` (too many pages),
    `too_many_pixels` (a page too large, or holding too much to draw)."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as error:
        raise Refused("pdf_broken") from error
    try:
        count = len(document)
        if count == 0:
            raise Refused("pdf_broken")
        if count > MAX_PAGES:
            raise Refused("pdf_pages", pages=count, most=MAX_PAGES)
        pages = []
        for index in range(count):
            page = document[index]
            try:
                pages.append(_draw_page(page, pdfium_c))
            finally:
                page.close()
        return pages
    finally:
        document.close()


def _draw_page(page: Any, pdfium_c: Any) -> bytes:
    width, height = page.get_size()
    if max(width, height) > MAX_PAGE_PT or min(width, height) <= 0:
        raise Refused("too_many_pixels")
    if pdfium_c.FPDFPage_CountObjects(page) > MAX_OBJECTS:
        raise Refused("too_many_pixels")
    pixels = 0
    for image in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_IMAGE], max_depth=4):
        w, h = image.get_px_size()
        pixels += w * h
    if pixels > MAX_PIXELS:
        raise Refused("too_many_pixels")
    bitmap = page.render(scale=DPI / 72, grayscale=True)
    drawn = bitmap.to_pil()
    out = io.BytesIO()
    drawn.save(out, "PNG", compress_level=1)
    return out.getvalue()


def _jpeg(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "JPEG", quality=QUALITY, optimize=True)
    return out.getvalue()
