"""Two hall servers on one « stick », for real (issue 39): `manage.py hall`
with its backups' folder on another folder, a phone on 127.0.0.2 whose
cookies survive the servers, the deals of a table read from a data folder.
The fixture (tests/hall/conftest.py) builds the first laptop's concours and
starts the second laptop with `--reprendre`; it kills what is left."""

from __future__ import annotations

import http.client
import json
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

import pytest

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

    def claim(self, code: str) -> None:
        """The team's code typed on the table's page."""
        _, token = self.page()
        self.send("POST", self.path + "code/", {"csrfmiddlewaretoken": token, "code": code})

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


def code_of(laptop: Path) -> str:
    """The organizer's code of a first laptop (drawn at its first start,
    kept in its data folder; "" before issue 61)."""
    try:
        return (laptop / "code-de-la-cle.txt").read_text(encoding="ascii").strip()
    except OSError:
        return ""


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


@dataclass
class Halls:
    """The first laptop's data folder (its concours built: a table's `path`
    and `code`), the stick, the first's port and environment, and every
    server started (killed at the end if still running)."""

    tmp: Path
    laptop: Path
    stick: Path
    port: int
    env: dict
    path: str
    code: str
    servers: list[subprocess.Popen] = field(default_factory=list)
    #: The stick's code the first start printed: the organizer noted it
    #: (the laptop's data folder may be gone by the takeover).
    noted: str = ""

    @property
    def backups(self) -> Path:
        return self.stick / "sauvegardes"

    def start_first(self, *extra: str) -> subprocess.Popen:
        server = start(self.env, self.port, self.tmp / "portable-1.log", *extra)
        self.servers.append(server)
        self.noted = code_of(self.laptop) or self.noted
        return server

    def take_over(self, port: int | None = None) -> tuple[dict, int, Path]:
        """The second laptop (an empty data folder, the stick plugged in)
        brings the concours up with `hall --reprendre`, at the first's port
        (the same address) or another: its environment, port, data folder."""
        second, port = self.tmp / "portable-2", port or self.port
        second.mkdir()
        env2 = environment(second, self.backups, port) | {"CODE_DE_LA_CLE": self.noted}
        log = self.tmp / "portable-2.log"
        self.servers.append(start(env2, port, log, "--reprendre", str(self.backups)))
        return env2, port, second
