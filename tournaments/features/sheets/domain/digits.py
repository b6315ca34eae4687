"""Handwritten digits read by a small convolutional network, on the CPU
with numpy alone: its weights ship in `digits.npz` beside this module
(two networks averaged, about 390 KB, rebuilt by `make digits-model`),
nothing is downloaded, nothing else is loaded.

A box's ink is first brought to the shape the network learnt (`normalize`:
MNIST's, the digit's ink fitted in 20 × 20 pixels and centred by its mass
in 28 × 28), then `classify` gives each box the digit it most likely
holds and how sure it is. The file may hold one network or an ensemble
of several (`members`): their logits are averaged, then the file's one
calibration applies. The eleventh class, `JUNK`, is what is no digit
(a dash, a cross, a stray stroke): never read as a number.

Must not: decide what is sure enough to go unasked (checks.py does, with
the rules), nor know about sheets.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from PIL import Image

MODEL = Path(__file__).with_name("digits.npz")
SIDE, FIT = 28, 20
JUNK = 10
CLASSES = 11
#: The weights' names and shapes: two convolutions of 5 × 5 (20 and 40
#: channels), two dense layers (128, 11). `forward` reads the widths from
#: the weights: the model before issue 59 (16, 32, 64) still runs.
SHAPES = {
    "w1": (25, 20),
    "b1": (20,),
    "w2": (500, 40),
    "b2": (40,),
    "w3": (640, 128),
    "b3": (128,),
    "w4": (128, CLASSES),
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


@dataclass(frozen=True)
class Calibration:
    """What the model's probabilities mean: its temperature, the probability
    from which a digit is sure (none wrong of the 40,474 tune digits above
    it: fewer than one sure-but-wrong digit in 10,000 read, at 95 %), and
    from which it is read beyond doubt (ten times less likely wrong than the
    surest wrong digit of 39,981 others: a number the rules cannot check
    needs it)."""

    temperature: float
    sure: float
    beyond: float
    #: A digit less likely than this times the box's first choice is not
    #: what was written (no digit of the tuning hands was written with so
    #: low a probability); a model saved without it: every digit may be.
    plausible: float


#: An ensemble member's arrays: `m0_w1`, `m1_b4` …
_MEMBER = re.compile(r"m(\d+)_")

#: A model saved without its calibration (before issue 59): as it was used.
DEFAULTS = {"temperature": 1.0, "sure": 0.9, "beyond": 0.995, "plausible": 0.0}


@cache
def members(path: Path = MODEL) -> tuple[dict[str, np.ndarray], ...]:
    """The networks of the file, read once (float32): one, its arrays named
    as SHAPES (w1 … b4), or an ensemble's members, member i's named
    `m{i}_w1` … `m{i}_b4`. A missing array, a layer whose shape does not
    follow from the widths of the layers before, or a file holding both
    kinds is refused (ValueError), never read half."""
    with np.load(path) as data:
        names = set(data.files)
        count = 0
        while f"m{count}_w1" in names:
            count += 1
        stray = sorted(n for n in names if (m := _MEMBER.match(n)) and int(m[1]) >= count)
        if count and "w1" in names:
            raise ValueError(f"{path}: holds both a model (w1 …) and an ensemble (m0_w1 …)")
        if stray:
            raise ValueError(f"{path}: {', '.join(stray)} belong to no member (m0 … m{count - 1})")
        found = []
        for prefix in [f"m{i}_" for i in range(count)] or [""]:
            who = f"member {prefix[:-1]}" if prefix else "the model"
            missing = [prefix + name for name in SHAPES if prefix + name not in names]
            if missing:
                raise ValueError(f"{path}: {who} lacks {', '.join(missing)}")
            member = {name: data[prefix + name].astype(np.float32) for name in SHAPES}
            _check_shapes(member, f"{path}: {who}")
            found.append(member)
    return tuple(found)


def _check_shapes(w: dict[str, np.ndarray], who: str) -> None:
    """Refuse a network whose layers do not fit: the widths are w1's, w2's
    and w3's; every other shape follows (`forward`)."""
    if any(w[name].ndim != 2 for name in ("w1", "w2", "w3")):
        raise ValueError(f"{who}: w1, w2 and w3 must be matrices")
    c1, c2, dense = w["w1"].shape[1], w["w2"].shape[1], w["w3"].shape[1]
    wanted = {
        "w1": (25, c1), "b1": (c1,), "w2": (25 * c1, c2), "b2": (c2,),
        "w3": (16 * c2, dense), "b3": (dense,), "w4": (dense, CLASSES), "b4": (CLASSES,),
    }  # fmt: skip
    for name, shape in wanted.items():
        if w[name].shape != shape:
            raise ValueError(f"{who}: {name} is {w[name].shape}, not {shape}")


