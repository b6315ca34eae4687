"""« This hall was taken over »: a file on the journal's medium, written by
the second laptop (`hall --reprendre`) before it answers anyone, naming the
hall it replaces and the address the phones must now use.

The first laptop reads it before each write it journals (one file looked
up): found and sealed with the replaced hall's key (`sealing`: the second
laptop made it from the organizer's code, typed at the takeover), it
refuses the write and every request after it with a sentence naming the
new address, for good (the stick plugged back into it, a folder both
laptops see). Without its stick it already refuses every write; this file
is what stops it when the medium comes back to it. A record the key does
not seal (written by hand on the stick, or by the previous release) is
not a takeover: it stops nothing, and sends no phone anywhere.

The previous release wrote each hall's takeover key beside it, in clear
(`read_key`): a copy of the stick could then prove a takeover to a phone.
It is now made from the organizer's code (`sealing.phones_key`) and never
written; the one left on a stick of the previous release is read only for
a takeover of that release's journal (`--non-scellee`), and this release
deletes its own (`forget_key`).

Must not: be written without fsync (a takeover forgotten by a power cut is a
second hall), or honour a record that the hall's key does not seal.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from datetime import UTC, datetime
from pathlib import Path

from tournaments.infra.journal import sealing

PREFIX = "releve-"
KEY_PREFIX = "cle-de-reprise-"
KEY = re.compile(r"[0-9a-f]{64}")


def path(folder: Path, hall: str) -> Path:
    return folder / f"{PREFIX}{hall}.json"


def _said(content: dict) -> str:
    fields = {k: content.get(k) for k in ("remplace", "par", "adresse", "le")}
    return "releve:" + json.dumps(fields, ensure_ascii=False, sort_keys=True)


def record(folder: Path, *, replaced: str, by: str, address: str, key: bytes) -> Path:
    """The takeover of `replaced` by `by`, on the medium (fsynced), sealed
    with `key` (the replaced hall's)."""
    final = path(folder, replaced)
    partial = final.with_name(final.name + ".partial")
    content = {
        "remplace": replaced,
        "par": by,
        "adresse": address,
        "le": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    content["sceau"] = sealing.seal(key, _said(content))
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


def replaced_by(folder: Path, hall: str, key: bytes) -> str | None:
    """The address that replaced `hall`, when a record sealed with `key`
    (the hall's) says so; None when it was not replaced, or no record is
    sealed (a forged one stops nothing), or the medium is not there to say
    (the journal refuses writes then anyway)."""
    try:
        content = json.loads(path(folder, hall).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    if not isinstance(content, dict) or content.get("remplace") != hall:
        return None
    if not sealing.sealed(key, _said(content), content.get("sceau")):
        return None
    address = content.get("adresse", "")
    return address if isinstance(address, str) and address.startswith("http") else ""


def forget_key(folder: Path, hall: str) -> None:
    """The takeover key of `hall` the previous release wrote on the medium,
    deleted (none there: nothing to do)."""
    with contextlib.suppress(OSError):
        (folder / f"{KEY_PREFIX}{hall}.txt").unlink(missing_ok=True)


def read_key(folder: Path, hall: str) -> str:
    """The takeover key of `hall` the previous release wrote on the medium
    ("" when none is readable)."""
    try:
        key = (folder / f"{KEY_PREFIX}{hall}.txt").read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return ""
    return key if KEY.fullmatch(key) else ""
