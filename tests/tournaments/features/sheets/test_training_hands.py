"""The digits' model's extra training hands (tools/hands.py,
tools/train_digits --shaded/--more-fonts/--thin-fonts, issue 59): none of
them a hand kept out of training, each seeded, the shipped recipe's draw
unchanged when they are not asked for."""

from __future__ import annotations

import math
import os

import numpy as np
import pytest
from PIL import Image, ImageDraw

from tools import hands, train_digits

HELD_OUT_FONTS = hands.FONTS["tune"] + hands.FONTS["report"]
#: The held-out fonts' names as their packages' variants spell them too
#: (fonts-ecolier-lignes-court's « ecolier-lignes-court », Steve Hand's
#: « stevehand-bold »…).
HELD_OUT_ROOTS = ("becausewementor", "humor", "delphine", "becauseweorganize", "ecolier",
                  "stevehand")  # fmt: skip


@pytest.mark.parametrize("group", ["train", "train-more"])
def test_a_training_font_group_holds_no_held_out_font_nor_a_variant_of_one(group):
    for stem in hands.FONTS[group]:
        assert stem not in HELD_OUT_FONTS
        assert not any(root in stem.replace("-", "").replace("_", "") for root in HELD_OUT_ROOTS)


def test_every_held_out_font_is_named_by_a_root_the_training_groups_are_checked_against():
    for stem in HELD_OUT_FONTS:
        assert any(root in stem.replace("-", "") for root in HELD_OUT_ROOTS), stem


def _width(ink: np.ndarray) -> float:
    """The stick's mean width: inked pixels a row, over the rows inked."""
    rows = (ink > 0.5).sum(1)
    return float(rows[rows > 0].mean())


@pytest.mark.parametrize(
    ("nib", "widest"),
    [
        ((0.0, 0.1), True),  # a vertical stroke across a flat nib: the pen's full width
        ((math.pi / 2, 0.1), False),  # along the nib: a hairline
        ((math.pi / 2, 0.5), False),  # along it, a thicker hairline: still thinner
    ],
)
def test_a_shaded_pen_writes_a_stroke_across_its_nib_wide_and_along_it_thin(nib, widest):
    plain = hands.StrokeWriter({1: "stick"}, 0.0, 1.0, 8.0, 0.0)
    shaded = hands.StrokeWriter({1: "stick"}, 0.0, 1.0, 8.0, 0.0, nib=nib)
    wide, drawn = (
        _width(plain.draw(1, np.random.default_rng(3))),
        _width(shaded.draw(1, np.random.default_rng(3))),
    )
    if widest:
        assert drawn == pytest.approx(wide, abs=1.5)
    else:
        assert drawn < wide * max(nib[1] + 0.2, 0.45)


@pytest.mark.parametrize("seed", [1, 2])
def test_shaded_hands_are_seeded_and_keep_their_ink_inside_the_frame(seed):
    x, y, _ = hands.stroke_digits("french-stroke", 40, seed, 5, shaded=True)
    again, labels, _ = hands.stroke_digits("french-stroke", 40, seed, 5, shaded=True)
    assert np.array_equal(x, again) and np.array_equal(y, labels)
    assert x.shape[1:] == (28, 28) and len(x) >= 36
    assert x.min() >= 0 and x.max() <= 1
    edge = np.concatenate([x[:, 0, :], x[:, -1, :], x[:, :, 0], x[:, :, -1]], axis=1)
    assert edge.max(initial=0) < 0.5  # normalize leaves a margin: no digit cut by the frame


def test_shaded_hands_are_training_writers_drawn_apart_from_the_shipped_ones():
    rng, again = np.random.default_rng(5), np.random.default_rng(5)
    family = hands.STROKE_FAMILIES["french-stroke"]
    shaded, plain = (
        hands.StrokeWriter.of_shaded(family, rng),
        hands.StrokeWriter.of_training(family, again),
    )
    assert shaded.nib is not None and plain.nib is None
    assert shaded.variants == plain.variants  # the same hand, its pen changed
    assert 0.08 <= shaded.nib[1] <= 0.35 and plain.pen <= shaded.pen <= 1.5 * plain.pen


def test_the_shipped_recipe_draws_no_extra_digit():
    assert train_digits.Extra().draw() == []


def _bar(width: int) -> Image.Image:
    """A vertical stroke `width` pixels wide, 40 tall."""
    image = Image.new("L", (64, 64), 0)
    ImageDraw.Draw(image).rectangle((30, 12, 30 + width - 1, 51), fill=255)
    return image


