"""The hall's journal started on a real SQLite database, in a folder of
the test's own (« cle/reprise », hall « h1 »), stopped after it
(test_journal_replay.py, test_journal_handover.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db import connection, connections

from tests.tournaments.infra.sealed import KEY
from tournaments.infra.journal import writer
from tournaments.infra.sqlite_backend.base import write_lock


@pytest.fixture
def journal(transactional_db, tmp_path):
    if connection.vendor != "sqlite":
        pytest.skip("the journal is the hall laptop's, on SQLite")
    name = connection.settings_dict["NAME"]
    started = writer.start(
        folder=tmp_path / "cle" / "reprise",
        database=Path(name),
        hall="h1",
        lock=write_lock(name),
        key=KEY,
    )
    yield started
    writer.stop()
    connections.close_all()
