"""A photo of a sheet, checked before it is read: a file from outside is
data to check, never code to run. Too large a file, what is no image,
too many pixels, a photo too dark: each refused with its code (display.py
says the sentence), nothing recorded.

The image is turned as the phone said it was held (EXIF), made grey, and
brought to WORK pixels on its long side (a JPEG decoded at a reduced scale
at once: a 12-megapixel photo costs a quarter of its full decoding).

Must not: know what a sheet looks like (locate.py and cells.py do).
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from tournaments.features.sheets.domain.limits import MAX_BYTES, MAX_PIXELS, Refused

WORK = 2600  # pixels on the photo's long side: about 7 pixels a millimetre
FORMATS = {"JPEG", "MPO", "PNG", "WEBP", "TIFF", "BMP", "GIF"}


@dataclass
class Photo:
    """The photo in grey, 0 black … 1 white, at most WORK pixels long."""

    grey: np.ndarray

    @property
    def image(self) -> Image.Image:
        return Image.fromarray((self.grey * 255).astype(np.uint8), mode="L")


def open_photo(data: bytes) -> Photo:
    """The photo in `data`, checked, or Refused."""
    if len(data) > MAX_BYTES:
        raise Refused("too_large", megabytes=round(len(data) / 1024 / 1024))
    if data[:5] == b"%PDF-":
        raise Refused("pdf")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image: Image.Image = Image.open(io.BytesIO(data))
            if image.format not in FORMATS:
                raise Refused("not_an_image")
            if image.width * image.height > MAX_PIXELS:
                raise Refused("too_many_pixels")
            image.draft("L", (WORK, WORK))  # JPEG: decoded at 1/2, 1/4… at once
            image = ImageOps.exif_transpose(image).convert("L")
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as error:
        raise Refused("not_an_image") from error
    except (Image.DecompressionBombWarning, Image.DecompressionBombError) as error:
        raise Refused("too_many_pixels") from error
    if max(image.size) > WORK:
        image.thumbnail((WORK, WORK), Image.Resampling.BILINEAR)
    if min(image.size) < 400:
        raise Refused("too_small")
    grey = np.asarray(image, np.float32) / 255.0
    if float(np.percentile(grey, 90)) < 0.22:
        raise Refused("too_dark")
    return Photo(grey)


def sharpness(grey: np.ndarray) -> float:
    """How sharp the photo is: the mean gradient of its sharpest tenth,
    against its contrast (a blurred photo has soft edges everywhere)."""
    dx = np.abs(np.diff(grey, axis=1))[:-1, :]
    dy = np.abs(np.diff(grey, axis=0))[:, :-1]
    gradient = np.maximum(dx, dy)
    contrast = float(np.percentile(grey, 95) - np.percentile(grey, 5)) or 1.0
    return float(np.percentile(gradient, 99.5)) / contrast
