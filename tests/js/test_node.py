"""The scripts' rules tested without a browser (issue 36): `node --test
tests/js/` runs this folder's JavaScript tests (node:test, built into Node:
no npm package) with Debian's Node, once on the sources of static/js/ and
once on the lean copies a phone receives (the staticfiles finders':
tournaments/infra/lean_static.py), so that the copy served is the code tested.

Run from pytest so that the README's one test command (`make test`, which
CI's SQLite tier runs) covers them, with one report; `make test-js` runs
them alone. Skipped when Node is missing, except in CI (CI=true), where that
is a failure: bin/system-packages installs Debian's nodejs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

FOLDER = Path(__file__).resolve().parent
NODE = shutil.which("node") or shutil.which("nodejs")
#: The modules the tests load, and the variable naming another copy to load.
MODULES = {
    "OUTBOX_QUEUE_JS": "js/outbox-queue.js",
    "HALL_PROOF_JS": "js/hall-proof.js",
    "MARQUE_JS": "js/marque.js",
}


def _node() -> str:
    if NODE is None:
        message = "Node.js runs tests/js/ (Debian's nodejs: bin/system-packages)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return NODE


@pytest.mark.parametrize("copy", ["source", "served"])
def test_the_scripts_rules_pass_in_node(copy: str) -> None:
    node = _node()
    env = {key: value for key, value in os.environ.items() if key not in MODULES}
    if copy == "served":
        for variable, name in MODULES.items():
            found = finders.find(name)
            assert found, name
            env[variable] = found
    done = subprocess.run(
        [node, "--test", str(FOLDER)],
        capture_output=True,
        text=True,
        env=env,
        cwd=FOLDER,
        timeout=300,
        check=False,
    )
    report = done.stdout + done.stderr
    assert done.returncode == 0, report[-8000:]
    assert "# fail 0" in done.stdout, report[-8000:]
    assert "# pass 0" not in done.stdout, report[-8000:]
