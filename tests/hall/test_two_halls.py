"""Never two halls (issue 39), for real: the data folder remembers the
medium its journal was on (infra/journal/medium.py). A first laptop that
was taken over, restarted with its backups' folder elsewhere (BACKUP_DIR
unset, another stick), does not start: it names the second laptop's
address when the stick says it, or says the stick is missing; a data folder
pointed at another folder while its stick is still there does not start
either; the same stick at another path does, and `--nouvelle-cle` (a new
day, a new stick) does, saying in orange when the backups stay on the
laptop. A takeover at another address says the printed QR codes no longer
lead to the hall. A takeover from a copy of the stick does not serve until
the volunteer says the first laptop is off (issue 50); a laptop started
without --reprendre on another laptop's stick does not start."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys

from bench.ports import server_port
from tests import migrated
from tests.hall.halls import ROOT, Phone, code_of, environment, start


def refused(env: dict, port: int, *extra: str) -> str:
    """The hall started and refused: what it said."""
    command = [sys.executable, str(ROOT / "manage.py"), "hall", "--host", f"0.0.0.0:{port}"]
    done = subprocess.run(
        [*command, *extra], env=env, cwd=ROOT, capture_output=True, text=True, timeout=180
    )
    assert done.returncode != 0, done.stdout[-1000:]
    assert "Traceback" not in done.stderr
    return " ".join(done.stderr.split())


def test_a_first_laptop_taken_over_does_not_serve_from_another_folder(hall, tmp_path):
    hall.start_first()
    _, port2, _ = hall.take_over(server_port())
    # At another address: the printed QR codes lead to the first laptop.
    taking_over = (tmp_path / "portable-2.log").read_text()
    assert "restent valables" not in taking_over
    assert "Les téléphones doivent scanner le QR code affiché au bureau" in taking_over
    hall.servers[0].send_signal(signal.SIGKILL)
    hall.servers[0].wait(timeout=30)

    # BACKUP_DIR unset (the laptop's own disk): the stick, still seen, names the second.
    own_disk = {key: value for key, value in hall.env.items() if key != "BACKUP_DIR"}
    said = refused(own_disk, hall.port)
    assert f"un deuxième portable l'a repris, à l'adresse http://127.0.0.2:{port2}/" in said
    assert refused(own_disk, hall.port, "--check") == said  # a rehearsal is told the same

    # The stick gone (in the second laptop), another folder given.
    hall.stick.rename(tmp_path / "dans-le-deuxieme")
    other = hall.env | {"BACKUP_DIR": str(tmp_path / "autre-cle" / "sauvegardes")}
    said = refused(other, hall.port)
    assert "ne démarre pas comme serveur de la salle" in said
    assert "est introuvable" in said and "--nouvelle-cle" in said
    assert refused(other, hall.port, "--check") == said

    # A new day on the laptop's own disk, said on purpose: it serves, and says in orange
    # that the backups are on the laptop.
    log = tmp_path / "portable-1-nouveau.log"
    hall.servers.append(start(own_disk, hall.port, log, "--nouvelle-cle"))
    assert "Les sauvegardes sont sur ce portable" in log.read_text()


def test_the_hall_journals_on_its_own_stick_or_says_it_does_not_start(hall, tmp_path):
    hall.start_first()
    hall.servers[0].terminate()
    hall.servers[0].wait(timeout=30)

    # Its stick still there, the backups' folder pointed elsewhere: refused.
    other = hall.env | {"BACKUP_DIR": str(tmp_path / "autre-cle" / "sauvegardes")}
    said = refused(other, hall.port)
    assert "n'est plus le dossier des sauvegardes" in said
    assert f"BACKUP_DIR={hall.backups}" in said
    assert refused(other, hall.port, "--check") == said

    # The same stick at another path (another drive letter): it serves.
    moved = tmp_path / "cle-ailleurs"
    hall.stick.rename(moved)
    again = hall.env | {"BACKUP_DIR": str(moved / "sauvegardes")}
    log = tmp_path / "portable-1-ailleurs.log"
    hall.servers.append(start(again, hall.port, log))
    # (a « stick » on this machine's own disk: said as it is, its folder named)
    assert f"(dossier « {moved / 'sauvegardes' / 'reprise'} »)" in log.read_text()


def test_a_takeover_from_a_copy_does_not_serve_until_the_first_is_said_off(hall, tmp_path):
    """The stick's folder copied elsewhere (a second stick, the second
    laptop's disk): the takeover written there would never reach the first
    laptop, still serving. The second laptop does not serve until the
    volunteer says the first is off; said, it serves, and the takeover is
    written in the copy too."""
    hall.start_first()
    copy = tmp_path / "copie" / "sauvegardes"
    shutil.copytree(hall.backups, copy)
    second, port2 = tmp_path / "portable-2", server_port()
    migrated.seed(second)
    (tmp_path / "cle-2").mkdir()
    env2 = environment(second, tmp_path / "cle-2" / "sauvegardes", port2)
    env2["CODE_DE_LA_CLE"] = code_of(hall.laptop)
    said = refused(env2, port2, "--reprendre", str(copy))
    assert "--premier-arrete" in said and "n'est pas la clé de ce portable" in said
    # A rehearsal (--check) of the same takeover, from a laptop of its own, is told the same.
    rehearsal = tmp_path / "portable-2-repetition"
    migrated.seed(rehearsal)
    env_check = environment(rehearsal, tmp_path / "cle-2" / "sauvegardes", port2)
    env_check["CODE_DE_LA_CLE"] = code_of(hall.laptop)
    checked = refused(env_check, port2, "--reprendre", str(copy), "--check")
    assert "--premier-arrete" in checked and "n'est pas la clé de ce portable" in checked
    # The first laptop is still the one hall: a phone's deal there is saved.
    phone = Phone(hall.port, hall.path)
    phone.claim(hall.code)
    version, _ = phone.page()
    assert phone.deal(97, version)[0] == 0

    hall.servers[0].send_signal(signal.SIGKILL)
    hall.servers[0].wait(timeout=30)
    log = tmp_path / "portable-2.log"
    hall.servers.append(start(env2, port2, log, "--reprendre", str(copy), "--premier-arrete"))
    first = (hall.laptop / "nom-du-journal").read_text().strip()
    assert (copy / "reprise" / f"releve-{first}.json").is_file()


def test_forgetting_reprendre_on_another_laptops_stick_writes_nothing_on_it(hall, tmp_path):
    """The second laptop started as a first start, the first laptop's stick
    plugged in: it does not start an empty hall beside the concours, says
    to type --reprendre, and writes nothing on the stick."""
    hall.start_first()
    hall.servers[0].send_signal(signal.SIGKILL)
    hall.servers[0].wait(timeout=30)
    before = {p: p.stat().st_mtime_ns for p in hall.backups.rglob("*")}
    second = tmp_path / "portable-2"
    migrated.seed(second)
    env2 = environment(second, hall.backups, hall.port)
    said = refused(env2, hall.port)
    assert "ce concours a été commencé sur un autre portable" in said.lower()
    assert "--reprendre" in said
    assert refused(env2, hall.port, "--check") == said  # a rehearsal is told the same
    assert {p: p.stat().st_mtime_ns for p in hall.backups.rglob("*")} == before
