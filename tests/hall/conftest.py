"""The two-hall set-up of the takeover's tests (tests/hall/halls.py)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench.ports import server_port
from tests import migrated, once_a_run
from tests.hall.halls import BUILD, ROOT, Halls, environment
from tests.hall.sticks import write_stick


@pytest.fixture(scope="session")
def built_laptop(tmp_path_factory) -> tuple[Path, str, str]:
    """The first laptop's concours (a migration and a partie played: 5 s of
    CPU), built once a run (tests/once_a_run.py: the first worker that wants
    it builds it, the others take it) and copied into each test's laptop:
    the build writes one SQLite file, in which no path of its folders is
    kept, and nothing on the stick. Its folder, and its first table's path
    and code."""
    with once_a_run.exclusive("laptop-built") as shared:
        said = shared.with_name("laptop-built.json") if shared else None
        if shared is not None and shared.exists():  # another worker built it
            path, code = json.loads(said.read_text())
            return shared, path, code
        folder, stick = tmp_path_factory.mktemp("laptop-built"), tmp_path_factory.mktemp("stick")
        built = subprocess.run(
            [sys.executable, "-c", BUILD, str(folder)],
            env=environment(folder, stick / "sauvegardes", server_port()) | migrated.environment(),
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        path, code = json.loads(built.stdout.strip().splitlines()[-1])
        assert not any(stick.iterdir()), "the build wrote on the stick: copy it too"
        if shared is not None:
            said.write_text(json.dumps([path, code]))
            part = shared.with_name("laptop-built.part")
            shutil.rmtree(part, ignore_errors=True)  # left by a worker that died copying
            shutil.copytree(folder, part)
            part.rename(shared)
        return folder, path, code


@pytest.fixture
def hall(tmp_path, built_laptop):
    laptop, stick, port = tmp_path / "portable-1", tmp_path / "cle", server_port()
    stick.mkdir()
    env = environment(laptop, stick / "sauvegardes", port)
    template, path, code = built_laptop
    shutil.copytree(template, laptop)
    halls = Halls(tmp_path, laptop, stick, port, env, path, code)
    yield halls
    for server in halls.servers:
        if server.poll() is None:
            server.kill()
            server.wait(timeout=10)


@pytest.fixture(scope="module")
def stick(tmp_path_factory, built_laptop):
    """The first laptop's stick, written by the real server (tests/hall/sticks.py)."""
    return write_stick(tmp_path_factory, built_laptop)
