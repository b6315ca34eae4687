"""PostgreSQL restarted under the phones' saves (issue 35, item 5), on two
real gunicorn workers.

Tables keep saving deals from their phones (as static/js/outbox.js does:
a deal keeps the table version of its first try, a retry after a 502 to
504 or a lost connection records nothing twice) while PostgreSQL is
stopped and started again, for under a second. Every save answered during
the outage must be a 503 that says nothing was saved, which the outbox
retries: a 500 stops the phone's outbox on a refusal, and the deal had to
be typed again (27 saves of 1,012 in the attack run). At the end, the
deals acknowledged are the deals stored, none twice, none lost.

The cluster is the test's own (tests/attacks/postgres.py), started beside
the run's: restarting the run's would cut the other workers' tests. Run
in CI's PostgreSQL tier (the `database` marker, DATABASE_URL on
PostgreSQL); elsewhere skipped, as it needs PostgreSQL's binaries."""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import threading
import time
import urllib.parse
from collections import Counter
from html import unescape

import pytest

from tests.attacks import postgres
from tests.attacks import server as real

pytestmark = [pytest.mark.attack, pytest.mark.database]

TABLES = 12
EVERY = 0.25  # seconds between two deals typed at a table
BEFORE, AFTER = 4.0, 4.0  # typing around the restart (seconds)
VERSION = re.compile(r'name="version" value="(\d+)"')
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
BUILD = f"""
import json
from django.contrib.auth import get_user_model
from tests import factories
from tournaments.infra import links
from tournaments.models import Tournament
owner = get_user_model().objects.create_user("orga", password="x")
t = factories.build_tournament(owner=owner, name="Concours du redémarrage")
Tournament.objects.filter(pk=t.pk).update(end_mode="target", end_target=1_000_000)
factories.add_teams(t, {2 * TABLES})
tables = factories.draw_random_round(t).tables.filter(team_b__isnull=False).order_by("number")
print(json.dumps([[links.entry_path(table), table.code_a, table.pk] for table in tables]))
"""
STORED = """
import json
from tournaments.models import Deal
rows = Deal.objects.values_list("table_id", "points_a")
print(json.dumps([[table, points] for table, points in rows]))
"""


def _on_postgresql() -> bool:
    return os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))


