"""A data folder left open by an older version is tightened: 0700 folders,
0600 files (tournaments/infra/files.py)."""

from __future__ import annotations

import os
import stat

import pytest

from tournaments.infra.files import keep_private


@pytest.mark.skipif(os.name != "posix", reason="modes are POSIX; Windows keeps the profile private")
def test_an_older_open_folder_is_tightened_and_new_files_are_private(tmp_path):
    data = tmp_path / "donnees"
    (data / "sauvegardes").mkdir(parents=True)
    data.chmod(0o755)
    (data / "sauvegardes").chmod(0o755)
    for path in (data / "db.sqlite3", data / "secret-key", data / "sauvegardes" / "t.json"):
        path.write_text("x")
        path.chmod(0o644)
    mask = os.umask(0o022)
    try:
        keep_private(data)
        (data / "nouveau.json").write_text("x")
        modes = {
            p.relative_to(data).as_posix(): stat.S_IMODE(p.stat().st_mode)
            for p in [data, *data.rglob("*")]
        }
    finally:
        os.umask(mask)
    assert modes == {
        ".": 0o700,
        "sauvegardes": 0o700,
        "db.sqlite3": 0o600,
        "secret-key": 0o600,
        "sauvegardes/t.json": 0o600,
        "nouveau.json": 0o600,
    }
