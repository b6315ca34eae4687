"""A test stuck for good (a query that never ends) stops its own process
after STUCK_AFTER_S (tests/conftest.py) with every thread's stack printed,
alone or in a worker of pytest-xdist (which then reports it failed and goes
on): CI ends with a message, not at its 90 minutes' limit."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROBE = "tests/stuck_probe.py"


@pytest.mark.parametrize("workers", [[], ["-n", "1"]], ids=["alone", "xdist"])
def test_a_stuck_test_is_stopped_with_its_stack_printed(workers):
    env = {**os.environ, "TEST_STUCK_AFTER_S": "3"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *workers, PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=90,
    )
    output = done.stdout + done.stderr
    assert done.returncode != 0, output
    assert "Timeout (0:00:03)!" in output, output
    assert 'stuck_probe.py", line 8 in test_a_query_that_never_ends' in output, output
    if workers:
        assert f"crashed while running '{PROBE}::test_a_query_that_never_ends'" in output
