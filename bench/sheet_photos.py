"""Synthetic photos of filled score sheets (issue 55's benchmark, and the
reader's tests): the sheet as the app prints it (its PDF rendered by
poppler's pdftoppm), filled in with handwritten digits (MNIST's, held out
of the model's training) and crosses drawn as a pen would, then
photographed as a phone would: the page turned in space up to 20°, on a
table, light falling off, the shadow of a hand, a little blur and noise,
saved as a JPEG of quality 70 at 8 to 12 megapixels.

These are synthetic photos: what real ones add (paper that curls, a
flash's glare, pens that skip, digits written across two boxes…) is said
in docs/photo-sheets.md. No test or benchmark depends on the clock.
"""

from __future__ import annotations

import io
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from tournaments.domain.sheet_layout import DIGITS, PAGE_MM, SheetLayout

INKS = ((25, 45, 140), (20, 20, 25), (35, 35, 110))  # blue, black, dark blue ballpoints
#: A digit's height, a share of its box's (tools/hands.py LARGEST_DIGIT_MM).
DIGIT_OF_BOX = (0.62, 0.85)


def render(pdf: bytes, dpi: int) -> Image.Image:
    """The PDF's first page as pdftoppm renders it (RGB)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sheet.pdf"
        path.write_bytes(pdf)
        subprocess.run(
            ["pdftoppm", "-png", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile",
             str(path), str(Path(folder) / "page")],
            check=True,
        )  # fmt: skip
        return Image.open(Path(folder) / "page.png").convert("RGB")


@dataclass
class Writer:
    """A hand: its digits (images of one writer pool, by class), its pen."""

    digits: dict[int, list[np.ndarray]]
    rng: np.random.Generator
    ink: tuple[int, int, int]

    @classmethod
    def of(cls, images: np.ndarray, labels: np.ndarray, seed: int) -> Writer:
        rng = np.random.default_rng(seed)
        pool = {c: [images[i] for i in np.flatnonzero(labels == c)] for c in range(10)}
        return cls(pool, rng, INKS[seed % len(INKS)])


def fill(
    page: Image.Image, layout: SheetLayout, rows: dict[int, dict], writer: Writer
) -> Image.Image:
    """`page` with `rows` ({deal: {field: digits str | crossed names}})
    written in their boxes by `writer`."""
    page = page.copy()
    per_mm = page.width / PAGE_MM[0]
    draw = ImageDraw.Draw(page)
    for row in layout.rows:
        values = rows.get(row.number, {})
        for field in row.fields:
            value = values.get(field.name)
            if value is None:
                continue
            if field.kind == DIGITS:
                text = str(value)
                boxes = field.boxes[-len(text) :]
                for digit, box in zip(text, boxes, strict=True):
                    _digit(page, box, int(digit), writer, per_mm)
            else:
                for box in field.boxes:
                    if box.name in value:
                        _cross(draw, box, writer, per_mm)
    return page


def _digit(page: Image.Image, box, digit: int, writer: Writer, per_mm: float) -> None:
    rng = writer.rng
    sample = writer.digits[digit][int(rng.integers(len(writer.digits[digit])))]
    ink = Image.fromarray((sample * 255).astype(np.uint8))
    rows, cols = np.nonzero(sample > 0.2)
    ink = ink.crop((cols.min(), rows.min(), cols.max() + 1, rows.max() + 1))
    height = box.h * rng.uniform(*DIGIT_OF_BOX) * per_mm
    width = min(ink.width / ink.height * height, box.w * 0.88 * per_mm)
    ink = ink.resize((max(2, round(width)), max(2, round(height))), Image.Resampling.BICUBIC)
    x = (box.x + box.w / 2) * per_mm - ink.width / 2 + rng.normal(0, 0.25) * per_mm
    y = (box.y + box.h / 2) * per_mm - ink.height / 2 + rng.normal(0, 0.4) * per_mm
    colour = Image.new("RGB", ink.size, writer.ink)
    page.paste(colour, (round(x), round(y)), ink.point(lambda v: min(255, int(v * 1.3))))


def _cross(draw: ImageDraw.ImageDraw, box, writer: Writer, per_mm: float) -> None:
    rng = writer.rng
    j = lambda: rng.normal(0, 0.35) * per_mm  # noqa: E731
    x0, y0 = box.x * per_mm, box.y * per_mm
    x1, y1 = (box.x + box.w) * per_mm, (box.y + box.h) * per_mm
    width = max(1, round(0.4 * per_mm))
    draw.line((x0 + j(), y0 + j(), x1 + j(), y1 + j()), fill=writer.ink, width=width)
    draw.line((x1 + j(), y0 + j(), x0 + j(), y1 + j()), fill=writer.ink, width=width)


@dataclass(frozen=True)
class Shot:
    """How the phone took the photo."""

    tilt: float = 12.0  # degrees the page is turned from facing the lens
    turn: float = 0.0  # degrees the phone is turned in its own plane (180: upside down)
    megapixels: float = 10.0
    blur: float = 0.8  # pixels
    light: float = 0.35  # how much the light falls off across the page
    shadow: bool = True  # the shadow of a hand
    quality: int = 70


def photograph(page: Image.Image, shot: Shot, seed: int) -> bytes:
    """`page` photographed as `shot` says, as JPEG bytes."""
    rng = np.random.default_rng(seed)
    aspect = 4 / 3
    height = round(np.sqrt(shot.megapixels * 1e6 * aspect))
    width = round(height / aspect)  # portrait, as a phone holds it over a sheet
    corners = _corners(page.size, (width, height), shot, rng)
    coefficients = _coefficients(corners, page.size)
    background = Image.new("RGB", (width, height), tuple(int(v) for v in rng.integers(60, 140, 3)))
    warped = page.transform((width, height), Image.Transform.PERSPECTIVE, coefficients,
                            Image.Resampling.BICUBIC)  # fmt: skip
    mask = Image.new("L", page.size, 255).transform(
        (width, height), Image.Transform.PERSPECTIVE, coefficients, Image.Resampling.BILINEAR
    )
    photo = Image.composite(warped, background, mask)
    photo = _light(photo, shot, rng)
    if shot.blur:
        photo = photo.filter(ImageFilter.GaussianBlur(shot.blur))
    noisy = np.asarray(photo, np.float32) + rng.normal(0, 3.0, (height, width, 1))
    photo = Image.fromarray(np.clip(noisy, 0, 255).astype(np.uint8))
    out = io.BytesIO()
    photo.save(out, "JPEG", quality=shot.quality)
    return out.getvalue()


def _corners(size, frame, shot: Shot, rng) -> np.ndarray:
    """Where the page's corners land in the photo: the page turned in space
    (`tilt`, about a random axis), seen through a phone's lens, turned in
    the frame, filling about 85 % of it."""
    w, h = size
    pts = np.array([[-w / 2, -h / 2, 0], [w / 2, -h / 2, 0], [w / 2, h / 2, 0], [-w / 2, h / 2, 0]])
    axis_angle = rng.uniform(0, 2 * np.pi)
    axis = np.array([np.cos(axis_angle), np.sin(axis_angle), 0.0])
    t = np.deg2rad(shot.tilt)
    k = np.array([[0, -axis[2], axis[1]], [axis[2], 0, -axis[0]], [-axis[1], axis[0], 0]])
    rotation = np.eye(3) + np.sin(t) * k + (1 - np.cos(t)) * k @ k
    pts = pts @ rotation.T
    focal = 1.2 * h  # a phone's lens: about 65° across the long side
    pts[:, 2] += focal * 1.0
    projected = pts[:, :2] * focal / pts[:, 2:3]
    turn = np.deg2rad(shot.turn + rng.normal(0, 3))
    spin = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    projected = projected @ spin.T
    span = projected.max(0) - projected.min(0)
    scale = 0.85 * min(frame[0] / span[0], frame[1] / span[1])
    centre = np.array(frame) / 2 + rng.normal(0, 0.02, 2) * np.array(frame)
    return (projected - projected.mean(0)) * scale + centre


def _coefficients(corners: np.ndarray, size) -> tuple[float, ...]:
    """Pillow's PERSPECTIVE coefficients: output pixel → page pixel."""
    w, h = size
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)
    rows = []
    for (x, y), (u, v) in zip(corners, src, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y, -u])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y, -v])
    _, _, vt = np.linalg.svd(np.asarray(rows))
    m = vt[-1].reshape(3, 3)
    m = m / m[2, 2]
    return tuple(float(v) for v in m.flatten()[:8])


