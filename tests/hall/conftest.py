"""The two-hall set-up of the takeover's tests (tests/hall/halls.py)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.hall.halls import BUILD, ROOT, Halls, environment
from tests.ports import server_port


@pytest.fixture
def hall(tmp_path):
    laptop, stick, port = tmp_path / "portable-1", tmp_path / "cle", server_port()
    laptop.mkdir()
    stick.mkdir()
    env = environment(laptop, stick / "sauvegardes", port)
    built = subprocess.run(
        [sys.executable, "-c", BUILD, str(laptop)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    path, code = json.loads(built.stdout.strip().splitlines()[-1])
    halls = Halls(tmp_path, laptop, stick, port, env, path, code)
    yield halls
    for server in halls.servers:
        if server.poll() is None:
            server.kill()
            server.wait(timeout=10)
