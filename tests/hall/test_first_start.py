"""A new laptop's first start, as the guide says it (issue 50, item 4), for
real: `manage.py hall` on an empty data folder, no `--demo`, prints the
organizer's login once and that login works; `--new-password` gives
another. The terminal speaks French, and only of what the volunteer acts
on: the task worker's lines (« Task id=… state=RUNNING ») stay out, and
`send_messages` says what it sent in words."""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

from bench.ports import server_port
from tests import migrated
from tests.hall.halls import ROOT, environment, start

LOGIN = re.compile(r"Organisateur : organisateur\nMot de passe : (\S+) \(notez-le\)")
CHECK_PASSWORDS = (
    "from django.contrib.auth import authenticate; "
    "print(*(authenticate(username='organisateur', password=p) is not None for p in {passwords!r}))"
)


def manage(env: dict, *arguments: str) -> str:
    done = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *arguments],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
    return done.stdout


def logs_in(env: dict, *passwords: str) -> list[bool]:
    """Whether each password signs the organizer in, asked of one Django
    process (each takes a second of CPU to start)."""
    code = CHECK_PASSWORDS.format(passwords=passwords)
    said = manage(env | {"BELOTE_MODE": "hall"}, "shell", "-c", code).split()[-len(passwords) :]
    return [word == "True" for word in said]


def test_the_first_start_prints_the_login_once_and_new_password_gives_another(tmp_path):
    data = tmp_path / "portable"  # not even made: a new laptop
    env = environment(data, tmp_path / "sauvegardes", server_port())
    said = manage(env, "hall", "--check")
    password = LOGIN.search(said).group(1)
    assert logs_in(env, password) == [True]

    # Started again: the account is there, its password not shown again.
    assert "Mot de passe" not in manage(env, "hall", "--check")
    # Lost: --new-password, as the guide says, gives another.
    said = manage(env, "hall", "--check", "--new-password")
    renewed = LOGIN.search(said).group(1)
    assert renewed != password
    assert logs_in(env, renewed, password) == [True, False]


def test_the_first_start_with_the_demo_says_the_password_once_and_not_unchanged(tmp_path):
    """Issue 60, item 9: `make run`'s first start (`hall --demo`) printed the
    password, then, after the demo's lines, « Mot de passe : inchangé (donné
    à la première création) » on that same run. The laptop's database is
    the run's migrated one (tests/migrated.py): the account and the demo are
    made on this start all the same, and the test above migrates a laptop
    from nothing (8.5 s of CPU, a second time here)."""
    data = tmp_path / "portable"
    migrated.seed(data)
    env = environment(data, tmp_path / "sauvegardes", server_port())
    said = manage(env, "hall", "--check", "--demo")
    password = LOGIN.search(said).group(1)
    assert said.count("Mot de passe") == 1, said[-1500:]
    assert "inchangé" not in said
    assert logs_in(env, password) == [True]
    # A later start with the demo: no password, the login's name reminded.
    again = manage(env, "hall", "--check", "--demo")
    assert "Mot de passe : inchangé (donné à la première création)." in again
    assert password not in again


QUEUE_A_TASK = (
    "from tournaments.features.messages.services.tasks import send_due_messages; "
    "send_due_messages.enqueue()"
)
TASKS_DONE = "SELECT count(*) FROM django_tasks_database_dbtaskresult WHERE status = 'SUCCESSFUL'"


def tasks_done(database: Path) -> int:
    """The tasks the hall's worker ran, read from its SQLite file: asked of
    a Django process (`manage.py shell`), each look took a second of CPU."""
    with closing(sqlite3.connect(database, timeout=20)) as db:
        return db.execute(TASKS_DONE).fetchone()[0]


def test_the_hall_terminal_says_nothing_of_the_task_worker_in_english(tmp_path):
    data, port = tmp_path / "portable", server_port()
    migrated.seed(data)
    env = environment(data, tmp_path / "sauvegardes", port) | {"PYTHONUNBUFFERED": "1"}
    manage(env | {"BELOTE_MODE": "hall"}, "shell", "-c", QUEUE_A_TASK)
    log = tmp_path / "hall.log"
    server = start(env, port, log)
    try:
        deadline = time.monotonic() + 60
        while tasks_done(data / "db.sqlite3") != 1:
            assert time.monotonic() < deadline, "the worker ran no task"
            time.sleep(0.2)
    finally:
        server.terminate()
        server.wait(timeout=30)
    said = log.read_text()
    assert "Serveur arrêté." in said
    assert "Task id=" not in said and "state=" not in said, said[-1500:]

    # The same task by hand: French, and what the volunteer acts on.
    said = manage(env, "send_messages")
    assert said == "Aucun message envoyé.\n", said
