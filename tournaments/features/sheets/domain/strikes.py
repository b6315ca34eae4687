"""A number struck out on the sheet: a stroke drawn across its boxes.

At a real table a player who wrote a wrong number strikes it out and
writes the right one beside it, above the boxes or in the margin, where
the reader cannot tell what it belongs to. The digits under the stroke
are still read by the network, often sure: the wrong number would be
taken, and where the rules cannot check it (a chute's card points, an
announcement) it passed unasked (issue 59: a probe correcting three
numbers a sheet, benchmark seed 49, the takers' points of a chute struck
out read 55 for 45 (0.9999, 0.9994), the defence's points settled to
match, the row sure).

A stroke across a number is told from the digits it crosses by two
things no digit written in its box does (`struck`):

- it is straight and long: one straight line, LINE_TOLERANCE either
  side, meets ink in ALONG of the columns from the first written box's
  printed side to the last one's, with a slope of at most SLOPE of the
  number's width;
- it runs on past the number: on that same line, ink in PAST of the
  columns just outside one of the written boxes' outer printed sides
  (BEYOND millimetres from it), where a digit kept inside its box leaves
  the paper bare.

Measured (my probe, `/tmp/d19/strike_probe.py` over the benchmark's
photos, three corrections a sheet drawn as a stroke 0.45 mm wide across
the wrong number, 0.5 mm past it): tuned on seed 43 (two hands) and seed
31 (all seven families): 240 of 240 numbers struck found, 0 of 4,489
numbers not struck taken for struck. The straightness alone (the
probe's best line meeting ink in 90 % of the columns) took 11 of them,
its share up to 0.93 (two digits touching at the printed side between
them, a wide digit alone in its box); running past alone, 6.

A dash is no number struck out (`dash`): players draw one across a box
they leave empty (no announcement, the defence's points of a capot) where
the stroke would read as a number struck; its boxes hold nothing but the
stroke, where a struck number holds its digits off it. It is read as
nothing written, as a blank number. Measured as it is (my probe
`/tmp/d20/dash_probe.py`, a dash in half the empty numbers of the
deals played): seed 55 (looked at), 242 of 258 dashes found, 0 of 1,374
other numbers taken for one; held out, seed 58, 276 of 294 and 0 of
2,160, seed 59, 162 of 216 and 0 of 1,422; no number struck out taken
for one (seed 58, 216) (docs/photo-sheets.md, « A dash in an empty
number »).

Pure: the straightened band and a number's boxes in, a yes or no out.
Must not: decide what is asked (checks.py), read a digit.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from tournaments.domain.sheet_layout import Field
from tournaments.features.sheets.domain.cells import (
    BLANK,
    PER_MM,
    RUN_OVER,
    BoxRead,
    Straightened,
    percentile,
)
from tournaments.features.sheets.domain.digits import JUNK

#: The share of the box's height (from its top) searched for the stroke:
#: a stroke across a number is drawn through its middle.
ROWS = (0.15, 0.85)
#: Pixels either side of the printed sides where the print is taken out:
#: what darkens the whole column there is the printed line.
PRINT = 4
#: Darkness over the print's (against the paper) that is the pen's.
PEN = 0.3
#: Pixels above and below a straight line within which its ink is met.
LINE_TOLERANCE = 3
#: The steepest line tried: its rise over the written boxes, in pixels
#: each way (1.4 mm; a stroke drawn by hand across two or three boxes).
SLOPE = 14
#: The share of the written boxes' columns the line meets ink in.
ALONG = 0.9
#: Millimetres outside the outer printed sides where the stroke runs on
#: (past the print's own PRINT pixels), and the share of them inked.
BEYOND = (0.2, 0.6)
PAST = 0.5


def struck(band: Straightened, field: Field, reads: Sequence[BoxRead]) -> bool:
    """Whether a number `field`'s boxes (read as `reads`: cells.read_field)
    are struck out: a long straight stroke across the boxes written in,
    running on past them. The stroke's end may run into a box of the field
    left blank (it then holds ink): the line is looked for across the
    boxes written but an end box holding nothing but the line (TAIL)."""
    written = [i for i, read in enumerate(reads) if read.ink >= BLANK and not read.stray]
    if not written:
        return False
    a, b = written[0], written[-1]
    first, last = field.boxes[a], field.boxes[b]
    near, far = (round(mm * PER_MM) for mm in BEYOND)
    x0 = round((first.x - band.left) * PER_MM) - far
    x1 = round((last.x + last.w - band.left) * PER_MM) + far
    y0, y1 = (round((first.y + share * first.h - band.top) * PER_MM) for share in ROWS)
    if x0 < 0 or y0 < 0 or x1 > band.dark.shape[1] or y1 > band.dark.shape[0]:
        return False
    sides = [far + round((field.boxes[i].x - first.x) * PER_MM) for i in range(a, b + 1)]
    sides.append(x1 - x0 - far)
    ink = _cleaned(band.dark[y0:y1, x0:x1], sides) > PEN
    # The spans tried (their left side's index, their right one's): the
    # boxes written, and those without an end box, two boxes left at least.
    n = len(sides) - 1
    spans = [(i, j) for i in (0, 1) for j in (n, n - 1) if (i, j) == (0, n) or j - i >= 2]
    return any(_line_across(ink, sides, i, j, near, far) for i, j in spans)


def _cleaned(
    dark: np.ndarray, sides: list[int], printed: slice = slice(None), lines: tuple[int, ...] = ()
) -> np.ndarray:
    """`dark` (a copy) with the print taken out: the printed sides at the
    columns `sides` (they darken their whole column, its `printed` rows)
    and the printed lines at the rows `lines` (their whole row)."""
    dark = dark.copy()
    for line in lines:
        strip = dark[max(line - PRINT, 0) : line + PRINT + 1]
        strip -= percentile(strip, 30, axis=1)[:, None]
    for side in sides:
        strip = dark[:, max(side - PRINT, 0) : side + PRINT + 1]
        strip -= percentile(strip[printed], 30, axis=0)[None, :]
    return dark


#: Darkness over which ink off a dash's line is counted: nearly as faint
#: as the network reads a stroke (cells._cleaned keeps ink over 0.35, a
#: darkness of 0.255; 0.27 not to count a thick dash's blur, helper-55):
#: a digit whose bar alone is over PEN (a 4 pressed on its bar, digits in
#: pencil struck out with a pen) is no dash.
FAINT_PEN = 0.27


#: Ink pixels an end box left out of the line's span may hold off the line
#: (a stroke's end running into a box left blank holds only the line).
TAIL = 12


def _line_across(ink: np.ndarray, sides: list[int], i: int, j: int, near: int, far: int) -> bool:
    """Whether one straight line meets ink in ALONG of the columns from side
    `i` to side `j`, and in PAST of the columns BEYOND one of them (`near`
    … `far` pixels out), the boxes outside the span holding nothing else."""
    rows, columns = ink.shape
    start, end = sides[i], sides[j]
    xs = np.arange(columns)
    left_out = (xs > start - far) & (xs <= start - near)
    right_out = (xs >= end + near) & (xs < end + far)
    if not ink[:, left_out | right_out].any():
        return False  # nothing runs past the span: no stroke across it (most numbers)
    inside = (xs >= start) & (xs < end)
    if ink[:, inside].any(0).mean() < ALONG:
        return False  # no line meets ink in more columns than hold any (digits apart)
    padded = np.zeros((rows + 2 * LINE_TOLERANCE, columns), bool)
    padded[LINE_TOLERANCE : LINE_TOLERANCE + rows] = ink
    close = sliding_window_view(padded, 2 * LINE_TOLERANCE + 1, axis=0).any(-1)
    left_box, right_box = xs < sides[i] - PRINT, xs > sides[j] + PRINT
    left_box[: sides[0] + PRINT + 1] = False  # the boxes left out, not past the field's ends
    right_box[sides[-1] - PRINT :] = False
    across = (xs - start) / max(end - start, 1) - 0.5
    for rise in range(-SLOPE, SLOPE + 1):
        ys = np.rint(np.arange(rows)[:, None] + rise * across[None, :]).astype(int)
        met = ((ys >= 0) & (ys < rows)) & close[np.clip(ys, 0, rows - 1), xs[None, :]]
        along = (met[:, inside].mean(1) >= ALONG) & (
            np.maximum(met[:, left_out].mean(1), met[:, right_out].mean(1)) >= PAST
        )
        for k in np.flatnonzero(along):
            off = np.abs(np.arange(rows)[:, None] - ys[k][None, :]) > LINE_TOLERANCE + 2
            if int((ink & off)[:, left_box | right_box].sum()) <= TAIL:
                return True
    return False


#: A dash's boxes are looked at RUN_OVER taller than printed, above and
#: below, as the reader cuts a digit (cells.RUN_OVER): a digit larger than
#: its box, or a number written again small above the dash, leaves ink
#: there, off the line (helper-55's review: inside the printed box alone,
#: a « most deals » box 1.19 mm tall held no ink 5 pixels off any line,
#: and a correction above a dash was never seen).
#: A dash is at least this long (millimetres): shorter, a speck (a box
#: can be 4.4 mm wide: a dash inside one is short).
DASH_LONG = 1.5
#: Its steepest slope (rise over run): a digit's stroke is steeper.
DASH_SLOPE = 0.25
#: A box the network reads as a digit this likely is no dash's: it sees
#: strokes fainter than FAINT_PEN (a 4 pressed on its bar, its rest at a
#: darkness of 0.26, helper-55's review).
DASH_DIGIT = 0.5


def dash(
    band: Straightened, field: Field, reads: Sequence[BoxRead], gap: float = 2 * RUN_OVER
) -> bool:
    """Whether a number `field`'s boxes (read as `reads`) hold nothing but
    one dash: a straight, nearly level stroke at least DASH_LONG long,
    meeting ink in ALONG of its columns, every ink pixel (from FAINT_PEN)
    of the written boxes, and RUN_OVER above and below them (or half the
    `gap` to the next row), but TAIL within LINE_TOLERANCE (and two) of
    it. A digit leaves ink off any such line (a 1 crosses it, a 7's bar
    has its stem), and so does a number written again above the dash.
    Never when a box holds ink from elsewhere or is washed out (`stray`,
    `washed`): what is there is then not all the player's; nor when the
    network reads a written box as a digit DASH_DIGIT likely."""
    written = [i for i, read in enumerate(reads) if read.ink >= BLANK]
    if not written or any(read.stray or read.washed for read in reads):
        return False
    if any(
        reads[i].digit not in (None, JUNK) and reads[i].probability >= DASH_DIGIT for i in written
    ):
        return False
    first, last = field.boxes[written[0]], field.boxes[written[-1]]
    x0 = round((first.x - band.left) * PER_MM)
    x1 = round((last.x + last.w - band.left) * PER_MM)
    # RUN_OVER past the box, or half the gap to the next row's (its print, its digits)
    reach = round(min(RUN_OVER, gap / 2) * PER_MM)
    y0 = round((first.y - band.top) * PER_MM) - reach
    y1 = round((first.y + first.h - band.top) * PER_MM) + reach
    if x0 < 0 or y0 < 0 or x1 > band.dark.shape[1] or y1 > band.dark.shape[0]:
        return False
    sides = [round((field.boxes[i].x - first.x) * PER_MM) for i in written[:1]]
    sides += [round((field.boxes[i].x + field.boxes[i].w - first.x) * PER_MM) for i in written]
    lines = tuple(round((y - band.top) * PER_MM) - y0 for y in (first.y, first.y + first.h))
    dark = _cleaned(band.dark[y0:y1, x0:x1], sides, slice(reach, y1 - y0 - reach), lines)
    ys, xs = np.nonzero(dark > PEN)
    if xs.size == 0 or xs.max() - xs.min() < DASH_LONG * PER_MM:
        return False
    slope, at = np.polyfit(xs, ys, 1)
    if abs(float(slope)) > DASH_SLOPE:
        return False
    inked = np.unique(xs).size / (xs.max() - xs.min() + 1)
    ys, xs = np.nonzero(dark > FAINT_PEN)  # the ink off it, however faint
    off = np.abs(ys - (slope * xs + at)) > LINE_TOLERANCE + 2
    return bool(int(off.sum()) <= TAIL and inked >= ALONG)
