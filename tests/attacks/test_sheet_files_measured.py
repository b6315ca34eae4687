"""Hostile files at the desk's pile, measured on a real gunicorn worker
(issue 61, item 2): the worker's peak memory (VmHWM, reset before each
file through /proc/<pid>/clear_refs) and its CPU seconds, its children's
(the PDF's drawing process) included, read from /proc.

- a PDF hiding a 40,000 × 40,000 image seven forms deep (1.5 MB: the
  worker went from 94 MB to 1.8 GB), the same image in a page's only
  annotation, or as an image's soft mask, a 30-page PDF whose every page
  draws a 20,000 × 20,000 image (43.6 s of CPU before), a WebP of a few KB
  and a PNG of a few hundred KB that decode to hundreds of MB: each gets
  its sentence with the worker under PEAK_MB and CPU_SECONDS;
- a PDF's every page is a photo of the hour: a 30-page PDF when the hour
  has 10 left is refused whole, nothing drawn.

Loops are bounded in count; nothing leaves 127.0.0.0/8."""

from __future__ import annotations

import contextlib
import json
import os
from html import unescape
from pathlib import Path

import pytest

from bench.uploads import login
from tests.attacks import server as real
from tests.attacks.test_sheet_photos import BUILD, COUNT, SENT_BEFORE, STATES, _send
from tests.tournaments.features.sheets import hostile
from tournaments.features.sheets.services import MAX_PER_HOUR

pytestmark = pytest.mark.attack

#: The worker's peak resident memory while it takes one hostile file, and
#: the CPU seconds it (and its children) spend on it.
PEAK_MB = 400
CPU_SECONDS = 12
TICK = os.sysconf("SC_CLK_TCK")


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    from tests.factories import PASSWORD

    folder = tmp_path_factory.mktemp("sheet-files")
    server = real.start(folder / "app", demo=False, workers=1)
    concours = server.python(f"PASSWORD = {PASSWORD!r}\n" + BUILD)
    yield server, concours
    server.stop()


def _worker(server) -> int:
    """gunicorn's one worker: the master's child."""
    master = server.process.pid
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    assert len(children) == 1, children
    return int(children[0])


def _cpu(pid: int) -> float:
    """The CPU seconds of `pid` and of its children it waited for."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(v) for v in fields[11:15]) / TICK  # utime stime cutime cstime


def _peak_mb(pid: int) -> float | None:
    """The peak resident memory of `pid`, None once it is dead (a zombie
    has no memory left to say)."""
    with contextlib.suppress(FileNotFoundError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return None


def _measured(server, client, slug: str, name: str, content: bytes) -> dict:
    worker = _worker(server)
    Path(f"/proc/{worker}/clear_refs").write_text("5")  # the peak starts again from now
    cpu = _cpu(worker)
    status, _seconds, _page, _location = _send(client, slug, [(name, content)])
    peak = _peak_mb(worker)
    alive = peak is not None and _worker(server) == worker
    figures = {
        "name": name,
        "kb": len(content) // 1024,
        "status": status,
        "worker_alive": alive,
        "peak_mb": round(peak) if alive else None,
        "cpu_s": round(_cpu(worker) - cpu, 2) if alive else None,
    }
    print(json.dumps(figures))
    return figures


HOSTILE = [
    ("formes.pdf", lambda: hostile.nested_forms_pdf(40_000), "too_many_pixels"),
    ("annotation.pdf", lambda: hostile.annotation_pdf(40_000), None),
    ("masque.pdf", lambda: hostile.soft_mask_pdf(40_000), None),
    ("trente.pdf", lambda: hostile.nested_forms_pdf(20_000, pages=30), "too_many_pixels"),
    ("bombe.webp", lambda: hostile.webp_bomb(7_000), "too_many_pixels"),
    ("bombe.png", lambda: hostile.png_bomb(7_700), "too_many_pixels"),
]


# engine_free: the defence is the decoders' bounds, the same code on any
# database and cache (no lock, transaction, throttle nor cached count); the
# photo's row and state it writes, the tier's other tests of the pile ask
# (test_every_page_of_a_pdf_counts_against_the_hour, test_sheet_photos.py).
@pytest.mark.engine_free
@pytest.mark.parametrize(("name", "build", "code"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_file_costs_the_worker_little_and_gets_its_sentence(app, name, build, code):
    server, concours = app
    slug = concours["orga"]
    client = login(server.base, "orga")
    content = build()
    assert len(content) < 2_000_000
    figures = _measured(server, client, slug, name, content)
    assert figures["status"] == 200 and figures["worker_alive"], figures
    assert figures["peak_mb"] < PEAK_MB, figures
    assert figures["cpu_s"] < CPU_SECONDS, figures
    states = server.python(f"SLUG = {slug!r}\n" + STATES)
    if code is not None:
        assert states[name] == code
    else:  # drawn without what hides the image: a page with no sheet on it
        assert states[name] not in ("", None)


@pytest.mark.shared_cache  # the hour's count is the throttle's
def test_every_page_of_a_pdf_counts_against_the_hour(app):
    server, concours = app
    slug = concours["orga2"]
    client = login(server.base, "orga2")
    left = 10
    sent = server.python(f"NAME = 'orga2'\nLEFT = {left}\n" + SENT_BEFORE)
    assert sent == MAX_PER_HOUR - left
    before = server.python(f"SLUG = {slug!r}\n" + COUNT)
    status, _seconds, page, _location = _send(
        client, slug, [("trente.pdf", hostile.blank_pages_pdf(30))]
    )
    assert status == 422, page[:300]
    assert "photos en une heure depuis ce compte" in unescape(page)
    assert server.python(f"SLUG = {slug!r}\n" + COUNT) == before
    # Nine pages fit in what the hour has left (the file refused counted one).
    status, _seconds, page, _location = _send(
        client, slug, [("neuf.pdf", hostile.blank_pages_pdf(9))]
    )
    assert status == 200, page[:300]
    assert server.python(f"SLUG = {slug!r}\n" + COUNT)[0] == before[0] + 9
    status, _seconds, page, _location = _send(
        client, slug, [("un.pdf", hostile.blank_pages_pdf(1))]
    )
    assert status == 422, page[:300]
