"""The hall's USB stick, found by itself (issue 39): when BACKUP_DIR is not
given, `manage.py hall` looks for a folder `belote-sauvegardes` at the top
of each mounted medium — /media/*/, /media/*/*/ and /run/media/*/*/ on
Linux, /Volumes/*/ on macOS, the drives D: to Z: on Windows — and the one
found is the backups' folder (tournaments/domain/stick.py chooses).

BELOTE_MEDIA_ROOTS (folders separated by os.pathsep) replaces the places
searched: each folder's subfolders are taken for media (the tests' own
folders; empty: nowhere is searched).

Must not: hold the start on an absent or slow drive (each place is looked
at in a thread of its own, for SEARCH_SECONDS at most, then left), or look
deeper than the top of a medium.
"""

from __future__ import annotations

import glob
import os
import platform
import threading
import time
from pathlib import Path

from tournaments.domain.stick import FOLDER_NAME, StickChoice, choose

ROOTS_VARIABLE = "BELOTE_MEDIA_ROOTS"
SEARCH_SECONDS = 3.0
DRIVE_LETTERS = "DEFGHIJKLMNOPQRSTUVWXYZ"
LINUX_MEDIA = ("/media/*", "/media/*/*", "/run/media/*/*")

#: What the last search of this process found: the desk says when several.
_last: list[StickChoice] = [StickChoice()]


def backup_dir_given() -> bool:
    """Whether the volunteer named the backups' folder (BACKUP_DIR): then
    nothing is searched."""
    return bool(os.environ.get("BACKUP_DIR"))


def places(system: str, configured: str | None) -> list[str]:
    """The glob patterns of the media whose top is looked at."""
    if configured is not None:
        roots = [root for root in configured.split(os.pathsep) if root.strip()]
        return [os.path.join(glob.escape(root), "*") for root in roots]
    if system == "Windows":
        return [f"{letter}:\\" for letter in DRIVE_LETTERS]
    if system == "Darwin":
        return ["/Volumes/*"]
    return list(LINUX_MEDIA)


def _look(pattern: str) -> list[Path]:
    # glob skips what it cannot read (a root refused, a drive without a disk).
    return [Path(p) for p in glob.glob(os.path.join(pattern, FOLDER_NAME)) if os.path.isdir(p)]


def search(patterns: list[str], seconds: float = SEARCH_SECONDS) -> list[Path]:
    """The `belote-sauvegardes` folders at the top of the media `patterns`
    match, as found within `seconds` (a drive still answering is left)."""
    found: list[Path] = []
    lock = threading.Lock()

    def look(pattern: str) -> None:
        folders = _look(pattern)
        with lock:
            found.extend(folders)

    threads = [
        threading.Thread(target=look, args=(pattern,), name="stick-search", daemon=True)
        for pattern in patterns
    ]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + seconds
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    with lock:
        return list(found)


def find() -> StickChoice:
    """The stick of this computer, searched now (and kept for the desk)."""
    patterns = places(platform.system(), os.environ.get(ROOTS_VARIABLE))
    _last[0] = choose(search(patterns))
    return _last[0]


def found() -> Path | None:
    """The one stick's folder the last search found, if any."""
    folder = _last[0].folder
    return None if folder is None else Path(folder)


def several() -> tuple[Path, ...]:
    """The folders of the several sticks the last search found (none: one or
    no stick)."""
    return tuple(Path(folder) for folder in _last[0].several)
