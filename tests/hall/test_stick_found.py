"""The hall finds its stick by itself (issue 39), for real: `manage.py
hall` without BACKUP_DIR, BELOTE_MEDIA_ROOTS pointing at a « media » folder
of the test's own. No stick: the desk says in orange to make a folder
belote-sauvegardes on one; the stick plugged in and the server restarted:
its journal is on the stick (a deal typed lands there) and the desk says
nothing more; the laptop dead, `hall --reprendre` with no folder on a
second laptop finds the stick and carries on."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.ports import server_port
from tests.hall.halls import ROOT, Phone, code_of, deals_in, environment, start

ORGANIZER, PASSWORD = "arbitre-cle", "une-cle-pour-la-salle-2026"
ON_LAPTOP = "journal-on-laptop"


@pytest.fixture
def media(tmp_path) -> Iterator[tuple[Path, bool]]:
    """The « media » folder, and whether it is on another device than the
    data folder (/dev/shm when it is: what a stick is to `apart`)."""
    shm = Path("/dev/shm")
    if shm.is_dir() and shm.stat().st_dev != tmp_path.stat().st_dev:
        folder = Path(tempfile.mkdtemp(prefix="media-", dir=shm))
        yield folder, True
        shutil.rmtree(folder, ignore_errors=True)
    else:
        (tmp_path / "media").mkdir()
        yield tmp_path / "media", False


def organizer(env: dict) -> None:
    code = (
        "from django.contrib.auth import get_user_model; "
        f"get_user_model().objects.create_user({ORGANIZER!r}, password={PASSWORD!r})"
    )
    command = [sys.executable, str(ROOT / "manage.py"), "shell", "-c", code]
    subprocess.run(command, env=env, cwd=ROOT, check=True, capture_output=True)


def desk(port: int) -> str:
    """The organizer's page, logged in."""
    browser = Phone(port, "/compte/connexion/")
    _, token = browser.page()
    form = {"csrfmiddlewaretoken": token, "username": ORGANIZER, "password": PASSWORD}
    response, _ = browser.send("POST", "/compte/connexion/", form)
    assert response.status == 302
    response, text = browser.send("GET", "/organisation/")
    assert response.status == 200
    return text


def test_the_stick_plugged_in_is_found_and_taken_over_without_a_folder(hall, media, tmp_path):
    folder, apart = media
    env = {k: v for k, v in hall.env.items() if k != "BACKUP_DIR"}
    env["BELOTE_MEDIA_ROOTS"] = str(folder)
    organizer(env)
    port = hall.port

    # No stick: the backups on the laptop, said in orange in plain words.
    first = start(env, port, tmp_path / "sans-cle.log")
    hall.servers.append(first)
    said = (tmp_path / "sans-cle.log").read_text()
    assert "Créez un dossier « belote-sauvegardes » sur une clé USB" in said
    assert ON_LAPTOP in desk(port)
    first.terminate()
    first.wait(timeout=30)

    # The stick plugged in, the server restarted: it is found, the journal is on it.
    backups = folder / "CLE" / "belote-sauvegardes"
    backups.mkdir(parents=True)
    second = start(env, port, tmp_path / "avec-cle.log")
    hall.servers.append(second)
    said = (tmp_path / "avec-cle.log").read_text()
    if apart:  # one sentence, the stick's (test_stick_line.py)
        assert f"Clé USB « CLE » : chaque enregistrement y est copié ({backups}/reprise)" in said
    else:  # a « stick » on the laptop's own disk is said as it is
        assert f"Les sauvegardes sont sur ce portable (dossier « {backups}/reprise »)" in said
    phone = Phone(port, hall.path)
    _, token = phone.page()
    phone.send("POST", hall.path + "code/", {"csrfmiddlewaretoken": token, "code": hall.code})
    version, _ = phone.page()
    assert phone.deal(97, version)[0] == 0
    journal = backups / "reprise"
    assert any(path.stat().st_size for path in journal.glob("*") if path.is_file())
    if apart:
        assert ON_LAPTOP not in desk(port)
    second.send_signal(signal.SIGKILL)
    second.wait(timeout=30)

    # The laptop dead: a second one, the stick plugged in, `--reprendre` alone.
    other, port2 = tmp_path / "portable-2", server_port()
    other.mkdir()
    env2 = environment(other, tmp_path / "inutilise", port2)
    env2 = {k: v for k, v in env2.items() if k != "BACKUP_DIR"}
    env2["BELOTE_MEDIA_ROOTS"] = str(folder)
    env2["CODE_DE_LA_CLE"] = code_of(hall.laptop)
    log = tmp_path / "reprise.log"
    hall.servers.append(start(env2, port2, log, "--reprendre"))
    assert "Reprise : instantané" in log.read_text()
    hall.servers[-1].terminate()
    hall.servers[-1].wait(timeout=30)
    assert deals_in(env2, hall.path) == [97]


def test_several_sticks_none_is_used_and_it_is_said(hall, media, tmp_path):
    folder, _ = media
    for name in ("CLE", "USB"):
        (folder / name / "belote-sauvegardes").mkdir(parents=True)
    env = {k: v for k, v in hall.env.items() if k != "BACKUP_DIR"}
    env["BELOTE_MEDIA_ROOTS"] = str(folder)
    command = [sys.executable, str(ROOT / "manage.py"), "hall", "--reprendre"]
    done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    said = " ".join((done.stdout + done.stderr).split())
    assert "Plusieurs clés portent un dossier belote-sauvegardes" in said
    assert str(folder / "CLE" / "belote-sauvegardes") in said
    assert os.listdir(folder / "CLE" / "belote-sauvegardes") == []
