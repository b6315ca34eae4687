"""The hall benchmark: one laptop, 64 tables saving deals from their phones,
hundreds of phones polling the live standings (a benchmark, not a test).

Starts the server exactly as `make run` does (`manage.py hall`) on a fresh
data folder — on PostgreSQL when DATABASE_URL is set (`bin/with-postgres`) —
builds a 128-team concours with partie 2 in play (64 tables), then for
`--seconds` drives, through each table's own link, 64 tables each saving a
deal every `--deal-interval` seconds (0: as fast as it answers), and
`--phones` phones asking for the live standings every 10 s as the page does
(htmx fragment, If-None-Match). It counts the deals acknowledged and the
deals stored, and prints as its last line:

    hall: <acked> acked, <stored> stored, p95 save <ms> ms, p95 page <ms> ms, errors <n>

`--server runserver` measures Django's development server instead (what
`make run` served before), for comparison. Client and server share this
machine's cores: compare figures of one run, not across machines.

Run: `.venv/bin/python -m bench.hall [--seconds 60] [--deal-interval 20]`.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

from bench import ports

ROOT = Path(__file__).resolve().parent.parent
DEAL = {"taker": "n", "trump": "c", "bid": "90", "points": "97"}


def build(data: Path, teams: int = 128) -> tuple[str, list[tuple[str, str]], int]:
    """The concours: partie 1 played and closed, partie 2 drawn by ranking
    and played to a target no table reaches in a benchmark. Returns the
    slug, each table's (entry path, code) and the deals stored so far."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["BELOTE_DATA_DIR"] = str(data)
    import django
    from django.core.management import call_command

    from bench.builders import from_migrated, make_teams, new_concours, played_partie

    from_migrated(data)
    django.setup()
    call_command("migrate", verbosity=0)
    from tournaments.infra import links
    from tournaments.models import Deal, Tournament
    from tournaments.services import release, rounds

    rng = random.Random(7)
    tournament = new_concours(
        name="Concours de la salle des fêtes",
        parties=3,
        end_deals=12,
        published=True,
    )
    rows = make_teams(tournament, teams, rng)
    played_partie(tournament, 1, rows, 12, rng)
    tournament.end_mode, tournament.end_target = Tournament.EndMode.TARGET, 1_000_000
    tournament.save(update_fields=["end_mode", "end_target"])
    # Announced, as the organizer does once the sheets are laid out: a
    # draft takes no score.
    rnd = release.release_round(round=rounds.draw_round(tournament=tournament, method="ranking"))
    tables = [
        (links.entry_path(t), t.code_a)
        for t in rnd.tables.filter(team_b__isnull=False).order_by("number")
    ]
    return tournament.slug, tables, Deal.objects.count()


def stored_deals() -> int:
    from django.db import connections

    from tournaments.models import Deal

    connections.close_all()
    return Deal.objects.count()


def start(server: str, port: int, data: Path) -> subprocess.Popen | None:
    """The server on `port`, answering; None when another process took the
    port between `free_port` and the server's bind (the caller tries another)."""
    env = {**os.environ, "BELOTE_DATA_DIR": str(data), "PUBLIC_URL": f"http://127.0.0.1:{port}"}
    manage = [sys.executable, str(ROOT / "manage.py")]
    if server == "runserver":
        env["DEBUG"] = "1"
        command = [*manage, "runserver", f"127.0.0.1:{port}", "--noreload"]
    else:
        command = [*manage, "hall", "--host", f"0.0.0.0:{port}"]
    log = open(data / "server.log", "w")  # noqa: SIM115 - the server's whole life
    process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:  # it stopped: the port taken, or a failure
            if "already in use" in (data / "server.log").read_text():
                return None
            break
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                if process.poll() is None:  # ours answering, not whoever took the port
                    return process
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not start: " + (data / "server.log").read_text()[-800:])


