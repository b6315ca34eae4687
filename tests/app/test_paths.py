"""Where the standalone app keeps its data on each system (hallapp/paths.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hallapp.paths import data_folder

HOME = Path("/home/benevole")


@pytest.mark.parametrize(
    ("system", "environ", "expected"),
    [
        ("Linux", {}, HOME / ".local/share/belote-tournois"),
        ("Linux", {"XDG_DATA_HOME": "/donnees"}, Path("/donnees/belote-tournois")),
        (
            "Windows",
            {"LOCALAPPDATA": "C:/Users/b/AppData/Local"},
            Path("C:/Users/b/AppData/Local/belote-tournois"),
        ),
        ("Darwin", {}, HOME / "Library/Application Support/belote-tournois"),
        ("Darwin", {"BELOTE_DATA_DIR": "/cle-usb/belote"}, Path("/cle-usb/belote")),
    ],
)
def test_the_data_folder_is_in_the_users_own_place(system, environ, expected) -> None:
    assert data_folder(system, environ, HOME) == expected


def test_a_laptop_that_ran_manage_py_hall_keeps_its_folder(tmp_path) -> None:
    older = tmp_path / ".local/share/belote-tournois"
    older.mkdir(parents=True)
    (older / "db.sqlite3").write_bytes(b"")
    assert data_folder("Darwin", {}, tmp_path) == older
    newer = tmp_path / "Library/Application Support/belote-tournois"
    newer.mkdir(parents=True)
    (newer / "db.sqlite3").write_bytes(b"")
    assert data_folder("Darwin", {}, tmp_path) == newer
