"""The hall's server stopped in the middle of a partie (a benchmark, not a
test): 40 tables keep typing deals on their phones while the laptop is
off, and every deal typed is stored once when it comes back.

Starts the hall server as `make run` does (`manage.py hall`) on a fresh
data folder, with a concours of 80 teams whose partie 2 is in play (40
tables). Each table is a client that queues what it types as the phone's
outbox does (static/js/outbox.js): one deal typed every `--interval`
seconds into a queue, sent in order; a deal keeps the table version of its
first try, so that a retry of a post the server recorded before its answer
was lost records nothing; several deals waiting go in one request (the
phone's batch, views/table_side_batch.py); while the server does not
answer it waits 1, 2, then 3 s between tries, each cut by up to half at
random (static/js/outbox-queue.js's PAUSES). After `--before` seconds the server is stopped
(SIGTERM, as the laptop's window closing does; `--kill` for SIGKILL) for
`--outage` seconds, then started again on the same data; typing goes on
`--after` seconds after the restart, then each table sends what it keeps.
Prints as its last line:

    outage: <typed> typed, <stored> stored, <duplicates> duplicates, <lost> lost, back in <s> s

where « back in » is the time from the server's return to the moment the
last deal waiting in a queue during the outage was stored (target: stored =
typed, 0 duplicates, 0 lost, back in ≤ 10 s).

Run: `.venv/bin/python -m bench.outage [--outage 60] [--interval 3]`.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

from bench import hall, ports

# Between two tries while the server does not answer, as the phone waits
# (static/js/outbox-queue.js, PAUSES): each cut by up to half at random.
WAITS = (1.0, 2.0, 3.0)


class Phone(threading.Thread):
    """One table's phone: types on, sends in order, retries harmlessly."""

    def __init__(self, port: int, path: str, code: str, bench: Bench) -> None:
        super().__init__(daemon=True)
        self.port, self.path, self.code, self.bench = port, path, code, bench
        self.queue: list[dict] = []
        self.typed = 0
        self.acked = 0
        self.refused: list[str] = []
        self.version = ""
        self.token = ""
        self.client = hall.Client(port)
        # What it had typed when the server came back, and when all of it
        # was stored (the figure « back in »).
        self.goal: int | None = None
        self.outage_drained_at = 0.0
        # When it first had an answer after the return (where the time goes).
        self.first_answer_at = 0.0

    def start_entry(self) -> None:
        _, page = self.client.request("GET", self.path)
        self.token = hall.TOKEN.search(page).group(1)
        self.client.request(
            "POST", self.path + "code/", {"csrfmiddlewaretoken": self.token, "code": self.code}
        )
        _, page = self.client.request("GET", self.path)
        self.version = hall.VERSION.search(page).group(1)

    def type_one(self) -> None:
        # A different deal each time, so that two deals are never one post.
        points = str(82 + self.typed % 70)
        self.queue.append({**hall.DEAL, "points": points, "version": None})
        self.typed += 1

    def send_batch(self) -> bool | None:
        """Several deals waiting: sent in one request as the phone does (each
        version the one after the deal before it, kept from the first try).
        None when the server did not answer."""
        batch = self.queue[:10]
        version = None
        for deal in batch:
            if deal["version"] is None:
                deal["version"] = self.version if version is None else str(int(version) + 1)
            version = deal["version"]
        entries = [
            {
                "fields": [[k, v] for k, v in deal.items() if k != "version"],
                "version": int(deal["version"]),
            }
            for deal in batch
        ]
        form = {"entries": json.dumps(entries), "csrfmiddlewaretoken": self.token}
        try:
            response, text = self.client.request("POST", self.path + "donnes/", form)
        except OSError:
            return None
        if response.status in (502, 503, 504):
            return None
        self.note_answer()
        if response.status != 200:
            return True  # sent one by one below
        answer = json.loads(text)
        self.version = str(answer["version"])
        for _ in range(answer["saved"]):
            self.queue.pop(0)
            self.acked += 1
        if answer["saved"] < len(batch):
            for deal in self.queue[1:]:
                deal["version"] = None
        self.note_drained()
        return True

    def note_answer(self) -> None:
        if self.goal is not None and not self.first_answer_at:
            self.first_answer_at = time.monotonic()

    def note_drained(self) -> None:
        if self.goal is not None and not self.outage_drained_at and self.acked >= self.goal:
            self.outage_drained_at = time.monotonic()

    def send_waiting(self) -> bool:
        """Sends what waits, in order; False when the server did not answer."""
        while self.queue:
            if len(self.queue) > 1:
                before = len(self.queue)
                if self.send_batch() is None:
                    return False
                if len(self.queue) < before:
                    continue
            deal = self.queue[0]
            if deal["version"] is None:
                deal["version"] = self.version
            form = {**deal, "csrfmiddlewaretoken": self.token}
            try:
                response, text = self.client.request(
                    "POST", self.path + "donne/", form, **{"HX-Request": "true"}
                )
            except OSError:
                return False
            if response.status in (502, 503, 504):
                return False
            self.note_answer()
            if response.status == 403 and 'id="side-claim"' in text:
                # A second laptop took the hall over: no session came with
                # the stick, the page asks the team's code once more.
                self.start_entry()
                continue
            found = hall.VERSION.search(text)
            if response.headers.get("HX-Trigger") == "dealSaved" and found:
                self.version = found.group(1)
                self.queue.pop(0)
                self.acked += 1
                self.note_drained()
            else:
                self.refused.append(f"{response.status}")
                self.queue.pop(0)  # counted as lost: the phone would show it
        return True

    def run(self) -> None:
        try:
            self.start_entry()
        except Exception as exc:  # the benchmark reports every failure
            self.refused.append(f"start: {exc!r}")
            return
        next_typing = time.monotonic()
        tries = 0
        while True:
            now = time.monotonic()
            if now < self.bench.typing_until and now >= next_typing:
                self.type_one()
                next_typing += self.bench.interval
            if self.queue:
                if self.send_waiting():
                    tries = 0
                else:
                    time.sleep(WAITS[min(tries, len(WAITS) - 1)] * random.uniform(0.5, 1.0))
                    tries += 1
                    continue
            elif now >= self.bench.typing_until:
                return
            if time.monotonic() > self.bench.give_up:
                return
            time.sleep(0.05)


