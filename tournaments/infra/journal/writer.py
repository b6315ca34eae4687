"""The journal of the hall server's process, on the second medium.

Every transaction that writes is appended to the journal as one JSON line
(its statements and their parameters, `capture`; when) and fsynced *before*
SQLite commits it, under the process's writers' lock (`sqlite_backend`):
the lines are in commit order, chained and sealed with the hall's key
(`codec.seal`; the teams' codes hidden: `codes`), and nothing the
server acknowledged lives only on the laptop. A commit that then fails in
SQLite gets an « abort » line, so that a replay skips it.

The journal is cut in segments, one per snapshot: segment n begins exactly
at snapshot n (SQLite's online backup taken under the lock, stored beside
it, less what never leaves the laptop: `carried`), and its header names
the snapshot and its SHA-256. `rotate` starts the next pair every few
minutes (the autosave loop), and the pairs before the last two complete
snapshots are deleted. No secret goes on the medium, nor the key.

When the medium is gone (the stick pulled out, full, read-only) the append
fails, the transaction is rolled back and refused (`JournalUnavailable`, a
503 « rien n'a été enregistré »: the phones keep the deal in their outbox
and send it again), and the journal is « broken »: the next write first
takes a new snapshot and segment on the medium (a stick plugged back in),
or is refused in turn.

Must not: acknowledge a write it has not fsynced, take the writers' lock
it is called under, or run on PostgreSQL.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import shutil
import sqlite3
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from django.db import OperationalError
from django.db.backends.signals import connection_created

from tournaments.infra.journal import carried, codec, codes, handover
from tournaments.infra.journal.capture import Capture
from tournaments.infra.journal.files import (
    fsync_folder,
    numbers,
    private,
    segment_name,
    snapshot_name,
)

log = logging.getLogger(__name__)
#: 3: every line sealed with the hall's key (`sealing`), the teams' codes
#: hidden (`codes`); 2, the previous release: a plain SHA-256 chain.
FORMAT = 3
UNSEALED_FORMAT = 2
#: How long a write outside a transaction waits for the writers' lock (as
#: the SQLite backend's own timeout does).
LOCK_SECONDS = 20.0
#: The folder of the journal inside the backups' folder.
FOLDER_NAME = "reprise"


class JournalUnavailable(OperationalError):
    """The journal's medium refused a write: nothing was recorded."""


class HallReplaced(JournalUnavailable):
    """A second laptop took this hall over (`handover`): nothing recorded
    here any more; `address` is where the hall goes on ("" if unknown)."""

    def __init__(self, address: str) -> None:
        super().__init__(f"this hall was taken over by {address or 'another laptop'}")
        self.address = address


