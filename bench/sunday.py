"""A league's Sunday on the hosted set-up (`bench.cluster --sunday`; a
benchmark, not a test).

`--concours` concours of `--tables` tables each (2 × tables teams, partie 1
drawn and in play), built in this process by the services and bulk inserts
before the servers start. Through haproxy, for `--seconds`:

- every table saves a deal every `--deal-interval` seconds (a real table's
  pace: 180 s), through its own link, logged in with its code at its first
  deal;
- `--phones` phones (spread over the concours) poll their concours's live
  ranking every `--poll` seconds as the page does (htmx fragment with
  If-None-Match: mostly 304);
- `--readers` visitors read the public home (`/`) and the calendar feed
  (`/calendrier.ics`) in turn, every `--read-interval` seconds.

No thread per phone: every table, phone and reader is an event on one
schedule (start times spread evenly over its period, drawn with `--seed`),
served by `--clients` client threads, each with its own keep-alive
connection to haproxy. A request's time is from its sending to its answer;
the schedule's lateness (an event served after its time because every
client was busy) is told beside it. Last line:

    sunday: <c> concours, <t> tables, <p> phones, <s> s: <a> acked = <s> stored, …
"""

from __future__ import annotations

import datetime
import heapq
import http.client
import os
import random
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

from bench import hall