def _migrated_schema(cluster: postgres.Cluster) -> None:
    """The test's cluster gets the run's migrated database (tests/migrated.py),
    dumped from a copy of it (the original is only ever copied) and
    restored, instead of migrating an empty one (20 to 30 s on a loaded
    machine)."""
    import subprocess

    from tests import migrated

    url = os.environ["DATABASE_URL"]
    copy = f"attack_{real.worker_index()}_restart_schema"
    migrated.copy_postgres(url, copy)
    dump = subprocess.run(
        [
            str(cluster.bindir / "pg_dump"),
            "--no-owner",
            "--no-privileges",
            "-d",
            _url_of(url, copy),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    subprocess.run(
        [str(cluster.bindir / "psql"), "-q", "-v", "ON_ERROR_STOP=1", "-d", cluster.url],
        input=dump.stdout,
        check=True,
        capture_output=True,
        timeout=120,
    )


def _url_of(url: str, database: str) -> str:
    return urllib.parse.urlunsplit(urllib.parse.urlsplit(url)._replace(path=f"/{database}"))


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    if not _on_postgresql():
        pytest.skip("PostgreSQL tier only (DATABASE_URL on PostgreSQL)")
    if postgres.binaries() is None:
        pytest.skip("PostgreSQL server binaries are missing")
    cluster = postgres.start_cluster()
    data = tmp_path_factory.mktemp("restart")
    host = "127.0.0.9"
    base = f"http://{host}:{real.servers.free_port(host)}"
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("DATABASE_URL")
        patch.delenv("REDIS_URL", raising=False)
        env = real.environment(
            data, hosts=[host], public=base, extra_env={"DATABASE_URL": cluster.url}
        )
    server = real.Server(base=base, env=env, data=data)
    _migrated_schema(cluster)
    # `migrate` finds every migration applied: asked in the Django process
    # that builds the concours (a process's start is a second of CPU).
    tables = server.python(real.MIGRATE + BUILD)
    real.launch(server)
    yield server, cluster, tables
    server.stop()
    cluster.remove()


class Phone(threading.Thread):
    """One table's phone: types a deal every EVERY seconds, sends them in
    order, each with the version of its first try; waits and retries on
    502 to 504 or no answer, as the outbox does."""

    def __init__(self, base: str, source: str, path: str, code: str, until: list[float]):
        super().__init__(daemon=True)
        self.ready = threading.Event()
        self.go = threading.Event()
        self.client = real.Client(base, source=source)
        self.path, self.code, self.until = path, code, until
        self.version = ""
        self.token = ""
        self.queue: list[dict] = []
        self.typed: list[int] = []  # the points of each deal typed
        self.acked: list[int] = []
        self.statuses: Counter = Counter()
        self.problems: list[str] = []

    def open_table(self) -> None:
        token = self.client.form_token(self.path)
        assert self.client.post(self.path + "code/", {"code": self.code}, token=token)[0] == 302
        self.read_table()

    def read_table(self) -> None:
        status, page = self.client.get(self.path)
        token, version = TOKEN.search(page), VERSION.search(page)
        assert status == 200 and token and version, (status, page[:3000])
        self.token, self.version = token.group(1), version.group(1)

    def send(self, deal: dict) -> tuple[int, bool, str] | None:
        """(status, saved, page) of one post; None when nothing answered."""
        url = urllib.parse.urlsplit(self.client.base)
        connection = http.client.HTTPConnection(
            url.hostname, url.port, timeout=30, source_address=(self.client.source, 0)
        )
        form = {"taker": "n", "trump": "c", "bid": "90", "points": str(deal["points"])}
        form |= {"version": deal["version"], "csrfmiddlewaretoken": self.token}
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.client.cookies.items()),
            "Referer": self.client.base + self.path,
            "HX-Request": "true",
            "HX-Target": "table-live",
        }
        try:
            connection.request("POST", self.path + "donne/", urllib.parse.urlencode(form), headers)
            response = connection.getresponse()
            page = response.read().decode(errors="replace")
        except OSError:
            return None
        finally:
            connection.close()
        saved = response.getheader("HX-Trigger") == "dealSaved"
        return response.status, saved, page

    def run(self) -> None:
        try:
            self.open_table()
            self.ready.set()
            assert self.go.wait(timeout=300)
            self.work()
        except Exception as error:  # every failure is reported by the test
            self.problems.append(repr(error))

    def work(self) -> None:
        typing = time.monotonic()
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            now = time.monotonic()
            if now < self.until[0] and now >= typing:
                points = 82 + len(self.typed) % 70
                self.typed.append(points)
                self.queue.append({"points": points, "version": None})
                typing += EVERY
            if not self.queue:
                if now >= self.until[0]:
                    return
                time.sleep(0.02)
                continue
            deal = self.queue[0]
            if deal["version"] is None:
                deal["version"] = self.version
            answer = self.send(deal)
            if answer is None:
                self.statuses["no answer"] += 1
                time.sleep(random.uniform(0.1, 0.3))
                continue
            status, saved, page = answer
            self.statuses[status] += 1
            if 502 <= status <= 504:
                if status == 503 and "rien n'a été enregistré" not in unescape(page):
                    self.problems.append(f"a 503 that does not say so: {page[:200]}")
                time.sleep(random.uniform(0.1, 0.3))
                continue
            self.queue.pop(0)
            if status == 200 and saved:
                self.acked.append(deal["points"])
                self.version = VERSION.search(page).group(1)
            else:
                # The phone shows the refusal; the deal is typed again.
                self.problems.append(f"{status} for deal {deal}")
                self.read_table()
                self.queue.insert(0, {"points": deal["points"], "version": None})


def test_a_database_restart_under_the_saves_loses_and_doubles_nothing(app):
    server, cluster, tables = app
    until = [float("inf")]
    phones = [
        Phone(server.base, f"127.0.1.{10 + n}", path, code, until)
        for n, (path, code, _pk) in enumerate(tables)
    ]
    for phone in phones:
        phone.start()
    for phone in phones:  # every table open (a code given) before the typing
        assert phone.ready.wait(timeout=300), phone.problems
    for phone in phones:
        phone.go.set()
    time.sleep(BEFORE)
    away = cluster.restart()
    until[0] = time.monotonic() + AFTER
    for phone in phones:
        phone.join(timeout=180)

    statuses = sum((phone.statuses for phone in phones), Counter())
    stored = Counter((table, points) for table, points in server.python(STORED))
    acked = Counter(
        (pk, points)
        for phone, (_, _, pk) in zip(phones, tables, strict=True)
        for points in phone.acked
    )
    typed = Counter(
        (pk, points)
        for phone, (_, _, pk) in zip(phones, tables, strict=True)
        for points in phone.typed
    )
    print(
        f"database restart: away {away:.2f} s, {sum(typed.values())} typed, "
        f"{sum(acked.values())} acked, {sum(stored.values())} stored, answers {dict(statuses)}"
    )
    assert not [p for phone in phones for p in phone.problems]
    assert statuses[500] == 0
    assert statuses[503] > 0  # the restart did cut saves
    assert stored == acked == typed  # each deal typed stored once: none lost, none twice
    assert json.dumps(dict(statuses))  # printed above
