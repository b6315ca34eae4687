"""A scanner's PDF turned into one picture a page, in a process of its own
(issue 61): the PDF is data from outside, and PDFium's drawing is the
costliest thing a file can ask of the laptop.

Each page is *measured before it is drawn*: its size, the objects it
draws, its images' pixels — through every form XObject, to a depth of
MAX_DEPTH (deeper is refused, not ignored). What it draws besides its
content is not drawn at all: annotations' appearances and form fields (a
scanner's page has none; a stamp's appearance can hold an image no
measure sees). Too many pages, or more than the hour has left: refused
before any page is drawn.

What no measure sees (an image's soft mask, a pattern, a Type 3 glyph) is
bounded last by the drawing process itself: its address space (MEMORY) and
its CPU seconds (CPU_SECONDS) are limited by the kernel where it can
(`resource`, POSIX), and its run by WAIT seconds everywhere. A process
killed or out of memory is a refusal (`pdf_heavy`), never the app
server's worker. In an app frozen by PyInstaller (no Python to start) the
pages are drawn in the process, measured the same.

Pure: bytes in, pictures or Refused out; no Django. Must not: read a
sheet, count anything against an account (the service does, from the
page count given back).
"""

from __future__ import annotations

import io
import json
import os
import struct
import subprocess
import sys
from typing import Any, BinaryIO

from tournaments.features.sheets.domain.limits import MAX_PAGES, MAX_PIXELS, Refused

MAX_PAGE_PT = 1200.0  # A3 and a little more
MAX_OBJECTS = 20_000  # objects drawn on a page, those inside forms included
MAX_DEPTH = 8  # forms inside forms
DPI = 200
MEMORY = 768 * 1024 * 1024
CPU_SECONDS = 30
WAIT = 90
#: The project's folder, put on the drawing process's path (it starts with
#: -I: no PYTHONPATH, no user site, no current folder).
ROOT = os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
)
_CHILD = (
    "import sys; sys.path.insert(0, {root!r}); "
    "from tournaments.features.sheets.domain.pdf_drawing import main; "
    "sys.exit(main(int(sys.argv[1]), sys.stdin.buffer, sys.stdout.buffer))"
)


def pdf_pages(data: bytes, *, most: int = MAX_PAGES) -> list[bytes]:
    """Each page of the PDF `data` as a grey PNG drawn at DPI, or Refused:
    `pdf_broken`, `pdf_pages` (more than MAX_PAGES), `pdf_hour` (more pages
    than `most`, what the hour has left), `too_many_pixels` (a page
    measured too large), `pdf_heavy` (the drawing ran out of memory or time)."""
    if getattr(sys, "frozen", False):
        return draw_all(data, most=most)
    try:
        done = subprocess.run(
            [sys.executable, "-I", "-c", _CHILD.format(root=ROOT), str(most)],
            input=data,
            capture_output=True,
            timeout=WAIT,
            check=False,
        )
    except subprocess.TimeoutExpired as error:
        raise Refused("pdf_heavy") from error
    return _answer(done.returncode, done.stdout)


def _answer(code: int, out: bytes) -> list[bytes]:
    """The drawing process's answer: its pages, or the refusal it wrote, or
    `pdf_heavy` when it was stopped (a signal, MemoryError, no answer)."""
    stream = io.BytesIO(out)
    kind = stream.read(1)
    if code == 0 and kind == b"R":
        refusal = json.loads(stream.read().decode())
        raise Refused(refusal["code"], **refusal["params"])
    if code != 0 or kind != b"P":
        raise Refused("pdf_heavy")
    pages = []
    (count,) = struct.unpack(">I", stream.read(4))
    for _ in range(count):
        (length,) = struct.unpack(">Q", stream.read(8))
        pages.append(stream.read(length))
    return pages


def draw_all(data: bytes, *, most: int) -> list[bytes]:
    """The drawing itself (in the drawing process): every page measured,
    then drawn, or Refused."""
    import pypdfium2 as pdfium

    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as error:
        raise Refused("pdf_broken") from error
    try:
        count = len(document)
        if count == 0:
            raise Refused("pdf_broken")
        if count > MAX_PAGES:
            raise Refused("pdf_pages", pages=count, most=MAX_PAGES)
        if count > most:
            raise Refused("pdf_hour", pages=count, most=max(most, 0))
        pages = []
        for index in range(count):
            page = document[index]
            try:
                measure(page)
                pages.append(_draw(page))
            finally:
                page.close()
        return pages
    finally:
        document.close()


def measure(page: Any) -> None:
    """Refused unless `page` is at most A3 and draws at most MAX_OBJECTS
    objects and MAX_PIXELS pixels of images, forms within forms counted,
    none deeper than MAX_DEPTH."""
    import pypdfium2.raw as pdfium_c

    width, height = page.get_size()
    if max(width, height) > MAX_PAGE_PT or min(width, height) <= 0:
        raise Refused("too_many_pixels")
    pixels = 0
    # Every kind of object: a form is walked into, an image measured; one
    # level deeper than allowed, to see that there is one.
    walked = page.get_objects(filter=None, max_depth=MAX_DEPTH + 2)
    for objects, drawn in enumerate(walked, start=1):
        if objects > MAX_OBJECTS or drawn.level > MAX_DEPTH:
            raise Refused("too_many_pixels")
        if drawn.type == pdfium_c.FPDF_PAGEOBJ_IMAGE:
            w, h = drawn.get_px_size()
            pixels += w * h
            if pixels > MAX_PIXELS:
                raise Refused("too_many_pixels")


def _draw(page: Any) -> bytes:
    bitmap = page.render(scale=DPI / 72, grayscale=True, draw_annots=False, may_draw_forms=False)
    out = io.BytesIO()
    bitmap.to_pil().save(out, "PNG", compress_level=1)
    return out.getvalue()


def _limit() -> None:
    """The kernel's bounds on this (drawing) process, where there are."""
    try:
        import resource
    except ImportError:  # Windows: the parent's WAIT alone
        return
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS + 1))


def main(most: int, source: BinaryIO, out: BinaryIO) -> int:
    """The drawing process: the PDF on `source`, its pages or its refusal
    on `out`."""
    _limit()
    data = source.read()
    try:
        pages = draw_all(data, most=most)
    except Refused as refused:
        out.write(b"R" + json.dumps({"code": refused.code, "params": refused.params}).encode())
        return 0
    out.write(b"P" + struct.pack(">I", len(pages)))
    for picture in pages:
        out.write(struct.pack(">Q", len(picture)) + picture)
    return 0