class Bench:
    def __init__(self, interval: float) -> None:
        self.interval = interval
        self.typing_until = float("inf")
        self.give_up = float("inf")


def stored_per_table(paths: list[str]) -> dict[str, int]:
    from django.db import connections

    from tournaments.infra import links
    from tournaments.models import Table

    connections.close_all()
    counts = {}
    for path in paths:
        table = links.table_for_token(path.rstrip("/").rsplit("/", 1)[-1])
        counts[path] = Table.objects.get(pk=table.pk).deals.count() if table else 0
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--interval", type=float, default=3.0, help="seconds between two deals")
    parser.add_argument("--before", type=float, default=20.0)
    parser.add_argument("--outage", type=float, default=60.0)
    parser.add_argument("--after", type=float, default=10.0)
    parser.add_argument("--kill", action="store_true", help="SIGKILL instead of SIGTERM")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="belote-outage-") as folder:
        data = Path(folder)
        _, tables, _ = hall.build(data, teams=2 * args.tables)
        tables = tables[: args.tables]
        before = stored_per_table([path for path, _ in tables])
        port = ports.server_port()
        server = hall.start("hall", port, data)
        bench = Bench(args.interval)
        phones = [Phone(port, path, code, bench) for path, code in tables]
        for phone in phones:
            phone.start()
        time.sleep(args.before)
        server.send_signal(signal.SIGKILL if args.kill else signal.SIGTERM)
        server.wait(timeout=30)
        stopped_at = time.monotonic()
        print(f"server stopped for {args.outage:.0f} s", file=sys.stderr)
        time.sleep(max(0.0, args.outage - (time.monotonic() - stopped_at)))
        waiting_at_return = sum(len(phone.queue) for phone in phones)
        for phone in phones:
            phone.goal = phone.typed
        starting = time.monotonic()
        server = hall.start("hall", port, data)
        back = time.monotonic()
        print(f"server listening {back - starting:.1f} s after its start", file=sys.stderr)
        bench.typing_until = back + args.after
        bench.give_up = back + args.after + 120
        for phone in phones:
            phone.join(timeout=max(1.0, bench.give_up - time.monotonic()))
        server.terminate()
        server.wait(timeout=30)
        after = stored_per_table([path for path, _ in tables])
        typed = sum(phone.typed for phone in phones)
        tally = Counter()
        for phone in phones:
            stored = after[phone.path] - before[phone.path]
            tally["stored"] += stored
            tally["duplicates"] += max(0, stored - phone.typed)
            tally["lost"] += max(0, phone.typed - stored)
        refusals = [r for phone in phones for r in phone.refused]
        if refusals:
            print(f"refusals: {Counter(refusals)}", file=sys.stderr)
        print(f"{waiting_at_return} deals waited on the phones at the return", file=sys.stderr)
        print(spread("first answer", [p.first_answer_at for p in phones], back), file=sys.stderr)
        print(spread("all stored", [p.outage_drained_at for p in phones], back), file=sys.stderr)
        print(
            f"outage: {typed} typed, {tally['stored']} stored, "
            f"{tally['duplicates']} duplicates, {tally['lost']} lost, "
            f"back in {back_in(phones, back)} s"
        )


def spread(what: str, moments: list[float], back: float) -> str:
    """Where the time after the return goes: the phones' times, sorted."""
    times = sorted(m - back for m in moments if m)
    if not times:
        return f"{what}: none"
    middle = times[len(times) // 2]
    return (
        f"{what} after the return: min {times[0]:.1f} s, "
        f"median {middle:.1f} s, max {times[-1]:.1f} s"
    )


def back_in(phones: list[Phone], back: float) -> str:
    """When every deal typed before the return was stored, after it
    (« never » when a phone's were not all stored)."""
    if any(phone.goal and not phone.outage_drained_at for phone in phones):
        return "never"
    times = [phone.outage_drained_at - back for phone in phones if phone.outage_drained_at]
    return f"{max(times, default=0.0):.1f}"


if __name__ == "__main__":
    main()
