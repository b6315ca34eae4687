"""Where the sheet lies in the photo: its QR code (which sheet, and which
way up: the symbol's corners are its own, whatever way the photo was
taken), then its four corner marks, and the homography from the page's
millimetres to the photo's pixels that they give.

The QR code's corners give a first guess of the page (a homography from
four points 25 mm apart); each corner mark is then looked for around
where that guess puts it: a solid dark square of the mark's size with
paper around it. The four marks' centres give the homography the reader
uses, checked against the QR code's centre.

Must not: read a box (cells.py), decide what a sheet says.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import segno
import zxingcpp

from tournaments.domain.sheet_layout import MARK_SIZE, SheetLayout, SheetMark, read_mark
from tournaments.features.sheets.domain.limits import Refused
from tournaments.features.sheets.domain.photo import Photo, sharpness

BLURRED = 0.12  # below this sharpness, a photo with no QR code read is said blurred
#: How far from where the guess puts a corner mark it is looked for (mm):
#: near first, then farther (the QR code's centre checks the marks found).
NEAR, FAR = 22, 45


@dataclass(frozen=True)
class FoundQR:
    """A sheet's QR code in the photo: its mark and its corners (pixels,
    top left, top right, bottom right, bottom left of the symbol)."""

    text: str
    mark: SheetMark
    corners: np.ndarray


def find_qr(photo: Photo) -> FoundQR:
    """The one sheet's QR code of the photo, or Refused."""
    found = zxingcpp.read_barcodes(
        photo.image, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)
    )
    marked = []
    other = False
    for code in found:
        mark = read_mark(code.text)
        if mark is None:
            other = True
            continue
        p = code.position
        corners = np.array(
            [[c.x, c.y] for c in (p.top_left, p.top_right, p.bottom_right, p.bottom_left)],
            np.float64,
        )
        marked.append(FoundQR(code.text, mark, corners))
    if len(marked) > 1:
        raise Refused("two_sheets")
    if marked:
        return marked[0]
    if other:
        raise Refused("no_mark")
    if sharpness(photo.grey) < BLURRED:
        raise Refused("blurred")
    raise Refused("no_qr")


def homography(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """The 3 × 3 homography sending the points `src` to `dst` (least
    squares over four or more pairs)."""
    rows = []
    for (x, y), (u, v) in zip(src, dst, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y, -u])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y, -v])
    _, _, vt = np.linalg.svd(np.asarray(rows, np.float64))
    h = vt[-1].reshape(3, 3)
    normalized: np.ndarray = h / h[2, 2]
    return normalized


def affine(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """The 3 × 3 affine map sending the points `src` to `dst` (least
    squares over three or more pairs): no perspective to extrapolate."""
    a = np.hstack([src, np.ones((len(src), 1))])
    m, *_ = np.linalg.lstsq(a, dst, rcond=None)
    return np.vstack([m.T, [0.0, 0.0, 1.0]])


def project(h: np.ndarray, points: np.ndarray) -> np.ndarray:
    """`points` (N × 2) through `h`."""
    points = np.atleast_2d(points)
    ones = np.ones((points.shape[0], 1))
    out = np.hstack([points, ones]) @ h.T
    flat: np.ndarray = out[:, :2] / out[:, 2:3]
    return flat


def qr_symbol_mm(qr: FoundQR, layout: SheetLayout) -> np.ndarray:
    """The QR symbol's four corners on the page, in mm: the layout's box
    less the quiet zone of four modules (its module count from the text,
    encoded again as the sheet encodes it)."""
    modules = segno.make_qr(qr.text, error="m", mask=0).symbol_size(border=0)[0]
    box = layout.qr
    module = box.w / (modules + 8)
    x0, y0 = box.x + 4 * module, box.y + 4 * module
    x1, y1 = box.x + box.w - 4 * module, box.y + box.h - 4 * module
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64)


