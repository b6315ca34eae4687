"""What one connection's open transaction writes, gathered statement by
statement by an execute wrapper (Django's `connection.execute_wrapper`).

A write statement is kept (SQL and parameters, encoded by `codec`) once it
has succeeded; a statement that failed changed nothing and is not kept. A
savepoint rolled back takes out what was kept since it was made, as SQLite
does, so the journal holds what the commit really writes. A write outside
any transaction (autocommit) is its own transaction: it is handed to
`on_autocommit`, which journals it and runs it under the writers' lock.

A write to a table a stick does not carry (`carried`: the sessions, the
task queue…) is run and not kept: it never reaches the stick.

Must not: write to the journal itself (`writer` does, at commit), or keep
reads (SELECT, PRAGMA): they change nothing to replay.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tournaments.infra.journal import carried, codec

#: Statements that change nothing a replay needs.
READS = {"SELECT", "PRAGMA", "EXPLAIN", "BEGIN", "COMMIT", "END", "ANALYZE", "VACUUM"}
SAVEPOINT = re.compile(
    r'\s*(SAVEPOINT|RELEASE(?:\s+SAVEPOINT)?|ROLLBACK(?:\s+TO(?:\s+SAVEPOINT)?)?)\s*"?([^"\s;]*)',
    re.I,
)


def first_word(sql: str) -> str:
    words = sql.lstrip(" \t\r\n(").split(None, 1)
    return words[0].upper() if words else ""


class Capture:
    """Installed as an execute wrapper on one connection; `pending` is what
    its open transaction wrote, in order."""

    def __init__(
        self,
        *,
        ready: Callable[[bool], None],
        on_autocommit: Callable[[Callable[[], Any], list], Any],
    ) -> None:
        self.pending: list[list] = []
        self.savepoints: list[tuple[str, int]] = []
        self.ready = ready  # raises when the journal cannot take a write
        self.on_autocommit = on_autocommit

    def take(self) -> list[list]:
        """What the transaction wrote, and forget it (a commit)."""
        pending, self.pending, self.savepoints = self.pending, [], []
        return pending

    def forget(self) -> None:
        """A rollback: nothing of the transaction was written."""
        self.pending, self.savepoints = [], []

    def __call__(self, execute, sql: str, params: Any, many: bool, context: dict) -> Any:
        word = first_word(sql)
        if word in READS:
            return execute(sql, params, many, context)
        if word in ("SAVEPOINT", "RELEASE", "ROLLBACK"):
            result = execute(sql, params, many, context)
            self._savepoint(sql)
            return result
        if not carried.journaled(sql):
            return execute(sql, params, many, context)
        if many:
            params = list(params)
        statement = codec.encode_statement(sql, params, many)
        connection = context["connection"]
        if connection.get_autocommit() and not connection.in_atomic_block:
            return self.on_autocommit(lambda: execute(sql, params, many, context), [statement])
        self.ready(not self.pending)
        result = execute(sql, params, many, context)
        self.pending.append(statement)
        return result

    def _savepoint(self, sql: str) -> None:
        found = SAVEPOINT.match(sql)
        if not found:
            return
        verb, name = found.group(1).upper().split()[0], found.group(2)
        if verb == "SAVEPOINT":
            self.savepoints.append((name, len(self.pending)))
            return
        names = [saved for saved, _ in self.savepoints]
        if verb == "ROLLBACK" and "TO" not in found.group(1).upper():
            self.forget()  # a whole ROLLBACK inside a wrapper: nothing stays
            return
        if name not in names:
            return
        at = len(names) - 1 - names[::-1].index(name)
        if verb == "ROLLBACK":  # ROLLBACK TO: the savepoint stays, what followed goes
            del self.pending[self.savepoints[at][1] :]
            del self.savepoints[at + 1 :]
        else:  # RELEASE: the savepoint and those made after it are gone, their writes stay
            del self.savepoints[at:]
