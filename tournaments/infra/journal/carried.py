"""What a stick may carry from one laptop to the other: the concours's own
rows, never a secret, never code, never a right the hall did not give.

- `tables()`: the tables a replay may write, and how: the project's own
  apps' tables and the accounts ("write"); an account's groups and
  permissions and the admin's log may only lose rows ("delete": an account
  deleted in the hall is deleted on replay too). Every other table — the
  migrations, content types, permissions, groups, `sqlite_*` — is read-only
  to a replay, and `NOT_CARRIED` tables never leave the laptop at all: the
  sessions (an organizer signed in), the hosted site's publication key,
  the task queue (a row there names code to run). The first laptop
  journals only what `journaled` lets through and empties `NOT_CARRIED`
  in the snapshot it puts on the stick; the second empties them again.
- `authorize`: SQLite's authorizer during a replay (it also sees what a
  trigger or a view would do, and refuses it: the app makes none).
- `shape` / `app_shape`: a database's tables as SQLite describes them
  (columns, indexes, foreign keys; no trigger, no view), and those the
  app's models make: a database from a stick must have exactly these.
- `rights` / `take_back`: the rights an account holds (administrator,
  staff, active, its password; owner of a row, co-organizer, approved
  organizer): after a replay, those the snapshot did not hold are taken
  back, and said.

Must not: decide anything about the journal's format or its files.
"""

from __future__ import annotations

import functools
import hashlib
import re
import sqlite3
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tournaments.infra.journal import codes

NOT_CARRIED = (
    "django_session",
    "tournaments_publicationtarget",
    "django_tasks_database_dbtaskresult",
)
DELETE_ONLY = ("auth_user_groups", "auth_user_user_permissions", "django_admin_log")
TARGET = re.compile(
    r'\s*(INSERT(?:\s+OR\s+\w+)?\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+"?(\w+)', re.I
)


@functools.cache
def tables() -> dict[str, str]:
    """Table → "write" or "delete", for the tables a replay may change."""
    from django.apps import apps

    allowed = {"auth_user": "write"}
    for config in apps.get_app_configs():
        if config.name == "tournaments" or config.name.startswith("tournaments."):
            for model in config.get_models(include_auto_created=True):
                allowed[model._meta.db_table] = "write"
    for table in DELETE_ONLY:
        allowed.setdefault(table, "delete")
    for table in NOT_CARRIED:
        allowed.pop(table, None)
    return allowed


def journaled(sql: str) -> bool:
    """Whether a write statement goes in the journal: one a replay may run
    (a shape not recognised goes: the replay judges it)."""
    found = TARGET.match(sql)
    if found is None:
        return True
    kind = tables().get(found.group(2))
    return kind == "write" or (kind == "delete" and found.group(1)[:1].upper() == "D")


def target(sql: str) -> str:
    found = TARGET.match(sql)
    return found.group(2) if found else ""


#: Functions a replayed statement may not call: loading code, and the
#: functions Django writes in Python whose cost their arguments set (a
#: pattern that backtracks for hours, a length of a billion): SQLite's
#: progress handler, the replay's time bound, never runs while Python does.
#: The app's writes call none of them.
UNBOUNDED = frozenset({"load_extension", "regexp", "repeat", "lpad", "rpad"})


def authorize(action: int, arg1: str | None, arg2: str | None, db: str | None, inner: str | None):
    """SQLite's authorizer while a replay runs: writes of the concours's
    tables, nothing else, nothing from a trigger or a view. Reads of the
    database itself are allowed (a foreign key's check reads every table
    that refers to a row; what never leaves the laptop is empty by then)."""
    if inner is not None or db not in (None, "main"):
        return sqlite3.SQLITE_DENY
    if action in (sqlite3.SQLITE_SELECT, sqlite3.SQLITE_TRANSACTION, sqlite3.SQLITE_SAVEPOINT):
        return sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_READ:
        return sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_FUNCTION:
        return sqlite3.SQLITE_DENY if (arg2 or "").lower() in UNBOUNDED else sqlite3.SQLITE_OK
    kind = tables().get(arg1 or "")
    allowed = {
        sqlite3.SQLITE_DELETE: kind is not None,
        sqlite3.SQLITE_INSERT: kind == "write",
        sqlite3.SQLITE_UPDATE: kind == "write",
    }.get(action, False)
    return sqlite3.SQLITE_OK if allowed else sqlite3.SQLITE_DENY


