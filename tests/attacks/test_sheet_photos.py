"""The desk's pile of sheet photos attacked (issue 55: a new surface that
takes files from outside), on a real gunicorn with two workers:

- another organizer, or someone signed in to nothing, reaches nothing of a
  concours's pile: no photo kept, none shown, no sheet recorded;
- a body of 40 MB is answered 413 before it is read (the answer comes
  while all but its first 64 KB are still unsent); six files in one post
  are refused whole; an account sending past MAX_PER_HOUR photos in an
  hour gets a sentence and nothing more is read;
- a PNG decompression bomb (30,000 × 30,000 pixels in 100 KB), a PDF bomb
  (a page drawing a 20,000 × 20,000 image: 400 MB of pixels in 390 KB,
  which PDFium drew in 6 s and 500 MB before the guard) and a « PDF » that
  is none are each refused in a sentence, the server answering, without
  drawing what they hold: the workers' peak memory (VmHWM, /proc) grows by
  less than 100 MB on each, where 400 to 900 MB of pixels drawn would show
  (a count of bytes, which the machine's load does not change as it does
  a duration);
- a file's name is shown as text, never as markup.

Loops are bounded in count; nothing leaves 127.0.0.0/8."""

from __future__ import annotations

import contextlib
import http.client
import io
import re
import urllib.parse
import zlib
from html import unescape
from pathlib import Path

import pytest
from PIL import Image

from bench.uploads import login, multipart, request
from tests.attacks import server as real
from tests.tournaments.features.sheets.test_desk_pile import _bomb_pdf
from tournaments.features.sheets.services import MAX_PER_HOUR

pytestmark = pytest.mark.attack

BUILD = """
import json
from django.contrib.auth import get_user_model
from tests import factories
User = get_user_model()
out = {}
for name in ("orga", "orga2"):
    who = User.objects.filter(username=name).first() or User.objects.create_user(
        name, password=PASSWORD)
    t = factories.build_tournament(
        owner=who, name="Concours photos " + name, sheets_enabled=True
    )
    factories.add_teams(t, 4)
    factories.draw_random_round(t)
    out[name] = t.slug
print(json.dumps(out))
"""
COUNT = """
import json
from tournaments.features.sheets.models import SheetPhoto
from tournaments.models import Deal
print(json.dumps([SheetPhoto.objects.filter(round__tournament__slug=SLUG).count(),
                  Deal.objects.filter(table__round__tournament__slug=SLUG).count()]))
"""
STATES = """
import json
from tournaments.features.sheets.models import SheetPhoto
photos = SheetPhoto.objects.filter(round__tournament__slug=SLUG)
print(json.dumps({p.name: p.refusal for p in photos}))
"""


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    from tests.factories import PASSWORD

    folder = tmp_path_factory.mktemp("sheets")
    server = real.start(folder / "app", demo=False)
    concours = server.python(f"PASSWORD = {PASSWORD!r}\n" + BUILD)
    yield server, concours
    server.stop()


def _pile(slug: str) -> str:
    return f"/organisation/t/{slug}/parties/1/feuilles-lues/"


def _send(client, slug: str, files: list[tuple[str, bytes]], token: str | None = None):
    token = token or client.form_token(_pile(slug))
    body, kind = multipart({"csrfmiddlewaretoken": token}, {})
    boundary = kind.split("=", 1)[1]
    parts = body[: -len(f"--{boundary}--\r\n")]
    for name, content in files:
        parts += (
            (
                f'--{boundary}\r\nContent-Disposition: form-data; name="photos"; '
                f'filename="{name}"\r\nContent-Type: application/octet-stream\r\n\r\n'
            ).encode()
            + content
            + b"\r\n"
        )
    parts += f"--{boundary}--\r\n".encode()
    return request(
        client, "POST", _pile(slug) + "envoyer/", parts, {"Content-Type": kind, "X-Pile": "1"}
    )


