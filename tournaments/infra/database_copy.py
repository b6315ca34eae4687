"""A copy of the whole database taken before an update migrates it.

A newer version (a new download of the standalone app, a `git pull` before
`manage.py hall`) started on an older data folder changes its tables. If
that went wrong, or the volunteer wants the older version back, the copy
taken just before is the way home: the SQLite file as it was, written with
SQLite's own online backup (consistent even with the WAL beside it) under
a temporary name, then renamed.

The JSON backups of `services/autosave` cannot stand in for it: they are
written by the new code's models, which do not match the old tables yet.

Must not: migrate, change a row, or copy anything but an SQLite database
(PostgreSQL has its own tools: `pg_dump`, said to the caller).
"""

from __future__ import annotations

import os
import sqlite3
from datetime import datetime
from pathlib import Path

from django.db import connections
from django.db.migrations.executor import MigrationExecutor

PREFIX = "avant-mise-a-jour-"


def migrations_to_apply(using: str = "default") -> tuple[bool, list[str]]:
    """Whether the database already holds applied migrations (an existing
    data folder rather than a new one), and the migrations still to apply."""
    executor = MigrationExecutor(connections[using])
    applied = bool(executor.loader.applied_migrations)
    plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    return applied, [f"{migration.app_label}.{migration.name}" for migration, _ in plan]


def is_sqlite(using: str = "default") -> bool:
    return connections[using].vendor == "sqlite"


def copy_database(folder: Path, using: str = "default") -> Path:
    """Copy the SQLite database into `folder` as `avant-mise-a-jour-<date>.sqlite3`."""
    connection = connections[using]
    connection.ensure_connection()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = folder / f"{PREFIX}{stamp}.sqlite3"
    partial = path.with_suffix(".sqlite3.partial")
    target = sqlite3.connect(partial)
    try:
        connection.connection.backup(target)
    finally:
        target.close()
    os.replace(partial, path)
    return path
