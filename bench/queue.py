"""Benchmark of the task queue shared by every account (issue 51; a script,
not a test): how long another account's small concours file waits behind
one organizer's large ones.

One gunicorn with 2 workers (as hosted) on a fresh SQLite file and the
task worker beside it. An organizer sends `--files` large hall files
(bench/hostile.py: 20 parties of `--teams` teams, 12 deals a table, about
6.7 MB each for 250 teams), each answered at once with its « being
processed » page; right after, a second organizer sends a small one (8
teams, 2 parties). Printed: the seconds until the small file's outcome
shows, and until the last large one's.

Figures are printed, never asserted. Client and server share the
machine's 2 cores, so compare runs of one session.

    .venv/bin/python -m bench.queue [--files 5] [--teams 250]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

from bench import hostile
from bench.uploads import BUILD, login, outcome, upload
from tests.attacks import server as real


def _hall_file(client, concours, hall: int, raw: bytes):
    slug, _day, halls = concours
    form = f"/organisation/t/{slug}/salles/"
    path = f"{form}{halls[hall]}/fichier/"
    return upload(client, path, form, f"hall{halls[hall]}-file", "salle.json.gz", raw)


def _dated(doc: dict, day: str) -> bytes:
    doc["concours"]["date"] = day
    return hostile.gzipped(doc)


def run(folder: Path, files: int, teams: int) -> int:
    from checker.generate import hall_files
    from tests.factories import PASSWORD

    server = real.start(folder / "app", workers=2, demo=False, tasks=True)
    try:
        concours = server.python(f"PASSWORD = {PASSWORD!r}\n" + BUILD)
        large = hostile.concours_file(parties=20, teams=teams, deals=12)
        size = len(json.dumps(large)) / 1e6
        first, other = login(server.base, "orga"), login(server.base, "orga2")
        begun = time.perf_counter()
        raw = _dated(large, concours[0][1])
        sent = [_hall_file(first, concours[0], 0, raw) for _ in range(files)]
        small = hall_files(halls=1, teams=8, parties=2, seed=4, deals=2)[0]
        mine = _hall_file(other, concours[1], 1, _dated(small, concours[1][1]))
        waited, said = outcome(other, mine[0], mine[2], mine[3])
        for status, _seconds, page, location in sent:
            outcome(first, status, page, location)
        last = time.perf_counter() - begun
        print(
            f"queue: another account's small file behind {files} files of {size:.1f} MB: "
            f"{waited:.1f} s until its outcome ({said}); "
            f"the {files} large ones done after {last:.1f} s"
        )
    finally:
        server.stop()
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--files", type=int, default=5)
    parser.add_argument("--teams", type=int, default=250)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        # This process reads the test builders (the generator, the
        # factories' password): Django on a data folder it never writes to.
        os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
        os.environ["BELOTE_DATA_DIR"] = str(Path(folder) / "client")
        import django

        django.setup()
        return run(Path(folder), args.files, args.teams)


if __name__ == "__main__":
    raise SystemExit(main())