def for_the_stick(local: Path, key: bytes) -> str:
    """The snapshot copied from the database made fit for the stick (the
    rows that never leave the laptop taken out, the teams' codes hidden with
    `key`, their space zeroed, in a file of its own: no write-ahead log
    beside it), and its SHA-256 (sealed in its segment's header)."""
    with closing(sqlite3.connect(local, isolation_level=None)) as copy:
        copy.execute("PRAGMA journal_mode = DELETE")
        copy.execute("PRAGMA synchronous = OFF")  # a scratch file: the stick's copy is fsynced
        copy.execute("PRAGMA secure_delete = ON")
        present = {name for (name,) in copy.execute("SELECT name FROM sqlite_master")}
        for table in NOT_CARRIED:
            if table in present:
                copy.execute(f'DELETE FROM "{table}"')
        codes.hide_rows(copy, key)
    digest = hashlib.sha256()
    with open(local, "rb") as source:
        while chunk := source.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


# --- the schema ------------------------------------------------------------


def shape(db: sqlite3.Connection) -> list:
    """A database's schema as SQLite itself describes it: its tables,
    triggers and views by name; each table's columns, indexes (what they
    hold, unique or not, partial or not: not their names, which a renamed
    model keeps), foreign keys, CHECK constraints, and whether it is
    WITHOUT ROWID or STRICT. The same schema made by another
    version's SQL, or columns in another order, reads the same."""
    objects = db.execute(
        "SELECT type, name FROM sqlite_master WHERE type != 'index' "
        "AND name NOT LIKE 'sqlite_%' ORDER BY type, name"
    ).fetchall()
    described: list = [objects]
    for kind, name in objects:
        if kind != "table":
            continue
        columns = db.execute(
            'SELECT name, type, "notnull", dflt_value, pk, hidden FROM pragma_table_xinfo(?)',
            (name,),
        ).fetchall()
        indexes = [
            (unique, origin, partial, _indexed(db, index))
            for index, unique, origin, partial in db.execute(
                'SELECT name, "unique", origin, partial FROM pragma_index_list(?)', (name,)
            ).fetchall()
        ]
        keys = db.execute(
            'SELECT "table", "from", "to", on_update, on_delete, match '
            "FROM pragma_foreign_key_list(?)",
            (name,),
        ).fetchall()
        (sql,) = db.execute(
            "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)
        ).fetchone()
        kind = db.execute(
            'SELECT wr, strict FROM pragma_table_list(?) WHERE schema = "main"', (name,)
        )
        described.append(
            [
                sorted(columns),
                sorted(indexes),
                sorted(keys, key=repr),
                checks(sql or ""),
                kind.fetchall(),
            ]
        )
    return described


def checks(sql: str) -> list[str]:
    """The CHECK constraints of a table's CREATE TABLE, each as written,
    its spaces aside, sorted: no pragma says them, and a CHECK (0) refuses
    every row (issue 61: such a snapshot passed the schema's check and
    refused every deal after the takeover)."""
    found, at = [], 0
    text = sql.replace("\n", " ")
    while (at := _next_check(text, at)) >= 0:
        start = text.index("(", at)
        end = _closing(text, start)
        found.append("".join(text[start:end].split()).lower())
        at = end
    return sorted(found)


def _next_check(text: str, at: int) -> int:
    """Where the next CHECK keyword after `at` begins, outside quotes; -1."""
    quote = ""
    for i in range(at, len(text)):
        c = text[i]
        if quote:
            quote = "" if c == quote else quote
        elif c in "\"'`[":
            quote = "]" if c == "[" else c
        elif (
            text[i : i + 5].upper() == "CHECK"
            and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_"))
            and text[i + 5 : i + 6].strip() in ("", "(")
        ):
            return i
    return -1


def _closing(text: str, start: int) -> int:
    """Just after the parenthesis that closes the one at `start`."""
    depth, quote = 0, ""
    for i in range(start, len(text)):
        c = text[i]
        if quote:
            quote = "" if c == quote else quote
        elif c in "\"'`[":
            quote = "]" if c == "[" else c
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
    return len(text)


def _indexed(db: sqlite3.Connection, index: str) -> tuple:
    rows = db.execute("SELECT name FROM pragma_index_info(?) ORDER BY seqno", (index,))
    return tuple(column for (column,) in rows)


def app_shape() -> list:
    """The schema the app's models make (what its migrations make too:
    tests/tournaments/infra/test_journal_replay.py), in a database in memory."""
    from django.apps import apps
    from django.db import connections
    from django.db.backends.sqlite3.base import DatabaseWrapper
    from django.db.migrations.recorder import MigrationRecorder

    # SQLite's, whatever the app's database is: a journal is SQLite alone,
    # and the check (`manage.py check`, tests) may run beside PostgreSQL.
    settings = {
        **connections["default"].settings_dict,
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": ":memory:",
        "OPTIONS": {},
    }
    scratch = DatabaseWrapper(settings, alias="app-shape")
    try:
        scratch.ensure_connection()
        with scratch.schema_editor(atomic=False) as editor:
            editor.create_model(MigrationRecorder(scratch).Migration)
            for model in apps.get_models():
                if model._meta.managed and not model._meta.proxy:
                    editor.create_model(model)
        return shape(scratch.connection)
    finally:
        if scratch.connection is not None:  # Django leaves a database in memory open
            scratch.connection.close()