def _announced(client, slug: str, length: int) -> tuple[int, int]:
    """The answer to a post that announces `length` bytes and sends only its
    first 64 KB, and the bytes never sent: a server that waits for the rest
    answers nothing (the socket's time-out ends the test)."""
    url = urllib.parse.urlsplit(client.base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    try:
        connection.putrequest("POST", _pile(slug) + "envoyer/")
        cookies = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
        for header, value in (
            ("Content-Type", "multipart/form-data; boundary=pile"),
            ("Content-Length", str(length)),
            ("Cookie", cookies),
            ("Referer", client.base + _pile(slug)),
            ("X-Pile", "1"),
        ):
            connection.putheader(header, value)
        connection.endheaders()
        sent = b"--pile\r\n" + bytes(64 * 1024)
        with contextlib.suppress(OSError):
            connection.send(sent)
        return connection.getresponse().status, length - len(sent)
    finally:
        connection.close()


def _counts(server, slug: str) -> list[int]:
    return server.python(f"SLUG = {slug!r}\n" + COUNT)


def _workers_peak_memory(server) -> int:
    """The sum of the server's workers' peak memory so far (VmHWM), in bytes."""
    master, total = server.process.pid, 0
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(
                line.split(":", 1) for line in status.read_text().splitlines() if ":" in line
            )
        except OSError:  # a process that ended meanwhile
            continue
        if int(fields.get("PPid", "0")) == master and "VmHWM" in fields:
            total += int(fields["VmHWM"].split()[0]) * 1024
    return total


def _png_bomb(side: int) -> bytes:
    """A grey PNG of side × side pixels, all white, a few hundred KB."""
    import struct

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    packer = zlib.compressobj(9)
    row = b"\0" + b"\xff" * side
    data = b"".join(packer.compress(row) for _ in range(side)) + packer.flush()
    header = struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")
    )


@pytest.mark.shared_cache
def test_another_organizer_and_a_stranger_reach_nothing_of_the_pile(app):
    server, concours = app
    slug = concours["orga"]
    photo = io.BytesIO()
    Image.new("L", (800, 1000), 230).save(photo, "JPEG")
    intruder = login(server.base, "orga2")
    status, page = intruder.get(_pile(slug))
    assert status == 404
    own = intruder.form_token(_pile(concours["orga2"]))  # a token of its own page
    status, _seconds, _page, _location = _send(intruder, slug, [("x.jpg", photo.getvalue())], own)
    assert status == 404
    stranger = real.Client(server.base)
    status, _page = stranger.get(_pile(slug))
    assert status == 302 and "/compte/connexion/" in stranger.location
    status, _seconds, _page, _location = _send(
        stranger, slug, [("x.jpg", photo.getvalue())], token="x" * 64
    )
    assert status in (302, 403)
    assert _counts(server, slug) == [0, 0]
    # The owner's photo is kept; the intruder sees none of it.
    owner = login(server.base, "orga")
    status, _seconds, page, _location = _send(owner, slug, [("IMG_1.jpg", photo.getvalue())])
    assert status == 200, page[:500]
    pk = re.search(r'id="photo-(\d+)"', page).group(1)
    for path in (
        f"{_pile(slug)}{pk}/",
        f"{_pile(slug)}{pk}/photo.jpg",
        f"{_pile(slug)}{pk}/donne-1.jpg",
    ):
        assert intruder.get(path)[0] == 404, path
    status, _page = intruder.post(f"{_pile(slug)}{pk}/de-cote/", {}, token=own)
    assert status == 404
    assert _counts(server, slug) == [1, 0]


@pytest.mark.shared_cache
def test_huge_and_many_uploads_are_refused_before_they_cost(app):
    server, concours = app
    slug = concours["orga2"]
    client = login(server.base, "orga2")
    before = _counts(server, slug)
    status, unsent = _announced(client, slug, 40 * 1024 * 1024)
    assert status == 413
    assert unsent > 39 * 1024 * 1024  # answered before the body could be read
    tiny = [(f"p{i}.jpg", b"not a photo %d" % i) for i in range(6)]
    status, _seconds, _page, _location = _send(client, slug, tiny)
    assert status == 400  # six files in one post: Django's DATA_UPLOAD_MAX_NUMBER_FILES
    assert _counts(server, slug) == before


