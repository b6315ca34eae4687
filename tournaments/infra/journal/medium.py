"""The medium this data folder journals on, remembered: one hall, never two.

A laptop that a second one took over, restarted with its backups' folder
elsewhere (BACKUP_DIR unset, another stick), would start a fresh journal
there, find no takeover file and serve the hall a second time. So the data
folder remembers where its journal was (`REMEMBERED`: the folder and a
random mark), and the medium carries the same mark beside the journal
(`support-<hall>.txt`), sealed with the hall's key (`sealing`): a mark the
key does not seal is no mark. At start the sealed mark must be found in
the journal's folder of this start (the same stick, even at another drive
letter);
otherwise the start is refused (`Refusal` says why), unless the volunteer
says it is a new day or a new stick (`hall --nouvelle-cle`), or the journal
was on the laptop's own disk and goes to a stick (what the desk asks).

Must not: refuse a data folder that never journaled (the first start), or
say « same medium » on a mark it could not read.
"""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from tournaments.infra.journal import handover, sealing

#: In the data folder: where its journal was last started, and its mark.
REMEMBERED = "support-du-journal.json"
MARK_PREFIX = "support-"


@dataclass(frozen=True)
class Remembered:
    folder: Path
    mark: str


@dataclass(frozen=True)
class Refusal:
    """Why this start is not the hall: the journal's `folder` of last time;
    `replaced_by` the address that took the hall over (None: not known to
    be taken over; "" taken over, address unknown); `reachable` whether
    that folder is there at all."""

    folder: Path
    replaced_by: str | None
    reachable: bool


def mark_path(folder: Path, hall: str) -> Path:
    return folder / f"{MARK_PREFIX}{hall}.txt"


def remembered(data_dir: Path) -> Remembered | None:
    try:
        content = json.loads((data_dir / REMEMBERED).read_text(encoding="utf-8"))
        return Remembered(Path(content["dossier"]), str(content["marque"]))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError):
        # Unreadable: a mark that matches nothing, so the medium is checked.
        return Remembered(Path(), "")


def _said(hall: str, mark: str) -> str:
    return f"support:{hall}:{mark}"


def mark_on(folder: Path, hall: str, key: bytes) -> str | None:
    """The mark on the medium, when `key` seals it."""
    try:
        mark, _, said = mark_path(folder, hall).read_text(encoding="ascii").strip().partition(" ")
    except (OSError, UnicodeDecodeError):
        return None
    return mark if sealing.sealed(key, _said(hall, mark), said) else None


def refusal(
    data_dir: Path, folder: Path, hall: str, *, key: bytes, own_disk: Path | None = None
) -> Refusal | None:
    """None when this start may be the hall: nothing remembered, or the
    journal's folder of this start carries the remembered mark (a takeover
    found there is the journal's own refusal, `HallReplaced`), or the
    journal leaves `own_disk` (the laptop's own backups' journal folder)
    for a stick, as the desk's orange line asks, no takeover written there."""
    last = remembered(data_dir)
    if last is None:
        return None
    if last.mark and mark_on(folder, hall, key) == last.mark:
        return None
    reachable = last.folder != Path() and last.folder.is_dir()
    replaced = handover.replaced_by(last.folder, hall, key) if reachable else None
    if replaced is None and own_disk is not None and last.folder == own_disk:
        # A journal on the laptop's own disk dies with it: no second laptop
        # took it over, so this laptop moving to a stick is still the hall.
        return None
    return Refusal(last.folder, replaced, reachable)


def remember(data_dir: Path, folder: Path, hall: str, *, new: bool, key: bytes) -> None:
    """The journal's folder of this start, and its mark (kept unless `new`),
    sealed with `key`, on the medium first (fsynced), then in the data
    folder; OSError when either refuses."""
    last = remembered(data_dir)
    mark = last.mark if last is not None and last.mark and not new else secrets.token_hex(8)
    _write(mark_path(folder, hall), f"{mark} {sealing.seal(key, _said(hall, mark))}")
    content = {"dossier": str(folder), "marque": mark}
    _write(data_dir / REMEMBERED, json.dumps(content, ensure_ascii=False))


def _write(path: Path, text: str) -> None:
    partial = path.with_name(path.name + ".partial")
    with open(partial, "w", encoding="utf-8") as out:
        out.write(text)
        out.flush()
        os.fsync(out.fileno())
    os.replace(partial, path)
