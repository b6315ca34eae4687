"""The stick sealed with the organizer's code (issue 61, item 1), for real:
a real first laptop (`manage.py hall`) writes its journal on a « stick » (a
folder), and someone who holds the stick but not the code changes a copy
as the journal's format allows (`sqlite3`, `hashlib`: every checksum and
chain computed again). The takeover, given the organizer's code, refuses
what the code does not seal; a takeover record written by hand stops no
hall; a copy of the stick taken over while the first laptop still serves
does not make a second hall; and no team's code is on the stick in clear.

The organizer's code reaches `hall --reprendre` as the volunteer's terminal
would give it, through CODE_DE_LA_CLE (tests/hall/halls.py: `code_of`)."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from datetime import UTC, datetime

import pytest
from django.contrib.auth.hashers import make_password

from bench.ports import server_port
from tests import migrated
from tests.hall.halls import ROOT, Phone, code_of, environment
from tests.hall.sticks import (
    DEALS,
    FIRST,
    SUPERUSERS,
    copy_of,
    lines,
    newest,
    query,
    rechain,
    reseal_snapshots,
    said,
    take_over,
)
from tournaments.infra.journal import sealing

pytestmark = [pytest.mark.attack, pytest.mark.engine_free]

KNOWN = "Mot-de-passe-de-l-intrus-2026"
#: A team's code as the stick carries it (tournaments/infra/journal/sealing.py `hide`).
HIDDEN = re.compile(r"§[0-9a-f]{16}:[0-9a-f]+:[0-9a-f]{16}")


def test_a_forged_snapshot_resealed_without_the_code_is_refused(stick, tmp_path):
    copy = copy_of(stick, tmp_path)
    snapshot, segment = newest(copy, ".sqlite3"), newest(copy, ".journal")
    with closing(sqlite3.connect(snapshot)) as db:
        known = [make_password(KNOWN)]
        db.execute("UPDATE auth_user SET password = ? WHERE username = 'orga'", known)
        db.execute(
            "INSERT INTO auth_user (password, is_superuser, username, first_name, last_name, "
            "email, is_staff, is_active, date_joined) VALUES (?, 1, 'mallory', '', '', '', 1, 1, "
            "'2026-11-26 10:00:00')",
            [make_password(KNOWN)],
        )
        db.commit()
    reseal_snapshots(copy, with_code=False)
    done, database = take_over(copy, tmp_path)
    assert done.returncode != 0, said(done)
    assert f"{segment.name} n'est pas scellé par ce code" in said(done)
    assert not database.exists() or "mallory" not in query(database, SUPERUSERS)


def test_lines_resealed_without_the_code_are_refused_and_named(stick, tmp_path):
    copy = copy_of(stick, tmp_path)
    segment = newest(copy, ".journal")
    records = lines(segment)
    number = max(r.get("n", 0) for r in records) + 1
    forged = [
        ["UPDATE tournaments_deal SET points_a = 0", None, False],
        ["UPDATE tournaments_team SET name = 'Les intrus'", None, False],
        [
            "INSERT INTO auth_user (password, is_superuser, username, first_name, last_name, "
            "email, is_staff, is_active, date_joined) VALUES (%s, 0, 'intrus', '', '', '', 0, "
            "1, '2026-11-26 10:00:00')",
            [make_password(KNOWN)],
            False,
        ],
    ]
    at = datetime.now(UTC).isoformat(timespec="seconds")
    records.append({"n": number, "t": at, "s": forged})
    rechain(segment, records, with_code=False)
    done, database = take_over(copy, tmp_path)
    assert done.returncode != 0, said(done)
    assert "n'est pas scellé par ce code" in said(done)
    assert not database.exists() or query(database, "SELECT count(*) FROM auth_user") == [0]


def test_the_last_lines_swapped_and_resealed_are_refused(stick, tmp_path):
    copy = copy_of(stick, tmp_path)
    segment = newest(copy, ".journal")
    records = lines(segment)
    assert len(records) >= 3, records  # a header and two transactions at least
    records[-1], records[-2] = records[-2], records[-1]
    rechain(segment, records, with_code=False)
    done, _ = take_over(copy, tmp_path)
    assert done.returncode != 0, said(done)
    assert "n'est pas scellé par ce code" in said(done)


def test_no_team_code_is_on_the_stick_in_clear(stick):
    folder, key, _, _ = stick
    codes = query(
        next(folder.parents[2].glob("portable-1/db.sqlite3")),
        "SELECT code_a || ' ' || code_b FROM tournaments_table WHERE entry_key = ?",
        key,
    )[0].split()
    assert len(codes) == 2
    stick_files = [p for p in folder.parent.rglob("*") if p.is_file()]
    assert any(p.suffix == ".sqlite3" for p in stick_files)
    for path in stick_files:
        content = path.read_bytes()
        for code in codes:
            assert code.encode() not in content, path.name
    # Where they are, each is sealed: the organizer's code reveals it, another
    # code reveals nothing.
    hidden = {
        found
        for path in stick_files
        for found in HIDDEN.findall(
            path.read_bytes().decode("utf-8", "replace").replace("\\u00a7", "§")
        )
    }
    assert hidden, "no hidden code found on the stick"
    key = sealing.key(FIRST["code"], FIRST["hall"])
    assert set(codes) <= {sealing.reveal(key, value) for value in hidden}
    other = "KM7Q-3ZPW-H9TD" if FIRST["code"] != "KM7Q-3ZPW-H9TD" else "KM7Q-3ZPW-H9TE"
    for value in hidden:
        with pytest.raises(ValueError):
            sealing.reveal(sealing.key(other, FIRST["hall"]), value)


def test_the_genuine_stick_with_its_code_gives_the_codes_back(stick, tmp_path):
    folder, key, _, acked = stick
    done, database = take_over(folder, tmp_path)
    assert done.returncode == 0, said(done)
    assert query(database, DEALS, key) == acked
    first = folder.parents[2] / "portable-1" / "db.sqlite3"
    sql = "SELECT code_a, code_b FROM tournaments_table ORDER BY id"
    assert query(database, sql) == query(first, sql)
    sql = "SELECT code FROM tournaments_team ORDER BY id"
    assert query(database, sql) == query(first, sql)


def test_a_takeover_record_written_by_hand_stops_nothing(hall):
    hall.start_first()
    phone = Phone(hall.port, hall.path)
    phone.claim(hall.code)
    version, _ = phone.page()
    assert phone.deal(97, version)[0] == 0
    name = (hall.laptop / "nom-du-journal").read_text().strip()
    record = {
        "remplace": name,
        "par": "intrus00",
        "adresse": "http://127.0.0.9:8000",
        "le": datetime.now(UTC).isoformat(timespec="seconds"),
        "sceau": "0" * 64,
    }
    (hall.backups / "reprise" / f"releve-{name}.json").write_text(json.dumps(record))
    version, _ = phone.page()
    status, text = phone.deal(98, version)
    assert status == 0, text[-500:]
    response, _ = phone.send("GET", hall.path)
    assert response.status == 200 and "X-Hall-Moved" not in response.headers


def test_a_copy_taken_over_while_the_first_laptop_serves_does_not_serve(hall, tmp_path):
    """BACKUP_DIR on a copy of the stick (a second stick): the takeover
    written there never reaches the first laptop, which still serves."""
    hall.start_first()
    copy = tmp_path / "copie" / "sauvegardes"
    shutil.copytree(hall.backups, copy)
    second, port2 = tmp_path / "portable-2", server_port()
    migrated.seed(second)
    env2 = environment(second, copy, port2) | {"CODE_DE_LA_CLE": code_of(hall.laptop)}
    command = [sys.executable, str(ROOT / "manage.py"), "hall", "--host", f"0.0.0.0:{port2}"]
    try:
        done = subprocess.run(
            [*command, "--reprendre"],
            env=env2,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("the second laptop serves beside the first")
    text = " ".join((done.stdout + done.stderr).split())
    assert done.returncode != 0 and "Traceback" not in text
    assert f"http://127.0.0.2:{hall.port}/" in text and "sert encore le concours" in text
    # The first laptop is still the one hall: a phone's deal there is saved.
    phone = Phone(hall.port, hall.path)
    phone.claim(hall.code)
    version, _ = phone.page()
    assert phone.deal(97, version)[0] == 0


def test_a_copy_of_the_stick_cannot_prove_a_takeover_to_a_phone(hall):
    """A table's page holds a key made from its hall's takeover key and its
    own number (static/js/hall-proof.js): whoever can make that key proves
    « I took this hall over » for any address. Nothing on the stick makes
    it: every 64-hex string on it, tried as the takeover key, fails."""
    hall.start_first()
    phone = Phone(hall.port, hall.path)
    phone.claim(hall.code)
    _, text = phone.send("GET", hall.path)
    nonce = re.search(r'data-nonce="([0-9a-f]{32})"', text).group(1)
    page_key = re.search(r'data-key="([0-9a-f]{64})"', text).group(1)
    found = {
        candidate
        for path in hall.backups.rglob("*")
        if path.is_file()
        for candidate in re.findall(rb"[0-9a-f]{64}", path.read_bytes())
    }
    assert found, "the stick holds its journal's seals at least"
    made = {hmac.new(c, nonce.encode(), hashlib.sha256).hexdigest() for c in found}
    assert page_key not in made
    # The laptop that takes the hall over with the code proves it, for its own address.
    hall.servers[0].kill()
    hall.servers[0].wait(timeout=30)
    _, port, _ = hall.take_over(server_port())
    response, text = Phone(port, hall.path).send("GET", f"/salle/ping/?n={nonce}")
    assert response.status == 200, text[-500:]
    here = f"http://127.0.0.2:{port}".encode()
    assert json.loads(text)["proof"] == hmac.new(page_key.encode(), here, "sha256").hexdigest()