def page_homography(photo: Photo, qr: FoundQR, layout: SheetLayout) -> np.ndarray:
    """The homography page (mm) → photo (pixels) from the four corner
    marks, or Refused when one is not on the photo."""
    known_mm, known_px = qr_symbol_mm(qr, layout), qr.corners
    centres_mm = np.array([mark.centre for mark in layout.marks])
    # Nearest the QR code first: each mark found makes the guess for the
    # next one better (the QR code alone is 25 mm wide, the page 297 mm).
    order = np.argsort(np.linalg.norm(centres_mm - known_mm.mean(axis=0), axis=1))
    found: dict[int, np.ndarray] = {}
    for index in order:
        # Near where the homography of the points found puts it; else
        # farther, by the affine map of the same points first: fitted on the
        # top of the page alone, a homography's perspective terms can throw
        # the bottom marks 15 mm off (seen: 108 px; 5 tables' QR codes of 65
        # were refused so), where an affine map carries no perspective.
        point = None
        for guess, reach in (
            (homography(known_mm, known_px), NEAR),
            (affine(known_mm, known_px), FAR),
            (homography(known_mm, known_px), FAR),
        ):
            point = _find_mark(photo.grey, guess, centres_mm[index], reach_mm=reach)
            if point is not None:
                break
        if point is None:
            raise Refused("corners")
        found[index] = point
        known_mm = np.vstack([known_mm, centres_mm[index]])
        known_px = np.vstack([known_px, point])
    h = homography(centres_mm, np.array([found[i] for i in range(len(centres_mm))]))
    # The QR code must fall where the marks put it: else a mark is wrong.
    qr_mm = qr_symbol_mm(qr, layout).mean(axis=0)
    error = np.linalg.norm(project(h, qr_mm)[0] - qr.corners.mean(axis=0))
    if error > 4 * _scale(h, qr_mm):
        raise Refused("corners")
    return h


def _scale(h: np.ndarray, at_mm: np.ndarray) -> float:
    """Pixels per millimetre around `at_mm`."""
    a, b = project(h, np.array([at_mm, at_mm + np.array([1.0, 0.0])]))
    return float(np.linalg.norm(b - a))


def _find_mark(
    grey: np.ndarray, guess: np.ndarray, centre_mm: np.ndarray, *, reach_mm: float
) -> np.ndarray | None:
    """The centre (pixels) of the solid square nearest where `guess` puts
    the mark, with paper around it; None when there is none."""
    scale = _scale(guess, centre_mm)
    side = max(4, round(MARK_SIZE * scale))
    predicted = project(guess, centre_mm)[0]
    reach = round(reach_mm * scale)
    height, width = grey.shape
    x0, y0 = int(predicted[0]) - reach, int(predicted[1]) - reach
    x1, y1 = int(predicted[0]) + reach, int(predicted[1]) + reach
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, width), min(y1, height)
    if x1 - x0 < 2 * side or y1 - y0 < 2 * side:
        return None
    window = grey[y0:y1, x0:x1]
    paper = float(np.percentile(window, 90))
    dark = (window < paper * 0.55).astype(np.float64)
    half = side // 2
    outer = _box_sums(dark, 2 * side)  # by the outer square's top left (a, b)
    inner = _box_sums(dark, side)[half : half + outer.shape[0], half : half + outer.shape[1]]
    ring = (outer - inner) / (3 * side**2)
    inner = inner / side**2
    score = np.where((inner > 0.7) & (ring < 0.25), inner - ring, -1.0)
    if score.max() < 0:
        return None
    # The best candidates, the one nearest the guess (its inner square's top left).
    ys, xs = np.nonzero(score >= score.max() - 0.1)
    ys, xs = ys + half, xs + half
    distance = (xs + side / 2 + x0 - predicted[0]) ** 2 + (ys + side / 2 + y0 - predicted[1]) ** 2
    near = int(np.argmin(distance))
    top, left = ys[near], xs[near]
    patch = dark[max(top - 2, 0) : top + side + 2, max(left - 2, 0) : left + side + 2]
    py, px = np.nonzero(patch)
    return np.array(
        [x0 + max(left - 2, 0) + px.mean() + 0.5, y0 + max(top - 2, 0) + py.mean() + 0.5]
    )


def _box_sums(values: np.ndarray, side: int) -> np.ndarray:
    """The sum of every side × side square of `values`, by its top left."""
    total = np.pad(values, ((1, 0), (1, 0))).cumsum(0).cumsum(1)
    sums: np.ndarray = (
        total[side:, side:] - total[:-side, side:] - total[side:, :-side] + total[:-side, :-side]
    )
    return sums
