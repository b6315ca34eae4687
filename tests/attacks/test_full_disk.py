"""The server's disk fills up, or its data folder turns read-only, in the
middle of the evening (a real gunicorn on SQLite, its data folder on a small
tmpfs of its own: needs root, for mount; skipped otherwise). On a full disk
a save is refused with a message (503, not a bare 500 as before),
nothing is half-written, the pages still answer, and saving resumes when
space returns. A read-only folder cannot be made under a running server
for its open files (see the test): whatever the save answers, it is
whole or absent."""

from __future__ import annotations

import re
import subprocess
from html import unescape

import pytest

from bench import servers
from tests import migrated
from tests.attacks import server as real

# engine_free: its server is on SQLite whatever the run's database (the hall's
# disk fills up), so CI's PostgreSQL + Redis tier would run it a second time alike.
pytestmark = [pytest.mark.attack, pytest.mark.engine_free]

VERSION = re.compile(r'name="version" value="(\d+)"')
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
DEAL = {"taker": "n", "trump": "c", "bid": "90", "points": "97"}
BUILD = """
import json
from django.contrib.auth import get_user_model
from tests import factories
from tournaments.infra import links
owner = get_user_model().objects.create_user("orga", password="x")
t = factories.build_tournament(owner=owner, name="Concours du disque plein", end_deals=30)
factories.add_teams(t, 4)
table = factories.draw_random_round(t).tables.filter(team_b__isnull=False).first()
print(json.dumps([t.slug, links.entry_path(table), table.code_a]))
"""
COUNT = (
    "import json; from tournaments.models import Deal; from django.db import connection; "
    "c = connection.cursor(); c.execute('PRAGMA integrity_check'); "
    "print(json.dumps([Deal.objects.count(), c.fetchone()[0]]))"
)


def _mount(*args: str) -> bool:
    return subprocess.run(["mount", *args], capture_output=True).returncode == 0


@pytest.fixture(scope="module")
def disk(tmp_path_factory):
    folder = tmp_path_factory.mktemp("small-disk")
    if not _mount("-t", "tmpfs", "-o", "size=24m", "tmpfs", str(folder)):
        pytest.skip("mounting a tmpfs needs root")
    data = folder / "data"
    host = "127.0.0.8"
    base = f"http://{host}:{servers.free_port(host)}"
    env = real.environment(data, hosts=[host], public=base)
    env.pop("DATABASE_URL", None)  # the hall's database, SQLite, on the small disk
    env.pop("REDIS_URL", None)
    # One worker, its database connection kept for longer than the test
    # lasts: it is open, on the disk itself, before the folder turns
    # read-only. A connection opened during that phase (a second worker's
    # first, or one reopened when CONN_MAX_AGE ran out on a loaded machine)
    # would be opened through the read-only mount and kept, and that
    # mount's `umount` then said « target is busy ».
    env["CONN_MAX_AGE"] = "3600"
    server = real.Server(base=base, env=env, data=data)
    # The run's migrated database (tests/migrated.py), on the small disk as
    # a migrated one was: migrating from nothing took 8.5 s of CPU, and a
    # full disk is this test's subject, not a first start. `migrate` finds
    # every migration applied, asked in the process that builds the concours.
    migrated.seed(data)
    slug, path, code = server.python(real.MIGRATE + BUILD)
    real.launch(server, workers=1)
    yield server, folder, slug, path, code
    server.stop()
    subprocess.run(["umount", "-l", str(folder)], check=False)


def _fill(folder) -> None:
    with open(folder / "filler", "wb") as filler:
        try:
            while True:
                filler.write(b"\0" * (1 << 20))
                filler.flush()
        except OSError:
            pass
        try:
            while True:  # the last crumbs
                filler.write(b"\0" * 4096)
                filler.flush()
        except OSError:
            pass


def _save(client: real.Client, path: str) -> tuple[int, str]:
    _, page = client.get(path)
    form = {**DEAL, "version": VERSION.search(page).group(1)}
    return client.post(path + "donne/", form, token=TOKEN.search(page).group(1))


def test_a_full_or_read_only_disk_refuses_saves_cleanly_and_recovers(disk):
    server, folder, slug, path, code = disk
    table = real.Client(server.base, source="127.0.0.33")
    token = table.form_token(path)
    assert table.post(path + "code/", {"code": code}, token=token)[0] == 302
    assert _save(table, path)[0] == 200
    stored, _ = server.python(COUNT)

    for cause in ("full", "read-only"):
        if cause == "full":
            _fill(folder)
        else:  # the data folder read-only: a read-only mount over it
            data = str(server.data)
            assert _mount("--bind", data, data)
            assert _mount("-o", "remount,bind,ro", data)
        try:
            status, page = _save(table, path)
            if cause == "full":
                assert status == 503, (cause, status, page[:300])
            else:
                # The database and its WAL are open already, and a read-only
                # mount over the folder leaves open files writable (a plain
                # `remount,ro` is refused: busy): the save may go through.
                assert status in (200, 503), (cause, status, page[:300])
            if status == 503:
                assert "rien n'a été enregistré" in unescape(page).replace("’", "'")
            stored += status == 200
            for page_path in (f"/t/{slug}/", f"/t/{slug}/classement/", path):
                assert real.Client(server.base).get(page_path)[0] == 200
        finally:
            if cause == "full":
                (folder / "filler").unlink()
            else:
                assert subprocess.run(["umount", str(server.data)]).returncode == 0
        assert server.python(COUNT) == [stored, "ok"]  # nothing half-written
        assert _save(table, path)[0] == 200  # space is back: saving resumes
        stored += 1
        assert server.python(COUNT) == [stored, "ok"]
