"""The hall's laptop dies in the middle of a partie (a benchmark, not a
test): a second laptop takes over from what survives outside the first —
the journal and its snapshot on the USB stick — and play goes on with
nothing acknowledged lost.

Starts the hall server as `make run` does (`manage.py hall`) on a fresh
data folder with its backups' folder on a « stick » (another folder), with
a concours whose partie 2 is in play on `--tables` tables: all but
`--desk-tables` of them type on their phones (the outbox of bench.outage:
queued, retried harmlessly with the version of the first try), the desk
types the others from the organizer's grid (a deal refused for lack of a
server is typed again, with the version it was first typed on). After
`--before` seconds the server is killed (SIGKILL) and its data folder
deleted: the laptop is gone. A second server is started on a new empty
data folder with `hall --reprendre <stick>`, on the same address (the
phones are pointed at it; a new address is tests/browser/test_hall_moved.py), and
typing goes on `--after` seconds. Prints as its last line:

    failover: acked N, stored M, lost K, serving again after S s

where N counts the saves the servers acknowledged (phones and desk), M the
deals the second server holds for those tables beyond those of the start, K
the acknowledged deals it lacks (per table: acked − stored when positive),
and S the second server's own start: from its command to its first answer
200 to a table's page (targets: K = 0, M ≥ N, S ≤ 30). Stderr also says what the replay found.

With `--standby`, the first server is started with `--secours <the second's
address>` and the second takes over on that other port: the phones and the
desk go on there the way a table's page does (static/js/outbox-queue.js,
`probeDue`, `tookOver`): after SILENCE s without their hall they ask the
standby's ping every PROBE_EVERY s, and move once it says it took over the
first hall (stderr says when, from the second's command). No session
comes with the stick: after the takeover each phone gives its team's code
again when the server asks it (a 403 with the code's form), and the desk
signs in again, as people do.

Run: `.venv/bin/python -m bench.failover [--tables 32] [--before 20] [--standby]`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from bench import hall, outage, ports

PASSWORD = "Bureau-de-la-salle-2026"
LOGIN = "/compte/connexion/"


class Desk(threading.Thread):
    """The volunteer at the desk, typing the deals of a few tables in turn."""

    def __init__(self, port: int, slug: str, tables: list[int], bench: outage.Bench) -> None:
        super().__init__(daemon=True)
        self.port, self.slug, self.tables, self.bench = port, slug, tables, bench
        self.client = hall.Client(port)
        self.acked = dict.fromkeys(tables, 0)
        self.versions: dict[int, str] = {}
        self.refused: list[str] = []

    def url(self, table: int, end: str = "") -> str:
        return f"/organisation/t/{self.slug}/parties/2/tables/{table}/{end}"

    def sign_in(self) -> None:
        _, page = self.client.request("GET", LOGIN)
        token = hall.TOKEN.search(page).group(1)
        form = {"csrfmiddlewaretoken": token, "username": "bureau", "password": PASSWORD}
        self.client.request("POST", LOGIN, form)
        for table in self.tables:
            _, page = self.client.request("GET", self.url(table))
            # Signed in again on the second laptop: a deal not saved yet
            # keeps the version it was first typed on.
            self.versions.setdefault(table, hall.VERSION.search(page).group(1))
            self.token = hall.TOKEN.search(page).group(1)

    def save(self, table: int, typed: int) -> bool | None:
        """One deal: True saved, False refused, None no server."""
        form = {
            **{"taker": "NS", "trump": "♥", "bid": "90", "coinche": ""},
            "points": str(82 + typed % 70),
            "version": self.versions[table],
            "csrfmiddlewaretoken": self.token,
        }
        try:
            response, text = self.client.request(
                "POST", self.url(table, "donne/"), form, **{"HX-Request": "true"}
            )
        except OSError:
            return None
        if response.status in (502, 503, 504):
            return None
        if response.status == 302 and LOGIN in response.headers.get("Location", ""):
            # No session on the stick: the organizer signs in on the second laptop.
            with contextlib.suppress(OSError, AttributeError):
                self.sign_in()
            return None
        found = hall.VERSION.search(text)
        if found:
            self.versions[table] = found.group(1)
        if response.status != 200:
            self.refused.append(f"desk {response.status}")
        return response.status == 200

    def run(self) -> None:
        while True:  # a loaded machine: the server may die before the desk is in
            try:
                self.sign_in()
                break
            except Exception as exc:  # the benchmark reports every failure
                if time.monotonic() > self.bench.give_up:
                    self.refused.append(f"desk start: {exc!r}")
                    return
                self.client = hall.Client(self.port)
                time.sleep(1)
        typed = 0
        while time.monotonic() < self.bench.typing_until:
            table = self.tables[typed % len(self.tables)]
            tries = 0
            while (saved := self.save(table, typed)) is None:
                if time.monotonic() > self.bench.give_up:
                    return
                time.sleep(outage.WAITS[min(tries, 2)])
                tries += 1
            self.acked[table] += bool(saved)
            typed += 1
            time.sleep(self.bench.interval / len(self.tables))


#: The phone's rules for the standby (static/js/outbox-queue.js).
SILENCE, PROBE_EVERY = 20.0, 5.0


def follow_the_standby(clients: list[hall.Client], port: int, replaced: str, since: float) -> float:
    """The clients moved to the standby once its ping says it took over the
    hall `replaced` (asked as a page does, from `since`, the hall's death);
    returns when, in seconds of the monotonic clock."""
    time.sleep(max(0.0, since + SILENCE - time.monotonic()))
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/salle/ping/", timeout=5) as r:
                if json.loads(r.read()).get("replaces") == replaced:
                    break
        except OSError:
            pass
        time.sleep(PROBE_EVERY)
    for client in clients:  # the next try reconnects, at the standby's port
        client.port = port
        client.connection.close()
    return time.monotonic()


def build(data: Path, tables: int) -> tuple[str, list[tuple[str, str]]]:
    slug, paths, _ = hall.build(data, teams=2 * tables)
    from django.contrib.auth import get_user_model

    from tournaments.models import Tournament

    owner = get_user_model().objects.create_user("bureau", password=PASSWORD)
    Tournament.objects.filter(slug=slug).update(owner=owner)
    return slug, paths[:tables]


def stored(database: Path) -> dict[int, int]:
    """Deals per table number of partie 2, read from `database`."""
    from django.db import connections

    connections.close_all()
    connections["default"].settings_dict["NAME"] = str(database)
    from tournaments.models import Table

    return {t.number: t.deals.count() for t in Table.objects.filter(round__number=2)}


def start(
    port: int, data: Path, stick: Path, page: str, *extra: str
) -> tuple[subprocess.Popen, float]:
    """A hall server and the seconds from its command to its first 200 on
    `page` (a table's page): it listens before its journal is started and
    its takeover written, so a connection alone is not « serving »."""
    env = {
        **os.environ,
        "BELOTE_DATA_DIR": str(data),
        "BACKUP_DIR": str(stick),
        "PUBLIC_URL": f"http://127.0.0.1:{port}",
    }
    data.mkdir(parents=True, exist_ok=True)
    log = open(data.parent / f"{data.name}.log", "w")  # noqa: SIM115 - the server's whole life
    began = time.monotonic()
    command = [sys.executable, str(hall.ROOT / "manage.py"), "hall", "--host", f"0.0.0.0:{port}"]
    process = subprocess.Popen(
        [*command, *extra], env=env, cwd=hall.ROOT, stdout=log, stderr=subprocess.STDOUT
    )
    while time.monotonic() < began + 120:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{page}", timeout=2) as answer:
                if answer.status == 200:
                    return process, time.monotonic() - began
        except OSError:  # refused, or an HTTP error (HTTPError is one)
            if process.poll() is not None:
                break
            time.sleep(0.05)
    process.kill()
    process.wait(timeout=30)
    log.close()
    # The folder goes with the run: what the server said is printed here.
    tail = Path(log.name).read_text(errors="replace")[-1500:]
    raise SystemExit(f"the server did not start (exit {process.returncode}): {tail}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=32)
    parser.add_argument("--desk-tables", type=int, default=4)
    parser.add_argument("--interval", type=float, default=3.0, help="seconds between two deals")
    parser.add_argument("--before", type=float, default=20.0)
    parser.add_argument("--after", type=float, default=15.0)
    parser.add_argument("--standby", action="store_true", help="the second at another address")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="belote-failover-") as folder:
        first, second, stick = (
            Path(folder, "portable-1"),
            Path(folder, "portable-2"),
            Path(folder, "cle"),
        )
        slug, tables = build(first, args.tables)
        database = first / "db.sqlite3"
        before = stored(database)
        port = ports.server_port()
        port2 = ports.server_port() if args.standby else port
        standby = ("--secours", f"http://127.0.0.1:{port2}") if args.standby else ()
        page = tables[0][0]
        server, _ = start(port, first, stick, page, *standby)
        first_name = (first / "nom-du-journal").read_text().strip()
        # The organizer's code, noted at the first start: typed at the takeover.
        sealed = first / "code-de-la-cle.txt"
        if sealed.exists():
            os.environ["CODE_DE_LA_CLE"] = sealed.read_text(encoding="ascii").strip()
        bench = outage.Bench(args.interval)
        phoned = tables[: len(tables) - args.desk_tables]
        phones = [outage.Phone(port, path, code, bench) for path, code in phoned]
        desk = Desk(port, slug, list(range(len(phoned) + 1, len(tables) + 1)), bench)
        for client in [*phones, desk]:
            client.start()
        time.sleep(args.before)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)
        died = time.monotonic()
        shutil.rmtree(first)  # the laptop is gone, its disk with it
        acked_at_death = sum(p.acked for p in phones) + sum(desk.acked.values())
        print(f"laptop 1 killed, its data deleted: {acked_at_death} acked", file=sys.stderr)
        moved: list[float] = []
        if args.standby:
            clients = [p.client for p in phones] + [desk.client]
            threading.Thread(
                target=lambda: moved.append(follow_the_standby(clients, port2, first_name, died)),
                daemon=True,
            ).start()
        command_at = time.monotonic()
        server, serving_after = start(port2, second, stick, page, "--reprendre", str(stick))
        bench.typing_until = time.monotonic() + args.after
        bench.give_up = bench.typing_until + 120
        for client in [*phones, desk]:
            client.join(timeout=max(1.0, bench.give_up - time.monotonic()))
        server.terminate()
        server.wait(timeout=30)
        after = stored(second / "db.sqlite3")
        acked_per_table = {n: p.acked for n, p in enumerate(phones, start=1)} | desk.acked
        acked = sum(acked_per_table.values())
        kept = sum(after.get(n, 0) - before.get(n, 0) for n in acked_per_table)
        lost = sum(
            max(0, a - (after.get(n, 0) - before.get(n, 0))) for n, a in acked_per_table.items()
        )
        refusals = [r for p in phones for r in p.refused] + desk.refused
        print(f"desk acked {sum(desk.acked.values())}", file=sys.stderr)
        if args.standby:
            print(
                "phones moved to the standby "
                + (f"{moved[0] - command_at:.1f} s after its command" if moved else "never"),
                file=sys.stderr,
            )
        if refusals:
            print(f"refusals: {sorted(set(refusals))[:5]} ({len(refusals)})", file=sys.stderr)
        print(
            (Path(folder) / "portable-2.log").read_text().split("Reprise", 1)[-1][:200],
            file=sys.stderr,
        )
        print(
            f"failover: acked {acked}, stored {kept}, lost {lost}, "
            f"serving again after {serving_after:.1f} s"
        )


if __name__ == "__main__":
    main()
