"""The benchmark's held-out fonts written with a pen (tools/hands.py
`font-report-pen`, issue 59): every stroke at least a ballpoint's width on
the largest digit the benchmark writes, where the fonts as drawn
(`font-report`) leave hairlines thinner; seeded; none a training font."""

from __future__ import annotations

import os

import numpy as np
import pytest
from PIL import Image, ImageDraw

from bench import sheet_photos
from tools import hands
from tournaments.domain.sheet_layout import BOX_HEIGHT_MAX

PEN = "font-report-pen"
# Skipped on a machine without the fonts, never in CI (bin/system-packages
# installs them there).
needs_fonts = pytest.mark.skipif(
    not hands.font_files("report") and not os.environ.get("CI"),
    reason="the report fonts' Debian packages are not installed",
)


def _kept(ink: np.ndarray, mm: float) -> float:
    """The share of `ink`'s pixels a pen `mm` wide covers on the largest
    digit: drawn 4 times larger, opened by an octagon that wide."""
    size = (ink.shape[1] * 4, ink.shape[0] * 4)
    image = Image.fromarray(ink.astype(np.float32), mode="F")
    big = np.asarray(image.resize(size, Image.Resampling.BILINEAR)) > 0.5
    rows = np.flatnonzero(big.any(1))
    across = mm / hands.LARGEST_DIGIT_MM * (rows.max() - rows.min() + 1)
    steps = int(np.ceil((across - 1) / 2))
    opened = hands._octagon(hands._octagon(big, steps, grow=False), steps, grow=True)
    return float((opened & big).sum() / big.sum())


@needs_fonts
@pytest.mark.parametrize(
    ("seed", "font", "family", "kept"),
    [
        (1, "ecolier-court", "font-report", False),  # a school plume's 1-pixel hairlines
        (1, "ecolier-court", PEN, True),
        (4, "ecolier-court", "font-report", False),
        (4, "ecolier-court", PEN, True),
        (2, "stevehand", "font-report", False),  # its thin ends
        (2, "stevehand", PEN, True),
        (0, "becauseweorganize-regular", PEN, True),
        (3, "becauseweorganize-regular", PEN, True),
    ],
)
def test_every_stroke_of_the_pen_family_is_a_ballpoint_s_width_at_least(seed, font, family, kept):
    assert hands.sheet_font(family, seed).stem.lower() == font
    inks, labels = hands.sheet_hand(family, seed, {})
    assert list(labels) == list(np.repeat(np.arange(10), 4))
    worst = min(_kept(ink, min(hands.BALLPOINT_MM)) for ink in inks)
    # The pen's: all of it but the edges' resampling; the font's: a tenth lost.
    assert (worst >= 0.98) if kept else (worst < 0.9)


@pytest.mark.parametrize(
    ("width", "across", "after"),
    [
        (1, 7.0, 7),  # a hairline drawn again 7 wide
        (3, 6.2, 7),  # at least as wide: the nearest octagon over it
        (7, 7.0, 7),  # as wide: untouched
        (12, 7.0, 12),  # wider: untouched
    ],
)
def test_a_pen_brings_each_stroke_to_its_width_and_leaves_wider_ones(width, across, after):
    image = Image.new("L", (64, 64), 0)
    ImageDraw.Draw(image).rectangle((20, 12, 20 + width - 1, 51), fill=255)
    mask = np.asarray(image) > 127
    drawn = hands.pen_across(mask, across)
    assert drawn[20:44].sum(1).max() == after  # the stroke's middle rows
    assert (drawn & mask).sum() == mask.sum()  # nothing of the font erased


@needs_fonts
@pytest.mark.parametrize("seed", [1, 2])
def test_the_pen_family_is_seeded(seed):
    first, labels = hands.sheet_hand(PEN, seed, {})
    again, labels_again = hands.sheet_hand(PEN, seed, {})
    assert np.array_equal(labels, labels_again)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    other, _ = hands.sheet_hand(PEN, seed + 3, {})  # the same font, another sheet
    assert not all(np.array_equal(a, b) for a, b in zip(first, other, strict=True))


@needs_fonts
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_pen_family_writes_the_report_fonts_none_of_training(seed):
    stem = hands.sheet_font(PEN, seed).stem.lower()
    assert stem == hands.sheet_font("font-report", seed).stem.lower()
    assert stem in hands.FONTS["report"]
    assert stem not in hands.FONTS["train"] + hands.FONTS["train-more"] + hands.FONTS["tune"]


def test_the_pen_s_scale_is_the_largest_digit_the_benchmark_writes():
    largest = BOX_HEIGHT_MAX * max(sheet_photos.DIGIT_OF_BOX)
    assert largest == hands.LARGEST_DIGIT_MM
    assert PEN in hands.REPORT_HANDS
