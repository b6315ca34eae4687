"""Each box of the sheet, cut out of the photo and read: the grid's band
straightened (the page's homography, PER_MM pixels a millimetre), the
light evened out (paper is the brightest thing near any point: a shadow
or a lamp's fall-off is divided away), then per box its ink — crossed or
not for a box to cross, a digit and its probability for a number's box.

A number's box is cut a little taller than printed (a pen's digit often
runs over), and the printed outline is taken out of it: in the few pixels
around each printed line, what darkens the whole line evenly is the
outline, what darkens part of it is a stroke. Where that printed
outline does not show at all (a reflection, a fold), the box is washed
out: its ink may be gone with it (`washed_boxes`). A large hand's digit
runs further, and the row beside's into the cut: there each stroke is
followed (`_owned`), the box's kept, the row beside's taken out.

Must not: decide what is sure (checks.py), know the rules.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np
from PIL import Image, ImageFilter

from tournaments.domain.sheet_layout import DIGITS, Box, Field, SheetLayout
from tournaments.features.sheets.domain import digits
from tournaments.features.sheets.domain.photo import Photo

PER_MM = 10.0
#: Ink shares of a box to cross: under EMPTY it is blank, over CROSSED crossed.
EMPTY, CROSSED = 0.025, 0.07
#: A number's box with less ink than BLANK holds nothing; up to FAINT it is
#: a speck or a faint stroke (asked about).
BLANK, FAINT = 0.012, 0.03
#: A box whose printed outline reads fainter than WASHED of the sheet's
#: usual outline (`outline`: darkness against the paper; usual, its 80th
#: percentile over every box, so a reflection over most of the grid does
#: not lower it), or than WASHED_FLOOR whatever the rest, does not show
#: where it is printed — a lamp's reflection, a flash, a fold that moved
#: the paper —: a pen's stroke, some two to three times darker than the
#: printed line, is lost at about the same fading, so an empty box there
#: is not known to be empty (issue 59). Measured on photos no reflection
#: touched (the bench's, 800 to 3,264 pixels long, tilted 30°, blurred,
#: half in shade): the faintest box 0.11 dark at least, 0.66 to 0.89 of
#: the median; under a reflection, 0.008 dark, 0.025 of the median (each
#: line's median then, its first quartile since: on the benchmark's
#: photos the faintest box at 0.63 to 0.66 of the usual outline, under
#: the tests' lamp of +1.3 at 0.033; on 2-megapixel photos down to 0.435).
WASHED, WASHED_FLOOR = 0.4, 0.04
#: The share of a printed line's length (percent) under which its darkness
#: is taken (`outline`): a pen's ink along a line raises its darkness only
#: where it covers more of it.
LINE_QUARTILE = 25
#: The usual outline is taken over the boxes nothing is written in, when
#: they are at least this share of the sheet's (`washed_boxes`).
BARE_SHARE = 0.2
#: A number's box whose ink has fewer than STRAY pixels in the middle of
#: the printed box (MIDDLE, shares of its height) holds ink from elsewhere,
#: not a digit written in it: every digit crosses its box's middle, a
#: correction written small above the row below, or a tail running over
#: from the row beside, stays at an edge. Measured (issue 59, players'
#: corrections drawn by a probe the reader was not tuned on): 3,246 digits
#: written in their boxes, 51 pixels there at least; 20 boxes holding only
#: a correction's ink from the row below, 0 each.
STRAY, MIDDLE = 8, (0.35, 0.65)
#: A number's box is cut this much taller than printed, above and below
#: (millimetres): a pen's digit often runs over.
RUN_OVER = 1.0
#: A large hand's digit runs further, across the gap between two rows, and
#: the row beside's runs into the cut (issue 59: digits 1.1 to 1.45 times
#: their box's height were read wrong or asked, tens of questions a sheet).
#: When ink reaches past RUN_OVER, the cut looks this far (millimetres) and
#: follows each stroke (`_owned`): a stroke that enters the printed box is
#: kept up to the middle of the gap between the rows, one that enters the
#: row beside's box without entering this one is the row beside's.
REACH = 3.0


@dataclass(frozen=True)
class BoxRead:
    """One box as read: `ink` (its share of inked pixels), and for a
    number's box the class read (0–9, digits.JUNK, or None: blank) and the
    network's probability (calibrated), and its second choice."""

    ink: float
    digit: int | None = None
    probability: float = 1.0
    second: int | None = None
    classes: tuple[float, ...] = ()
    #: Its printed outline does not show (WASHED): its ink may be gone too.
    washed: bool = False
    #: Its ink stays at an edge (STRAY): ink from elsewhere, no digit of its own.
    stray: bool = False


