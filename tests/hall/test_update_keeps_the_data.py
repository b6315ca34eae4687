"""A newer version started on an older data folder (issue 24: a new download
of the standalone app, a `git pull` before `manage.py hall`) copies the
database first, then migrates: the copy holds the folder as the previous
release left it, the migrated database everything it had."""

from __future__ import annotations

import io
import sqlite3
from contextlib import closing

import pytest
from django.core.management import call_command
from django.db import connection

from tests.tournaments.test_migrations import (
    PREVIOUS_RELEASE,
    _previous_release_data,
    back_to_latest,
    migrate,
)

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "sqlite", reason="the copy is SQLite's file"),
]


def copies(folder) -> list:
    return sorted(folder.glob("avant-mise-a-jour-*.sqlite3"))


def test_the_hall_copies_a_previous_releases_database_before_migrating_it(settings, tmp_path):
    settings.BACKUP_DIR = tmp_path
    apps = migrate(PREVIOUS_RELEASE)
    try:
        _previous_release_data(apps)
        said = io.StringIO()

        call_command("hall", check=True, host="127.0.0.1:8000", stdout=said)

        [copy] = copies(tmp_path)
        assert f"copie de l'ancienne dans {copy}" in said.getvalue()
        with closing(sqlite3.connect(copy)) as old:
            applied = {
                name
                for (name,) in old.execute(
                    "SELECT name FROM django_migrations WHERE app = 'tournaments'"
                )
            }
            names = old.execute("SELECT name FROM tournaments_tournament").fetchall()
        assert PREVIOUS_RELEASE[0][1] in applied
        assert not any(name > PREVIOUS_RELEASE[0][1] for name in applied if name[:4].isdigit())
        assert names == [("Concours de la Saint-Martin",)]

        from tournaments.infra.database_copy import migrations_to_apply
        from tournaments.models import Tournament

        assert migrations_to_apply() == (True, [])
        assert Tournament.objects.get().name == "Concours de la Saint-Martin"

        # Started again on the same folder, nothing to update: no new copy.
        call_command("hall", check=True, host="127.0.0.1:8000", stdout=io.StringIO())
        assert copies(tmp_path) == [copy]
    finally:
        back_to_latest()
