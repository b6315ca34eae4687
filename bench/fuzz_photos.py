"""Fuzzing of the desk's photo intake (issue 61): files mutated from small
valid images of every format the pile takes (JPEG with EXIF, PNG in four
modes, WebP lossy and lossless, GIF, TIFF, BMP), each given to what the
pile does with a file before any sheet is looked for — the photo opened
(`photo.open_photo`) and, when refused, its thumbnail
(`pictures.thumbnail`). Each must give a photo or a refusal (`Refused`),
or b"" for a thumbnail: anything else is a crash, a 500 at the desk.

Printed: mutations tried, crashes by class (exception and where), one
example of each kept under --keep. Seeded: the same command tries the
same files. The test (tests/tournaments/features/sheets/test_photo_intake.py)
runs a few hundred of the same; run from the project root:

    .venv/bin/python -m bench.fuzz_photos [--count 5000] [--seed 1] [--keep DIR]
"""

from __future__ import annotations

import argparse
import io
import random
import struct
import traceback
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from PIL import Image

#: The low bytes of the EXIF tags written (little-endian: 0x01 follows).
_TAGS = {0x00, 0x0F, 0x12, 0x1A}
SIDE = 420  # just over the reader's smallest photo: each file is decoded whole


def _exif() -> bytes:
    """An EXIF block: the orientation, a resolution (a rational), a maker
    (text) and the image's width: the tags mutations land in."""
    entries = [
        (0x010F, 2, 6, struct.pack("<I", 86)),  # Make, text at offset 86
        (0x0100, 4, 1, struct.pack("<I", SIDE)),
        (0x0112, 3, 1, struct.pack("<HH", 6, 0)),
        (0x011A, 5, 1, struct.pack("<I", 92)),  # XResolution, a rational at offset 92
    ]
    ifd = struct.pack("<H", len(entries))
    ifd += b"".join(struct.pack("<HHI", t, k, c) + v for t, k, c, v in entries)
    tiff = b"II*\0" + struct.pack("<I", 8) + ifd + b"\0\0\0\0"
    tiff = tiff.ljust(86, b"\0") + b"Phone\0" + struct.pack("<II", 72, 1)
    return b"Exif\0\0" + tiff


def seeds() -> list[bytes]:
    """Small valid files of every format the pile takes."""
    grey = Image.linear_gradient("L").resize((SIDE, SIDE + 60))
    colour = Image.merge("RGB", (grey, grey.transpose(Image.Transpose.ROTATE_180), grey))
    files = []

    def save(image: Image.Image, kind: str, **options) -> None:
        out = io.BytesIO()
        image.save(out, kind, **options)
        files.append(out.getvalue())

    save(colour, "JPEG", quality=60, exif=_exif())
    save(grey, "JPEG", quality=60, progressive=True)
    save(grey, "PNG")
    save(colour.convert("RGBA"), "PNG")
    save(colour.convert("P"), "PNG")
    save(grey.convert("I;16"), "PNG")
    save(colour, "WEBP", quality=50)
    save(grey, "WEBP", lossless=True)
    save(colour.convert("P"), "GIF")
    save(grey, "TIFF", compression="tiff_lzw")
    save(colour, "TIFF", exif=_exif())
    save(grey, "BMP")
    return files


def mutate(data: bytes, rng: random.Random, others: list[bytes]) -> bytes:
    """`data` changed a few ways at random places."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        where = rng.randrange(len(out)) if out else 0
        how = rng.randrange(8)
        if how == 0:  # a few bytes flipped
            for _ in range(rng.randint(1, 8)):
                if out:
                    out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
        elif how == 1:  # a field set to an extreme
            size = rng.choice((1, 2, 4))
            value = rng.choice((0, 1, 0x7F, 0x80, 0xFF, 0xFFFF, 0x7FFFFFFF, 0xFFFFFFFF))
            out[where : where + size] = (value & ((1 << 8 * size) - 1)).to_bytes(size, "big")
        elif how == 2:  # cut short
            del out[max(where, 16) :]
        elif how == 3:  # a run removed
            del out[where : where + rng.randint(1, 64)]
        elif how == 4:  # random bytes inserted
            out[where:where] = rng.randbytes(rng.randint(1, 32))
        elif how == 5:  # a run repeated
            out[where:where] = out[where : where + rng.randint(1, 256)]
        elif how == 6:  # an EXIF tag's type changed (a number's tag holding a fraction…)
            tags = [i for i in range(len(out) - 4) if out[i + 1] == 1 and out[i] in _TAGS]
            if tags:
                at = rng.choice(tags)
                out[at + 2 : at + 4] = struct.pack("<H", rng.randint(1, 12))
        else:  # a piece of another file spliced in
            other = rng.choice(others)
            start = rng.randrange(len(other))
            out[where : where + rng.randint(0, 128)] = other[start : start + rng.randint(1, 512)]
    return bytes(out)


def mutations(count: int, seed: int) -> Iterator[bytes]:
    rng = random.Random(seed)
    files = seeds()
    for _ in range(count):
        yield mutate(rng.choice(files), rng, files)


def crash_of(data: bytes) -> str | None:
    """None when the intake answers `data` as it should, else the crash's
    class: the exception's type and the line of the app or library that
    raised it."""
    from tournaments.features.sheets.domain.limits import Refused
    from tournaments.features.sheets.domain.photo import open_photo
    from tournaments.features.sheets.domain.pictures import thumbnail

    try:
        try:
            open_photo(data)
        except Refused:
            if not isinstance(thumbnail(data), bytes):
                return "thumbnail: not bytes"
    except Exception as error:
        last = traceback.extract_tb(error.__traceback__)[-1]
        return f"{type(error).__name__} at {Path(last.filename).name}:{last.lineno}"
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="a folder for one file of each crash")
    options = parser.parse_args()
    crashes: Counter[str] = Counter()
    for number, data in enumerate(mutations(options.count, options.seed)):
        crash = crash_of(data)
        if crash is None:
            continue
        if options.keep and crash not in crashes:
            options.keep.mkdir(parents=True, exist_ok=True)
            (options.keep / f"crash-{number}.bin").write_bytes(data)
        crashes[crash] += 1
    print(f"mutations: {options.count}, crashes: {sum(crashes.values())}")
    for crash, times in crashes.most_common():
        print(f"  {times:5}  {crash}")


if __name__ == "__main__":
    main()