@dataclass
class Straightened:
    """The grid's band of the page, straightened: each pixel's darkness
    against the paper around it (0 … 1), and from it the ink (0 paper … 1
    ink: the paper's grain and the JPEG's noise under 0.15, a pen's stroke
    over 0.45)."""

    dark: np.ndarray
    left: float
    top: float

    @cached_property
    def ink(self) -> np.ndarray:
        return np.clip((self.dark - 0.15) / 0.3, 0.0, 1.0)

    def cut(self, box: Box, *, dx: float = 0.0, dy: float = 0.0, rows: int = 0) -> np.ndarray:
        """The ink inside `box` grown by dx, dy millimetres on each side;
        with `rows`, that many pixels' rows more above and below, zeros
        where the band ends (the cut's own rows where they always were)."""
        x0 = round((box.x - dx - self.left) * PER_MM)
        y0 = round((box.y - dy - self.top) * PER_MM)
        x1 = round((box.x + box.w + dx - self.left) * PER_MM)
        y1 = round((box.y + box.h + dy - self.top) * PER_MM)
        if not rows:
            return self.ink[max(y0, 0) : max(y1, 0), max(x0, 0) : max(x1, 0)]
        y0, y1 = y0 - rows, y1 + rows
        out = np.zeros((max(y1 - y0, 0), max(x1 - x0, 0)), self.ink.dtype)
        top, left = max(y0, 0), max(x0, 0)
        part = self.ink[top : max(y1, 0), left : max(x1, 0)]
        out[top - y0 : top - y0 + part.shape[0], left - x0 : left - x0 + part.shape[1]] = part
        return out


def straighten(photo: Photo, h: np.ndarray, layout: SheetLayout) -> Straightened:
    """The grid's band, from the photo through the homography `h` (mm → px)."""
    left, top = layout.left - 2, layout.top - 2
    width = int((layout.right - layout.left + 4) * PER_MM)
    height = int((layout.bottom - layout.top + 4) * PER_MM)
    to_mm = np.array([[1 / PER_MM, 0, left], [0, 1 / PER_MM, top], [0, 0, 1]])
    m = h @ to_mm
    m = m / m[2, 2]
    coefficients = tuple(float(v) for v in m.flatten()[:8])
    band = photo.image.transform(
        (width, height), Image.Transform.PERSPECTIVE, coefficients, Image.Resampling.BILINEAR
    )
    return Straightened(_darkness(band), left, top)


def _darkness(band: Image.Image) -> np.ndarray:
    """Each pixel against the paper's brightness around it (0 … 1)."""
    small = band.reduce(8)
    paper = small.filter(ImageFilter.MaxFilter(5)).filter(ImageFilter.GaussianBlur(2))
    paper = paper.resize(band.size, Image.Resampling.BILINEAR)
    grey = np.asarray(band, np.float32)
    bright = np.maximum(np.asarray(paper, np.float32), 1.0)
    return np.clip(1.0 - grey / bright, 0.0, 1.0)


def boxes_of(layout: SheetLayout) -> tuple[Box, ...]:
    """Every box of `layout`'s rows, row by row, left to right."""
    return tuple(box for row in layout.rows for f in row.fields for box in f.boxes)


def washed_boxes(band: Straightened, boxes: tuple[Box, ...]) -> frozenset[Box]:
    """Those of `boxes` (a sheet's, `boxes_of`) washed out on this photo:
    their outline under WASHED of the boxes' usual outline, or under
    WASHED_FLOOR. The usual outline is the bare boxes' (nothing written
    inside), where there are enough of them (BARE_SHARE): a large hand's
    ink along its boxes' lines does not raise it."""
    lines = [outline(band, box) for box in boxes]
    bare = [line for box, line in zip(boxes, lines, strict=True) if _bare(band, box)]
    usual = bare if len(bare) >= BARE_SHARE * len(lines) else lines
    under = max(WASHED * float(np.percentile(usual, 80)) if usual else 0.0, WASHED_FLOOR)
    return frozenset(box for box, line in zip(boxes, lines, strict=True) if line < under)


