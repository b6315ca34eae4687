"""What the desk's pile does with a file before it looks for a sheet
(issue 61): an image measured before it is decoded (its bytes, not only its
points), an EXIF that does not read ignored, a scanner's PDF measured page
by page before it is drawn, in a process of its own, and every mutated
file answered with a photo or a refusal (bench/fuzz_photos.py, bounded)."""

from __future__ import annotations

import io
import json
import resource
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bench import fuzz_photos
from tests.tournaments.features.sheets import hostile
from tests.tournaments.features.sheets.test_desk_pile import _upload
from tournaments.features.sheets.domain import pdf_drawing
from tournaments.features.sheets.domain.limits import Refused
from tournaments.features.sheets.domain.photo import open_photo
from tournaments.features.sheets.domain.pictures import thumbnail
from tournaments.features.sheets.models import SheetPhoto

ROOT = Path(__file__).resolve().parents[4]


def _jpeg_with_exif(entries: list[tuple[int, int, int, bytes]], size=(500, 600)) -> bytes:
    """A grey JPEG whose EXIF holds `entries` (tag, type, count, 4 bytes)."""
    ifd = struct.pack("<H", len(entries))
    ifd += b"".join(struct.pack("<HHI", t, k, c) + v for t, k, c, v in entries)
    tiff = b"II*\0" + struct.pack("<I", 8) + ifd + b"\0\0\0\0"
    tiff += struct.pack("<ii", 3, 2)  # a signed fraction, 3/2, at offset 8 + 2 + 24 + 4
    out = io.BytesIO()
    Image.new("L", size, 220).save(out, "JPEG", exif=b"Exif\0\0" + tiff)
    return out.getvalue()


#: Turned a quarter (orientation 6), its width a signed fraction: Pillow's
#: exif_transpose wrote the EXIF back and raised struct.error (a 500).
FRACTION_WIDTH = [
    (0x0112, 3, 1, struct.pack("<HH", 6, 0)),
    (0x0100, 10, 1, struct.pack("<I", 38)),
]


def test_an_exif_width_that_is_a_fraction_is_no_error_and_the_photo_is_turned():
    photo = open_photo(_jpeg_with_exif(FRACTION_WIDTH))
    assert photo.grey.shape == (500, 600)  # 500 wide, 600 high, turned a quarter


def test_the_desk_answers_a_photo_whose_exif_does_not_read(desk, rnd):
    response = _upload(desk, rnd, "exif.jpg", _jpeg_with_exif(FRACTION_WIDTH))
    assert response.status_code == 302
    photo = SheetPhoto.objects.get()
    assert photo.state == "refused"  # no sheet on it: its sentence, not a 500
    assert photo.image  # its thumbnail, turned as well


@pytest.mark.parametrize(
    ("build", "what"),
    [
        (lambda: hostile.webp_bomb(7_000), "a 2 KB WebP decoded to 196 MB, its canvas twice"),
        (lambda: hostile.png_bomb(7_700), "a 450 KB PNG decoded to 237 MB"),
    ],
)
def test_an_image_is_measured_by_its_decoded_bytes_before_it_is_decoded(build, what):
    data = build()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(Refused) as refused:
        open_photo(data)
    assert refused.value.code == "too_many_pixels", what
    assert thumbnail(data) == b""
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert grown < 100 * 1024, (what, grown)  # KB: nothing of it decoded


def test_fuzzed_photos_each_give_a_photo_or_a_refusal():
    """2,000 mutations (about 4 s of CPU): seed 1 found a struct.error and
    a TypeError in Pillow's TIFF code on the unfixed intake."""
    crashes = {fuzz_photos.crash_of(data) for data in fuzz_photos.mutations(2000, seed=1)}
    assert crashes == {None}


@pytest.mark.parametrize(
    ("build", "code"),
    [
        (lambda: hostile.nested_forms_pdf(40_000), "too_many_pixels"),  # seven forms deep
        (lambda: hostile.nested_forms_pdf(100, depth=pdf_drawing.MAX_DEPTH + 1), "too_many_pixels"),
        (lambda: hostile.nested_forms_pdf(20_000, pages=30), "too_many_pixels"),
        (lambda: hostile.blank_pages_pdf(pdf_drawing.MAX_PAGES + 1), "pdf_pages"),
        (lambda: b"%PDF-1.7\n" + bytes(range(256)) * 40, "pdf_broken"),
    ],
)
def test_a_pdf_is_measured_page_by_page_before_it_is_drawn(build, code):
    with pytest.raises(Refused) as refused:
        pdf_drawing.pdf_pages(build())
    assert refused.value.code == code


#: Draws one hostile PDF in a Python of its own and prints its pages, and the
#: peak memory (KB) and CPU seconds of the drawing processes it started: the
#: test process's own children (every server and command the tests before it
#: started) would count in RUSAGE_CHILDREN's peak.
DRAW = """
import json, os, resource, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
import django
django.setup()
from tests.tournaments.features.sheets import hostile
from tournaments.features.sheets.domain import pdf_drawing
pages = pdf_drawing.pdf_pages(getattr(hostile, sys.argv[1])(40_000))
use = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps([len(pages), use.ru_maxrss, use.ru_utime + use.ru_stime]))
"""


def test_what_a_page_draws_besides_its_content_is_not_drawn_or_is_bounded():
    """An annotation's appearance is not drawn; an image's soft mask of
    40,000² points (1.7 GB drawn in a process without bounds) is left out
    by PDFium within the drawing process's address space."""
    for kind in ("annotation_pdf", "soft_mask_pdf"):
        done = subprocess.run(
            [sys.executable, "-c", DRAW, kind],
            cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr[-2000:]
        pages, peak_kb, cpu = json.loads(done.stdout.splitlines()[-1])
        assert pages == 1
        assert peak_kb < pdf_drawing.MEMORY // 1024, (kind, peak_kb)
        assert cpu < 10, (kind, cpu)


def test_a_pdf_with_more_pages_than_the_hour_has_left_is_not_drawn():
    with pytest.raises(Refused) as refused:
        pdf_drawing.pdf_pages(hostile.blank_pages_pdf(5), most=4)
    assert (refused.value.code, refused.value.params) == ("pdf_hour", {"pages": 5, "most": 4})
    assert len(pdf_drawing.pdf_pages(hostile.blank_pages_pdf(4), most=4)) == 4
