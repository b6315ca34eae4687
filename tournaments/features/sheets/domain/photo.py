"""A photo of a sheet, checked before it is read: a file from outside is
data to check, never code to run. Too large a file, what is no image,
too many pixels, a photo too dark: each refused with its code (display.py
says the sentence), nothing recorded.

An image is measured before it is decoded: its points and the bytes its
decoding takes (MAX_DECODED), from its header (a WebP's from its first
chunk, before Pillow's decoder allocates its canvas). Then it is turned as
the phone said it was held (EXIF, an unreadable one ignored), made grey,
and brought to WORK pixels on its long side (a JPEG decoded at a reduced
scale at once: a 12-megapixel photo costs a quarter of its full decoding).

Must not: know what a sheet looks like (locate.py and cells.py do).
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass

import numpy as np
from PIL import Image

from tournaments.features.sheets.domain.limits import MAX_BYTES, MAX_PIXELS, Refused

WORK = 2600  # pixels on the photo's long side: about 7 pixels a millimetre
FORMATS = {"JPEG", "MPO", "PNG", "WEBP", "TIFF", "BMP", "GIF"}
#: The decoders tried on a file (an MPO is opened by JPEG's): no other of
#: Pillow's is given a file from outside.
DECODERS = ("JPEG", "PNG", "WEBP", "TIFF", "BMP", "GIF")
#: The bytes one image may take once decoded (a 2 KB WebP of 7,000 × 7,000
#: points decoded to 1.1 GB; a 12-megapixel photo in colour takes 48 MB).
MAX_DECODED = 160 * 1024 * 1024
#: Pillow's WebP decoder keeps the canvas twice besides the image.
WEBP_COPIES = 3


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
    image = grey_image(data, WORK)
    if max(image.size) > WORK:
        image.thumbnail((WORK, WORK), Image.Resampling.BILINEAR)
    if min(image.size) < 400:
        raise Refused("too_small")
    grey = np.asarray(image, np.float32) / 255.0
    if float(np.percentile(grey, 90)) < 0.22:
        raise Refused("too_dark")
    return Photo(grey)


def grey_image(data: bytes, side: int) -> Image.Image:
    """The image in `data` in grey, upright as the camera said it was held,
    measured before it is decoded: Refused `not_an_image` (no image of
    FORMATS, or one that does not decode) or `too_many_pixels` (more than
    MAX_PIXELS, or more than MAX_DECODED bytes once decoded). A JPEG is
    decoded at the smallest scale still `side` pixels long."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
                _measure(_webp_size(data), "RGBA", WEBP_COPIES)  # before its decoder is made
            image: Image.Image = Image.open(io.BytesIO(data), formats=DECODERS)
            if image.format not in FORMATS:
                raise Refused("not_an_image")
            _measure(image.size, image.mode, 1)
            image.draft("L", (side, side))  # JPEG: decoded at 1/2, 1/4… at once
            _measure(image.size, image.mode, 1)
            image.load()
            return _upright(image).convert("L")
    except Refused:
        raise
    except (Image.DecompressionBombWarning, Image.DecompressionBombError) as error:
        raise Refused("too_many_pixels") from error
    except MemoryError as error:
        raise Refused("too_many_pixels") from error
    except Exception as error:  # a decoder's any complaint about a file from outside
        raise Refused("not_an_image") from error


def _measure(size: tuple[int, int], mode: str, copies: int) -> None:
    """Refused when an image of `size` and `mode` is too large to decode:
    its pixels, and its bytes (Pillow keeps 1 byte a point in L, P and 1,
    2 in I;16, else 4), `copies` times for a decoder that keeps more."""
    width, height = size
    if width <= 0 or height <= 0:
        raise Refused("not_an_image")
    pixels = width * height
    per_pixel = 1 if mode in ("1", "L", "P") else 2 if mode.startswith("I;16") else 4
    if pixels > MAX_PIXELS or pixels * per_pixel * copies > MAX_DECODED:
        raise Refused("too_many_pixels")


def _webp_size(data: bytes) -> tuple[int, int]:
    """A WebP's canvas, read from its first chunk (VP8X, VP8 or VP8L):
    Pillow's decoder allocates it, twice, as soon as the file is opened."""
    kind, chunk = data[12:16], data[20:30]
    if len(chunk) < 10:
        raise Refused("not_an_image")
    if kind == b"VP8X":
        return 1 + int.from_bytes(chunk[4:7], "little"), 1 + int.from_bytes(chunk[7:10], "little")
    if kind == b"VP8 ":
        return (
            int.from_bytes(chunk[6:8], "little") & 0x3FFF,
            int.from_bytes(chunk[8:10], "little") & 0x3FFF,
        )
    if kind == b"VP8L":
        bits = int.from_bytes(chunk[1:5], "little")
        return 1 + (bits & 0x3FFF), 1 + ((bits >> 14) & 0x3FFF)
    raise Refused("not_an_image")


#: EXIF's orientation: how the picture is turned back upright.
_TRANSPOSE = {
    2: (Image.Transpose.FLIP_LEFT_RIGHT,),
    3: (Image.Transpose.ROTATE_180,),
    4: (Image.Transpose.FLIP_TOP_BOTTOM,),
    5: (Image.Transpose.TRANSPOSE,),
    6: (Image.Transpose.ROTATE_270,),
    7: (Image.Transpose.TRANSVERSE,),
    8: (Image.Transpose.ROTATE_90,),
}


def _upright(image: Image.Image) -> Image.Image:
    """`image` turned as its EXIF orientation says; an EXIF that does not
    read (a tag holding what its type cannot) is no orientation, not an
    error (ImageOps.exif_transpose raised struct.error on it, and writes
    the EXIF back, which a photo read here never needs)."""
    try:
        orientation = image.getexif().get(0x0112)
    except Exception:  # the EXIF of a file from outside, unreadable: ignored
        orientation = None
    turned = image
    for method in _TRANSPOSE.get(orientation, ()) if isinstance(orientation, int) else ():
        turned = turned.transpose(method)
    return turned


def sharpness(grey: np.ndarray) -> float:
    """How sharp the photo is: the mean gradient of its sharpest tenth,
    against its contrast (a blurred photo has soft edges everywhere)."""
    dx = np.abs(np.diff(grey, axis=1))[:-1, :]
    dy = np.abs(np.diff(grey, axis=0))[:, :-1]
    gradient = np.maximum(dx, dy)
    contrast = float(np.percentile(grey, 95) - np.percentile(grey, 5)) or 1.0
    return float(np.percentile(gradient, 99.5)) / contrast