def build(data: Path, concours: int, tables: int, seed: int) -> tuple[list, list[str]]:
    """The Sunday's concours, published, partie 1 drawn and played to a
    target no table reaches. Returns each table's (entry path, code) and
    each concours's live ranking path."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["BELOTE_DATA_DIR"] = str(data)
    import django
    from django.core.management import call_command

    django.setup()
    begun = time.monotonic()
    call_command("migrate", verbosity=0)
    migrated = time.monotonic()
    from bench.builders import make_teams, new_concours
    from tournaments.infra import links
    from tournaments.models import Tournament
    from tournaments.services import release, rounds

    rng = random.Random(seed)
    towns = ["Brézé", "Saumur", "Doué", "Montreuil", "Vihiers", "Chalonnes", "Cholet", "Baugé"]
    entries, rankings = [], []
    for n in range(concours):
        tournament = new_concours(
            name=f"Concours du dimanche n° {n + 1} à {towns[n % len(towns)]}",
            date=datetime.date.today(),
            parties=4,
            end_deals=12,
            published=True,
        )
        tournament.end_mode, tournament.end_target = Tournament.EndMode.TARGET, 1_000_000
        tournament.save(update_fields=["end_mode", "end_target"])
        make_teams(tournament, 2 * tables, rng)
        rnd = rounds.draw_round(tournament=tournament, method="random", seed=seed + n)
        rnd = release.release_round(round=rnd)  # announced: a draft takes no score
        entries += [
            (links.entry_path(t), t.code_a)
            for t in rnd.tables.filter(team_b__isnull=False).order_by("number")
        ]
        rankings.append(f"/t/{tournament.slug}/classement/")
    print(
        f"sunday set-up: migrated in {migrated - begun:.0f} s, "
        f"{concours} concours built in {time.monotonic() - migrated:.0f} s",
        flush=True,
    )
    return entries, rankings


class Tally(hall.Tally):
    def __init__(self) -> None:
        super().__init__()
        self.late: list[float] = []
        self.kinds: dict[str, list[float]] = {"poll": [], "/": [], "/calendrier.ics": []}
        self.not_modified = 0


class Sunday:
    """The schedule and its client threads."""

    def __init__(self, port: int, entries, rankings, args) -> None:
        self.port, self.args, self.tally = port, args, Tally()
        self.rankings = rankings
        rng = random.Random(args.seed)
        self.tables = [{"path": p, "code": c, "cookies": {}} for p, c in entries]
        self.etags: list[str | None] = [None] * args.phones
        self.queue: list[tuple[float, int, str, int]] = []
        self.lock = threading.Lock()
        self.order = 0
        self.start = time.monotonic() + 2
        self.stop = self.start + args.seconds
        self.spent = 0.0
        for kind, count, period in (
            ("table", len(self.tables), args.deal_interval),
            ("phone", args.phones, args.poll),
            ("reader", args.readers, args.read_interval),
        ):
            for i in range(count):
                self.push(self.start + rng.uniform(0, period), kind, i)

    def push(self, at: float, kind: str, index: int) -> None:
        with self.lock:
            self.order += 1
            heapq.heappush(self.queue, (at, self.order, kind, index))

    def run(self) -> float:
        threads = [threading.Thread(target=self.client) for _ in range(self.args.clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=self.args.seconds * 5 + 120)
        self.spent = time.monotonic() - self.start
        return self.spent

    # One client thread: one keep-alive connection, the earliest event due.
    def client(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        while True:
            with self.lock:
                if not self.queue:
                    return
                at, _, kind, index = heapq.heappop(self.queue)
            if at >= self.stop:
                return
            time.sleep(max(0.0, at - time.monotonic()))
            with self.tally.lock:
                self.tally.late.append(max(0.0, time.monotonic() - at))
            try:
                connection, period = getattr(self, kind)(connection, index)
            except Exception as exc:  # the benchmark reports every failure
                self.tally.error(f"{kind}: {exc!r}")
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                continue
            if period:
                self.push(at + period, kind, index)

    def send(self, connection, method, path, cookies=None, body=None, **headers):
        """One request on `connection` (opened again once if the server
        closed it); returns the connection, the answer, its text and time."""
        if cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        data = None
        if body is not None:
            data = urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Referer"] = f"http://127.0.0.1:{self.port}{path}"
        for attempt in range(2):
            begun = time.monotonic()
            try:
                connection.request(method, path, body=data, headers=headers)
                response = connection.getresponse()
                text = response.read().decode("utf-8", "replace")
                break
            except (http.client.HTTPException, OSError):
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt:
                    raise
        spent = time.monotonic() - begun
        if cookies is not None:
            for value in response.headers.get_all("Set-Cookie") or []:
                name, _, rest = value.partition("=")
                cookies[name.strip()] = rest.split(";", 1)[0]
        return connection, response, text, spent

    def seat(self) -> float:
        """Every table opens its link and types its code before the clock
        starts, as a hall's tables do once at the start of a partie (not at
        each deal); not measured. Returns the seconds it took."""
        begun = time.monotonic()
        waiting = list(range(len(self.tables)))
        lock = threading.Lock()

        def seat_some() -> None:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            while True:
                with lock:
                    if not waiting:
                        return
                    index = waiting.pop()
                connection = self.open_link(connection, self.tables[index])

        threads = [threading.Thread(target=seat_some) for _ in range(self.args.clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=600)
        seated = time.monotonic() - begun
        old = self.start
        self.start = time.monotonic() + 2
        self.stop = self.start + self.args.seconds
        self.queue = [(self.start + at - old, n, kind, i) for at, n, kind, i in self.queue]
        heapq.heapify(self.queue)
        return seated

    def open_link(self, connection, table: dict):
        """The table opens its link, types its code and reads its grid."""
        path, cookies = table["path"], table["cookies"]
        connection, _, page, _ = self.send(connection, "GET", path, cookies)
        token = hall.TOKEN.search(page).group(1)
        form = {"csrfmiddlewaretoken": token, "code": table["code"]}
        connection, *_ = self.send(connection, "POST", path + "code/", cookies, form)
        connection, _, page, _ = self.send(connection, "GET", path, cookies)
        table["version"] = hall.VERSION.search(page).group(1)
        table["token"] = token
        return connection

    def table(self, connection, index: int):
        table = self.tables[index]
        path, cookies = table["path"], table["cookies"]
        if "token" not in table:  # the table opens its link and types its code
            connection = self.open_link(connection, table)
        form = {**hall.DEAL, "version": table["version"], "csrfmiddlewaretoken": table["token"]}
        connection, response, text, spent = self.send(
            connection, "POST", path + "donne/", cookies, form, **{"HX-Request": "true"}
        )
        found = hall.VERSION.search(text)
        if response.status == 200 and response.headers.get("HX-Trigger") == "dealSaved" and found:
            with self.tally.lock:
                self.tally.acked += 1
                self.tally.saves.append(spent)
            table["version"] = found.group(1)
            return connection, self.args.deal_interval
        self.tally.error(f"save answered {response.status}")
        return connection, 0

    def phone(self, connection, index: int):
        headers = {"HX-Request": "true"}
        if self.etags[index]:
            headers["If-None-Match"] = self.etags[index]
        path = self.rankings[index % len(self.rankings)]
        connection, response, _, spent = self.send(connection, "GET", path, **headers)
        self.page("poll", response.status, spent, (200, 304))
        self.etags[index] = response.headers.get("ETag") or self.etags[index]
        return connection, self.args.poll

    def reader(self, connection, index: int):
        path = ("/", "/calendrier.ics")[index % 2]
        connection, response, _, spent = self.send(connection, "GET", path)
        self.page(path, response.status, spent, (200,))
        return connection, self.args.read_interval

    def page(self, kind: str, status: int, spent: float, good: tuple[int, ...]) -> None:
        with self.tally.lock:
            self.tally.pages.append(spent)
            self.tally.kinds[kind].append(spent)
            self.tally.not_modified += status == 304
        if status not in good:
            self.tally.error(f"page answered {status}")


def report(args, tables: int, tally: Tally, stored: int, workers: str, spent: float) -> None:
    """The figures; the rates over the time the schedule really took (when
    the clients fall behind, the load asked for `--seconds` is served in
    more)."""
    print(
        f"sunday set-up: PostgreSQL + Redis + haproxy + 2 app servers ({workers}), "
        f"{args.clients} client threads; deal every {args.deal_interval:g} s per table, "
        f"poll every {args.poll:g} s, {args.readers} readers of / and /calendrier.ics every "
        f"{args.read_interval:g} s"
    )
    for error in tally.errors[:5]:
        print("  error:", error)
    print(
        f"  the {args.seconds:g} s schedule served in {spent:.0f} s: "
        f"{len(tally.saves)} saves ({len(tally.saves) / spent:.1f}/s), "
        f"{len(tally.pages)} pages ({len(tally.pages) / spent:.1f}/s, "
        f"{tally.not_modified} answered 304), schedule late p95 {hall.p95(tally.late):.0f} ms; "
        + ", ".join(f"p95 {kind} {hall.p95(times):.0f} ms" for kind, times in tally.kinds.items())
    )
    print(
        f"sunday: {args.concours} concours, {tables} tables, {args.phones} phones, "
        f"{args.seconds:g} s: {tally.acked} acked {'=' if tally.acked == stored else '≠'} "
        f"{stored} stored, "
        f"p95 save {hall.p95(tally.saves):.0f} ms, p95 page {hall.p95(tally.pages):.0f} ms, "
        f"{len(tally.errors)} errors"
    )


def report_cpu(run: Sunday, spent: dict[str, float]) -> None:
    """Where the cores went during the run: CPU seconds of each part, and
    per request answered."""
    requests = len(run.tally.saves) + len(run.tally.pages) or 1
    total = sum(spent.values())
    print(
        f"  CPU {total:.0f} s in {run.spent:.0f} s ({total / run.spent:.2f} cores), "
        f"{total / requests * 1000:.1f} ms a request: "
        + ", ".join(
            f"{name} {seconds:.0f} s ({seconds / requests * 1000:.1f} ms)"
            for name, seconds in spent.items()
        )
    )
