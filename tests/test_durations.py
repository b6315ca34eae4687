"""CI's durations kept in docs/checks.md (tools/durations.py): read from a
real pytest run's JUnit XML, written between the markers (again and again,
one section), and read back as the files' seconds the schedulers use."""

from __future__ import annotations

import subprocess
import sys

from tests import scheduling
from tests.browser import conftest as journeys
from tools import durations

MEASURED = "tests/test_module_size.py"


def test_a_runs_durations_are_written_and_read_back(tmp_path):
    junit = tmp_path / "junit.xml"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-n", "0",
         "-p", "no:cacheprovider", f"--junitxml={junit}", MEASURED],
        cwd=durations.ROOT, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:]
    seconds = durations.read_junit([junit])
    assert {test.split("::")[0] for test in seconds} == {MEASURED}
    assert len(seconds) == 2 and all(s >= 0 for s in seconds.values())

    checks = tmp_path / "checks.md"
    checks.write_text("# Checks\n\nSome text.\n", encoding="utf-8")
    durations.write(seconds, checks)
    durations.write({**seconds, "tests/browser/test_home.py::test_x": 99.0}, checks)
    text = checks.read_text(encoding="utf-8")
    assert text.startswith("# Checks\n\nSome text.\n")
    assert text.count(durations.BEGIN) == 1 and text.count(durations.END) == 1
    found = durations.file_seconds(checks)
    assert found == {
        "tests/browser/test_home.py": 99.0,
        MEASURED: round(sum(seconds.values()), 1),
    }


def test_the_schedulers_read_the_measured_seconds_first(monkeypatch):
    monkeypatch.setattr(scheduling, "MEASURED", {"tests/test_crawl.py": 3.0})
    assert scheduling.cost("tests/test_crawl.py", 10) == 3.0  # measured, not KNOWN's 80
    assert scheduling.cost("tests/tournaments/test_models.py", 5) == 5 * scheduling.TEST
    # Not among the slowest measured: never more than the last of them.
    assert scheduling.cost("tests/tournaments/test_models.py", 100) == 3.0
    assert scheduling.cost("tests/test_benches.py", 10) == 3.0  # KNOWN's 60 s, capped
    monkeypatch.setattr(scheduling, "MEASURED", {})
    assert scheduling.cost("tests/tournaments/test_models.py", 100) == 100 * scheduling.TEST
    measured = {"tests/browser/test_home.py": 5.0, "tests/browser/test_the_day.py": 50.0}
    monkeypatch.setattr(durations, "file_seconds", lambda: measured)
    assert journeys.longest_first() == ("test_the_day.py", "test_home.py")
    monkeypatch.setattr(durations, "file_seconds", dict)
    assert journeys.longest_first() == journeys.LONGEST_FIRST
