"""« This hall was taken over »: a file on the journal's medium, written by
the second laptop (`hall --reprendre`) before it answers anyone, naming the
hall it replaces and the address the phones must now use.

The first laptop reads it before each write it journals (one file looked
up): found, it refuses the write and every request after it with a sentence
naming the new address, for good (the stick plugged back into it, a folder
both laptops see). Without its stick it already refuses every write; this
file is what stops it when the medium comes back to it.

Beside it, each hall's takeover key (`write_key`, `read_key`): the laptop
that takes a hall over reads it from the stick and answers the phones'
question « did you take this very hall over? » with it
(infra/standby.py). It proves that, and opens nothing else: not a session,
not a signed link (those need the laptop's secret key, which stays on it).

Must not: be written without fsync (a takeover forgotten by a power cut is a
second hall), or be read as « not replaced » when it is there but unreadable.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from datetime import UTC, datetime
from pathlib import Path

PREFIX = "releve-"
KEY_PREFIX = "cle-de-reprise-"
KEY = re.compile(r"[0-9a-f]{64}")


def path(folder: Path, hall: str) -> Path:
    return folder / f"{PREFIX}{hall}.json"


def record(folder: Path, *, replaced: str, by: str, address: str) -> Path:
    """The takeover of `replaced` by `by`, on the medium (fsynced)."""
    final = path(folder, replaced)
    partial = final.with_name(final.name + ".partial")
    content = {
        "remplace": replaced,
        "par": by,
        "adresse": address,
        "le": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    with open(partial, "w", encoding="utf-8") as out:
        out.write(json.dumps(content, ensure_ascii=False))
        out.flush()
        os.fsync(out.fileno())
    os.replace(partial, final)
    if hasattr(os, "O_DIRECTORY"):
        descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
    return final


def replaced_by(folder: Path, hall: str) -> str | None:
    """The address that replaced `hall` ("" when the file cannot be read:
    replaced all the same), None when it was not replaced (or the medium is
    not there to say: the journal refuses writes then anyway)."""
    try:
        text = path(folder, hall).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except OSError:
        return None if not folder.is_dir() else ""
    try:
        address = json.loads(text).get("adresse", "")
    except (ValueError, AttributeError):
        return ""
    return address if isinstance(address, str) and address.startswith("http") else ""


def write_key(folder: Path, hall: str, key: str) -> None:
    path = folder / f"{KEY_PREFIX}{hall}.txt"
    path.write_text(key, encoding="ascii")
    with contextlib.suppress(OSError):  # a FAT stick has no owners
        path.chmod(0o600)


def read_key(folder: Path, hall: str) -> str:
    """The takeover key of `hall` on the medium ("" when none is readable)."""
    try:
        key = (folder / f"{KEY_PREFIX}{hall}.txt").read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return ""
    return key if KEY.fullmatch(key) else ""
