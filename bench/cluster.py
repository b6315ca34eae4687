"""The hosted benchmark: PostgreSQL, Redis, gunicorn app servers and haproxy
on loopback addresses, the hall's load through haproxy (a benchmark, not a
test).

Starts a throwaway PostgreSQL (re-running itself under bin/with-postgres
when DATABASE_URL is not set) and Redis, loads the demo and the hall's
128-team concours (partie 2 in play, 64 tables), then, with ONE app server
and again with TWO behind the same haproxy (each gunicorn with `--workers`
workers), drives the load of bench/hall.py through haproxy for `--seconds`:
64 tables saving deals through their own links every `--deal-interval`
seconds, `--phones` phones polling the live standings every 10 s. For each
it prints acked and stored deals, p95 save and page, errors and requests per
second. Then `wrk` (Debian package) through haproxy measures a static file
and the phones' 304 poll (htmx fragment, If-None-Match), side by side.

`--redis-down SECONDS` stops Redis (killed, as in a crash) a third into each
load run and starts it again on the same port SECONDS later: the app goes
on without its cache (tournaments/infra/cache.py); the lines then give the
errors and the deals lost (acked but not stored).

Client and server share this machine's 2 cores: two app servers cannot be
faster than one here; the figures show that nothing is lost or slower for
being shared (sessions, throttles, caches, the database).

`--sunday` runs a league's Sunday instead (bench/sunday.py): `--concours`
concours of `--tables` tables at a table's pace, `--phones` phones polling,
readers of the public home and calendar, on two app servers, then the CPU
seconds each part spent (bench/cpu.py). `--variants 2x4,2x2,2x4+ka` runs it
again for each server set-up in turn on the same data (gunicorn workers ×
threads per server; `+ka`: haproxy keeps its connections to them alive;
`+q8`: haproxy gives each server 8 requests at most and queues the rest,
POSTs first):
paired figures from the same minutes. The first run of an invocation is
the cold one (nothing cached yet).

Run: `.venv/bin/python -m bench.cluster [--seconds 60] [--deal-interval 0]`,
or `.venv/bin/python -m bench.cluster --sunday --concours 100 --tables 30 --seconds 300`.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from bench import cpu, hall, servers, sunday

ROOT = Path(__file__).resolve().parent.parent
APP_HOSTS = ["127.0.0.4", "127.0.0.5"]


def app_env(data: Path, redis_url: str, front: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "BELOTE_MODE", "PLAIN_STATIC")}
    env.update(
        BELOTE_DATA_DIR=str(data),
        SECRET_KEY="bench-cluster-" + "x" * 50,
        ALLOWED_HOSTS=",".join(["127.0.0.1", *APP_HOSTS]),
        SECURE_SSL_REDIRECT="0",
        SESSION_COOKIE_SECURE="0",
        CSRF_COOKIE_SECURE="0",
        SECURE_HSTS_SECONDS="0",
        STATIC_ROOT=str(data / "static"),
        REDIS_URL=redis_url,
        TRUSTED_PROXIES="127.0.0.1",
        PUBLIC_URL=front,
    )
    return env


class Redis:
    """The run's Redis, which `outage` kills and brings back at its address."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.process, self.url = servers.start_redis(folder)
        self.port = int(self.url.rsplit(":", 1)[1].split("/")[0])

    def outage(self, after: float, seconds: float) -> None:
        time.sleep(after)
        self.process.kill()
        self.process.wait(timeout=10)
        time.sleep(seconds)
        self.process, _ = servers.start_redis(self.folder, port=self.port)


def run_load(port: int, slug: str, tables, args, redis: Redis) -> tuple[hall.Tally, float]:
    tally = hall.Tally()
    stop = time.monotonic() + args.seconds
    threads = [
        threading.Thread(
            target=hall.table_loop, args=(port, path, code, stop, args.deal_interval, tally)
        )
        for path, code in tables
    ]
    for first in range(0, args.phones, 25):
        count = min(25, args.phones - first)
        threads.append(
            threading.Thread(
                target=hall.phone_loop, args=(port, f"/t/{slug}/classement/", stop, count, tally)
            )
        )
    if args.redis_down:
        threads.append(
            threading.Thread(target=redis.outage, args=(args.seconds / 3, args.redis_down))
        )
    begun = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=args.seconds + 60)
    return tally, time.monotonic() - begun