class Journal:
    def __init__(
        self, *, folder: Path, database: Path, hall: str, lock: threading.Lock, key: bytes
    ) -> None:
        self.folder, self.database, self.hall, self.lock = folder, database, hall, lock
        if not key:
            raise ValueError("a journal is sealed: no key, no journal")
        self.key = key  # the hall's (sealing.key): never written on the medium
        self.handle: Any = None
        self.segment = 0
        self.seq = 0
        self.seq_at_switch = 0
        self.chain = ""  # the « h » of the last line on the medium
        self.broken = ""  # why the last write to the medium failed
        self.apart = False  # the medium is not the database's disk
        self.replaced: str | None = None  # taken over (handover): the new address

    # --- the pairs (snapshot, segment) ---------------------------------

    def begin(self) -> None:
        """The first pair, the snapshot stored before the server answers."""
        with self.lock:
            # The backups' folder may be made, not its parent: a stick's
            # mount point without the stick is not taken for the stick.
            try:
                self.folder.parent.mkdir(exist_ok=True)
                self.folder.mkdir(exist_ok=True)
            except OSError as exc:
                raise JournalUnavailable(f"journal unavailable in {self.folder}: {exc}") from exc
            # On a medium of its own (a stick): it never falls back on the
            # laptop's disk when the stick is pulled out (see _rebase).
            self.apart = self.folder.stat().st_dev != self.database.parent.stat().st_dev
            for last in numbers(self.folder, self.hall, ".journal")[-1:]:  # the chain goes on
                self.chain = codec.last_seal(self.folder / segment_name(self.hall, last))
            self._rebase()

    def rotate(self) -> None:
        """The next pair, when something was written since the last one;
        the snapshot is copied to the medium outside the lock."""
        with self.lock:
            if self.broken or self.seq == self.seq_at_switch:
                return  # the next write rebases, or is refused; or nothing new
            try:
                local, final = self._switch()
            except OSError as exc:
                self._break(exc)
                return
        try:
            self._store_snapshot(local, final)
        except OSError as exc:
            # The segments chain on from the snapshot before: nothing lost.
            log.warning("journal snapshot %s not stored: %s", final, exc)
            return
        self._prune()

    def _rebase(self) -> None:
        """A new pair, snapshot stored at once (under the lock): after a
        medium came back, or at start. The backups' folder must be there (a
        stick's folder is not made again on the laptop's disk under the
        stick's empty mount point)."""
        self.check_replaced()
        try:
            self.folder.mkdir(exist_ok=True)
            if self.apart and self.folder.stat().st_dev == self.database.parent.stat().st_dev:
                raise OSError(f"{self.folder} is on the laptop's own disk now")
            local, final = self._switch()
            self._store_snapshot(local, final)
        except OSError as exc:
            self._break(exc)
            raise JournalUnavailable(f"journal unavailable in {self.folder}: {exc}") from exc
        self.broken = ""
        self._prune()

    def _switch(self) -> tuple[Path, Path]:
        """Under the lock: the database as committed, copied beside it, and
        the next segment opened on the medium with its header."""
        existing = numbers(self.folder, self.hall, ".journal")
        number = max([self.segment, *existing]) + 1
        final = self.folder / snapshot_name(self.hall, number, secrets.token_hex(4))
        local = self.database.with_name(f".{final.name}.partial")
        source, target = sqlite3.connect(self.database), sqlite3.connect(local)
        try:
            source.backup(target)
        finally:
            target.close()
            source.close()
        digest = carried.for_the_stick(local, self.key)
        path = self.folder / segment_name(self.hall, number)
        handle = open(path, "x", encoding="utf-8")  # noqa: SIM115 - kept open, appended to
        private(path)
        header = {
            "journal": FORMAT,
            "hall": self.hall,
            "segment": number,
            "snapshot": final.name,
            "sha256": digest,
            "at": datetime.now(UTC).isoformat(timespec="seconds"),
            "prev": self.chain,
        }
        try:
            self._write(handle, header)
        except OSError:
            handle.close()
            raise
        fsync_folder(self.folder)
        old, self.handle, self.segment = self.handle, handle, number
        self.seq_at_switch = self.seq
        if old is not None:
            with contextlib.suppress(OSError):
                old.close()
        return local, final

    def _store_snapshot(self, local: Path, final: Path) -> None:
        partial = final.with_name(final.name + ".partial")
        try:
            with open(local, "rb") as source, open(partial, "wb") as target:
                shutil.copyfileobj(source, target, 1 << 20)
                target.flush()
                os.fsync(target.fileno())
            private(partial)
            os.replace(partial, final)
            fsync_folder(self.folder)
        finally:
            local.unlink(missing_ok=True)

    def _prune(self) -> None:
        """The pairs before the two newest complete snapshots go."""
        with contextlib.suppress(OSError):
            complete = numbers(self.folder, self.hall, ".sqlite3")
            if len(complete) < 2:
                return
            keep_from = complete[-2]
            for path in self.folder.glob(f"{self.hall}-??????*"):
                part = path.name[len(self.hall) + 1 : len(self.hall) + 7]
                if part.isdigit() and int(part) < keep_from:
                    path.unlink(missing_ok=True)

    # --- the writes ------------------------------------------------------

    def _write(self, handle: Any, record: dict) -> None:
        line, chained = codec.seal(self.chain, record, self.key)
        handle.write(line + "\n")
        handle.flush()
        os.fsync(handle.fileno())
        self.written_at = time.monotonic()  # the desk's « dernier enregistrement »
        self.chain = chained

    def _break(self, exc: BaseException) -> None:
        if not self.broken:  # once, in the volunteer's terminal: what to do
            log.error("Clé USB absente (%s) : rebranchez-la, rien n'est enregistré.", self.folder)
        self.broken = str(exc) or type(exc).__name__

    def append(self, statements: list[list]) -> int:
        """One transaction, on the medium (fsynced): its number."""
        if self.broken or self.handle is None:
            raise JournalUnavailable(f"journal unavailable in {self.folder}: {self.broken}")
        self.check_replaced()
        self.seq += 1
        try:
            self._still_there()
            now = datetime.now(UTC).isoformat(timespec="seconds")
            hidden = codes.hide_statements(statements, self.key)
            self._write(self.handle, {"n": self.seq, "t": now, "s": hidden})
        except (OSError, ValueError) as exc:
            self._break(exc)
            raise JournalUnavailable(f"journal unavailable in {self.folder}: {exc}") from exc
        return self.seq

    def _still_there(self) -> None:
        """The segment is still the file on the medium: a stick pulled out
        (its folder gone, or another stick in its place) is seen at once,
        not when the system gives up on buffered writes."""
        on_medium = os.stat(self.folder / segment_name(self.hall, self.segment))
        if not os.path.samestat(on_medium, os.fstat(self.handle.fileno())):
            raise OSError(f"{self.folder}: not the journal's segment any more")

    def check_replaced(self) -> None:
        """Refuses for good once a second laptop took this hall over."""
        if self.replaced is None:
            self.replaced = handover.replaced_by(self.folder, self.hall, self.key)
        if self.replaced is not None:
            raise HallReplaced(self.replaced)

    def abort(self, seq: int) -> None:
        """The transaction `seq` did not commit: a replay skips it."""
        try:
            self._write(self.handle, {"n": seq, "abort": True})
        except (OSError, ValueError) as exc:
            self._break(exc)

    def ensure_ready(self, nothing_written_yet: bool) -> None:
        """Before a write statement (the lock held): a broken journal is
        taken up again on a new pair, or the write is refused."""
        if not self.broken:
            return
        if not nothing_written_yet:
            raise JournalUnavailable(f"journal unavailable in {self.folder}: {self.broken}")
        self._rebase()

    def autocommit(self, run: Callable[[], Any], statements: list[list]) -> Any:
        """A write outside a transaction: journaled, then run, in turn with
        the other writers."""
        if not self.lock.acquire(timeout=LOCK_SECONDS):
            raise OperationalError("database is locked (another write of this process lasts)")
        try:
            self.ensure_ready(True)
            seq = self.append(statements)
            try:
                return run()
            except BaseException:
                self.abort(seq)
                raise
        finally:
            self.lock.release()

    def probe(self) -> bool:
        """Whether the medium takes a write now (the desk's warning); a
        medium back (the stick plugged in again) is taken up at once."""
        if self.broken:
            if not self.lock.acquire(timeout=2):
                return False
            try:
                self._rebase()
            except JournalUnavailable:
                return False
            finally:
                self.lock.release()
            return True
        try:
            probe = self.folder / ".probe"
            probe.write_bytes(b"ok")
            probe.unlink()
        except OSError:
            return False
        return True

    def close(self) -> None:
        if self.handle is not None:
            with contextlib.suppress(OSError):
                self.handle.close()
            self.handle = None


