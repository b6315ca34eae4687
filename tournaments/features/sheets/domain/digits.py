"""Handwritten digits read by a small convolutional network, on the CPU
with numpy alone: its weights ship in `digits.npz` beside this module
(about 100 KB, trained by `python -m tools.train_digits`),
nothing is downloaded, nothing else is loaded.

A box's ink is first brought to the shape the network learnt (`normalize`:
MNIST's, the digit's ink fitted in 20 × 20 pixels and centred by its mass
in 28 × 28), then `classify` gives each box the digit it most likely
holds and how sure it is. The eleventh class, `JUNK`, is what is no digit
(a dash, a cross, a stray stroke): never read as a number.

Must not: decide what is sure enough to go unasked (checks.py does, with
the rules), nor know about sheets.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from PIL import Image

MODEL = Path(__file__).with_name("digits.npz")
SIDE, FIT = 28, 20
JUNK = 10
CLASSES = 11
#: The weights' names and shapes: two convolutions of 5 × 5, two dense layers.
SHAPES = {
    "w1": (25, 16),
    "b1": (16,),
    "w2": (400, 32),
    "b2": (32,),
    "w3": (512, 64),
    "b3": (64,),
    "w4": (64, CLASSES),
    "b4": (CLASSES,),
}


def normalize(ink: np.ndarray) -> np.ndarray | None:
    """A box's ink (0 paper … 1 ink, any size) as MNIST writes a digit:
    28 × 28, the ink's bounding box scaled to fit 20 × 20, centred by its
    centre of mass. None when there is no ink."""
    mask = ink > 0.3
    if not mask.any():
        return None
    rows, cols = np.nonzero(mask)
    crop = ink[rows.min() : rows.max() + 1, cols.min() : cols.max() + 1]
    height, width = crop.shape
    scale = FIT / max(height, width)
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    small = np.asarray(
        Image.fromarray(crop.astype(np.float32), mode="F").resize(size, Image.Resampling.BILINEAR)
    )
    small = np.clip(small, 0.0, 1.0)
    total = small.sum()
    if total <= 0:
        return None
    ys, xs = np.indices(small.shape)
    cy, cx = (ys * small).sum() / total, (xs * small).sum() / total
    top = round(SIDE / 2 - cy)
    left = round(SIDE / 2 - cx)
    top = min(max(top, 0), SIDE - small.shape[0])
    left = min(max(left, 0), SIDE - small.shape[1])
    out = np.zeros((SIDE, SIDE), np.float32)
    out[top : top + small.shape[0], left : left + small.shape[1]] = small
    return out


@cache
def weights(path: Path = MODEL) -> dict[str, np.ndarray]:
    """The network's weights, read once (float32)."""
    with np.load(path) as data:
        return {name: data[name].astype(np.float32) for name in SHAPES}


def forward(x: np.ndarray, w: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The network on a batch `x` (N × 28 × 28): every layer's output, the
    last one (`p`) the probabilities of the 11 classes (the training's
    backward pass reads the others)."""
    n = x.shape[0]
    p1 = sliding_window_view(x, (5, 5), axis=(1, 2)).reshape(n, 24, 24, 25)
    a1 = np.maximum(p1 @ w["w1"] + w["b1"], 0)  # N 24 24 16
    m1 = a1.reshape(n, 12, 2, 12, 2, 16).max(axis=(2, 4))  # N 12 12 16
    p2 = sliding_window_view(m1, (5, 5), axis=(1, 2))  # N 8 8 16 5 5
    p2 = p2.transpose(0, 1, 2, 4, 5, 3).reshape(n, 8, 8, 400)
    a2 = np.maximum(p2 @ w["w2"] + w["b2"], 0)  # N 8 8 32
    m2 = a2.reshape(n, 4, 2, 4, 2, 32).max(axis=(2, 4)).reshape(n, 512)
    a3 = np.maximum(m2 @ w["w3"] + w["b3"], 0)
    logits = a3 @ w["w4"] + w["b4"]
    logits = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(logits)
    p = e / e.sum(axis=1, keepdims=True)
    return {"p1": p1, "a1": a1, "m1": m1, "p2": p2, "a2": a2, "m2": m2, "a3": a3, "p": p}


def classify(images: list[np.ndarray]) -> list[tuple[int, float]]:
    """Each normalized image's most likely class (0–9, or JUNK) and its
    probability."""
    if not images:
        return []
    p = forward(np.stack(images).astype(np.float32), weights())["p"]
    best = p.argmax(axis=1)
    return [(int(c), float(p[i, c])) for i, c in enumerate(best)]