class Client:
    """One keep-alive connection with its cookies, like one phone."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method: str, path: str, body: dict | None = None, **headers: str):
        headers = {**headers}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = None
        if body is not None:
            data = urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Referer"] = f"http://127.0.0.1:{self.port}{path}"
        for attempt in range(2):
            try:
                self.connection.request(method, path, body=data, headers=headers)
                response = self.connection.getresponse()
                text = response.read().decode("utf-8", "replace")
                break
            except (http.client.HTTPException, OSError):
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt:
                    raise
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response, text


VERSION = re.compile(r'name="version" value="(\d+)"')
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class Tally:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.saves: list[float] = []
        self.pages: list[float] = []
        self.acked = 0
        self.errors: list[str] = []

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)


def table_loop(port: int, path: str, code: str, stop: float, interval: float, tally: Tally):
    client = Client(port)
    try:
        _, page = client.request("GET", path)
        token = TOKEN.search(page).group(1)
        client.request("POST", path + "code/", {"csrfmiddlewaretoken": token, "code": code})
        _, page = client.request("GET", path)
        version = VERSION.search(page).group(1)
    except Exception as exc:  # the benchmark reports every failure
        tally.error(f"table start: {exc!r}")
        return
    rng = random.Random(path)
    next_at = time.monotonic() + rng.uniform(0, interval)
    while True:
        if interval:
            time.sleep(max(0.0, min(next_at, stop) - time.monotonic()))
        if time.monotonic() >= stop:
            return
        form = {**DEAL, "version": version, "csrfmiddlewaretoken": token}
        begun = time.monotonic()
        try:
            response, text = client.request("POST", path + "donne/", form, **{"HX-Request": "true"})
        except Exception as exc:  # the benchmark reports every failure
            tally.error(f"save: {exc!r}")
            return
        spent = time.monotonic() - begun
        found = VERSION.search(text)
        if response.status == 200 and response.headers.get("HX-Trigger") == "dealSaved" and found:
            with tally.lock:
                tally.acked += 1
                tally.saves.append(spent)
            version = found.group(1)
        else:
            tally.error(f"save answered {response.status}")
            return
        next_at += interval


def phone_loop(port: int, path: str, stop: float, count: int, tally: Tally) -> None:
    """`count` phones, each asking every 10 s, served by one thread."""
    clients = [Client(port) for _ in range(count)]
    etags: list[str | None] = [None] * count
    offsets = [random.uniform(0, 10) for _ in range(count)]
    start = time.monotonic()
    due = sorted((start + offsets[i], i) for i in range(count))
    while due:
        at, i = due.pop(0)
        time.sleep(max(0.0, at - time.monotonic()))
        if time.monotonic() >= stop:
            return
        headers = {"HX-Request": "true"}
        if etags[i]:
            headers["If-None-Match"] = etags[i]
        begun = time.monotonic()
        try:
            response, _ = clients[i].request("GET", path, **headers)
        except Exception as exc:  # the benchmark reports every failure
            tally.error(f"page: {exc!r}")
            continue
        with tally.lock:
            tally.pages.append(time.monotonic() - begun)
        if response.status not in (200, 304):
            tally.error(f"page answered {response.status}")
        etags[i] = response.headers.get("ETag") or etags[i]
        due.append((at + 10, i))
        due.sort()


def p95(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--deal-interval", type=float, default=20)
    parser.add_argument("--phones", type=int, default=300)
    parser.add_argument("--server", choices=["hall", "runserver"], default="hall")
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="belote-hall-"))
    slug, tables, before = build(data)
    for _ in range(5):  # a port probed free may be taken before the server binds it
        port = ports.server_port()
        server = start(args.server, port, data)
        if server is not None:
            break
    else:
        raise SystemExit("the server found no free port in 5 tries")
    tally = Tally()
    try:
        stop = time.monotonic() + args.seconds
        threads = [
            threading.Thread(
                target=table_loop, args=(port, path, code, stop, args.deal_interval, tally)
            )
            for path, code in tables
        ]
        per_thread = 25
        for first in range(0, args.phones, per_thread):
            count = min(per_thread, args.phones - first)
            threads.append(
                threading.Thread(
                    target=phone_loop, args=(port, f"/t/{slug}/classement/", stop, count, tally)
                )
            )
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=args.seconds + 60)
    finally:
        server.terminate()
        server.wait(timeout=20)
    stored = stored_deals() - before
    rate = tally.acked / args.seconds
    print(
        f"server {args.server}, {len(tables)} tables, deal every {args.deal_interval:g} s, "
        f"{args.phones} phones, {args.seconds:g} s: {rate:.1f} saves/s, "
        f"{len(tally.pages)} page answers ({len(tally.pages) / args.seconds:.1f}/s)"
    )
    for error in tally.errors[:5]:
        print("  error:", error)
    print(
        f"hall: {tally.acked} acked, {stored} stored, p95 save {p95(tally.saves):.0f} ms, "
        f"p95 page {p95(tally.pages):.0f} ms, errors {len(tally.errors)}"
    )


if __name__ == "__main__":
    main()
