"""The hall started on a data folder it cannot write (issue 35, item 9): a
real `manage.py hall` process, which used to stop with a 60-line traceback
from the settings, says one sentence, what is wrong and what to do, in
French (English on a system in English), and exits non-zero.

Root writes a folder whatever its mode, so the folders here refuse root
too, and each is checked unwritable before it is used:
- under a file (`…/a-file/data`): nobody can make a folder there (ENOTDIR);
- a read-only folder: a read-only tmpfs mounted on it (EROFS, root
  included; mounting needs root), else the immutable flag (`chattr +i`,
  root too, on a file system that has it), else, for a user that is not
  root, mode 0500. The test says which one it used when none works."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bench.ports import server_port

ROOT = Path(__file__).resolve().parents[2]
FRENCH = (
    "Le dossier de données {folder} n'est pas accessible en écriture : choisissez un "
    "autre dossier avec BELOTE_DATA_DIR ou rendez-le accessible."
)
ENGLISH = (
    "The data folder {folder} cannot be written: choose another folder with "
    "BELOTE_DATA_DIR or make it writable."
)


def _writable(folder: Path) -> bool:
    try:
        with tempfile.TemporaryFile(dir=folder):
            return True
    except OSError:
        return False


def _run(command: list[str], **kwargs) -> bool:
    return subprocess.run(command, capture_output=True, **kwargs).returncode == 0


@contextmanager
def _read_only(folder: Path) -> Iterator[str]:
    """`folder`, made unwritable for this process (root included): yields
    how. Skips when this machine offers no way."""
    folder.mkdir()
    (folder / "db.sqlite3").write_bytes(b"")  # a data folder used before
    if os.geteuid() != 0:
        folder.chmod(0o500)
        yield "mode 0500"
        folder.chmod(0o700)
        return
    if _run(["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", str(folder)]):
        try:
            yield "a read-only tmpfs"
        finally:
            _run(["umount", "-l", str(folder)])
        return
    if shutil.which("chattr") and _run(["chattr", "+i", str(folder)]):
        try:
            yield "chattr +i"
        finally:
            _run(["chattr", "-i", str(folder)])
        return
    pytest.skip("root here can neither mount a tmpfs nor set chattr +i: no read-only folder")


def _hall(data: Path, language: str) -> subprocess.CompletedProcess:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "REDIS_URL", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")
    }
    env.update(BELOTE_DATA_DIR=str(data), LANG=language)
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "hall", "--host", f"127.0.0.1:{server_port()}"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _says_one_sentence(done: subprocess.CompletedProcess, sentence: str) -> None:
    assert done.returncode != 0
    assert done.stdout == ""
    assert done.stderr.strip() == sentence, done.stderr[-3000:]


@pytest.mark.parametrize(
    ("language", "sentence"), [("fr_FR.UTF-8", FRENCH), ("en_GB.UTF-8", ENGLISH)]
)
def test_a_read_only_folder_is_said_in_one_sentence(tmp_path, language, sentence):
    data = tmp_path / "data"
    with _read_only(data) as how:
        assert not _writable(data), how
        done = _hall(data, language)
    _says_one_sentence(done, sentence.format(folder=data))


def test_a_folder_under_a_file_is_said_in_one_sentence(tmp_path):
    (tmp_path / "a-file").write_text("not a folder")
    data = tmp_path / "a-file" / "data"
    _says_one_sentence(_hall(data, "fr_FR.UTF-8"), FRENCH.format(folder=data))
