"""Benchmark of the public pages (a script, not a test).

Targets of the issue, for 256 teams × 5 parties × 12 donnes: the standings
page renders in under 150 ms of server time; under gunicorn with 2 workers
it sustains at least 30 % of the requests per second the same server
reaches on a static file, measured side by side with wrk on 127.0.0.1.

1. In process (Django's test client, no network): median time of the
   standings page, a team page, « Où je joue ? » and the projector.
2. With --load (needs `wrk`, Debian package): starts gunicorn (2 workers)
   on the same temporary SQLite database, then runs wrk for --seconds on
   the stylesheet, on the standings page, and on the standings page with
   the ETag a polling phone sends back (304), and prints the ratios.
   Loops are bounded by wrk's duration; only 127.0.0.1 is contacted.

    .venv/bin/python -m bench.bench_pages [--runs 20] [--load] [--seconds 10]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from bench import builders, serve

PORT = 8731


def in_process(slug: str, team: int, runs: int) -> None:
    from django.test import Client

    client = Client()
    pages = {
        # warm: the phones asking again between two scores (page cached per revision)
        "standings, warm": f"/t/{slug}/classement/",
        "team page, warm": f"/t/{slug}/equipes/{team}/",
        "où je joue, warm": f"/t/{slug}/ou-je-joue/?q=Bérard",
        "projector, warm": f"/t/{slug}/ecran/",
    }
    from django.core.cache import cache

    from tournaments.views import live

    standings = pages["standings, warm"]
    cold = {
        "standings, cold": standings,
        "standings, 256 rows": standings,
        "team page, cold": pages["team page, warm"],
        "projector, cold": pages["projector, warm"],
    }
    for label, url in {**cold, **pages}.items():
        timings = []
        for _ in range(runs + 1):
            if label.endswith(("cold", "rows")):
                # the first request after a score: nothing cached yet, the
                # ranking kept by the process included (views/live.py)
                cache.clear()
                live._RANKINGS.clear()
            if label.endswith("256 rows"):
                url = standings + "?per_page=256"
            start = time.perf_counter()
            response = client.get(url, secure=True)
            timings.append(time.perf_counter() - start)
            assert response.status_code == 200, (url, response.status_code)
        timings = timings[1:]
        print(
            f"{label:<20} best {min(timings) * 1000:6.1f} ms   "
            f"median {statistics.median(timings) * 1000:6.1f} ms   ({runs} runs)"
        )


def wrk(url: str, seconds: int, header: str | None = None) -> float:
    command = ["wrk", "-t2", "-c16", f"-d{seconds}s", url]
    if header:
        command[1:1] = ["-H", header]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if non_2xx:
        print(f"  warning: {non_2xx.group(1)} error responses for {url}")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))


def under_load(folder: Path, slug: str, seconds: int) -> None:
    env = serve.production_env(dict(os.environ), folder)
    with serve.gunicorn(env, PORT) as base:
        page = f"{base}/t/{slug}/classement/"
        etag = urllib.request.urlopen(page).headers["ETag"]
        css = urllib.request.urlopen(base + "/").read().decode()
        static = base + re.search(r'href="(/static/css/app[^"]*\.css)"', css).group(1)
        static_rps = wrk(static, seconds)
        page_rps = wrk(page, seconds)
        polled_rps = wrk(page, seconds, f"If-None-Match: {etag}")
    print(f"static file          {static_rps:8.0f} req/s")
    for label, rps in (("standings (200)", page_rps), ("standings (304 poll)", polled_rps)):
        print(f"{label:<20} {rps:8.0f} req/s  = {rps / static_rps:5.1%} of static")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--load", action="store_true")
    parser.add_argument("--seconds", type=int, default=10)
    args = parser.parse_args()
    os.environ["ALLOWED_HOSTS"] = "testserver,127.0.0.1"
    os.environ["PLAIN_STATIC"] = "1"  # in process there is no collected manifest
    with tempfile.TemporaryDirectory(prefix="belote-bench-") as name:
        folder = Path(name)
        builders.setup_django(folder)
        from tournaments.models import Tournament

        tournament = builders.finished_concours(teams=256, parties=5, deals=12, seed=1)
        Tournament.objects.filter(pk=tournament.pk).update(published=True)
        print("256 teams × 5 parties × 12 donnes")
        in_process(tournament.slug, 17, args.runs)
        if args.load:
            if not shutil.which("wrk"):
                print("wrk is missing: apt-get install wrk")
                return 1
            under_load(folder, tournament.slug, args.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
