"""A database brought back from the journal's folder: the newest sound
snapshot, then every transaction of the segments from it on, in order.

Everything is read and checked before anything is written: each line's
seal (`codec.unseal`, with the hall's key made from the organizer's code:
`sealing`) from the segment's header on, and from segment to segment; each
snapshot's SHA-256 (in its segment's sealed header), `PRAGMA
integrity_check`, and no trigger, view or virtual table in it (the app's
migrations make none: one found is not the hall's); a snapshot or a
segment that is a symbolic link (to a file off the stick) is refused. A snapshot that fails
is left aside for the one before and its journal, and that is said. A line
without its newline at the end of a segment was never acknowledged (the
append failed before its fsync) and is left out; any other line that does
not check refuses the replay in a sentence naming it (file, line, what it
wrote, when), unless asked to stop just before it (`partial`). Transactions
marked « abort » (SQLite refused their commit) are skipped.

The replay runs under SQLite's authorizer (`carried.authorize`): writes of
the concours's own tables only; then the rights the snapshot did not hold
are taken back (`carried.take_back`), and said. Each run is bounded in time.

The folder may hold several halls' journals (a stick used by two laptops):
a hall taken over by another (`handover`, sealed) is not a candidate; two
or more others are named, and one must be chosen.

A journal of the previous release (format 2: chained, not sealed) is read
only when the organizer says so (`Seal.unsealed`, `--non-scellee`).

Must not: touch the database it restores into before everything has been
read and checked, nor overwrite a database without moving it aside first.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import time
from contextlib import closing
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from django.db import DatabaseError, connections
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.infra.journal import carried, codec, codes, handover
from tournaments.infra.journal.capture import first_word
from tournaments.infra.journal.files import numbers, segment_name
from tournaments.infra.journal.sealing import NO_CODE, NO_SEAL, UNSEALED, WRONG_CODE, Seal
from tournaments.infra.journal.writer import FORMAT, UNSEALED_FORMAT

#: The longest a replay may run (a statement made to loop is stopped).
REPLAY_SECONDS = 300
WRITES = ("INSERT", "UPDATE", "DELETE")


class JournalDamaged(Exception):
    """The folder holds no usable snapshot and journal; says why."""


@dataclass
class Transaction:
    where: str  # « ligne 7 de h1-000003.journal »
    at: Any  # when it was written (« t »: ISO 8601, UTC)
    statements: list


@dataclass
class Plan:
    hall: str
    snapshot: Path
    segments: list[Path]
    transactions: list[Transaction] = field(default_factory=list)
    taken_at: str = ""
    notes: list[str] = field(default_factory=list)  # snapshots left aside, rights taken back
    stopped: str = ""  # `partial`: the line the replay stopped before
    key: bytes | None = None  # the snapshot's segment's (None: unsealed, previous release)


# --- the sentences ---------------------------------------------------------


def when(stamp: Any) -> str:
    try:
        moment = timezone.localtime(datetime.fromisoformat(str(stamp)))
    except ValueError:
        return ""
    return moment.strftime("le %d/%m à %H:%M:%S")


def what(text: str) -> str:
    """What a line wrote, in words: the things of its tables (« donne,
    table »), read even from a damaged line."""
    from django.apps import apps

    names = {m._meta.db_table: str(m._meta.verbose_name) for m in apps.get_models(True)}
    tables = re.findall(r'(?:INTO|UPDATE|FROM)\s+\\?"?(\w+)', text, re.I)
    words = list(dict.fromkeys(names.get(t, t) for t in tables))
    return ", ".join(words[:4]) or "une écriture"


def damaged(where: str, text: str, why: str, stamp: Any = None) -> str:
    if stamp is None and (found := re.search(r'"t":"([^"]+)"', text)):
        stamp = found.group(1)
    moment = f" ; enregistrée {when(stamp)}" if stamp and when(stamp) else ""
    return f"{where} {why} (elle écrivait : {what(text)}{moment})"


# --- reading and checking --------------------------------------------------


def halls(folder: Path) -> dict[str, float]:
    """The halls whose journals are in `folder`, and when each last wrote."""
    found: dict[str, float] = {}
    for path in folder.glob("*-??????.journal"):
        hall = path.name[: -len("-000000.journal")]
        found[hall] = max(found.get(hall, 0.0), path.stat().st_mtime)
    return found


def choose(folder: Path, hall: str | None, seal: Seal = NO_SEAL) -> str:
    found = halls(folder)
    if hall is not None:
        if hall not in found:
            raise JournalDamaged(
                _("aucun journal « %(hall)s » dans %(folder)s") % {"hall": hall, "folder": folder}
            )
        return hall
    if not found:
        raise JournalDamaged(_("aucun journal dans %(folder)s") % {"folder": folder})
    open_ = {h: t for h, t in found.items() if handover.replaced_by(folder, h, seal.key(h)) is None}
    if len(open_) > 1:
        listed = " ; ".join(
            f"« {h} », dernier enregistrement {when(datetime.fromtimestamp(t).astimezone())}"
            for h, t in sorted(open_.items(), key=lambda item: -item[1])
        )
        raise JournalDamaged(
            f"cette clé porte les journaux de {len(open_)} concours ({listed}) : choisissez "
            f"celui à reprendre, par exemple --journal {max(open_, key=open_.__getitem__)}"
        )
    return max(open_ or found, key=(open_ or found).__getitem__)


def read_header(path: Path, hall: str, seal: Seal = NO_SEAL) -> tuple[dict, bytes | None]:
    """A segment's first line, its header, checked on its own; and the key
    of `hall` its lines are sealed with (None: the previous release's,
    unsealed)."""
    with open(path, "rb") as source:
        first = source.readline()
    text = first.decode("utf-8", "replace").rstrip("\n")
    try:
        plain = json.loads(text)
    except ValueError:
        plain = None
    version = plain.get("journal") if isinstance(plain, dict) else None
    if version not in (FORMAT, UNSEALED_FORMAT, None):
        raise JournalDamaged(
            f"{path.name} a été écrit par une autre version du logiciel : reprenez avec la "
            "même version que le premier portable"
        )
    if not first.endswith(b"\n"):
        raise JournalDamaged(
            _("%(name)s est vide (son en-tête n'a jamais été écrit)") % {"name": path.name}
        )
    key: bytes | None = None
    if version == UNSEALED_FORMAT:
        if not seal.unsealed:
            raise JournalDamaged(UNSEALED.format(name=path.name))
    elif version == FORMAT:
        if not seal.code:
            raise JournalDamaged(str(NO_CODE))
        key = seal.key(hall)
    else:
        raise JournalDamaged(damaged(f"ligne 1 de {path.name}", text, "est abîmée"))
    try:
        header, _chain = codec.unseal(None, text, key)
    except ValueError:
        if key is not None:
            raise JournalDamaged(WRONG_CODE.format(name=path.name)) from None
        raise JournalDamaged(damaged(f"ligne 1 de {path.name}", text, "est abîmée")) from None
    return header, key


def read_segment(
    path: Path, hall: str, seal: Seal
) -> tuple[dict, list[tuple[str, dict]], str, bytes | None]:
    """The header, the records (with where each is), the chain's end and
    the key of one segment. The last line without its newline is left out;
    any other line that does not check raises JournalDamaged."""
    pieces = path.read_bytes().split(b"\n")
    pieces.pop()  # after the last newline: nothing, or a line never acknowledged
    (header, key), records = read_header(path, hall, seal), []
    chain = codec.unseal(None, pieces[0].decode("utf-8", "replace"), key)[1]
    for index, raw in enumerate(pieces[1:], start=2):
        text = raw.decode("utf-8", "replace")
        try:
            record, chain = codec.unseal(chain, text, key)
        except ValueError:
            where = f"ligne {index} de {path.name}"
            raise JournalDamaged(damaged(where, text, "est abîmée ou a été changée")) from None
        records.append((f"ligne {index} de {path.name}", record))
    return header, records, chain, key


def header_fits(header: dict, hall: str, number: int, path: Path) -> None:
    if header.get("hall") != hall or header.get("segment") != number:
        raise JournalDamaged(_("%(name)s n'appartient pas à ce journal") % {"name": path.name})


def snapshot_fault(path: Path, sha256: Any) -> str:
    """Why a snapshot cannot be the start ("" when it can)."""
    if path.is_symlink():  # a stick's file, not one elsewhere on the laptop (issue 61)
        return "c'est un lien vers un autre fichier, pas un fichier de la clé"
    if not path.is_file():
        return "introuvable"
    digest = hashlib.sha256()
    with open(path, "rb") as source:
        while chunk := source.read(1 << 20):
            digest.update(chunk)
    if digest.hexdigest() != sha256:
        return "sa somme de contrôle ne correspond pas : fichier abîmé ou changé"
    try:
        read_only = f"{path.resolve().as_uri()}?mode=ro&immutable=1"
        with closing(sqlite3.connect(read_only, uri=True)) as db:
            if db.execute("PRAGMA integrity_check").fetchall() != [("ok",)]:
                return "PRAGMA integrity_check le refuse"
            foreign = db.execute(
                "SELECT name FROM sqlite_master WHERE type IN ('trigger', 'view') "
                "OR sql LIKE 'CREATE VIRTUAL%'"
            ).fetchall()
    except sqlite3.Error as exc:
        return f"illisible ({exc})"
    if foreign:
        return f"il porte un déclencheur ou une vue que l'application ne fait pas ({foreign[0][0]})"
    return ""


def plan(
    folder: Path, *, hall: str | None = None, partial: bool = False, seal: Seal = NO_SEAL
) -> Plan:
    """What a replay would do, read and checked; JournalDamaged if nothing fits."""
    folder = Path(folder)
    if not folder.is_dir():
        raise JournalDamaged(_("dossier introuvable : %(folder)s") % {"folder": folder})
    hall = choose(folder, hall, seal)
    segments, notes = numbers(folder, hall, ".journal"), []
    for first in reversed(numbers(folder, hall, ".sqlite3")):
        chain = [n for n in segments if n >= first]
        if chain[:1] != [first] or chain != list(range(first, first + len(chain))):
            continue
        path = folder / segment_name(hall, first)
        header, key = read_header(path, hall, seal)
        header_fits(header, hall, first, path)
        snapshot = folder / str(header.get("snapshot"))
        fault = "ne correspond pas à son journal" if snapshot.parent != folder else ""
        if fault := fault or snapshot_fault(snapshot, header.get("sha256")):
            notes.append(
                _("l'instantané %(n)s est laissé de côté : %(fault)s")
                % {"n": first, "fault": fault}
            )
            continue
        if notes:
            notes.append(_("la reprise part de l'instantané précédent et de son journal"))
        result = Plan(hall, snapshot, [], taken_at=str(header.get("at")), notes=notes, key=key)
        try:
            _read_chain(folder, hall, chain, result, seal)
        except JournalDamaged as exc:
            if not partial:
                raise JournalDamaged(f"{exc}. {PARTIAL}") from None
            result.stopped = str(exc)
        return result
    raise JournalDamaged(
        f"aucun instantané sain suivi de son journal dans {folder}"
        + "".join(f" ; {note}" for note in notes)
    )


PARTIAL = (
    "Rien n'est repris. Pour reprendre tout ce qui la précède (les téléphones renvoient "
    "ensuite les donnes qu'ils gardent), relancez avec --partielle"
)


def _read_chain(folder: Path, hall: str, chain: list[int], result: Plan, seal: Seal) -> None:
    """The transactions of the segments `chain`, checked, into `result`."""
    end = None
    for number in chain:
        path = folder / segment_name(hall, number)
        if path.is_symlink():
            raise JournalDamaged(f"{path.name} est un lien vers un autre fichier, pas la clé")
        result.segments.append(path)
        header, records, last, key = read_segment(path, hall, seal)
        header_fits(header, hall, number, path)
        if end is not None and header.get("prev") != end:
            previous = result.segments[-2].name
            raise JournalDamaged(f"la fin de {previous} manque (des enregistrements effacés)")
        aborted = {r.get("n") for _, r in records if r.get("abort") is True}
        for where, record in records:
            if record.get("abort") is True or record.get("n") in aborted:
                continue
            result.transactions.append(_transaction(where, record, key))
        end = last


def _transaction(where: str, record: dict, key: bytes | None) -> Transaction:
    text, stamp = str(record.get("s")), record.get("t")
    try:
        statements = [
            codes.reveal_statement(codec.decode_statement(s), key)
            for s in record.get("s")  # type: ignore[union-attr]
        ]
    except (TypeError, ValueError):
        raise JournalDamaged(damaged(where, text, "est illisible", stamp)) from None
    for sql, _params, _many in statements:
        if first_word(sql) not in WRITES:
            refused = f"est refusée : « {sql[:60]} » n'est pas une écriture du concours"
            raise JournalDamaged(damaged(where, text, refused, stamp))
    return Transaction(where, stamp, statements)


# --- writing ---------------------------------------------------------------


def restore(
    folder: Path,
    *,
    data_dir: Path,
    hall: str | None = None,
    partial: bool = False,
    seal: Seal = NO_SEAL,
) -> Plan:
    """The default database (a file in `data_dir`) replaced by the snapshot
    plus the journal; the database that was there moved aside."""
    result = plan(folder, hall=hall, partial=partial, seal=seal)
    connections.close_all()
    target = Path(connections["default"].settings_dict["NAME"])
    move_aside(target)
    source, copy = sqlite3.connect(result.snapshot), sqlite3.connect(target)
    with closing(source), closing(copy):
        source.backup(copy)
        present = {name for (name,) in copy.execute("SELECT name FROM sqlite_master")}
        for table in carried.NOT_CARRIED:  # never from a stick, whoever made it
            if table in present:
                copy.execute(f'DELETE FROM "{table}"')
        try:
            codes.reveal_rows(copy, result.key)
        except sqlite3.Error:
            copy.close()
            move_aside(target, "reprise-refusee")
            raise JournalDamaged(
                f"les codes des équipes de {result.snapshot.name} ne sont pas scellés par ce code"
            ) from None
        copy.commit()
    try:
        apply(result, connections["default"], partial=partial)
    except BaseException:
        connections.close_all()
        move_aside(target, "reprise-refusee")  # never served by a start after
        raise
    connections.close_all()
    return result


def apply(result: Plan, connection: Any, *, partial: bool = False) -> None:
    """The journal's transactions, in order, in one transaction: all of
    them or nothing (and one commit rather than one per deal), under the
    authorizer; then the rights the snapshot did not give taken back."""
    connection.ensure_connection()
    raw = connection.connection
    deadline = time.monotonic() + REPLAY_SECONDS
    raw.set_progress_handler(lambda: time.monotonic() > deadline, 10_000)
    raw.set_authorizer(carried.authorize)
    # What transaction.atomic does, on a connection that need not be one
    # of the settings' (a copy being checked).
    connection.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    try:
        with connection.cursor() as cursor:
            before = carried.rights(cursor)
            for done, entry in enumerate(result.transactions):
                if not _run(cursor, entry, partial, result):
                    del result.transactions[done:]
                    break
            if taken := carried.take_back(cursor, before):
                result.notes.append(
                    "droits donnés après l'instantané, qui ne sont pas repris : "
                    + " ; ".join(taken)
                )
        connection.commit()
    except DatabaseError as exc:
        connection.rollback()
        raise JournalDamaged(f"le journal ne se rejoue pas sur l'instantané ({exc})") from None
    except BaseException:
        connection.rollback()
        raise
    finally:
        connection.set_autocommit(True)
        raw.set_authorizer(None)
        raw.set_progress_handler(None, 0)


def _run(cursor, entry: Transaction, partial: bool, result: Plan) -> bool:
    """One transaction in a savepoint; False when refused and `partial`."""
    cursor.execute('SAVEPOINT "replay"')
    try:
        for sql, params, many in entry.statements:
            if many:
                cursor.executemany(sql, params)
            else:
                cursor.execute(sql, params)
    except (DatabaseError, sqlite3.Error, ValueError, TypeError, OverflowError) as exc:
        cursor.execute('ROLLBACK TO SAVEPOINT "replay"')
        cursor.execute('RELEASE SAVEPOINT "replay"')
        why = "not authorized" in str(exc) and "touche à ce qui n'est pas le concours"
        why = f"est refusée : {why or exc}"
        refused = damaged(entry.where, str(entry.statements), why, entry.at)
        if not partial:
            raise JournalDamaged(f"{refused}. {PARTIAL}") from None
        result.stopped = refused
        return False
    cursor.execute('RELEASE SAVEPOINT "replay"')
    return True


def move_aside(target: Path, label: str = "avant-reprise") -> None:
    """A database already there is kept under another name, never lost
    (nor another kept before it)."""
    if not target.exists():
        return
    stamp, suffixes = datetime.now().strftime("%Y%m%d-%H%M%S"), ("", "-wal", "-shm")
    name, tries = f"{target.name}.{label}-{stamp}", 1
    while any(target.with_name(name + suffix).exists() for suffix in suffixes):
        name, tries = f"{target.name}.{label}-{stamp}-{tries}", tries + 1
    for suffix in suffixes:
        old = target.with_name(target.name + suffix)
        if old.exists():
            os.replace(old, target.with_name(name + suffix))
