"""A real app server to attack: gunicorn with two workers (as hosted), on a
fresh SQLite file (or the PostgreSQL of DATABASE_URL, in a database of its
own), on a loopback address, plus a small HTTP client that keeps cookies and
sends the CSRF token. Loops in the attack tests are bounded in count and
time; nothing leaves 127.0.0.0/8."""

from __future__ import annotations

import http.client
import http.cookies
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")
SECRET = "attack-tests-secret-key-not-for-production-0123456789"


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


@dataclass
class Server:
    base: str
    env: dict
    data: Path
    process: subprocess.Popen | None = None
    log: Path | None = None

    def manage(self, *args: str) -> str:
        done = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), *args],
            env=self.env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if done.returncode:
            raise AssertionError(done.stdout + done.stderr)
        return done.stdout

    def python(self, code: str):
        """Runs `code` in a Django shell of the server's settings; the code
        prints one JSON value, returned decoded."""
        return json.loads(self.manage("shell", "-c", code).strip().splitlines()[-1])

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


def start(data: Path, *, host: str = "127.0.0.3", workers: int = 2, extra_env=None) -> Server:
    """Migrates a fresh data folder, builds the demo and an organizer
    (`orga` / PASSWORD of tests.factories), and starts gunicorn."""
    from tests.factories import PASSWORD

    port = free_port(host)
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DEBUG", "ALLOWED_HOSTS", "PUBLIC_URL", "BELOTE_MODE", "TRUSTED_PROXIES")
    }
    env.update(
        BELOTE_DATA_DIR=str(data),
        SECRET_KEY=SECRET,
        ALLOWED_HOSTS=host,
        SECURE_SSL_REDIRECT="0",
        SESSION_COOKIE_SECURE="0",
        CSRF_COOKIE_SECURE="0",
        SECURE_HSTS_SECONDS="0",
        PLAIN_STATIC="1",
        PUBLIC_URL=f"http://{host}:{port}",
        **(extra_env or {}),
    )
    if "DATABASE_URL" in os.environ:
        env["DATABASE_URL"] = _own_database(os.environ["DATABASE_URL"], data.name)
    server = Server(base=f"http://{host}:{port}", env=env, data=data)
    server.manage("migrate", "-v", "0")
    server.manage("demo")
    server.python(
        "import json; from django.contrib.auth import get_user_model; "
        f"get_user_model().objects.create_user('orga', password={PASSWORD!r}); print(json.dumps(1))"
    )
    server.log = data / "gunicorn.log"
    with open(server.log, "w") as log:
        server.process = subprocess.Popen(
            [str(GUNICORN), "config.wsgi:application", "-w", str(workers), "-b", f"{host}:{port}"],
            env=env,
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(server.base + "/", timeout=2)
            return server
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            if server.process.poll() is not None:
                break
            time.sleep(0.3)
    server.stop()
    raise AssertionError("gunicorn did not answer: " + server.log.read_text()[-2000:])


def _own_database(url: str, name: str) -> str:
    """A database of its own on the PostgreSQL of `url`, created now."""
    import psycopg

    parsed = urllib.parse.urlsplit(url)
    database = "attack_" + re.sub(r"\W", "_", name).lower()
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{database}"')
        connection.execute(f'CREATE DATABASE "{database}"')
    return urllib.parse.urlunsplit(parsed._replace(path="/" + database))


@dataclass
class Client:
    """A browser without a browser: cookies, CSRF token, status codes, and
    the loopback address it speaks from (`source`, e.g. 127.0.0.11: another
    machine on the hall's network, as the server sees it)."""

    base: str
    source: str = "127.0.0.1"
    cookies: dict = field(default_factory=dict)
    headers: dict = field(default_factory=dict)

    def get(self, path: str) -> tuple[int, str]:
        return self._send("GET", path)

    def form_token(self, path: str) -> str:
        status, page = self.get(path)
        match = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert match, f"no form at {path} ({status})"
        return match.group(1)

    def post(self, path: str, data: dict, *, token: str | None = None) -> tuple[int, str]:
        body = dict(data)
        if token is not None:
            body["csrfmiddlewaretoken"] = token
        return self._send("POST", path, urllib.parse.urlencode(body).encode())

    def _send(self, method: str, path: str, body: bytes | None = None) -> tuple[int, str]:
        url = urllib.parse.urlsplit(self.base)
        connection = http.client.HTTPConnection(
            url.hostname, url.port, timeout=30, source_address=(self.source, 0)
        )
        headers = {**self.headers, "Referer": self.base + path}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            for header in response.headers.get_all("Set-Cookie") or []:
                morsel = http.cookies.SimpleCookie(header)
                for name, value in morsel.items():
                    self.cookies[name] = value.value
            return response.status, response.read().decode(errors="replace")
        finally:
            connection.close()
