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
and the next one builds."""

from __future__ import annotations

import fcntl
import hashlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: The run's folder, shared by its workers (set by tests/conftest.py).
_folder: list[Path] = []


def use(basetemp: Path) -> None:
    """The run's folder, from this process's temporary folder: its parent
    in a pytest-xdist worker; none in a run of one process."""
    _folder.clear()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        _folder.append(basetemp.parent / "once-a-run")
        _folder[0].mkdir(exist_ok=True)


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
