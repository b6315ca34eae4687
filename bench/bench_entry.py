"""Benchmark of saving one deal (a script, not a test).

Target of the issue: saving one deal takes under 100 ms of server time on
SQLite. It builds the same 256-team × 5-partie concours as bench_pdf (from
``bench.builders``, in a fresh SQLite database in a temporary folder),
reopens partie 5, and times the POST of deal 12 at a table (form check,
engine, rescoring of the table, writes, rendering of the htmx grid) through
Django's test client, in process, so the figure is server time without any
network. The deal is deleted (untimed) between runs.

    .venv/bin/python -m bench.bench_entry [--runs 30] [--teams 256]
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
from bench.targets import verdict

# The target, in milliseconds (a figure, never a failure: bench/targets.py).
TARGET_MS = 100


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--teams", type=int, default=256)
    args = parser.parse_args()
    os.environ["ALLOWED_HOSTS"] = "testserver"
    with tempfile.TemporaryDirectory(prefix="belote-bench-") as folder:
        builders.setup_django(Path(folder))
        from django.contrib.auth import get_user_model
        from django.test import Client
        from django.urls import reverse

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
        form = {"taker": "NS", "trump": "♥", "bid": "90", "coinche": "", "points": "97"}
        timings = []
        for _ in range(args.runs + 1):
            scores.delete_last_deal(table=Table.objects.get(pk=table.pk))
            version = Table.objects.get(pk=table.pk).version
            start = time.perf_counter()
            response = client.post(
                url, {**form, "version": version}, secure=True, headers={"HX-Request": "true"}
            )
            timings.append(time.perf_counter() - start)
            assert response.status_code == 200, response.status_code
            saved = Table.objects.get(pk=table.pk).deals.count() == 12
            assert saved, response.content.decode()[-3000:]  # the refusal, if refused
        timings = timings[1:]  # the first one warms the caches
        median = statistics.median(timings) * 1000
        print(
            f"save deal 12 of a table ({args.teams} teams, partie 5): "
            f"best {min(timings) * 1000:.1f} ms, "
            f"median {median:.1f} ms, worst {max(timings) * 1000:.1f} ms ({args.runs} runs)"
        )
        verdict("save deal (median)", median, TARGET_MS, "ms")
        return 0


if __name__ == "__main__":
    sys.exit(main())