def _bare(band: Straightened, box: Box) -> bool:
    """Nothing written inside `box` (its outline left out, as for a box to
    cross): under EMPTY ink."""
    return _crossed(band, box, washed=False).ink < EMPTY


def read_field(
    band: Straightened, field: Field, washed: frozenset[Box] = frozenset(), gap: float = 0.0
) -> list[BoxRead]:
    """Each box of `field`, read; those of `washed` (`washed_boxes`) said so.
    `gap`: millimetres between the row's boxes and the next row's (0: a
    number's box is cut RUN_OVER taller, no stroke followed past it)."""
    if field.kind != DIGITS:
        return [_crossed(band, box, box in washed) for box in field.boxes]
    reads = []
    images = []
    for box in field.boxes:
        ink = _digit_ink(band, box, gap)
        share = _share(ink)
        normalized = digits.normalize(ink) if share >= BLANK else None
        stray = normalized is not None and _astray(ink, box)
        reads.append(BoxRead(share, washed=box in washed, stray=stray))
        images.append(normalized)
    wanted = [i for i, image in enumerate(images) if image is not None]
    classes = digits.classify([images[i] for i in wanted])  # type: ignore[misc]
    for i, guess in zip(wanted, classes, strict=True):
        reads[i] = BoxRead(
            reads[i].ink, guess.digit, guess.probability, guess.second, guess.classes,
            reads[i].washed, reads[i].stray,
        )  # fmt: skip
    return reads


def _astray(ink: np.ndarray, box: Box) -> bool:
    """Whether the ink of a number's box (`_digit_ink`: REACH taller than
    printed each way) misses the printed box's middle (STRAY, MIDDLE)."""
    top = round(REACH * PER_MM)
    low, high = (round(top + share * box.h * PER_MM) for share in MIDDLE)
    return int((ink[low:high] > 0.5).sum()) < STRAY


def outline(band: Straightened, box: Box) -> float:
    """How dark `box`'s printed top and bottom lines read, the fainter of
    the two (0 … 1, darkness against the paper): along each, the darkest
    point within 0.5 mm of where it is printed, its first quartile
    (LINE_QUARTILE) over the box's width less 0.5 mm at each end. A pen's
    stroke on a line only darkens it, and the quartile is the printed
    line's wherever the pen left a quarter of it bare: a large hand whose
    digits run along their boxes' lines does not raise the sheet's usual
    outline (with the median it did, to the pen's darkness, and the
    printed lines of half the grid read washed out). A reflection fades
    the line, as it fades the pen's ink."""
    x0 = round((box.x + 0.5 - band.left) * PER_MM)
    x1 = round((box.x + box.w - 0.5 - band.left) * PER_MM)
    found = []
    for y in (box.y, box.y + box.h):
        row = round((y - band.top) * PER_MM)
        strip = band.dark[max(row - 5, 0) : max(row + 6, 0), max(x0, 0) : max(x1, 0)]
        if strip.size:
            found.append(float(percentile(strip.max(0), LINE_QUARTILE)))
    return min(found, default=0.0)


def _crossed(band: Straightened, box: Box, washed: bool) -> BoxRead:
    inset = min(box.w, box.h) * 0.16
    ink = band.cut(box, dx=-inset, dy=-inset)
    return BoxRead(float((ink > 0.5).mean()) if ink.size else 0.0, washed=washed)


def _share(ink: np.ndarray) -> float:
    """A number's box's share of inked pixels (`_digit_ink`), of its cut
    RUN_OVER taller than printed each way: the rows past it are no room a
    digit is written in."""
    room = (ink.shape[0] - 2 * _BEYOND) * ink.shape[1]
    return float((ink > 0.5).sum()) / room if room > 0 else 0.0


#: The rows of `_digit_ink`'s array past RUN_OVER, above and below.
_BEYOND = round((REACH - RUN_OVER) * PER_MM)