# --- the process's journal --------------------------------------------------

ACTIVE: Journal | None = None


def replaced() -> str | None:
    """The address of the laptop that took this hall over ("" if unknown),
    None while this one is the hall (looked up every few seconds at most)."""
    if ACTIVE is None:
        return None
    if ACTIVE.replaced is None and time.monotonic() - _looked[0] > PROBE_EVERY:
        _looked[0] = time.monotonic()
        with contextlib.suppress(HallReplaced):
            ACTIVE.check_replaced()
    return ACTIVE.replaced


def _ready(nothing_written_yet: bool) -> None:
    if ACTIVE is not None:
        ACTIVE.ensure_ready(nothing_written_yet)


def _autocommit(run: Callable[[], Any], statements: list[list]) -> Any:
    if ACTIVE is None:
        return run()
    return ACTIVE.autocommit(run, statements)


def install(sender: Any = None, connection: Any = None, **kwargs: Any) -> None:
    """On each new connection to the default SQLite database (the signal
    `connection_created`, sent at each reconnection: installed once)."""
    if connection is None or connection.vendor != "sqlite" or connection.alias != "default":
        return
    if getattr(connection, "journal_capture", None) is None:
        capture = Capture(ready=_ready, on_autocommit=_autocommit)
        connection.journal_capture = capture
        connection.execute_wrappers.append(capture)


def start(*, folder: Path, database: Path, hall: str, lock: threading.Lock, key: bytes) -> Journal:
    """Journal this process's writes from now on (the first snapshot taken),
    sealed with `key`; JournalUnavailable when the medium refuses."""
    global ACTIVE
    from django.db import connections

    journal = Journal(folder=folder, database=database, hall=hall, lock=lock, key=key)
    journal.begin()
    connections.close_all()
    connection_created.connect(install, weak=False, dispatch_uid="tournaments.journal")
    ACTIVE = journal
    return journal


def stop() -> None:
    global ACTIVE
    connection_created.disconnect(dispatch_uid="tournaments.journal")
    if ACTIVE is not None:
        ACTIVE.close()
    ACTIVE = None


# --- the backend's hooks (tournaments/infra/sqlite_backend) ----------------


def before_commit(connection: Any) -> int | None:
    """The transaction's writes on the medium; raises JournalUnavailable."""
    capture = getattr(connection, "journal_capture", None)
    if capture is None:
        return None
    statements = capture.take()
    if not statements or ACTIVE is None:
        return None
    return ACTIVE.append(statements)


def commit_failed(seq: int | None) -> None:
    if seq is not None and ACTIVE is not None:
        ACTIVE.abort(seq)


def forget(connection: Any) -> None:
    capture = getattr(connection, "journal_capture", None)
    if capture is not None:
        capture.forget()


_probed: list[tuple[float, bool]] = [(0.0, True)]  # when, and whether the medium took a write
PROBE_EVERY = 3.0
_looked = [0.0]  # when the handover was last looked up (replaced())


def on_laptop() -> Path | None:
    """The journal's folder while it is on the laptop's own disk (dying with it), else None."""
    if ACTIVE is None or ACTIVE.apart:
        return None
    return ACTIVE.folder


def trouble() -> Path | None:
    """The journal's folder when writes are refused there now, else None
    (a probe written on the medium every few seconds at most while it is
    fine; at every call while it is not, so that the red line goes as soon
    as the stick is back, in every process of the server)."""
    if ACTIVE is None:
        return None
    at, fine = _probed[0]
    if not fine or time.monotonic() - at > PROBE_EVERY or ACTIVE.broken:
        fine = ACTIVE.probe()
        _probed[0] = (time.monotonic(), fine)
    return None if fine else ACTIVE.folder
