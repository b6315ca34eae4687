"""Django's SQLite backend, with the writers of one process queued in turn.

SQLite lets one transaction write at a time. A writer that finds the lock
taken is made to wait by SQLite's busy handler, which sleeps and retries
(1, 2, 5… then 100 ms between tries): under a hall's load the lock is
released long before the waiters wake up, so saves queue for seconds while
the database idles. Here each write transaction (the services' atomic
blocks, begun IMMEDIATE: config/settings.py) first takes a lock of the
process, which the next writer gets the moment the commit or rollback
releases it; SQLite's own lock then never makes a thread of this process
wait, and its busy timeout still guards against other processes (a
command run beside the server).

On the hall server, a commit first appends the transaction to the journal
(tournaments/infra/journal), under this same lock.

Must not: change what is written or when it is committed; it only orders
the writers of one process (and has them journaled before they commit)."""

from __future__ import annotations

import threading

from django.db import OperationalError
from django.db.backends.sqlite3 import base

from tournaments.infra.journal import writer as journal

_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_GUARD = threading.Lock()


def write_lock(name: str) -> threading.Lock:
    """The lock of the writers of database file `name` in this process."""
    with _LOCKS_GUARD:
        return _LOCKS.setdefault(str(name), threading.Lock())


class DatabaseWrapper(base.DatabaseWrapper):
    holds_write_lock = False

    def _start_transaction_under_autocommit(self) -> None:
        timeout = float(self.settings_dict.get("OPTIONS", {}).get("timeout", 5))
        lock = write_lock(self.settings_dict["NAME"])
        if not lock.acquire(timeout=timeout):
            raise OperationalError("database is locked (another write of this process lasts)")
        self.holds_write_lock = True
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._release_write_lock()
            raise

    def _release_write_lock(self) -> None:
        if self.holds_write_lock:
            self.holds_write_lock = False
            write_lock(self.settings_dict["NAME"]).release()

    def _commit(self):
        try:
            # The hall's journal (infra/journal): the writes on the second
            # medium, fsynced, before SQLite commits them — in commit order,
            # the lock being held. Refused there: rolled back, nothing saved.
            try:
                seq = journal.before_commit(self)
            except journal.JournalUnavailable:
                super()._rollback()
                raise
            try:
                return super()._commit()
            except BaseException:
                journal.commit_failed(seq)
                raise
        finally:
            self._release_write_lock()

    def _rollback(self):
        try:
            journal.forget(self)
            return super()._rollback()
        finally:
            self._release_write_lock()

    def _close(self):
        try:
            journal.forget(self)
            return super()._close()
        finally:
            self._release_write_lock()
