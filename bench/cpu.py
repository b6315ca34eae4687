"""CPU time spent by the parts of a benchmark's set-up (Linux /proc), to
tell where a loaded machine's cores go: the client, the app servers,
haproxy, Redis, PostgreSQL. A benchmark helper, never a test.

`tree(pid)` is the user + system seconds of a process and all its live
descendants, plus what its reaped children spent (a PostgreSQL backend
that ended, a gunicorn worker replaced); take it before and after a run."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()  # fields from the state on


def _children() -> dict[int, list[int]]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))):
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    return children


def tree(pid: int) -> float:
    """Seconds of CPU of `pid`'s process tree so far (0 when it is gone)."""
    children, total, todo = _children(), 0, [pid]
    root = _stat(pid)
    if root:  # what its reaped children spent (waited for)
        total += int(root[13]) + int(root[14])
    while todo:
        current = todo.pop()
        if fields := _stat(current):
            total += int(fields[11]) + int(fields[12])
            todo += children.get(current, [])
    return total / TICK


def postmaster(database_url: str) -> int | None:
    """The PostgreSQL server listening on the URL's port (started with
    `-p PORT`, as bin/with-postgres does), or None."""
    port = urlsplit(database_url).port or 5432
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        listening = b"-p" in words and words[words.index(b"-p") + 1] == str(port).encode()
        if words[0].endswith(b"postgres") and listening:
            return int(entry.name)
    return None


def spent(parts: dict[str, int | None]) -> dict[str, float]:
    """CPU seconds so far of each named part (pid → its tree)."""
    return {name: tree(pid) if pid else 0.0 for name, pid in parts.items()}
