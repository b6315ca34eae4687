"""`manage.py demo` run once a test run: the first test of the run that
wants the demo runs the command, and the rows it wrote are kept, table by
table, with what it said; the next one, in any worker of the run, gets
those rows written again as they were (keys and dates included, no `save`:
a fraction of a second where the command takes 4 s on SQLite and up to
28 s on a loaded PostgreSQL) and the same output. On the test database,
inside the caller's transaction (rolled back by it).

The rows and the output go to the run's folder (tests/once_a_run.py, one
file for each database engine): the other workers wait for the first and
write them. The demo's backups stay in the data folder the run's
processes share. In a run of one process (`-n 0`), kept in the process.

Checked by hand (27 November, SQLite and PostgreSQL 15): every row of
every table after the command and after the rows written again, 3,156,
the same; then a worker that wrote them again and the one that built
them, 3,355 rows, every column, and the output, the same. Not for a test
about the command itself (what it says when run again, a build failing
halfway): those run it."""

from __future__ import annotations

import pickle
from io import StringIO

from django.apps import apps
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection, transaction

from tests import once_a_run

#: The demo as this process built it first: what it said, and the rows it
#: wrote, model by model.
_built: list[tuple[str, list[tuple[type, list[dict]]]]] = []


#: What the migrations write, in every test database: the only rows the demo
#: may find there (it refers to none of them).
MIGRATED = {"contenttypes.contenttype", "auth.permission"}


def demo() -> str:
    """The demo on the test database, and what the command said. Its rows
    are kept, or written again, only on a database holding nothing but what
    the migrations wrote (no key taken, no row it could refer to missing);
    on any other the command runs."""
    empty = _empty()
    if empty and not _built:
        # The first process of the run builds it; the others take its rows.
        with once_a_run.exclusive(f"demo-{connection.vendor}.pickle") as shared:
            if shared is not None and shared.exists():
                said, labelled = pickle.loads(shared.read_bytes())
                _built.append((said, [(apps.get_model(m), r) for m, r in labelled]))
            else:
                said = _run_the_command(keep=True)
                if shared is not None:
                    labelled = [(m._meta.label, r) for m, r in _built[0][1]]
                    part = shared.with_suffix(".part")
                    part.write_bytes(pickle.dumps((said, labelled)))
                    part.replace(shared)
                return said
    if _built and empty:
        said, rows = _built[0]
        _write(rows)
        return said
    return _run_the_command(keep=False)


def _run_the_command(*, keep: bool) -> str:
    """`manage.py demo`, what it said, and its rows kept when `keep`."""
    before = {
        model: set(model._base_manager.values_list("pk", flat=True))
        for model in apps.get_models(include_auto_created=True)
    }
    out = StringIO()
    call_command("demo", stdout=out)
    if keep:
        _built.append((out.getvalue(), _written_since(before)))
    return out.getvalue()


def _empty() -> bool:
    return not any(
        model._base_manager.exists()
        for model in apps.get_models(include_auto_created=True)
        if model._meta.label_lower not in MIGRATED
    )


def _written_since(before: dict[type, set]) -> list[tuple[type, list[dict]]]:
    """Every row written since `before` (keys by model), as its columns."""
    rows = []
    for model, known in before.items():
        columns = [field.attname for field in model._meta.concrete_fields]
        key = model._meta.pk.attname
        new = [row for row in model._base_manager.values(*columns) if row[key] not in known]
        if new:
            rows.append((model, new))
    return rows


def _write(rows: list[tuple[type, list[dict]]]) -> None:
    """The rows written again as they were, and PostgreSQL's sequences moved
    past them."""
    # One transaction (a journey's database commits each statement): the
    # rows refer to each other whatever the order they come in.
    with transaction.atomic(), connection.cursor() as cursor:
        for model, values in rows:
            fields = model._meta.concrete_fields
            objects = [model(**row) for row in values]
            for start in range(0, len(objects), 100):  # raw: no auto_now field set anew
                model._base_manager._insert(objects[start : start + 100], fields=fields, raw=True)
        for statement in connection.ops.sequence_reset_sql(no_style(), [m for m, _ in rows]):
            cursor.execute(statement)
