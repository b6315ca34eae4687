"""The data folder's files are the organizer's alone: the database, the
secret key, the backups and the mails hold players' names, licences and
the sessions' key. Created 0700 (folders) and 0600 (files) on the laptop,
and tightened when an older folder was made more open.

On Windows `os.chmod` only sets the read-only flag: there the folder lies in
the user's own profile (%LOCALAPPDATA%), which the system's access lists
already keep to that user. Must not: import Django (settings call it)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

PRIVATE_FOLDER = 0o700
PRIVATE_FILE = 0o600


def keep_private(folder: Path) -> None:
    """Create `folder` for its owner alone, make every file and folder made
    by this process from now on private (umask 077), and tighten what an
    older version left more open in it (the folder, its files, and the
    files of its folders one level down: backups, mails)."""
    os.umask(0o077)
    folder.mkdir(parents=True, exist_ok=True, mode=PRIVATE_FOLDER)
    if os.name != "posix":
        return
    _tighten(folder)
    for child in folder.iterdir():
        _tighten(child)
        if child.is_dir() and not child.is_symlink():
            for grandchild in child.iterdir():
                _tighten(grandchild)


def _tighten(path: Path) -> None:
    try:
        info = path.lstat()
    except OSError:
        return
    if stat.S_ISLNK(info.st_mode) or info.st_uid != os.getuid():
        return
    wanted = PRIVATE_FOLDER if stat.S_ISDIR(info.st_mode) else PRIVATE_FILE
    if stat.S_IMODE(info.st_mode) & ~wanted:
        path.chmod(wanted)