# engine_free: the defence is the decoders' bounds, the same code on any
# database and cache (no lock, transaction, throttle nor cached count); the
# photo's row and state it writes, this file's other tests ask on the tier's
# database too.
@pytest.mark.engine_free
def test_crafted_images_and_pdfs_get_a_sentence_quickly(app):
    server, concours = app
    slug = concours["orga"]
    client = login(server.base, "orga")
    files = [
        ("bombe.png", _png_bomb(30_000)),
        ("bombe.pdf", _bomb_pdf(20_000)),
        ("faux.pdf", b"%PDF-1.7\n" + bytes(range(256)) * 40 + b"\n%%EOF"),
        ('<img src=x onerror="alert(1)">.jpg', b"GIF89a" + bytes(64)),
    ]
    for name, content in files:
        assert len(content) < 1_000_000, name
        peak = _workers_peak_memory(server)
        status, _seconds, page, _location = _send(client, slug, [(name, content)])
        assert status == 200, (name, page[:300])
        grown = _workers_peak_memory(server) - peak
        print(f"{name}: the workers' peak memory grew by {grown / 2**20:.1f} MB")
        assert grown < 100 * 2**20, (name, grown)
    states = server.python(f"SLUG = {slug!r}\n" + STATES)
    assert states["bombe.png"] == "too_many_pixels"
    assert states["bombe.pdf"] == "too_many_pixels"
    assert states["faux.pdf"] == "pdf_broken"
    assert states['<img src=x onerror="alert(1)">.jpg'] == "not_an_image"
    status, page = client.get(_pile(slug))
    assert status == 200
    assert '<img src=x onerror="alert(1)">' not in page
    assert '<img src=x onerror="alert(1)">.jpg' in unescape(page)
    assert "plus de 60 millions" in unescape(page)
    assert _counts(server, slug)[1] == 0


#: The photos the account already sent this hour before the flood below: the
#: count the app keeps for it (throttle.record, as each photo it takes
#: records), written in the server's own database and cache. Sending 200
#: posts to reach the limit took 17 s on SQLite, 62 s on PostgreSQL.
SENT_BEFORE = """
import json
from django.contrib.auth import get_user_model
from tournaments.features.sheets.services import MAX_PER_HOUR, WINDOW
from tournaments.infra import throttle
who = get_user_model().objects.get(username=NAME)
key, counted = f"sheet-photos:{who.pk}", 0
for _ in range(MAX_PER_HOUR - LEFT):  # bounded: up to the photos left
    counted = throttle.record(key, window=WINDOW)
    if counted >= MAX_PER_HOUR - LEFT:
        break
print(json.dumps(counted))
"""
LEFT = 3


@pytest.mark.shared_cache
def test_a_flood_of_photos_from_one_account_is_cut_at_its_hourly_count(app):
    server, concours = app
    slug = concours["orga2"]
    client = login(server.base, "orga2")
    token = client.form_token(_pile(slug))
    kept = _counts(server, slug)[0]
    sent = server.python(f"NAME = 'orga2'\nLEFT = {LEFT}\n" + SENT_BEFORE)
    assert sent == MAX_PER_HOUR - LEFT
    refused = None
    for i in range(LEFT + 5):  # bounded: the photos left and a few more
        status, _seconds, page, _location = _send(client, slug, [(f"f{i}.jpg", b"x%d" % i)], token)
        if status == 422:
            refused = i
            break
        assert status == 200, page[:300]
    # The photos left are taken, the next one is refused: the limit is MAX_PER_HOUR.
    assert refused == LEFT
    assert "photos en une heure depuis ce compte" in unescape(page)
    assert _counts(server, slug)[0] == kept + LEFT
