"""Redis stops in the middle of an evening (hosted set-up: gunicorn with two
workers, the run's database, a Redis of this module's own that it kills and
brings back on the same port). The app keeps working without its cache:
tables are claimed and saved, pages are rendered, organizers log in, the
password throttles go on counting (in the database), and everything goes
back to Redis by itself when it returns. /health/ says 503 meanwhile, rightly:
a balancer with another server sends the traffic there."""

from __future__ import annotations

import re
import threading
import time

import pytest
import redis

from bench import servers
from tests import migrated
from tests.attacks import server as real
from tests.factories import PASSWORD
from tournaments.views.auth import MAX_CHECKS_PER_ACCOUNT

pytestmark = [pytest.mark.attack, pytest.mark.shared_cache]

LOGIN = "/compte/connexion/"
VERSION = re.compile(r'name="version" value="(\d+)"')
DEAL = {"taker": "n", "trump": "c", "bid": "90", "points": "97"}
BUILD = f"""
import json
from django.contrib.auth import get_user_model
from tests import factories
from tournaments.infra import links
from tournaments.models import Tournament
owner = get_user_model().objects.create_user("orga", password={PASSWORD!r})
t = factories.build_tournament(owner=owner, name="Concours sans Redis")
t.end_mode, t.end_target = Tournament.EndMode.TARGET, 1_000_000
t.save(update_fields=["end_mode", "end_target"])
factories.add_teams(t, 24)
rnd = factories.draw_random_round(t)
tables = rnd.tables.filter(team_b__isnull=False).order_by("number")
print(json.dumps([t.slug, [[links.entry_path(x), x.code_a] for x in tables]]))
"""


class Outage:
    def __init__(self, folder):
        self.folder = folder
        self.redis, self.url = servers.start_redis(folder / "redis")
        self.port = int(self.url.rsplit(":", 1)[1].split("/")[0])
        host = "127.0.0.7"
        base = f"http://{host}:{servers.free_port(host)}"
        env = real.environment(folder, hosts=[host], public=base, extra_env={"REDIS_URL": self.url})
        self.server = real.Server(base=base, env=env, data=folder)
        if "DATABASE_URL" not in env:
            migrated.seed(folder)  # the run's migrated SQLite file
        else:
            real.from_migrated_database(self.server)  # the run's migrated PostgreSQL database
        # No demo: only this module's concours. `migrate` finds every migration
        # applied, asked in the process that builds it (a process's start is a
        # second of CPU).
        self.slug, self.tables = self.server.python(real.MIGRATE + BUILD)
        real.launch(self.server)

    def kill(self) -> None:
        self.redis.kill()  # a crash, not a clean shutdown
        self.redis.wait(timeout=10)

    def revive(self) -> None:
        self.redis, _ = servers.start_redis(self.folder / "redis", port=self.port)

    def stored(self) -> int:
        return self.server.python(
            "import json; from tournaments.models import Deal; "
            f"print(json.dumps(Deal.objects.filter(table__round__tournament__slug={self.slug!r})"
            ".count()))"
        )


@pytest.fixture(scope="module")
def outage(tmp_path_factory):
    setup = Outage(tmp_path_factory.mktemp("redisdown"))
    yield setup
    setup.server.stop()
    servers.stop(setup.redis)


def _log_in(client: real.Client, password: str, username: str = "orga") -> int:
    token = client.form_token(LOGIN)
    return client.post(LOGIN, {"username": username, "password": password}, token=token)[0]


def _claim(client: real.Client, path: str, code: str) -> int:
    token = client.form_token(path)
    return client.post(path + "code/", {"code": code}, token=token)[0]


def _save(client: real.Client, path: str) -> tuple[int, str | None]:
    """Posts the table's next deal; the status and the new version if saved."""
    status, page = client.get(path)
    version = VERSION.search(page)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    if status != 200 or not version or not token:
        return status, None
    form = {**DEAL, "version": version.group(1)}
    status, answer = client.post(path + "donne/", form, token=token.group(1))
    found = VERSION.search(answer)
    saved = status == 200 and found and found.group(1) != version.group(1)
    return status, found.group(1) if saved else None


