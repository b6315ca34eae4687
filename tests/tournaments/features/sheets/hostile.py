"""Hostile files for the desk's pile, built in the test (issue 61, item 2):
PDFs whose pages hide a large image where a size guard looking only at a
page's own objects does not see it (seven form XObjects deep, in an
annotation's appearance), and images small on disk whose decoding is not
(a WebP or a PNG of a few kilobytes that decode to hundreds of MB).

Each file is written from nothing here: no file from outside."""

from __future__ import annotations

import functools
import io
import struct
import zlib

from PIL import Image


def pdf(objects: list[bytes]) -> bytes:
    """A PDF of `objects` (object 1 the catalogue), with its cross-reference table."""
    out = io.BytesIO()
    out.write(b"%PDF-1.7\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    start = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(
        b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, start)
    )
    return out.getvalue()


def _stream(head: bytes, data: bytes) -> bytes:
    return head[:-2] + b" /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"


@functools.cache
def _image(side: int) -> bytes:
    """An image XObject of side × side grey pixels, all zeros, deflated:
    made once a process for each side (3.5 s of CPU for a side of 40,000,
    which three files of the attacks' measures draw)."""
    packer = zlib.compressobj(9)
    row = b"\0" * side
    data = b"".join(packer.compress(row) for _ in range(side)) + packer.flush()
    head = b"<< /Type /XObject /Subtype /Image /Width %d /Height %d " % (side, side)
    return _stream(
        head + b"/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode >>", data
    )


def _form(inner: int, name: bytes) -> bytes:
    """A form XObject that draws object `inner` (a form or an image) as `name`."""
    draw = b"q 595 0 0 842 0 0 cm /%s Do Q" % name if name == b"Im" else b"/%s Do" % name
    head = b"<< /Type /XObject /Subtype /Form /BBox [0 0 595 842] "
    head += b"/Resources << /XObject << /%s %d 0 R >> >> >>" % (name, inner)
    return _stream(head, draw)


def nested_forms_pdf(side: int, *, depth: int = 7, pages: int = 1) -> bytes:
    """`pages` pages, each drawing (through `depth` form XObjects nested in
    each other) one image of side × side pixels; the pages share it."""
    image = 3 + pages + 1 + depth  # object numbers: catalogue, pages, the pages, contents, forms
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    kids = b" ".join(b"%d 0 R" % (3 + n) for n in range(pages))
    objects.append(b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, pages))
    contents = 3 + pages
    first_form = contents + 1
    for _ in range(pages):
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] "
            b"/Resources << /XObject << /F %d 0 R >> >> /Contents %d 0 R >>"
            % (first_form, contents)
        )
    objects.append(_stream(b"<< >>", b"/F Do"))
    for level in range(depth):
        inner = first_form + level + 1
        objects.append(_form(inner, b"Im" if inner == image else b"F"))
    objects.append(_image(side))
    return pdf(objects)


def annotation_pdf(side: int) -> bytes:
    """One page whose content is empty and whose one annotation's appearance
    draws an image of side × side pixels."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Annots [5 0 R] >>",
        _stream(b"<< >>", b""),
        b"<< /Type /Annot /Subtype /Stamp /Rect [0 0 595 842] /F 4 /AP << /N 6 0 R >> >>",
        _form(7, b"Im"),
        _image(side),
    ]
    return pdf(objects)


def webp_bomb(side: int = 7000) -> bytes:
    """A lossless WebP of side × side white pixels with alpha: a few KB
    that decode to side² × 4 bytes (and twice that in the decoder's canvas)."""
    out = io.BytesIO()
    Image.new("RGBA", (side, side), (255, 255, 255, 255)).save(
        out, "WEBP", lossless=True, quality=0
    )
    return out.getvalue()


def png_bomb(side: int, *, colour: int = 6, depth: int = 16) -> bytes:
    """A PNG of side × side pixels (16-bit RGBA unless told), all zeros:
    deflated to a few hundred KB, decoded to side² × 4 bytes or more."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
    packer = zlib.compressobj(9)
    row = b"\0" * (1 + side * channels * depth // 8)
    data = b"".join(packer.compress(row) for _ in range(side)) + packer.flush()
    header = struct.pack(">IIBBBBB", side, side, depth, colour, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")
    )


def soft_mask_pdf(side: int) -> bytes:
    """One page drawing a 16 × 16 image whose soft mask (the transparency
    of each of its points) is side × side pixels: no page object is that
    large, the drawing decodes it."""
    small = b"<< /Type /XObject /Subtype /Image /Width 16 /Height 16 /ColorSpace /DeviceGray "
    small += b"/BitsPerComponent 8 /SMask 6 0 R >>"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] "
        b"/Resources << /XObject << /Im 5 0 R >> >> /Contents 4 0 R >>",
        _stream(b"<< >>", b"q 595 0 0 842 0 0 cm /Im Do Q"),
        _stream(small, b"\x80" * 256),
        _image(side),
    ]
    return pdf(objects)


def blank_pages_pdf(pages: int) -> bytes:
    """A PDF of `pages` white A5 pages: each drawn and read, none a sheet."""
    blank = [Image.new("L", (420, 595), 255) for _ in range(pages)]
    out = io.BytesIO()
    blank[0].save(out, "PDF", resolution=72, save_all=True, append_images=blank[1:])
    return out.getvalue()
