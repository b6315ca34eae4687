"""A first laptop's stick, written by the real server (`manage.py hall` on
a folder): the `stick` fixture of tests/hall/conftest.py (`write_stick`),
and what the stick attacks (test_stick_attacks.py, test_stick_sealed.py) do
with it: copy it, change it as someone who got hold of it would, and take
it over with `hall --reprendre <copy> --check` on a second laptop's data
folder. The first laptop's code reaches the takeover through
CODE_DE_LA_CLE, as the volunteer's terminal would give it."""

from __future__ import annotations

import hashlib
import hmac
import json
import shutil
import signal
import sqlite3
import subprocess
import sys
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

from bench.ports import server_port
from tests import migrated
from tests.hall.halls import ROOT, Phone, code_of, environment, start

PASSWORD = "Bureau-de-la-salle-2026"
LOGIN = "/compte/connexion/"
SETUP = f"""
from django.contrib.auth import get_user_model
from tournaments.models import Tournament
User = get_user_model()
orga = User.objects.create_user("orga", password={PASSWORD!r}, is_staff=True)
User.objects.create_user("benevole", password={PASSWORD!r})
Tournament.objects.update(owner=orga)
"""
SUPERUSERS = "SELECT username FROM auth_user WHERE is_superuser OR is_staff ORDER BY username"
DEALS = (
    "SELECT d.points_a FROM tournaments_deal d JOIN tournaments_table t ON d.table_id = t.id "
    "WHERE t.entry_key = ? ORDER BY d.number"
)


#: The first laptop's code and hall name (the `stick` fixture fills it).
FIRST: dict[str, str] = {}


def seal(prev: str, record: dict, *, with_code: bool = True) -> tuple[str, str]:
    """A journal line as the hall writes it: its JSON, the last key « h »
    the HMAC-SHA-256, with the hall's key, of the previous line's « h » and
    this line without it; without the code (`with_code` False: someone who
    holds the stick but not the code, or a stick before issue 61), a plain
    SHA-256."""
    body = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    if with_code and FIRST.get("code"):
        from tournaments.infra.journal import sealing

        key = sealing.key(FIRST["code"], FIRST["hall"])
        chained = hmac.new(key, (prev + body).encode(), hashlib.sha256).hexdigest()
    else:
        chained = hashlib.sha256((prev + body).encode()).hexdigest()
    return body[:-1] + f',"h":"{chained}"}}', chained


def lines(segment: Path) -> list[dict]:
    return [json.loads(line) for line in segment.read_text().splitlines()]


def append(segment: Path, *statements: str) -> None:
    """One forged transaction at the end of `segment`, chained on."""
    records = lines(segment)
    prev = records[-1].get("h", "")
    number = max((r.get("n", 0) for r in records), default=0) + 1
    record = {"n": number, "t": datetime.now(UTC).isoformat(timespec="seconds")}
    line, _ = seal(prev, record | {"s": [[sql, None, False] for sql in statements]})
    with segment.open("a") as out:
        out.write(line + "\n")


def rechain(segment: Path, records: list[dict], *, with_code: bool = True) -> None:
    """`segment` written again from `records` (changed by the caller), each
    line chained on the one before as `seal` does: the stick's one builder
    of a tampered journal."""
    prev, out = records[0].get("prev", ""), []
    for record in records:
        record.pop("h", None)
        line, prev = seal(prev, record, with_code=with_code)
        out.append(line)
    segment.write_text("\n".join(out) + "\n")


def reseal_snapshots(folder: Path, *, with_code: bool = True) -> None:
    """Each snapshot's checksum written in its segment's header, and the
    segment chained again (`rechain`)."""
    for segment in folder.glob("*.journal"):
        records = lines(segment)
        snapshot = folder / str(records[0].get("snapshot"))
        if "sha256" in records[0] and snapshot.is_file():
            records[0]["sha256"] = hashlib.sha256(snapshot.read_bytes()).hexdigest()
        rechain(segment, records, with_code=with_code)


def newest(folder: Path, suffix: str) -> Path:
    return sorted(folder.glob(f"*{suffix}"))[-1]


def write_stick(tmp_path_factory, built_laptop):
    """The first laptop's stick, written by the real server: (its
    `reprise/` folder, the table's entry key, the organizer's two session
    keys, the deals acknowledged)."""
    tmp = tmp_path_factory.mktemp("premier")
    laptop, backups, port = tmp / "portable-1", tmp / "cle" / "sauvegardes", server_port()
    template, path, code = built_laptop
    shutil.copytree(template, laptop)
    backups.parent.mkdir()  # the stick, plugged in
    env = environment(laptop, backups, port)
    subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "shell", "-c", SETUP],
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=120,
    )
    sessions, acked = [], []
    server = start(env, port, tmp / "portable-1.log")
    try:
        phone = Phone(port, path)
        phone.claim(code)
        for points in (97, 98):
            version, _ = phone.page()
            assert phone.deal(points, version)[0] == 0
            acked.append(points)
        sessions.append(sign_in(port))
        server.terminate()  # a last snapshot, then the same laptop again
        server.wait(timeout=60)
        server = start(env, port, tmp / "portable-1-bis.log")
        version, _ = phone.page()
        assert phone.deal(99, version)[0] == 0
        acked.append(99)
        sessions.append(sign_in(port))
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)
    key = path.rstrip("/").rsplit("/", 1)[-1]
    FIRST["code"] = code_of(laptop)
    FIRST["hall"] = (laptop / "nom-du-journal").read_text().strip()
    return backups / "reprise", key, sessions, acked


def sign_in(port: int) -> str:
    """The organizer signs in on the desk: its session key."""
    desk = Phone(port, LOGIN)
    _, token = desk.page()
    form = {"csrfmiddlewaretoken": token, "username": "orga", "password": PASSWORD}
    response, _ = desk.send("POST", LOGIN, form)
    assert response.status == 302, response.status
    response, _ = desk.send("GET", "/organisation/")
    assert response.status == 200
    return desk.cookies["sessionid"]


def copy_of(stick, tmp_path: Path) -> Path:
    copy = tmp_path / "copie" / "reprise"
    shutil.copytree(stick[0], copy)
    return copy


def take_over(
    folder: Path, tmp_path: Path, *extra: str
) -> tuple[subprocess.CompletedProcess, Path]:
    """`hall --reprendre <folder> --check` on a second laptop's data folder
    (its software started once: migrated), as the volunteer types it."""
    data = tmp_path / "portable-2"
    migrated.seed(data)
    # The stick (or its copy) plugged into the second laptop: its backups' folder.
    env = environment(data, folder.parent, server_port())
    env["CODE_DE_LA_CLE"] = FIRST.get("code", "")
    command = [sys.executable, str(ROOT / "manage.py"), "hall", "--reprendre", str(folder)]
    done = subprocess.run(
        [*command, "--check", *extra],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert "Traceback" not in done.stdout + done.stderr, done.stderr[-3000:]
    return done, data / "db.sqlite3"


def said(done: subprocess.CompletedProcess) -> str:
    return " ".join((done.stdout + done.stderr).split())


def query(database: Path, sql: str, *params) -> list:
    with closing(sqlite3.connect(database)) as db:
        return [row[0] if len(row) == 1 else row for row in db.execute(sql, params)]
