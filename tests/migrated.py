"""One SQLite database migrated once for the whole test run, copied by the
servers and commands the tests start on a new data folder: the attack
servers, the hosted Redis outage's server, the benchmarks' runs and the
hall's first laptop (tests/hall, and the journeys' Hall). Migrating a new
database takes 5 s of CPU; the tests without the journeys did it 55 times
(26 November), 26 of them in tests/attacks, hosted, hall and
test_benches.py, where 10 are left.

Not for what a test is about: migrations themselves
(tests/tournaments/test_migrations.py, the hall's update), a laptop that
starts from an empty folder (the second laptop of a takeover, the app's
first start). A server whose migrations differ (a feature with migrations
of its own left out: tests/tournaments/features/test_feature_packages.py)
starts from `core_alone()`, the core's migrations that come after no
feature's, and migrates the rest.

The file lies in the system's temporary folder, named by what makes its
schema: every migration's source, the settings and Django's version. A
change to any of them makes a new one; parallel workers build it once,
under a lock.

On PostgreSQL (`postgres`), one database migrated once a run
(tests/once_a_run.py; once a process in a run of one), which each
worker's test database and the attack servers' databases copy
(`CREATE DATABASE … TEMPLATE`): migrating PostgreSQL from nothing took 9 s
on a quiet machine, 20 to 30 s beside the journeys, three times a tier."""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import django

from bench.builders import MIGRATED_DB, from_migrated

ROOT = Path(__file__).resolve().parent.parent


def _key() -> str:
    digest = hashlib.sha256(django.__version__.encode())
    sources = sorted(ROOT.glob("tournaments/**/migrations/*.py"))
    for path in [ROOT / "config" / "settings.py", *sources]:
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


#: The core's migrations up to `sys.argv[1]` (and every other app's), with
#: every feature left out of the settings (as
#: tests/tournaments/features/test_feature_packages.py leaves one out).
_MIGRATE_THE_CORE_ALONE = """
import sys
from config import settings
for app in list(settings.FEATURE_APPS):
    settings.FEATURE_APPS.remove(app)
    settings.INSTALLED_APPS.remove(app)
import django
django.setup()
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
executor = MigrationExecutor(connection)
leaves = executor.loader.graph.leaf_nodes()
executor.migrate([n for n in leaves if n[0] != "tournaments"] + [("tournaments", sys.argv[1])])
"""


def core_alone() -> Path:
    """A database of the core's migrations made with every feature left
    out, built now if this run has none yet: those before the first that
    comes after a feature's (0068 runs after the messages' 0003), and every
    other app's. A server with one feature left out starts from a copy, and
    its `migrate` applies the rest, the other features' with it. These
    migrations of the core come after no feature's, and import none (the
    import contract names tournaments.migrations): without one feature they
    do what they do without all of them."""
    return template(upto=_before_the_features())


def _before_the_features() -> str:
    """The last migration of the core that no feature's migration comes before."""
    from django.db.migrations.loader import MigrationLoader

    graph = MigrationLoader(None, ignore_no_migrations=True).graph
    (leaf,) = [node for node in graph.leaf_nodes() if node[0] == "tournaments"]
    last = ""
    for app, name in graph.forwards_plan(leaf):
        if app == "tournaments":
            if any(a.startswith("feature_") for a, _ in graph.forwards_plan((app, name))):
                return last
            last = name
    return last


def template(*, upto: str = "") -> Path:
    """The migrated database (the core alone up to its migration `upto`:
    `core_alone`), built now if this run has none yet."""
    folder = Path(tempfile.gettempdir()) / "belote-migrated"
    folder.mkdir(exist_ok=True)
    path = folder / f"{_key()}{'-core-alone-' + upto if upto else ''}.sqlite3"
    if path.exists():
        return path
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.exists():  # another worker built it meanwhile
            return path
        with tempfile.TemporaryDirectory(dir=folder) as data:
            _migrate(data, database_url=None, upto=upto)
            database = Path(data) / "db.sqlite3"
            # The write-ahead log folded into the file: the copy is whole.
            connection = sqlite3.connect(database)
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            connection.close()
            part = path.with_suffix(".part")
            shutil.copyfile(database, part)
            os.replace(part, path)
    return path


def _migrate(data: str, *, database_url: str | None, upto: str = "") -> None:
    """`manage.py migrate` in a process of its own, on the data folder
    `data`: into its SQLite file, or into `database_url` when given; never
    the shared cache of the test run."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env["BELOTE_DATA_DIR"] = data
    if database_url:
        env["DATABASE_URL"] = database_url
    env.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    subprocess.run(
        [sys.executable, "-c", _MIGRATE_THE_CORE_ALONE, upto]
        if upto
        else [sys.executable, str(ROOT / "manage.py"), "migrate", "-v", "0"],
        env=env,
        cwd=ROOT,
        check=True,
        timeout=300,
    )


def seed(data: Path, database: Path | None = None) -> None:
    """`data` (a data folder) gets a copy of the migrated database (or of
    `database`: `core_alone()`), unless it has a database already."""
    from_migrated(data, database or template())


def environment() -> dict[str, str]:
    """For a command started by a test: the variable that names the migrated
    database to the benchmarks' set-up (bench/builders.py `from_migrated`)."""
    return {MIGRATED_DB: str(template())}


#: The PostgreSQL database this process copies, once made.
_postgres: list[str] = []


def postgres(url: str) -> str:
    """The name of the run's migrated database on the PostgreSQL of `url`,
    made now if the run has none yet (by `manage.py migrate`, the app's own
    settings). Nobody stays connected to it: it is only ever copied."""
    from tests import once_a_run

    if _postgres:
        return _postgres[0]
    name = "migrated-" + once_a_run.digest(once_a_run.run_id(), _key())
    with once_a_run.exclusive(name) as shared:
        database = "run_" + name.replace("-", "_")
        if shared is None:  # a run of one process: a database of its own
            database += f"_{os.getpid()}"
        if shared is None or not shared.exists():
            _create(url, database)
            once_a_run.database(database)
            with tempfile.TemporaryDirectory() as data:
                _migrate(data, database_url=url.rsplit("/", 1)[0] + "/" + database)
            if shared is not None:
                shared.touch()
    _postgres.append(database)
    return database


def _create(url: str, database: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{database}"')
        connection.execute(f'CREATE DATABASE "{database}"')


def copy_postgres(url: str, copy: str) -> None:
    """The database `copy` on the PostgreSQL of `url`, made again as a copy
    of the run's migrated database."""
    import psycopg

    from tests import once_a_run

    original = postgres(url)
    with psycopg.connect(url, autocommit=True) as connection:
        once_a_run.drop(connection, copy)
        connection.execute(f'CREATE DATABASE "{copy}" TEMPLATE "{original}"')