def wrk(url: str, seconds: int, *headers: str) -> tuple[float, int]:
    command = ["wrk", "-t2", "-c32", f"-d{seconds}s"]
    for header in headers:
        command += ["-H", header]
    out = subprocess.run([*command, url], capture_output=True, text=True, check=True).stdout
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)), int(
        errors.group(1) if errors else 0
    )


def start_apps(data: Path, env: dict, workers: int, threads: int, processes: list) -> list[str]:
    """The app servers (one gunicorn on each of APP_HOSTS), started; returns
    their addresses and adds their processes to `processes`."""
    apps = []
    for host in APP_HOSTS:
        bind = f"{host}:{servers.free_port(host)}"
        log = data / f"app-{host}.log"
        # Threads (gthread): a worker busy with a save still answers the
        # health check, which sync workers would leave waiting until
        # haproxy takes the server out (503 for everybody).
        processes.append(
            servers.start_gunicorn(env, bind, workers=workers, threads=threads, log=log)
        )
        apps.append(bind)
    return apps


def sunday_run(args, variant: str, data: Path, env, port: int, entries, rankings, redis) -> None:
    """One Sunday on app servers started for it: `variant` is
    WORKERSxTHREADS (per server), with `+qN` for haproxy giving each at
    most N requests at once (POSTs first in its queue) and `+ka` for haproxy keeping its
    connections to them alive. Prints its figures and where the CPU went."""
    shape, *options = variant.split("+")
    workers, threads = (int(n) for n in shape.split("x"))
    keep_alive = "ka" in options
    queue = next((int(o[1:]) for o in options if o.startswith("q")), 0)
    processes: list[subprocess.Popen] = []
    try:
        apps = start_apps(data, env, workers, threads, processes)
        proxy = servers.start_haproxy(
            data, f"127.0.0.1:{port}", apps, host="127.0.0.1", keep_alive=keep_alive, queue=queue
        )
        parts = {
            "haproxy": proxy.pid,
            "Redis": redis.process.pid,
            "PostgreSQL": cpu.postmaster(os.environ["DATABASE_URL"]),
        }

        def spent() -> dict[str, float]:
            return cpu.spent(parts) | {
                "app servers": sum(cpu.tree(p.pid) for p in processes),
                "client": time.process_time(),
            }

        try:
            stored_before = hall.stored_deals()
            run = sunday.Sunday(port, entries, rankings, args)
            if args.seated:
                seated = run.seat()
                print(
                    f"  {len(entries)} tables seated (link, code, grid) in {seated:.0f} s, "
                    "before the clock"
                )
            load_before, before = os.getloadavg()[0], spent()
            run.run()
            after, load_after = spent(), os.getloadavg()[0]
            stored = hall.stored_deals() - stored_before
        finally:
            servers.stop(proxy)
    finally:
        for process in reversed(processes):
            servers.stop(process)
    workers = (
        f"gunicorn {workers} workers × {threads} threads each, haproxy "
        + ("keep-alive" if keep_alive else "server-close")
        + (f", {queue} requests a server at most, POSTs first in its queue" if queue else "")
        + f"; load {load_before:.1f} → {load_after:.1f}"
    )
    sunday.report(args, len(entries), run.tally, stored, workers, run.spent)
    sunday.report_cpu(run, {name: after[name] - before[name] for name in after})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--deal-interval", type=float, help="20 s; 180 s with --sunday")
    parser.add_argument("--phones", type=int, help="300; 30 a concours with --sunday")
    parser.add_argument("--sunday", action="store_true", help="a league's Sunday")
    parser.add_argument("--concours", type=int, default=100)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--poll", type=float, default=15)
    parser.add_argument("--readers", type=int, default=100)
    parser.add_argument("--read-interval", type=float, default=30)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument(
        "--queue",
        type=int,
        default=4,
        help="with --sunday: requests a server at most, the rest queued in haproxy, "
        "POSTs first (docs/hosting.md's haproxy excerpt); 0: none",
    )
    parser.add_argument(
        "--variants",
        help="with --sunday: server set-ups run in turn on the same data, "
        "WORKERSxTHREADS[+ka][+qN] comma-separated (+ka: haproxy keep-alive; "
        "+qN: at most N requests a server, POSTs first in haproxy's queue); "
        "default --workers x --threads",
    )
    parser.add_argument(
        "--seated",
        action="store_true",
        help="with --sunday: every table opens its link and types its code before the "
        "clock starts (a partie's start), so the run measures the day's steady pace",
    )
    parser.add_argument("--wrk-seconds", type=int, default=10)
    parser.add_argument(
        "--redis-down", type=float, default=0, help="seconds Redis is stopped in each run"
    )
    args = parser.parse_args()
    if args.deal_interval is None:
        args.deal_interval = 180 if args.sunday else 20
    if args.variants is None:
        args.variants = f"{args.workers}x{args.threads}" + (f"+q{args.queue}" if args.queue else "")
    if args.phones is None:
        args.phones = 30 * args.concours if args.sunday else 300
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        os.execv(
            str(ROOT / "bin/with-postgres"),
            ["bin/with-postgres", sys.executable, "-m", "bench.cluster", *sys.argv[1:]],
        )
    data = Path(tempfile.mkdtemp(prefix="belote-cluster-"))
    redis = Redis(data / "redis")
    redis_url = redis.url
    os.environ["REDIS_URL"] = redis_url
    processes: list[subprocess.Popen] = []
    try:
        built = time.monotonic()
        if args.sunday:
            entries, rankings = sunday.build(data, args.concours, args.tables, args.seed)
        else:
            slug, tables, _ = hall.build(data)
        from django.core.management import call_command

        call_command("demo", verbosity=0)
        port = servers.free_port()
        front = f"127.0.0.1:{port}"
        env = app_env(data, redis_url, f"http://{front}")
        # Static files as in production: collected, hashed, served by WhiteNoise.
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
            cwd=ROOT,
            env=env,
            check=True,
        )
        if args.sunday:
            print(
                f"sunday set-up: built and started in {time.monotonic() - built:.0f} s", flush=True
            )
            for variant in args.variants.split(","):
                sunday_run(args, variant, data, env, port, entries, rankings, redis)
            return 0
        apps = start_apps(data, env, args.workers, args.threads, processes)
        results = []
        for count in (1, 2):
            proxy = servers.start_haproxy(data, front, apps[:count], host="127.0.0.1")
            try:
                stored_before = hall.stored_deals()
                tally, spent = run_load(port, slug, tables, args, redis)
                stored = hall.stored_deals() - stored_before
            finally:
                servers.stop(proxy)
            requests = len(tally.saves) + len(tally.pages)
            results.append((count, tally, stored, spent, requests))
        print(
            f"cluster: PostgreSQL + Redis + haproxy, gunicorn {args.workers} workers × "
            f"{args.threads} threads per server, "
            f"{len(tables)} tables, deal every {args.deal_interval:g} s, {args.phones} phones, "
            f"{args.seconds:g} s"
            + (f", Redis stopped {args.redis_down:g} s in each run" if args.redis_down else "")
        )
        for count, tally, stored, spent, requests in results:
            for error in tally.errors[:3]:
                print("  error:", error)
            print(
                f"  {count} app server{'s' if count > 1 else ''}: {tally.acked} acked, "
                f"{stored} stored, {tally.acked / args.seconds:.1f} saves/s, "
                f"p95 save {hall.p95(tally.saves):.0f} ms, "
                f"p95 page {hall.p95(tally.pages):.0f} ms, "
                f"errors {len(tally.errors)}, lost deals {tally.acked - stored}, "
                f"{requests / spent:.0f} req/s"
            )
        if shutil.which("wrk"):
            proxy = servers.start_haproxy(data, front, apps, host="127.0.0.1")
            try:
                base = f"http://{front}"
                page = urllib.request.urlopen(base + "/").read().decode()
                static = base + re.search(r'href="(/static/[^"]+\.css)"', page).group(1)
                poll = f"{base}/t/{slug}/classement/"
                request = urllib.request.Request(poll, headers={"HX-Request": "true"})
                etag = urllib.request.urlopen(request).headers["ETag"]
                static_rps, static_errors = wrk(static, args.wrk_seconds)
                poll_rps, poll_errors = wrk(
                    poll, args.wrk_seconds, "HX-Request: true", f"If-None-Match: {etag}"
                )
            finally:
                servers.stop(proxy)
            print(
                f"  wrk through haproxy, 2 app servers: static file {static_rps:.0f} req/s, "
                f"polling 304 {poll_rps:.0f} req/s = {poll_rps / static_rps:.0%} of static "
                f"(errors {static_errors + poll_errors})"
            )
        else:
            print("  wrk is missing (apt-get install wrk): no static/304 comparison")
    finally:
        for process in reversed(processes):
            servers.stop(process)
        servers.stop(redis.process)
        shutil.rmtree(data, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