# --- the rights ------------------------------------------------------------

#: auth_user's flags that give a right, and how a sentence names them.
FLAGS = (("is_superuser", "administrateur"), ("is_staff", "accès à l'administration"))


@dataclass
class Rights:
    accounts: dict[int, dict[str, Any]] = field(default_factory=dict)
    owners: dict[tuple[str, int], int] = field(default_factory=dict)
    rows: dict[str, set[tuple]] = field(default_factory=dict)  # co-organizers, approvals


@functools.cache
def _granting() -> tuple[dict[str, tuple[str, str]], list[tuple[str, tuple[str, ...], str]]]:
    """The owner column of each of the app's tables that has one (and what
    its rows are called), and the tables whose rows give a right (their
    columns, the account's last; what a row gives)."""
    from django.apps import apps
    from django.contrib.auth import get_user_model
    from django.core.exceptions import FieldDoesNotExist

    owners = {}
    for model in apps.get_models():
        table = model._meta.db_table
        try:
            owner = model._meta.get_field("owner")
        except FieldDoesNotExist:
            continue
        if tables().get(table) == "write" and owner.related_model is get_user_model():
            owners[table] = (owner.column, str(model._meta.verbose_name))
    tournament = apps.get_model("tournaments", "Tournament")
    through = tournament._meta.get_field("co_organizers").remote_field.through._meta.db_table
    approval = apps.get_model("tournaments", "OrganizerApproval")._meta.db_table
    granting = [
        (through, ("tournament_id", "user_id"), "co-organisateur du concours n°{0}"),
        (approval, ("user_id",), "organisateur approuvé"),
    ]
    return owners, granting


def rights(cursor) -> Rights:
    held = Rights()
    cursor.execute(
        "SELECT id, username, is_superuser, is_staff, is_active, password FROM auth_user"
    )
    for uid, name, superuser, staff, active, password in cursor.fetchall():
        held.accounts[uid] = {
            "username": name,
            "is_superuser": bool(superuser),
            "is_staff": bool(staff),
            "is_active": bool(active),
            "password": password,
        }
    owners, granting = _granting()
    for table, (column, _) in owners.items():
        cursor.execute(f'SELECT id, "{column}" FROM "{table}"')
        held.owners.update(((table, row), owner) for row, owner in cursor.fetchall())
    for table, columns, _ in granting:
        cursor.execute(f'SELECT {", ".join(columns)} FROM "{table}"')
        held.rows[table] = set(cursor.fetchall())
    return held


def take_back(cursor, before: Rights) -> list[str]:
    """The rights held now that `before` (the snapshot) did not, taken
    back; what each was, in words."""
    after, said = rights(cursor), []
    owners, granting = _granting()

    def name(uid: int | None) -> str:
        account = after.accounts.get(uid) or before.accounts.get(uid) or {}
        return f"« {account.get('username', uid)} »"

    for uid, now in after.accounts.items():
        then = before.accounts.get(uid)
        for flag, label in FLAGS:
            if now[flag] and not (then and then[flag]):
                cursor.execute(f'UPDATE auth_user SET "{flag}" = 0 WHERE id = %s', [uid])
                said.append(f"{label} pour {name(uid)}")
        if then and now["is_active"] and not then["is_active"]:
            cursor.execute("UPDATE auth_user SET is_active = 0 WHERE id = %s", [uid])
            said.append(f"compte {name(uid)} réactivé")
        if then and now["password"] != then["password"]:
            old = then["password"]
            cursor.execute("UPDATE auth_user SET password = %s WHERE id = %s", [old, uid])
            said.append(f"nouveau mot de passe de {name(uid)}")
    for (table, row), owner in after.owners.items():
        old = before.owners.get((table, row), owner)
        if old != owner:
            column, label = owners[table]
            cursor.execute(f'UPDATE "{table}" SET "{column}" = %s WHERE id = %s', [old, row])
            said.append(f"{label} n°{row} donné à {name(owner)}")
    tournaments = {row for (table, row) in before.owners if table == "tournaments_tournament"}
    for table, columns, label in granting:
        for values in after.rows[table] - before.rows[table]:
            if columns[0] == "tournament_id" and values[0] not in tournaments:
                continue  # a concours the journal itself made: its own rows
            where = " AND ".join(f'"{column}" = %s' for column in columns)
            cursor.execute(f'DELETE FROM "{table}" WHERE {where}', list(values))
            said.append(f"{label.format(*values)} pour {name(values[-1])}")
    return said
