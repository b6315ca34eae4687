"""The two-hall set-up of the takeover's tests (tests/hall/halls.py)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hall.halls import BUILD, ROOT, Halls, environment
from tests.ports import server_port

# The first laptop's concours, built once a process (a migration and a
# partie played: 5 s of CPU each time) and copied into each test's laptop:
# the build writes one SQLite file, in which no path of its folders is kept,
# and nothing on the stick.
_built: list[tuple[Path, str, str]] = []


def _build(tmp_path_factory, env: dict) -> tuple[Path, str, str]:
    if not _built:
        folder = tmp_path_factory.mktemp("laptop-built")
        built = subprocess.run(
            [sys.executable, "-c", BUILD, str(folder)],
            env=env | {"BELOTE_DATA_DIR": str(folder)},
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        path, code = json.loads(built.stdout.strip().splitlines()[-1])
        _built.append((folder, path, code))
    return _built[0]


@pytest.fixture
def hall(tmp_path, tmp_path_factory):
    laptop, stick, port = tmp_path / "portable-1", tmp_path / "cle", server_port()
    stick.mkdir()
    env = environment(laptop, stick / "sauvegardes", port)
    template, path, code = _build(tmp_path_factory, env)
    shutil.copytree(template, laptop)
    halls = Halls(tmp_path, laptop, stick, port, env, path, code)
    yield halls
    for server in halls.servers:
        if server.poll() is None:
            server.kill()
            server.wait(timeout=10)