def test_without_redis_tables_pages_and_logins_still_answer(outage):
    standings = f"/t/{outage.slug}/classement/"
    phone = real.Client(outage.server.base, headers={"HX-Request": "true"})
    status, _ = phone.get(standings)
    assert status == 200
    outage.kill()
    try:
        assert real.Client(outage.server.base).get("/health/")[0] == 503
        path, code = outage.tables[0]
        table = real.Client(outage.server.base, source="127.0.0.31")
        assert _claim(table, path, code) == 302
        assert _save(table, path)[1] is not None
        for _ in range(3):
            assert real.Client(outage.server.base).get(standings)[0] == 200
            assert phone.get(standings)[0] in (200, 304)
        assert _log_in(real.Client(outage.server.base, source="127.0.0.32"), PASSWORD) == 302
        # The password checks are still bounded, counted in the database.
        outage.server.python(
            "import json; from django.contrib.auth import get_user_model; "
            f"get_user_model().objects.create_user('caissier', password={PASSWORD!r}); "
            "print(json.dumps(1))"
        )
        answers = [
            _log_in(real.Client(outage.server.base, source=f"127.0.0.{40 + n}"), "faux", "caissier")
            for n in range(MAX_CHECKS_PER_ACCOUNT + 2)
        ]
        assert answers == [200] * MAX_CHECKS_PER_ACCOUNT + [429] * 2
    finally:
        outage.revive()
    # Back by itself: healthy, and the polls are answered from Redis again.
    deadline = time.monotonic() + 15
    while real.Client(outage.server.base).get("/health/")[0] != 200:
        assert time.monotonic() < deadline, "the server did not come back to Redis"
        time.sleep(0.5)
    shared = redis.Redis.from_url(outage.url)
    deadline = time.monotonic() + 15
    while not shared.keys("*fresh:etag:*"):
        assert time.monotonic() < deadline, f"not remembered again: {shared.keys()[:8]}"
        assert phone.get(standings)[0] in (200, 304)
        time.sleep(0.2)


def test_redis_killed_during_saves_and_page_reads_loses_nothing(outage):
    """Twelve tables save deals as fast as they are answered and six phones
    read pages; Redis is killed after 2 s and comes back 5 s later."""
    before = outage.stored()
    tally = {"acked": 0, "answers": 0, "server_errors": [], "refused": []}
    lock = threading.Lock()
    stop = time.monotonic() + 11

    def table_loop(index: int, path: str, code: str) -> None:
        client = real.Client(outage.server.base, source=f"127.0.0.{60 + index}")
        status = _claim(client, path, code)
        if status != 302:
            with lock:
                tally["refused"].append(f"claim {status}")
            return
        while time.monotonic() < stop:
            status, saved = _save(client, path)
            with lock:
                tally["answers"] += 1
                if saved:
                    tally["acked"] += 1
                elif status >= 500:
                    tally["server_errors"].append(f"save {status}")
                else:
                    tally["refused"].append(f"save {status}")

    def phone_loop(index: int) -> None:
        paths = [f"/t/{outage.slug}/classement/", f"/t/{outage.slug}/", "/"]
        client = real.Client(outage.server.base, source=f"127.0.0.{90 + index}")
        client.headers["HX-Request"] = "true"
        while time.monotonic() < stop:
            status, _ = client.get(paths[index % 3])
            with lock:
                tally["answers"] += 1
                if status >= 500:
                    tally["server_errors"].append(f"page {status}")
            time.sleep(0.05)

    threads = [
        threading.Thread(target=table_loop, args=(n, path, code))
        for n, (path, code) in enumerate(outage.tables[1:13])
    ] + [threading.Thread(target=phone_loop, args=(n,)) for n in range(6)]
    for thread in threads:
        thread.start()
    time.sleep(2)
    outage.kill()
    time.sleep(5)
    outage.revive()
    for thread in threads:
        thread.join(timeout=60)
    stored = outage.stored() - before
    print(
        f"Redis down 5 s of 11: {tally['answers']} answers, {tally['acked']} deals acked, "
        f"{stored} stored, {len(tally['server_errors'])} answers 5xx"
    )
    assert tally["server_errors"] == []
    assert tally["refused"] == []
    assert tally["acked"] > 0 and stored == tally["acked"]
