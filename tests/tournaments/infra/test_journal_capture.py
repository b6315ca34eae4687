"""What the journal keeps of a transaction (infra/journal/capture.py and
codec.py), without a database: the writes that succeeded, less those of a
savepoint rolled back; the parameters stored by SQLite exactly as they
would have been."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing, suppress
from datetime import date, datetime
from decimal import Decimal

import django.db.backends.sqlite3.base  # noqa: F401 - Django's SQLite adapters
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.infra.journal import codec
from tournaments.infra.journal.capture import Capture, first_word


class FakeConnection:
    in_atomic_block = True

    def get_autocommit(self) -> bool:
        return False


def run(statements: list[str]) -> list[str]:
    """The SQL kept of a transaction that ran `statements` (a statement
    ending in « ! » failed)."""
    capture = Capture(ready=lambda empty: None, on_autocommit=lambda run, s: run())

    def execute(sql, params, many, context):
        if sql.endswith("!"):
            raise sqlite3.IntegrityError("failed")

    for sql in statements:
        with suppress(sqlite3.IntegrityError):
            capture(execute, sql, [], False, {"connection": FakeConnection()})
    return [statement[0] for statement in capture.take()]


@pytest.mark.parametrize(
    ("statements", "kept"),
    [
        (
            ["SELECT 1", 'INSERT INTO "tournaments_team" VALUES (1)'],
            ['INSERT INTO "tournaments_team" VALUES (1)'],
        ),
        (
            ["UPDATE tournaments_team SET a=1", "UPDATE tournaments_team SET a=2!"],
            ["UPDATE tournaments_team SET a=1"],
        ),
        (
            ["INSERT a", 'SAVEPOINT "s1"', "INSERT b", 'ROLLBACK TO SAVEPOINT "s1"', "INSERT c"],
            ["INSERT a", "INSERT c"],
        ),
        (
            ['SAVEPOINT "s1"', "INSERT b", 'RELEASE SAVEPOINT "s1"', "INSERT c"],
            ["INSERT b", "INSERT c"],
        ),
        (
            # nested: the inner rolled back, the outer released
            [
                'SAVEPOINT "s1"',
                "INSERT a",
                'SAVEPOINT "s2"',
                "INSERT b",
                'ROLLBACK TO SAVEPOINT "s2"',
                'RELEASE SAVEPOINT "s2"',
                'RELEASE SAVEPOINT "s1"',
            ],
            ["INSERT a"],
        ),
        (
            # the outer rolled back takes the inner's writes, released before, with it
            [
                'SAVEPOINT "s1"',
                "INSERT a",
                'SAVEPOINT "s2"',
                "INSERT b",
                'RELEASE SAVEPOINT "s2"',
                'ROLLBACK TO SAVEPOINT "s1"',
                "INSERT c",
            ],
            ["INSERT c"],
        ),
        (
            ["  (SELECT 1)", "PRAGMA foreign_keys", "DELETE FROM tournaments_team"],
            ["DELETE FROM tournaments_team"],
        ),
        (
            # what never leaves the laptop; an account's rights only taken away
            [
                'INSERT INTO "django_session" VALUES (%s)',
                'UPDATE "tournaments_deal" SET "points_a" = 1',
                'DELETE FROM "django_session" WHERE 1',
                'INSERT INTO "auth_user_groups" VALUES (1, 1, 1)',
                'DELETE FROM "auth_user_groups" WHERE "user_id" = 1',
                'UPDATE "tournaments_publicationtarget" SET "key" = %s',
                'INSERT INTO "django_tasks_database_dbtaskresult" VALUES (1)',
            ],
            [
                'UPDATE "tournaments_deal" SET "points_a" = 1',
                'DELETE FROM "auth_user_groups" WHERE "user_id" = 1',
            ],
        ),
    ],
    ids=[
        "reads",
        "failed",
        "rolled-back",
        "released",
        "nested",
        "outer-rolled-back",
        "spaces",
        "not-carried",
    ],
)
def test_the_journal_keeps_what_the_transaction_really_writes(statements, kept):
    assert run(statements) == kept


def test_a_write_outside_a_transaction_goes_to_the_journal_at_once():
    class Autocommit:
        in_atomic_block = False

        def get_autocommit(self) -> bool:
            return True

    handed = []
    capture = Capture(ready=lambda empty: None, on_autocommit=lambda run, s: handed.append(s))
    capture(
        lambda *a: None,
        "UPDATE tournaments_team SET a=%s",
        [1],
        False,
        {"connection": Autocommit()},
    )
    assert handed == [[["UPDATE tournaments_team SET a=%s", [1], False]]] and capture.take() == []


@pytest.mark.parametrize(
    ("sql", "word"), [("  insert into", "INSERT"), ("(SELECT", "SELECT"), ("", "")]
)
def test_first_word(sql, word):
    assert first_word(sql) == word


values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=False),
    st.text(),
    st.binary(),
    st.decimals(allow_nan=False, allow_infinity=False),
    st.datetimes(),
    st.dates(),
)


# No deadline: a figure of speed is never asserted here (a loaded machine
# once took over 200 ms on a first example).
@settings(deadline=None)
@given(st.lists(values, max_size=6))
def test_a_parameter_read_back_from_the_journal_is_stored_as_the_original(params):
    line = json.dumps(codec.encode_statement("INSERT", params, False))
    _, decoded, _ = codec.decode_statement(json.loads(line))
    with closing(sqlite3.connect(":memory:")) as database:
        stored = [
            database.execute("SELECT quote(?)", (value,)).fetchone()[0]
            for value in (*params, *decoded)
        ]
    assert stored[: len(params)] == stored[len(params) :]


@pytest.mark.parametrize(
    "entry",
    [
        "not a list",
        ["INSERT", [{"x": 1}], False],
        ["INSERT", [{"b": "%%%"}], False],
        ["INSERT", {"k": 3}, False],
        ["INSERT", "x", True],
    ],
)
def test_a_tampered_statement_is_refused(entry):
    with pytest.raises(ValueError):
        codec.decode_statement(entry)


def test_a_type_sqlite_cannot_store_is_refused_before_the_write():
    with pytest.raises(TypeError):
        codec.encode_params([object()])
    assert codec.encode_params([Decimal("1.50"), date(2026, 12, 5)]) == ["1.50", "2026-12-05"]
    assert codec.encode_params([datetime(2026, 12, 5, 14, 30)]) == ["2026-12-05 14:30:00"]