def _digit_ink(band: Straightened, box: Box, gap: float = 0.0) -> np.ndarray:
    """A number's box: its sides cut by 0.4 mm, the printed outline and any
    rule across its margins taken out, RUN_OVER taller than printed each
    way, framed REACH taller (`_share` counts RUN_OVER's rows). Where ink
    crosses the PAST millimetres just past RUN_OVER and the rows are `gap`
    millimetres apart (at least twice RUN_OVER: rows of a sheet of many
    deals are closer, their cuts meet), each stroke is followed
    (`_owned`); else the rows past RUN_OVER are blank, as they always were."""
    raw = band.cut(box, dx=-0.4, dy=RUN_OVER, rows=_BEYOND)
    near = _cleaned(raw[_BEYOND : raw.shape[0] - _BEYOND], RUN_OVER)
    framed = np.zeros_like(raw)
    framed[_BEYOND : _BEYOND + near.shape[0]] = near
    past = round(PAST * PER_MM)
    runs_past = (raw[_BEYOND - past : _BEYOND] > 0.5).any() or (
        raw[raw.shape[0] - _BEYOND : raw.shape[0] - _BEYOND + past] > 0.5
    ).any()
    if not near.size or gap < 2 * RUN_OVER or not runs_past:
        return framed  # short rows (many deals): their cuts meet, as they always did
    far = _cleaned(raw, REACH)
    far[_BEYOND : _BEYOND + near.shape[0]] = near
    if not (far[:_BEYOND].any() or far[_BEYOND + near.shape[0] :].any()):
        return framed  # no ink past RUN_OVER: the cut as it was
    return _owned(far, raw, box, near.shape[0], gap)


#: The millimetres just past RUN_OVER, above and below a box, where a
#: stroke running past it is looked for (`_digit_ink`): in the gap between
#: the rows, where nothing is printed.
PAST = 0.3


#: Rows each side of where a printed line is drawn in which its print is
#: looked for (`_bridged`).
BRIDGE = 4


def _owned(ink: np.ndarray, raw: np.ndarray, box: Box, near_rows: int, gap: float) -> np.ndarray:
    """`ink` (framed REACH taller than `box`; `raw`, before its printed
    lines were taken out) as the box's own: a stroke that enters the
    printed box kept up to the middle of the gap between the rows (a large
    hand's digit running over), one that enters the row beside's printed
    box without entering this one taken out (the row beside's digit), any
    other as the cut RUN_OVER taller kept it (ink written in the gap: a
    correction, asked as « stray »). A stroke is a piece of ink connected
    through its pixels' sides and corners (`components`), across this box's
    printed lines where it crossed them (`_bridged`)."""
    top = round(REACH * PER_MM)
    bottom = top + round(box.h * PER_MM)
    half, apart = round(gap / 2 * PER_MM), round(gap * PER_MM)
    # The lines of this box and of the rows beside (REACH reaches into their boxes).
    crossed = _bridged(ink, raw, (top - apart, top, bottom, bottom + apart))
    ink = np.where(crossed, 1.0, ink)  # the stroke across the line, as it was
    labels, count = components(ink > 0)
    rows = np.arange(ink.shape[0])
    inside = (rows >= top) & (rows < bottom)
    ours = (rows >= top - half) & (rows < bottom + half)
    beside = (rows < top - apart) | (rows >= bottom + apart)
    near = (rows >= _BEYOND) & (rows < _BEYOND + near_rows)
    y = np.nonzero(labels)[0]
    which = labels[labels > 0]
    enters = np.bincount(which, weights=inside[y], minlength=count + 1) > 0
    elsewhere = np.bincount(which, weights=beside[y], minlength=count + 1) > 0
    kept = np.where(enters[labels], ours[:, None], ~elsewhere[labels] & near[:, None])
    return np.where(kept & (ink > 0), ink, 0.0).astype(ink.dtype)