@pytest.mark.parametrize(
    ("width", "size", "left"),
    [
        (8, 3, 6),  # a felt pen's stroke, 2 pixels narrower (71 % of its ink left)
        (8, 5, 4),  # 4 narrower (45 % left)
        (6, 5, 6),  # 4 narrower would leave 30 %: kept as it was
        (3, 3, 3),  # a fine stroke to a hairline would leave 32 %: kept
        (1, 3, 1),  # a hairline: never erased
    ],
)
def test_a_font_thinned_loses_its_strokes_edges_but_never_most_of_its_ink(width, size, left):
    after = np.asarray(hands.thinned(_bar(width), size)) > 128
    assert after.sum(1).max() == left


@pytest.mark.skipif(
    not hands.font_files("train") and not os.environ.get("CI"),
    reason="the training fonts' Debian packages are not installed (CI installs them)",
)
@pytest.mark.parametrize("thin", [0.0, 1.0])
def test_font_digits_are_seeded_thinned_or_not(thin):
    first, labels, _ = hands.font_digits("train", 20, 9, thin=thin)
    again, labels_again, _ = hands.font_digits("train", 20, 9, thin=thin)
    assert np.array_equal(first, again) and np.array_equal(labels, labels_again)
    plain, plain_labels, _ = hands.font_digits("train", 20, 9)
    assert np.array_equal(labels, plain_labels)
    # Thinning changes the draw; not thinning draws what the shipped recipe drew.
    assert np.array_equal(first, plain) == (not thin)


def _ring(width: int) -> np.ndarray:
    """A « 0 » drawn with a pen `width` pixels wide, 40 tall."""
    image = Image.new("L", (64, 64), 0)
    ImageDraw.Draw(image).ellipse((17, 12, 46, 51), outline=255, width=width)
    return np.asarray(image, np.float32) / 255.0


@pytest.mark.parametrize(("width", "seed"), [(1, 3), (6, 4)])
def test_a_photo_from_too_far_keeps_the_digit_dark_and_blurs_it_to_a_few_pixels(width, seed):
    ink = _ring(width)
    coarse = hands.coarse(ink, np.random.default_rng(seed))
    assert np.array_equal(coarse, hands.coarse(ink, np.random.default_rng(seed)))
    assert coarse.shape[0] == 48 and coarse.min() >= 0 and coarse.max() <= 1
    assert coarse.max() > 0.9  # a hairline far away is grey: the camera's exposure darkens it
    rows = np.flatnonzero((coarse > 0.5).any(1))
    assert 30 <= rows.max() - rows.min() + 1 <= 48  # the ring still runs the digit's height
    grey = ((coarse > 0.1) & (coarse < 0.9)).sum() / (coarse > 0.1).sum()
    assert grey > 0.25  # edges a few pixels wide: the averaging down, brought back


@pytest.mark.skipif(
    not hands.font_files("train") and not os.environ.get("CI"),
    reason="the training fonts' Debian packages are not installed (CI installs them)",
)
def test_photos_from_too_far_are_digits_of_the_training_hands_half_pen_half_font():
    x, y, _ = hands.coarse_digits("french-stroke", "train", 20, 5, 4)
    again, labels, _ = hands.coarse_digits("french-stroke", "train", 20, 5, 4)
    assert np.array_equal(x, again) and np.array_equal(y, labels)
    assert x.shape[1:] == (28, 28) and sorted(y) == sorted([*range(10)] * 2)
    ((drawn, drawn_labels),) = train_digits.Extra(coarse=20).draw()  # the flag's own draw
    assert drawn.shape[1:] == (28, 28) and len(drawn_labels) == 20


def test_curled_fours_are_seeded_fours_of_training_writers_that_no_other_draw_writes():
    x, y, _ = hands.curled_fours(12, 4, 3)
    again, labels, _ = hands.curled_fours(12, 4, 3)
    assert np.array_equal(x, again) and np.array_equal(y, labels) and set(labels) == {4}
    assert x.shape[1:] == (28, 28)
    others = set(hands.GLYPHS[4]) | set(hands.TRAINING_GLYPHS[4]) | set(hands.FRENCH[4])
    assert not set(hands.CURLED_GLYPHS[4]) & others
    ((drawn, drawn_labels),) = train_digits.Extra(curled_fours=6).draw()  # the flag's own draw
    assert drawn.shape == (6, 28, 28) and set(drawn_labels) == {4}
