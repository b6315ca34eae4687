"""One true sentence about the stick (issue 50, item 2), for real: a
`manage.py hall` that finds its stick by itself (BELOTE_MEDIA_ROOTS), a
table's phone typing a deal, the desk's line asked as its page asks it
every few seconds. On a stick of its own (another device): the terminal
and the desk name it (« CLE ») and its last write, and the line turns red
as soon as the stick is pulled out, back when it is plugged in again. A
« stick » folder that is on the laptop's own disk is not a stick: the
terminal says so once, never « Clé USB trouvée » and then « sur ce
portable » a few lines later (what both laptops said, takeover and all)."""

from __future__ import annotations

import html
import re
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hall.halls import Phone, start
from tests.hall.test_stick_found import ORGANIZER, PASSWORD, organizer

LAST_WRITE = re.compile(
    r"Clé USB « CLE » : dernier enregistrement sur la clé (?:il y a (\d+) s|à l'instant)\."
)


def last_write(desk: Phone) -> int:
    """The seconds since the stick's last write, as the line says them."""
    return int(LAST_WRITE.search(line(desk)).group(1) or 0)


@pytest.fixture
def other_device(tmp_path) -> Iterator[Path]:
    """A « media » folder on another device than the data folder (/dev/shm)."""
    shm = Path("/dev/shm")
    if not shm.is_dir() or shm.stat().st_dev == tmp_path.stat().st_dev:
        pytest.skip("no second device (tmpfs) on this machine")
    folder = Path(tempfile.mkdtemp(prefix="media-", dir=shm))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def signed_in(port: int) -> Phone:
    desk = Phone(port, "/compte/connexion/")
    _, token = desk.page()
    form = {"csrfmiddlewaretoken": token, "username": ORGANIZER, "password": PASSWORD}
    assert desk.send("POST", "/compte/connexion/", form)[0].status == 302
    return desk


def line(desk: Phone) -> str:
    """The stick's line, as the organizer's pages ask it again."""
    response, text = desk.send("GET", "/organisation/cle/", **{"HX-Request": "true"})
    assert response.status == 200
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


def until(desk: Phone, pattern: str, seconds: float = 60) -> str:
    """The line once it says `pattern` (the journal looks at its stick every
    PROBE_EVERY, 3 s: `seconds` only bounds a hang)."""
    deadline = time.monotonic() + seconds
    while not re.search(pattern, said := line(desk)):
        assert time.monotonic() < deadline, said
        time.sleep(0.5)
    return said


def table_phone(hall) -> Phone:
    phone = Phone(hall.port, hall.path)
    _, token = phone.page()
    phone.send("POST", hall.path + "code/", {"csrfmiddlewaretoken": token, "code": hall.code})
    return phone


def test_the_desk_names_the_stick_its_last_write_and_turns_red_when_pulled_out(
    hall, other_device, tmp_path
):
    backups = other_device / "CLE" / "belote-sauvegardes"
    backups.mkdir(parents=True)
    env = {k: v for k, v in hall.env.items() if k != "BACKUP_DIR"}
    env["BELOTE_MEDIA_ROOTS"] = str(other_device)
    organizer(env)
    log = tmp_path / "hall.log"
    hall.servers.append(start(env, hall.port, log))

    said = log.read_text()
    assert "Clé USB « CLE » : chaque enregistrement y est copié" in said
    assert "sur ce portable" not in said and "Clé USB trouvée" not in said
    desk = signed_in(hall.port)
    page = desk.send("GET", "/organisation/")[1]
    assert "journal-on-stick" in page and "journal-on-laptop" not in page
    time.sleep(2)
    before = last_write(desk)
    assert before >= 2  # the start's copy, counted in seconds

    # A deal typed: the last write is now, within the time the test took
    # since (a bound it measures, not a second that a loaded machine passes).
    phone = table_phone(hall)
    version, _ = phone.page()
    typed = time.monotonic()
    assert phone.deal(97, version)[0] == 0
    assert last_write(desk) <= time.monotonic() - typed

    # Pulled out: red within a few seconds, without a write; back: fine.
    pocket = other_device.with_name(other_device.name + "-poche")
    (other_device / "CLE").rename(pocket)
    try:
        red = until(desk, "ne répond plus")
        assert "La clé USB « CLE » ne répond plus" in red and "rien n'est enregistré" in red
        assert "journal-trouble" in desk.send("GET", "/organisation/cle/")[1]
        # Two deals refused meanwhile: the terminal says the stick once, in
        # French, and nothing in English (issue 50, item 4).
        version, _ = phone.page()
        assert phone.deal(105, version)[0] == phone.deal(105, version)[0] == 503
    finally:
        pocket.rename(other_device / "CLE")
    until(desk, LAST_WRITE.pattern)
    said = log.read_text()
    assert said.count("Clé USB absente") == 1, said[-1500:]
    assert "refused" not in said and "Service Unavailable" not in said, said[-1500:]


def test_a_stick_folder_on_the_laptops_own_disk_is_said_once_as_it_is(hall, tmp_path):
    media = tmp_path / "media"  # the data folder's disk
    (media / "CLE" / "belote-sauvegardes").mkdir(parents=True)
    env = {k: v for k, v in hall.env.items() if k != "BACKUP_DIR"}
    env["BELOTE_MEDIA_ROOTS"] = str(media)
    organizer(env)
    log = tmp_path / "hall.log"
    hall.servers.append(start(env, hall.port, log))

    said = log.read_text()
    assert "Clé USB" not in said  # no stick claimed
    journal = media / "CLE" / "belote-sauvegardes" / "reprise"
    assert said.count("tout est perdu") == 1 and f"dossier « {journal} »" in said
    desk = signed_in(hall.port)
    assert "Les sauvegardes sont sur ce portable" in line(desk)
    assert "journal-on-laptop" in desk.send("GET", "/organisation/")[1]