def _light(photo: Image.Image, shot: Shot, rng) -> Image.Image:
    """Light falling off from one side, and the soft shadow of a hand."""
    width, height = photo.size
    ys, xs = np.mgrid[0:height:8, 0:width:8].astype(np.float32)
    angle = rng.uniform(0, 2 * np.pi)
    ramp = (xs * np.cos(angle) + ys * np.sin(angle)) / max(width, height)
    ramp = (ramp - ramp.min()) / max(float(np.ptp(ramp)), 1e-6)
    gain = 1.0 - shot.light * ramp
    if shot.shadow:
        cx, cy = rng.uniform(0.2, 0.8) * width, rng.uniform(0.2, 0.8) * height
        rx, ry = width * rng.uniform(0.15, 0.3), height * rng.uniform(0.1, 0.2)
        inside = ((xs - cx) / rx) ** 2 + ((ys - cy) / ry) ** 2 < 1
        gain = gain * np.where(inside, rng.uniform(0.55, 0.75), 1.0)
    small = Image.fromarray((gain * 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(6))
    gain = np.asarray(small.resize((width, height), Image.Resampling.BILINEAR), np.float32) / 255
    lit = np.asarray(photo, np.float32) * gain[:, :, None]
    return Image.fromarray(np.clip(lit, 0, 255).astype(np.uint8))


def partie(rules, rng, deals: int) -> list[tuple[dict, dict]]:
    """`deals` random deals as the engine accepts them, each with its row as
    a player writes it (the takers' card points and, where the sheet has
    their column, the defence's: 162 together; marques and running totals):
    [(engine deal, {field: digits | crossed})]."""
    import random

    import scoring
    from tournaments.domain.deal_shapes import engine_to_fields
    from tournaments.domain.sheet_layout import sheet_values

    source = random.Random(int(rng.integers(1 << 30)))
    played = []
    for _ in range(deals):
        deal = scoring.random_deal(source, rules)
        score = scoring.score_deal(deal, rules)
        if "announcements" in deal:  # as a sheet holds them: points, one side
            del deal["announcements"]
            a, b = score.announcements
            if a or b:
                deal["announcement_points"] = {"A": a, "B": b}
        played.append(deal)
    game = scoring.score_game(played, rules)
    rows = []
    for deal, entry in zip(played, game.deals, strict=True):
        fields = engine_to_fields(deal)
        values = sheet_values(fields, (entry.a, entry.b), entry.totals)
        rows.append((deal, values))
    return rows