def logits(x: np.ndarray, nets: Sequence[dict[str, np.ndarray]]) -> np.ndarray:
    """The logits of a batch `x` (N × 28 × 28) averaged over the networks
    `nets` (a file's `members`), in float64; the training calibrates on
    these too (tools/train_digits)."""
    return np.mean([forward(x, w)["logits"].astype(np.float64) for w in nets], axis=0)


@cache
def calibration(path: Path = MODEL) -> Calibration:
    """The model's temperature and thresholds, measured on hands it never
    trained on when it was trained (a model without them: T 1, and the
    thresholds it was used with)."""
    with np.load(path) as data:
        return Calibration(
            *(float(data[name]) if name in data else default for name, default in DEFAULTS.items())
        )


def forward(x: np.ndarray, w: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The network on a batch `x` (N × 28 × 28): every layer's output, the
    last one (`p`) the probabilities of the 11 classes before calibration,
    `logits` what they come from (the training's backward pass reads the
    others). The layers' widths are the weights' own."""
    n = x.shape[0]
    c1, c2 = w["w1"].shape[1], w["w2"].shape[1]
    p1 = sliding_window_view(x, (5, 5), axis=(1, 2)).reshape(n, 24, 24, 25)
    a1 = np.maximum(p1 @ w["w1"] + w["b1"], 0)  # N 24 24 c1
    m1 = a1.reshape(n, 12, 2, 12, 2, c1).max(axis=(2, 4))  # N 12 12 c1
    p2 = sliding_window_view(m1, (5, 5), axis=(1, 2))  # N 8 8 c1 5 5
    p2 = p2.transpose(0, 1, 2, 4, 5, 3).reshape(n, 8, 8, 25 * c1)
    a2 = np.maximum(p2 @ w["w2"] + w["b2"], 0)  # N 8 8 c2
    m2 = a2.reshape(n, 4, 2, 4, 2, c2).max(axis=(2, 4)).reshape(n, 16 * c2)
    a3 = np.maximum(m2 @ w["w3"] + w["b3"], 0)
    logits = a3 @ w["w4"] + w["b4"]
    p = _softmax(logits)
    return {
        "p1": p1, "a1": a1, "m1": m1, "p2": p2, "a2": a2, "m2": m2, "a3": a3,
        "logits": logits, "p": p,
    }  # fmt: skip


def _softmax(logits: np.ndarray) -> np.ndarray:
    z = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(z)
    p: np.ndarray = e / e.sum(axis=1, keepdims=True)
    return p


@dataclass(frozen=True)
class Guess:
    """A box's class read (0–9, or JUNK), its calibrated probability, and
    the network's second choice (the digit it might be instead)."""

    digit: int
    probability: float
    second: int
    #: Every class's probability (calibrated; the ten digits, then JUNK).
    classes: tuple[float, ...] = ()


def classify(images: list[np.ndarray], path: Path | None = None) -> list[Guess]:
    """Each normalized image's most likely class, its probability
    (calibrated: the logits, averaged over an ensemble's members, divided
    by the file's temperature), and the
    second most likely class; by the model at `path` (MODEL's)."""
    if not images:
        return []
    path = path or MODEL
    # In float64: a probability of 0.9999999 must not round to 1.
    z = logits(np.stack(images).astype(np.float32), members(path))
    p = _softmax(z / calibration(path).temperature)
    order = np.argsort(-p, axis=1)
    return [
        Guess(int(o[0]), float(p[i, o[0]]), int(o[1]), tuple(float(v) for v in p[i]))
        for i, o in enumerate(order)
    ]