def _bridged(ink: np.ndarray, raw: np.ndarray, lines: tuple[int, ...]) -> np.ndarray:
    """The pixels of each of `lines` (rows) where a stroke crossed it: the
    print taken out there (inked as photographed, none left) in one run of
    rows, the stroke's ink touching that run from above and from below, in
    the same column or the one beside."""
    out = np.zeros(ink.shape, bool)
    height, width = ink.shape
    # Each column's neighbours (the same column, the one before, the one after).
    beside = [np.clip(np.arange(width) + shift, 0, width - 1) for shift in (-1, 0, 1)]
    for line in lines:
        low, high = max(line - BRIDGE, 1), min(line + BRIDGE + 1, height - 1)
        if high <= low:
            continue
        printed = (raw[low:high] > 0.35) & (ink[low:high] == 0)
        span = high - low
        first = printed.argmax(axis=0)
        last = span - 1 - printed[::-1].argmax(axis=0)
        one_run = printed.any(axis=0) & (printed.sum(axis=0) == last - first + 1)
        touched = np.zeros((2, width), bool)
        for side, row in enumerate((low + first - 1, low + last + 1)):
            for near in beside:
                touched[side] |= ink[row, near] > 0
        crossed = one_run & touched[0] & touched[1]
        rows = np.arange(span)[:, None]
        out[low:high] |= crossed & (rows >= first) & (rows <= last)
    return out


def components(mask: np.ndarray) -> tuple[np.ndarray, int]:
    """The pieces of `mask` (True where ink is) that touch through a side or
    a corner: each pixel's piece (1 … count; 0 where no ink) and count.
    Runs of each row joined to the runs they touch in the row above."""
    height, width = mask.shape
    padded = np.zeros((height, width + 2), np.int8)
    padded[:, 1:-1] = mask
    steps = np.diff(padded, axis=1)
    run_rows, starts = np.nonzero(steps == 1)
    ends = np.nonzero(steps == -1)[1].tolist()
    first = np.searchsorted(run_rows, np.arange(height + 1)).tolist()
    starts_ = starts.tolist()
    parent = list(range(len(starts_)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for y in range(1, height):
        i, j, above_end, end = first[y - 1], first[y], first[y], first[y + 1]
        while i < above_end and j < end:
            if starts_[i] <= ends[j] and starts_[j] <= ends[i]:  # touching, corners too
                parent[root(j)] = root(i)
            if ends[i] < ends[j]:
                i += 1
            else:
                j += 1
    roots = [root(i) for i in range(len(parent))]
    number = {r: k + 1 for k, r in enumerate(dict.fromkeys(roots))}
    labels = np.zeros((height, width), np.int32)
    for k, (y, r) in enumerate(zip(run_rows.tolist(), roots, strict=True)):
        labels[y, starts_[k] : ends[k]] = number[r]
    return labels, len(number)


def _cleaned(ink: np.ndarray, margin: float) -> np.ndarray:
    """A cut `margin` millimetres taller than its box each way, the printed
    outline and any rule across its margins taken out."""
    ink = ink.copy()
    if not ink.size:
        return ink
    edge = round(margin * PER_MM)
    # The box's top and bottom lines, and past them the cut's margins, which
    # may hold a neighbour's printed rule (the heading's thick line over the
    # first row's cut): whatever darkens a whole row evenly is a rule.
    height = ink.shape[0]
    for band_rows in (slice(0, edge + 5), slice(max(height - 5 - edge, 0), height)):
        ink[band_rows] = np.clip(
            ink[band_rows] - percentile(ink[band_rows], 15, axis=1)[:, None], 0, 1
        )
    for column in (0, ink.shape[1] - 1):  # what is left of its sides
        cols = slice(max(column - 4, 0), column + 5)
        ink[:, cols] = np.clip(ink[:, cols] - percentile(ink[:, cols], 15, axis=0)[None, :], 0, 1)
    # What is left of an outline, the paper's grain: not a stroke.
    return np.where(ink > 0.35, ink, 0.0)


def percentile(a: np.ndarray, q: int, axis: int = 0) -> np.ndarray:
    """`np.percentile(a, q, axis=axis)` (its linear interpolation, the
    same float operations in `a`'s dtype: the same bits), without the
    checks around it that took four fifths of its time (some 50,000 calls
    a large hand's 18 coinche sheets, 10 % of their reading)."""
    n = a.shape[axis]
    at = (n - 1) * (q / 100)
    low = math.floor(at)
    high = min(low + 1, n - 1)
    part = np.partition(a, (low, high), axis=axis)
    below, above = np.take(part, low, axis=axis), np.take(part, high, axis=axis)
    step, t = above - below, at - low
    # numpy's lerp: from the nearer end, so that t = 1 gives `above` exactly.
    found: np.ndarray = above - step * (1 - t) if t >= 0.5 else below + step * t
    return found
