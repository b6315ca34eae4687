"""What one test run builds once for all its parallel workers: the demo's
rows (tests/built_demo.py), the attack and hosted servers' prepared data
folders and databases (tests/attacks/server.py). Each was built once a
process, so once in each worker of each tier: the same `manage.py demo`
again in the next worker (4 s of CPU on SQLite, 20 to 40 s on a loaded
PostgreSQL).

The first process that asks builds, under a lock; the others wait for it
and take its result. A result lives in the run's folder (pytest-xdist's
workers share the parent of their temporary folders: pytest keeps the last
three runs' and removes the older), named by what builds it. A run of one
process (`-n 0`) shares nothing: `exclusive` yields None, and each caller
builds as before. A process that dies while building releases the lock,
and the next one builds. The PostgreSQL databases a run makes for all its
workers are named here (`database`) and dropped when the run ends
(`drop_databases`, from tests/conftest.py): a PostgreSQL that outlives the
run keeps none of them."""

from __future__ import annotations

import fcntl
import hashlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import psycopg

#: The run's folder, shared by its workers (set by tests/conftest.py).
_folder: list[Path] = []
#: The PostgreSQL databases this process made for the run, in a run of one.
_databases: list[str] = []


def use(basetemp: Path) -> None:
    """The run's folder, from this process's temporary folder: its parent
    in a pytest-xdist worker; none in a run of one process."""
    _folder.clear()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        _folder.append(basetemp.parent / "once-a-run")
        _folder[0].mkdir(exist_ok=True)


def folder() -> Path | None:
    """The run's folder (None in a run of one process)."""
    return _folder[0] if _folder else None


def run_id() -> str:
    """The run's id, the same in all its workers ("" in a run of one process)."""
    return os.environ.get("PYTEST_XDIST_TESTRUNUID", "") if _folder else ""


def digest(*parts: object) -> str:
    """A short name for what builds a result."""
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]


@contextmanager
def exclusive(name: str) -> Iterator[Path | None]:
    """The path of the run's result `name` (it exists when another process
    built it), this process alone holding it until the block ends; None in
    a run of one process."""
    if not _folder:
        yield None
        return
    path = _folder[0] / name
    with open(_folder[0] / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield path


def database(name: str) -> None:
    """Names a PostgreSQL database made for the run, to drop at its end."""
    if _folder:
        (_folder[0] / f"{name}.database").touch()
    else:
        _databases.append(name)


def drop_databases(basetemp: Path) -> None:
    """Drops the run's PostgreSQL databases (`database`): called once the
    run is over, by the process that started it (its workers are done)."""
    import psycopg

    folder = basetemp / "once-a-run"
    names = [*_databases, *(p.stem for p in folder.glob("*.database"))]
    if not names or "DATABASE_URL" not in os.environ:
        return
    try:
        with psycopg.connect(os.environ["DATABASE_URL"], autocommit=True) as connection:
            for name in names:
                drop(connection, name)
    except psycopg.OperationalError as error:  # the server gone first: nothing left to drop
        print(f"the run's databases were not dropped: {error}")
    _databases.clear()


def drop(connection: psycopg.Connection, name: str) -> None:
    """Drops the PostgreSQL database `name` (if it exists), on `connection`
    (autocommit). Not `WITH (FORCE)`: it refuses to stop an autovacuum
    worker busy on the database (« must be a member of the role whose
    process is being terminated », seen in CI on 28 November). The role's
    own client sessions on it are ended, then a plain DROP stops autovacuum
    itself and waits (up to 5 s) for the ended sessions to go."""
    connection.execute(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s"
        " AND pid <> pg_backend_pid() AND usename = current_user"
        " AND backend_type = 'client backend'",
        [name],
    )
    connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
