"""The teams' codes as the stick carries them: hidden with the organizer's
key (`sealing.hide`), in the journal's statements and in the snapshots.

A team's code opens its table's page: a copy of the stick must not open
any. The code columns (`COLUMNS`) are found in the statements Django writes
(`INSERT … (columns) VALUES (%s, …)`, bulk or not; `UPDATE … SET "col" =
%s, …`), and their parameters hidden before the line is written; a replay
reveals them (`reveal_statement`) before running it. A snapshot's code
columns are hidden in the copy made for the stick (`hide_rows`) and
revealed in the database brought back (`reveal_rows`).

Must not: change any other parameter, or leave a code in clear in a
statement whose shape it does not know (`located` returns None: every
value of eight digits in it is hidden then; none of Django's statements).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from typing import Any

from tournaments.infra.journal import sealing

#: As models.people.CODE_DIGITS (the journal does not import the models).
CODE_DIGITS = 8
COLUMNS = {"tournaments_table": ("code_a", "code_b"), "tournaments_team": ("code",)}
PLACEHOLDER = r"(?:%s|\?)"
INSERT = re.compile(
    r'\s*INSERT(?:\s+OR\s+\w+)?\s+INTO\s+"?(\w+)"?\s*\(([^)]*)\)\s*VALUES\s*(.*?)'
    r"(?:\s+RETURNING\s.*)?$",
    re.I | re.S,
)
ROW = rf"\(\s*{PLACEHOLDER}(?:\s*,\s*{PLACEHOLDER})*\s*\)"
ROWS = re.compile(rf"{ROW}(?:\s*,\s*{ROW})*")
UPDATE = re.compile(
    r'\s*UPDATE(?:\s+OR\s+\w+)?\s+"?(\w+)"?\s+SET\s+(.*?)(?:\s+WHERE\s.*)?$', re.I | re.S
)
ASSIGNED = re.compile(rf'\s*"?(\w+)"?\s*=\s*{PLACEHOLDER}\s*$')
TARGET = re.compile(r'\s*(?:INSERT|UPDATE)(?:\s+OR\s+\w+)?\s+(?:INTO\s+)?"?(\w+)', re.I)


def located(sql: str) -> tuple[int, list[int]] | None:
    """(the parameters of one row, the indexes of the code columns in it)
    for a statement writing a table with codes; (0, []) when it writes none;
    None when its shape is not known."""
    found = TARGET.match(sql)
    if found is None or found.group(1) not in COLUMNS:
        return 0, []
    names = COLUMNS[found.group(1)]
    if (insert := INSERT.match(sql)) is not None:
        columns = [c.strip().strip('"') for c in insert.group(2).split(",")]
        if ROWS.fullmatch(insert.group(3).strip()) is None:
            return None
        return len(columns), [i for i, c in enumerate(columns) if c in names]
    if (update := UPDATE.match(sql)) is not None:
        indexes, at = [], 0
        for assignment in update.group(2).split(","):
            count = len(re.findall(PLACEHOLDER, assignment))
            plain = ASSIGNED.fullmatch(assignment)
            if plain is not None and plain.group(1) in names:
                indexes.append(at)
            elif plain is None and any(f'"{name}"' in assignment for name in names):
                return None
            at += count
        return 0, indexes
    return None


def _each(entry: list, change: Callable[[Any], Any]) -> list:
    sql, params, many = entry
    where = located(sql)
    if params is None or (where is not None and not where[1]):
        return entry
    if where is None or isinstance(params, dict):
        # A shape not known on a table with codes: every value that may be
        # a code (`change` leaves the others as they are).
        return _each_value(entry, change)
    width, indexes = where

    def row(values: list) -> list:
        values = list(values)
        for index, value in enumerate(values):
            if (index % width if width else index) in indexes:
                values[index] = change(value)
        return values

    if many:
        return [sql, [row(p) for p in params], True]
    return [sql, row(params), False]


def _each_value(entry: list, change: Callable[[Any], Any]) -> list:
    sql, params, many = entry

    def row(values: Any) -> Any:
        if isinstance(values, dict):
            return {k: change(v) for k, v in values.items()}
        return [change(v) for v in values]

    return [sql, [row(p) for p in params] if many else row(params), many]


def _hide_a_code(key: bytes) -> Callable[[Any], Any]:
    def change(value: Any) -> Any:
        looks = isinstance(value, str) and len(value) == CODE_DIGITS and value.isdigit()
        return sealing.hide(key, value) if looks else value

    return change


def hide_statements(statements: list[list], key: bytes) -> list[list]:
    """A transaction's encoded statements, the codes hidden."""
    return [_each(s, _hide_a_code(key)) for s in statements]


def reveal_statement(statement: tuple, key: bytes | None) -> tuple:
    """One decoded statement, its codes revealed (ValueError when the key does not)."""
    if key is None:
        return statement
    return tuple(_each(list(statement), lambda v: sealing.reveal(key, v)))


def _rows(db: sqlite3.Connection, change: Callable[[Any], Any]) -> None:
    present = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
    db.create_function("belote_code", 1, change)
    for table, names in COLUMNS.items():
        if table in present:
            sets = ", ".join(f'"{name}" = belote_code("{name}")' for name in names)
            db.execute(f'UPDATE "{table}" SET {sets}')


def hide_rows(db: sqlite3.Connection, key: bytes) -> None:
    _rows(db, lambda v: sealing.hide(key, v))


def reveal_rows(db: sqlite3.Connection, key: bytes | None) -> None:
    """ValueError (from SQLite, as sqlite3.OperationalError) when a code
    is not sealed by the key."""
    if key is not None:
        _rows(db, lambda v: sealing.reveal(key, v))
