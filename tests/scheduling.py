"""The order in which `--dist loadfile` hands test files to the workers:
the longest first (tests/conftest.py's `pytest_xdist_make_scheduler`).

pytest-xdist hands out files by their number of tests, most first, and a
worker holds the file it runs and the next one. Files of one to three tests
that start servers (the attacks, the hall, the hosted cluster, the built
app: 10 to 125 s each) came last: one worker ended the tier alone on them
while the other had nothing left. Given first, they run while the thousands
of quick tests fill the gaps, and the tier ends on files of milliseconds.

A file's cost is what CI measured last (docs/checks.md's slowest files,
written by tools/durations.py from .ci/run's --junitxml); for a file not
there, the seconds typed below, else a guess from where it is and how many
tests it has. A guess only orders the files: every file still runs, each in
one worker."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from xdist.scheduler import LoadFileScheduling

from tools import durations

ROOT = Path(__file__).resolve().parent
#: Seconds a file took in CI (26 November, the SQLite tier), where its number
#: of tests says little of it.
KNOWN = {
    "tests/app/test_built_app.py": 130,  # a PyInstaller build when the app changed
    "tests/test_crawl.py": 80,
    "tests/tournaments/test_migrations.py": 80,
    "tests/tournaments/views/test_hostile_values.py": 60,
    "tests/test_benches.py": 60,
    "tests/checker/test_checker.py": 30,
    "tests/tournaments/test_previous_release_rules.py": 25,
    "tests/test_stuck_tests.py": 20,
    "tests/tournaments/features/test_feature_packages.py": 30,
}
assert all((ROOT.parent / name).is_file() for name in KNOWN), KNOWN
#: Folders whose tests start servers or commands (seconds each), and the
#: seconds of a test elsewhere.
SERVERS = ("tests/attacks/", "tests/hall/", "tests/hosted/", "tests/app/")
SERVER_TEST, SERVER_FILE, TEST = 5.0, 10.0, 0.3


#: What CI measured last (docs/checks.md, tools/durations.py), before any guess.
MEASURED = durations.file_seconds()


def cost(path: str, tests: int) -> float:
    """What CI measured; else a guess, never more than the fiftieth slowest
    file measured (a file not among them was faster than it)."""
    if path in MEASURED:
        return MEASURED[path]
    if path in KNOWN:
        guess = KNOWN[path]
    elif path.startswith(SERVERS):
        guess = SERVER_FILE + SERVER_TEST * tests
    else:
        guess = TEST * tests
    return min(guess, min(MEASURED.values())) if MEASURED else guess


class LongestFirst(LoadFileScheduling):
    """`--dist loadfile`, the files handed out by their guessed cost."""

    _ordered = False

    def _assign_work_unit(self, node) -> None:
        if not self._ordered:
            self._ordered = True
            counts = Counter({scope: len(tests) for scope, tests in self.workqueue.items()})
            order = sorted(self.workqueue, key=lambda scope: -cost(scope, counts[scope]))
            units = {scope: self.workqueue[scope] for scope in order}
            self.workqueue.clear()
            self.workqueue.update(units)
        super()._assign_work_unit(node)
