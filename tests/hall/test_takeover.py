"""The hall's laptop dies and a second one takes over (issue 39), for real:
`manage.py hall` with its backups' folder on a « stick » (another folder),
a phone on 127.0.0.2 typing deals; the stick pulled out refuses a deal with
« rien n'a été enregistré » (503: the phone keeps it), plugged back in it
takes them again; then the server is killed (SIGKILL) and its data folder
deleted, and `hall --reprendre <stick>` on an empty data folder serves the
same concours: every acknowledged deal there, the refused one not, the
table's printed link and the phone's session (its code typed once) still
good, and a retry of a deal already recorded records nothing."""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.ports import server_port

ROOT = Path(__file__).resolve().parents[2]
VERSION = re.compile(r'name="version" value="(\d+)"')
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
DEAL = {"taker": "n", "trump": "c", "bid": "90"}
BUILD = """
import json, sys
from pathlib import Path
from bench import hall
slug, tables, _ = hall.build(Path(sys.argv[1]), teams=4)
print(json.dumps(tables[0]))
"""


def environment(data: Path, stick: Path, port: int) -> dict:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_URL", "DEBUG", "ALLOWED_HOSTS", "PUBLIC_URL", "REDIS_URL")
    }
    return env | {
        "BELOTE_DATA_DIR": str(data),
        "BACKUP_DIR": str(stick),
        "PUBLIC_URL": f"http://127.0.0.2:{port}",
    }


def start(env: dict, port: int, log: Path, *extra: str) -> subprocess.Popen:
    command = [sys.executable, str(ROOT / "manage.py"), "hall", "--host", f"0.0.0.0:{port}"]
    with open(log, "w") as out:
        server = subprocess.Popen(
            [*command, "--threads", "4", *extra], env=env, cwd=ROOT, stdout=out, stderr=out
        )
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and server.poll() is None:
        try:
            connection = http.client.HTTPConnection("127.0.0.2", port, timeout=2)
            try:
                connection.request("GET", "/")
                connection.getresponse().read()
            finally:
                connection.close()
            return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    pytest.fail("the hall server did not answer: " + log.read_text()[-2000:])


class Phone:
    """A table's phone on the hall's Wi-Fi: its cookies survive the servers."""

    def __init__(self, port: int, path: str) -> None:
        self.port, self.path, self.cookies = port, path, {}

    def send(self, method: str, path: str, form: dict | None = None, **headers) -> tuple:
        connection = http.client.HTTPConnection("127.0.0.2", self.port, timeout=30)
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Referer"] = f"http://127.0.0.2:{self.port}{path}"
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        text = response.read().decode()
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        connection.close()
        return response, text

    def page(self) -> tuple[str, str]:
        """The table's page: its version and form token."""
        response, text = self.send("GET", self.path)
        assert response.status == 200, text[-500:]
        version = VERSION.search(text)  # none before the code is typed
        return version.group(1) if version else "", TOKEN.search(text).group(1)

    def deal(self, points: int, version: str) -> tuple[int, str]:
        _, token = self.page()
        form = DEAL | {"points": str(points), "version": version, "csrfmiddlewaretoken": token}
        response, text = self.send("POST", self.path + "donne/", form, **{"HX-Request": "true"})
        saved = response.headers.get("HX-Trigger") == "dealSaved"
        return response.status if not saved else 0, text


def deals_in(env: dict, entry_path: str) -> list[int]:
    key = entry_path.rstrip("/").rsplit("/", 1)[-1]
    code = (
        "from tournaments.models import Table; import json; "
        f"t = Table.objects.get(entry_key={key!r}); "
        "print(json.dumps([d.points_a for d in t.deals.order_by('number')]))"
    )
    done = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "shell", "-c", code],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture
def hall(tmp_path):
    laptop, stick, port = tmp_path / "portable-1", tmp_path / "cle", server_port()
    laptop.mkdir()
    stick.mkdir()
    env = environment(laptop, stick / "sauvegardes", port)
    built = subprocess.run(
        [sys.executable, "-c", BUILD, str(laptop)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    path, code = json.loads(built.stdout.strip().splitlines()[-1])
    servers: list[subprocess.Popen] = []
    yield laptop, stick, port, env, path, code, servers
    for server in servers:
        if server.poll() is None:
            server.kill()
            server.wait(timeout=10)


def test_a_second_laptop_carries_on_with_every_acknowledged_deal(hall, tmp_path):
    laptop, stick, port, env, path, code, servers = hall
    servers.append(start(env, port, tmp_path / "portable-1.log"))
    phone = Phone(port, path)
    _, token = phone.page()
    phone.send("POST", path + "code/", {"csrfmiddlewaretoken": token, "code": code})
    version, _ = phone.page()
    assert phone.deal(97, version)[0] == 0
    version, _ = phone.page()

    # The stick pulled out: the deal is refused, nothing recorded.
    stick.rename(tmp_path / "dans-la-poche")
    status, text = phone.deal(111, version)
    assert status == 503 and "rien n'a été enregistré" in text.replace("&#x27;", "'")
    (tmp_path / "dans-la-poche").rename(stick)
    assert phone.deal(121, version)[0] == 0  # plugged back in: the phone's retry is taken
    acknowledged_version = version
    version, _ = phone.page()
    assert phone.deal(131, version)[0] == 0

    servers[0].send_signal(signal.SIGKILL)
    servers[0].wait(timeout=30)
    shutil.rmtree(laptop)  # the laptop is gone

    second = tmp_path / "portable-2"
    second.mkdir()
    env2 = environment(second, stick / "sauvegardes", port)
    servers.append(
        start(env2, port, tmp_path / "portable-2.log", "--reprendre", str(stick / "sauvegardes"))
    )
    assert "Reprise : instantané" in (tmp_path / "portable-2.log").read_text()
    # The printed link and the phone's session (the code typed once) still work.
    version, _ = phone.page()
    # A retry of a deal the first laptop recorded, with its version: nothing more.
    phone.deal(121, acknowledged_version)
    assert phone.deal(141, version)[0] == 0
    servers[1].terminate()
    servers[1].wait(timeout=30)
    assert deals_in(env2, path) == [97, 121, 131, 141]


def test_a_folder_without_a_journal_stops_the_start_with_a_sentence(hall, tmp_path):
    env = hall[3]
    empty = tmp_path / "vide"
    empty.mkdir()
    command = [sys.executable, str(ROOT / "manage.py"), "hall", "--reprendre", str(empty)]
    done = subprocess.run(
        [*command, "--check"], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode != 0
    assert "Reprise impossible : aucun journal" in done.stderr
    assert "Traceback" not in done.stderr


def test_without_its_stick_the_hall_does_not_start(tmp_path):
    """The first laptop back without the stick (now in the second one)
    never serves as a second hall: its start stops with a sentence."""
    data = tmp_path / "portable-1"
    data.mkdir()
    port = server_port()
    env = environment(data, tmp_path / "cle-absente" / "sauvegardes", port)
    command = [sys.executable, str(ROOT / "manage.py"), "hall", "--host", f"127.0.0.1:{port}"]
    done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert done.returncode != 0
    assert "Impossible d'écrire le journal de reprise" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "cle-absente").exists()
