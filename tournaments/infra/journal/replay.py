"""A database brought back from the journal's folder: the newest complete
snapshot, then every transaction of the segments from it on, in order.

The folder may hold several halls' journals (a stick used by two laptops,
one after the other): the hall whose journal was written last is taken.
Snapshot n and segment n make a pair only if the segment's header names
that very snapshot (a random token in the file name): a snapshot of another
day, or a segment of another hall, is refused rather than mixed. A line cut
short at the end of a segment was never acknowledged (the append failed
before its fsync) and is left out; any other unreadable line refuses the
whole replay: nothing is guessed. Transactions marked « abort » (SQLite
refused their commit) are skipped.

Must not: touch the database it restores into before everything has been
read and checked, nor overwrite a database without moving it aside first.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from django.db import connections

from tournaments.infra.journal import codec
from tournaments.infra.journal.writer import SECRET_KEY_NAME, numbers


class JournalDamaged(Exception):
    """The folder holds no usable snapshot and journal; says why."""


@dataclass
class Plan:
    hall: str
    snapshot: Path
    segments: list[Path]
    transactions: list[list] = field(default_factory=list)
    taken_at: str = ""


def newest_hall(folder: Path) -> str:
    journals = sorted(folder.glob("*-??????.journal"), key=lambda p: p.stat().st_mtime)
    if not journals:
        raise JournalDamaged(f"aucun journal dans {folder}")
    return journals[-1].name[: -len("-000000.journal")]


def read_segment(path: Path, hall: str, number: int) -> tuple[dict | None, list[dict]]:
    """The header and the records of one segment (None: an empty segment
    whose header was never finished)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    records = []
    for index, line in enumerate(lines):
        try:
            record = json.loads(line)
            if not isinstance(record, dict):
                raise ValueError
        except ValueError:
            if index == len(lines) - 1:
                break  # cut short: never acknowledged
            raise JournalDamaged(f"ligne {index + 1} illisible dans {path.name}") from None
        records.append(record)
    if not records:
        return None, []
    header = records[0]
    if header.get("hall") != hall or header.get("segment") != number or "snapshot" not in header:
        raise JournalDamaged(f"{path.name} n'appartient pas à ce journal")
    return header, records[1:]


def plan(folder: Path) -> Plan:
    """What a replay would do, read and checked; JournalDamaged if nothing fits."""
    folder = Path(folder)
    if not folder.is_dir():
        raise JournalDamaged(f"dossier introuvable : {folder}")
    hall = newest_hall(folder)
    segments = numbers(folder, hall, ".journal")
    for first in reversed(numbers(folder, hall, ".sqlite3")):
        snapshots = sorted(folder.glob(f"{hall}-{first:06d}-*.sqlite3"))
        chain = [n for n in segments if n >= first]
        if first not in chain or chain != list(range(first, first + len(chain))):
            continue
        header, _ = read_segment(folder / f"{hall}-{first:06d}.journal", hall, first)
        match = [s for s in snapshots if header and s.name == header["snapshot"]]
        if not match:
            raise JournalDamaged(
                f"l'instantané {first} ne correspond pas au journal {first} (mélange de dossiers ?)"
            )
        result = Plan(hall=hall, snapshot=match[0], segments=[], taken_at=header["at"])
        for number in chain:
            path = folder / f"{hall}-{number:06d}.journal"
            _, records = read_segment(path, hall, number)
            result.segments.append(path)
            result.transactions.extend(_transactions(records, path))
        return result
    raise JournalDamaged(f"aucun instantané complet suivi de son journal dans {folder}")


def _transactions(records: list[dict], path: Path) -> list[list]:
    aborted = {r.get("n") for r in records if r.get("abort") is True}
    kept = []
    for record in records:
        if record.get("abort") is True or record.get("n") in aborted:
            continue
        statements = record.get("s")
        if not isinstance(statements, list):
            raise JournalDamaged(f"enregistrement {record.get('n')} illisible dans {path.name}")
        try:
            kept.append([codec.decode_statement(s) for s in statements])
        except ValueError as exc:
            raise JournalDamaged(f"{path.name} : {exc}") from None
    return kept


def restore(folder: Path, *, data_dir: Path, using: str = "default") -> Plan:
    """The database of `using` (a file in `data_dir`) replaced by the
    snapshot plus the journal; the database that was there moved aside."""
    result = plan(folder)
    connections.close_all()
    target = Path(connections[using].settings_dict["NAME"])
    _move_aside(target)
    with sqlite3.connect(result.snapshot) as source, sqlite3.connect(target) as copy:
        source.backup(copy)
    source.close()
    copy.close()
    apply(result, connections[using])
    key = Path(folder) / SECRET_KEY_NAME
    if key.is_file():
        shutil.copyfile(key, data_dir / "secret-key")
    connections.close_all()
    return result


def apply(result: Plan, connection: Any) -> None:
    """The journal's transactions, in order, in one transaction: all of
    them or nothing (and one commit rather than one per deal)."""
    # What transaction.atomic does, on a connection that need not be one
    # of the settings' (a copy being checked).
    connection.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    try:
        with connection.cursor() as cursor:
            for statements in result.transactions:
                for sql, params, many in statements:
                    if many:
                        cursor.executemany(sql, params)
                    else:
                        cursor.execute(sql, params)
        connection.commit()
    except BaseException:
        connection.rollback()
        raise
    finally:
        connection.set_autocommit(True)


def _move_aside(target: Path) -> None:
    """A database already there is kept under another name, never lost."""
    if not target.exists():
        return
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    for suffix in ("", "-wal", "-shm"):
        old = target.with_name(target.name + suffix)
        if old.exists():
            os.replace(old, target.with_name(f"{target.name}.avant-reprise-{stamp}{suffix}"))
