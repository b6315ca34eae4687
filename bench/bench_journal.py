"""What the hall's journal costs a save (a script, not a test).

Builds the concours of bench_entry (in a fresh SQLite database in a
temporary folder, its journal in another folder: the « stick »), then saves
deal 12 of a table through Django's test client, in process, alternately
without the journal (no wrapper, nothing appended: the previous release's
path) and with it (statements gathered, appended and fsynced before the
commit), pair by pair so that the machine's drift hits both alike. Prints
each side's median and p95 and the median of the paired differences:

    journal: save p95 <a> ms without, <b> ms with; median <c> / <d> ms; paired +<e> ms

Run: `.venv/bin/python -m bench.bench_journal [--runs 60] [--teams 64]`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench import builders


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def sealed() -> dict:
    """The journal's key when it takes one (issue 61: sealed with the
    organizer's code), so that the same bench runs on the version before."""
    import inspect

    from tournaments.infra.journal import writer

    if "key" not in inspect.signature(writer.Journal).parameters:
        return {}
    from tournaments.infra.journal import sealing

    return {"key": sealing.key("KM7Q-3ZPW-H9TD", "bench")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--teams", type=int, default=64)
    args = parser.parse_args()
    os.environ["ALLOWED_HOSTS"] = "testserver"
    with tempfile.TemporaryDirectory(prefix="belote-bench-") as folder:
        builders.setup_django(Path(folder) / "data")
        from django.contrib.auth import get_user_model
        from django.db import connection
        from django.test import Client
        from django.urls import reverse

        from tournaments.infra.journal import writer
        from tournaments.infra.sqlite_backend.base import write_lock
        from tournaments.models import Round, Table
        from tournaments.services import scores

        tournament = builders.finished_concours(teams=args.teams, parties=5, deals=12, seed=1)
        user = get_user_model().objects.create_superuser("bench", password="x")
        rnd = tournament.rounds.get(number=5)
        Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PLAYING)
        table = rnd.tables.filter(team_b__isnull=False).order_by("number").first()
        url = reverse("tournaments:deal_save", args=[tournament.slug, 5, table.number])
        client = Client()
        client.force_login(user)
        name = connection.settings_dict["NAME"]
        journal = writer.start(
            folder=Path(folder) / "cle" / "reprise",
            database=Path(name),
            hall="bench",
            lock=write_lock(name),
            **sealed(),
        )
        connection.ensure_connection()
        capture = connection.journal_capture

        def journaled(on: bool) -> None:
            writer.ACTIVE = journal if on else None
            wrappers = connection.execute_wrappers
            if on and capture not in wrappers:
                wrappers.append(capture)
            if not on and capture in wrappers:
                wrappers.remove(capture)

        form = {"taker": "NS", "trump": "♥", "bid": "90", "coinche": "", "points": "97"}
        timings: dict[bool, list[float]] = {False: [], True: []}
        for run in range(2 * args.runs + 2):
            on = run % 2 == 1
            journaled(on)
            scores.delete_last_deal(table=Table.objects.get(pk=table.pk))
            version = Table.objects.get(pk=table.pk).version
            start = time.perf_counter()
            response = client.post(
                url, {**form, "version": version}, secure=True, headers={"HX-Request": "true"}
            )
            spent = time.perf_counter() - start
            assert response.status_code == 200, response.status_code
            if run >= 2:  # the first pair warms the caches
                timings[on].append(spent * 1000)
        journaled(True)
        lines = sum(1 for _ in next(journal.folder.glob("*.journal")).open())
        writer.stop()
        off, on = timings[False], timings[True]
        paired = statistics.median(b - a for a, b in zip(off, on, strict=True))
        print(f"{args.runs} pairs, {lines} lines in the journal", file=sys.stderr)
        print(
            f"journal: save p95 {p95(off):.1f} ms without, {p95(on):.1f} ms with; "
            f"median {statistics.median(off):.1f} / {statistics.median(on):.1f} ms; "
            f"paired {paired:+.1f} ms"
        )
        return 0


if __name__ == "__main__":
    sys.exit(main())
