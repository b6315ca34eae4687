"""The hall's laptop dies and a second one takes over (issue 39), for real:
`manage.py hall` with its backups' folder on a « stick » (another folder),
a phone on 127.0.0.2 typing deals; the stick pulled out refuses a deal with
« rien n'a été enregistré » (503: the phone keeps it), plugged back in it
takes them again; then the server is killed (SIGKILL) and its data folder
deleted, and `hall --reprendre <stick>` on an empty data folder serves the
same concours: every acknowledged deal there, the refused one not, the
table's printed link still good (the phone gives its team's code once
more: no session is on the stick), and a retry of a deal already recorded
records nothing."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys

from bench.ports import server_port
from tests import migrated
from tests.hall.halls import ROOT, Phone, deals_in, environment


def test_a_second_laptop_carries_on_with_every_acknowledged_deal(hall, tmp_path):
    stick, port, path, code, servers = hall.stick, hall.port, hall.path, hall.code, hall.servers
    hall.start_first()
    phone = Phone(port, path)
    phone.claim(code)
    version, _ = phone.page()
    assert phone.deal(97, version)[0] == 0
    version, _ = phone.page()

    # The stick pulled out: the deal is refused, nothing recorded.
    stick.rename(tmp_path / "dans-la-poche")
    status, text = phone.deal(111, version)
    assert status == 503 and "rien n'a été enregistré" in text.replace("&#x27;", "'")
    (tmp_path / "dans-la-poche").rename(stick)
    assert phone.deal(121, version)[0] == 0  # plugged back in: the phone's retry is taken
    acknowledged_version = version
    version, _ = phone.page()
    assert phone.deal(131, version)[0] == 0

    servers[0].send_signal(signal.SIGKILL)
    servers[0].wait(timeout=30)
    shutil.rmtree(hall.laptop)  # the laptop is gone

    env2, _, _ = hall.take_over()
    taking_over = (tmp_path / "portable-2.log").read_text()
    assert "Reprise : instantané" in taking_over
    assert "les feuilles et QR codes imprimés restent valables" in taking_over  # same address
    # The printed link still works; the phone's session stayed on the first
    # laptop (no session on the stick): a deal is refused until the team's
    # code is given again, once.
    status, text = phone.deal(141, "")
    assert status == 403 and 'id="side-claim"' in text
    phone.claim(code)
    version, _ = phone.page()
    # A retry of a deal the first laptop recorded, with its version: nothing more.
    phone.deal(121, acknowledged_version)
    assert phone.deal(141, version)[0] == 0
    servers[1].terminate()
    servers[1].wait(timeout=30)
    assert deals_in(env2, path) == [97, 121, 131, 141]


def test_a_folder_without_a_journal_stops_the_start_with_a_sentence(hall, tmp_path):
    env = hall.env
    empty = tmp_path / "vide"
    empty.mkdir()
    command = [sys.executable, str(ROOT / "manage.py"), "hall", "--reprendre", str(empty)]
    done = subprocess.run(
        [*command, "--check"], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode != 0
    assert "Reprise impossible : aucun journal" in done.stderr
    assert "Traceback" not in done.stderr


def test_without_its_stick_the_hall_does_not_start(tmp_path):
    """The first laptop back without the stick (now in the second one)
    never serves as a second hall: its start stops with a sentence."""
    data = tmp_path / "portable-1"
    # Its database, as it was before (the run's migrated one,
    # tests/migrated.py): an empty folder migrated it from nothing first
    # (8.5 s of CPU), which the first start's tests do.
    migrated.seed(data)
    port = server_port()
    env = environment(data, tmp_path / "cle-absente" / "sauvegardes", port)
    command = [sys.executable, str(ROOT / "manage.py"), "hall", "--host", f"127.0.0.1:{port}"]
    done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert done.returncode != 0
    assert "Impossible d'écrire le journal de reprise" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "cle-absente").exists()
