"""The journal's files on its medium: the names of a hall's segments and
snapshots (numbered, so that a folder's listing is their order), the
numbers found in a folder, and how a file is kept the organizer's alone
and its name made durable. Must not: read or write a file's content.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def segment_name(hall: str, number: int) -> str:
    return f"{hall}-{number:06d}.journal"


def snapshot_name(hall: str, number: int, token: str) -> str:
    return f"{hall}-{number:06d}-{token}.sqlite3"


def private(path: Path) -> None:
    """The organizer's alone, as the data folder's files (a FAT stick has
    no owners: nothing to do there)."""
    with contextlib.suppress(OSError):
        path.chmod(0o600)


def fsync_folder(folder: Path) -> None:
    """A new or renamed file's name is on the medium too (not on Windows)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def numbers(folder: Path, hall: str, suffix: str) -> list[int]:
    found = []
    for path in folder.glob(f"{hall}-??????*{suffix}"):
        part = path.name[len(hall) + 1 : len(hall) + 7]
        if part.isdigit():
            found.append(int(part))
    return sorted(set(found))
