"""A demo build killed without an exception (SIGKILL, a power cut during
the hall laptop's first start) is noticed at the next start, `make run`'s
`manage.py hall --demo`: it builds the demo again by itself and says so in
one line, with no team shown twice; the organizer's own concours and
directory stay. The real command, killed for real part-way."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from bench.ports import server_port
from tests import migrated
from tests.hall.halls import ROOT, environment

UNFINISHED = "inachevée"
OWN_DATA = """
from datetime import date
from django.contrib.auth import get_user_model
from tournaments.models import KnownPlayer
from tournaments.services import tournaments
user = get_user_model().objects.create_user("organisateur", password="secret-du-club")
tournaments.create_tournament(
    owner=user, name="Concours du club", date=date(2026, 12, 5), preset="ffb-coinche"
)
KnownPlayer.objects.create(
    owner=user, first_name="Odette", last_name="Martin", last_seen=date(2026, 11, 1)
)
"""
ORGANIZER = "(SELECT id FROM auth_user WHERE username = 'organisateur')"
DEMO = f"c.slug LIKE '%-demo' AND c.owner_id = {ORGANIZER}"
MAIN = (
    "(SELECT id FROM tournaments_tournament WHERE slug = 'concours-de-coinche-de-saint-eloi-demo')"
)


def manage(*arguments: str) -> list[str]:
    return [sys.executable, str(ROOT / "manage.py"), *arguments]


def count(database: Path, sql: str) -> int:
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=30)
    try:
        return connection.execute(sql).fetchone()[0]
    finally:
        connection.close()


def start(env: dict) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        manage("hall", "--demo", "--check"),
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_a_demo_killed_part_way_is_built_again_whole_at_the_next_start(tmp_path):
    data = tmp_path / "portable"
    migrated.seed(data)
    database = data / "db.sqlite3"
    env = environment(data, tmp_path / "sauvegardes", server_port()) | {"BELOTE_MODE": "hall"}
    subprocess.run(manage("shell", "-c", OWN_DATA), env=env, cwd=ROOT, check=True, timeout=120)

    # The first start, killed as soon as the demo's first deals are written.
    first = subprocess.Popen(
        manage("hall", "--demo", "--check"),
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 300
        while count(database, "SELECT count(*) FROM tournaments_deal") == 0:
            assert first.poll() is None, "the first start ended before writing a deal"
            assert time.monotonic() < deadline, "no deal of the demo written in 300 s"
            time.sleep(0.05)
        assert first.poll() is None, "the demo was built whole before the kill"
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=30)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait(timeout=30)
    assert first.returncode == -signal.SIGKILL
    # Part-way: the main concours is there, the demo's others are not.
    assert count(database, f"SELECT count(*) FROM tournaments_tournament c WHERE {DEMO}") == 1

    second = start(env)
    assert second.returncode == 0, second.stderr[-2000:]
    said = second.stdout.splitlines()
    # Whole, and shown once: the 9 concours, the challenge, 24 teams each once.
    assert count(database, f"SELECT count(*) FROM tournaments_tournament c WHERE {DEMO}") == 9
    teams = f"FROM tournaments_team WHERE tournament_id = {MAIN}"
    assert count(database, f"SELECT count(*) {teams}") == 24
    pairs = (
        "SELECT count(DISTINCT a.first_name || a.last_name || '/' || b.first_name || b.last_name)"
        " FROM tournaments_team t JOIN tournaments_player a ON a.id = t.player1_id"
        f" JOIN tournaments_player b ON b.id = t.player2_id WHERE t.tournament_id = {MAIN}"
    )
    assert count(database, pairs) == 24
    assert count(database, "SELECT count(*) FROM tournaments_challenge") == 1
    assert sum("Concours créé" in line for line in said) == 1
    # Said in one line.
    assert [line for line in said if UNFINISHED in line] == [
        "La démo était inachevée : elle est refaite. "
        "/ The demo was left unfinished: it is built again."
    ]
    # The organizer's own concours and directory line stay; the account too.
    club = "SELECT count(*) FROM tournaments_tournament WHERE name = 'Concours du club'"
    assert count(database, club) == 1
    known = "SELECT count(*) FROM tournaments_knownplayer WHERE last_name = 'Martin'"
    assert count(database, known) == 1
    assert count(database, "SELECT count(*) FROM tournaments_tournament") == 10

    # Whole now: the next start leaves it alone.
    third = start(env)
    assert third.returncode == 0, third.stderr[-2000:]
    assert UNFINISHED not in third.stdout and "existe déjà" in third.stdout
    assert count(database, f"SELECT count(*) {teams}") == 24
