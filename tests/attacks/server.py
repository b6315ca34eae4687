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
import shutil
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from bench import servers
from tests.attacks.shell import Shell

ROOT = Path(__file__).resolve().parents[2]
SECRET = "attack-tests-secret-key-not-for-production-0123456789"
#: `manage.py migrate`, to put before the code a server's `python` runs: in
#: its Django process rather than a process of its own.
MIGRATE = "from django.core.management import call_command\ncall_command('migrate', verbosity=0)\n"


@dataclass
class Server:
    base: str
    env: dict
    data: Path
    process: subprocess.Popen | None = None
    log: Path | None = None
    #: The task worker beside gunicorn (`manage.py db_worker`), when started.
    worker: subprocess.Popen | None = None
    #: The Django process that runs `python`'s snippets, once started.
    shell: Shell | None = field(default=None, repr=False, compare=False)

    def manage(self, *args: str) -> str:
        done = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), *args],
            env=self.env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,  # a loaded machine migrates slowly
        )
        if done.returncode:
            raise AssertionError(done.stdout + done.stderr)
        return done.stdout

    def python(self, code: str):
        """Runs `code` in a Django shell of the server's settings; the code
        prints one JSON value, returned decoded. The shell is one process
        for all the calls (tests/attacks/shell.py), started again if the
        server's environment has changed since it started."""
        if self.shell is None or not self.shell.alive or self.shell.env != self.env:
            self.stop_shell()
            self.shell = Shell(self.env)
        return json.loads(self.shell.run(code).strip().splitlines()[-1])

    def stop_shell(self) -> None:
        """Ends `python`'s process: due when the server's data folder or
        database is replaced, and when the server stops."""
        if self.shell is not None:
            self.shell.stop()
            self.shell = None

    def start_tasks(self) -> None:
        """The hosted set-up's task worker on this server's database (the
        files read in the background, infra/tasks.py): without it, a task
        queued waits."""
        self.worker = servers.start_task_worker(self.env, self.data / "worker.log")

    def stop(self) -> None:
        self.stop_shell()
        servers.stop(self.worker)
        servers.stop(self.process)


def worker_index() -> int:
    """0 in one process, N in the parallel worker gwN (pytest-xdist)."""
    return int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))


def redis_database(url: str, number: int) -> str:
    """`url` on this test process's Redis database `number` (0 to 3): the
    test process's own cache is 0, the attacks' servers 1, the hosted
    cluster 2, tests/hosted/test_freshness.py 3. Each parallel worker has
    four of Redis's 16 (gw1: 4 to 7), so workers never empty or count in
    another's."""
    assert 0 <= number < 4 and worker_index() < 4, "Redis has 16 databases: 4 workers at most"
    return url.rsplit("/", 1)[0] + f"/{4 * worker_index() + number}"


def environment(data: Path, *, hosts: list[str], public: str, extra_env=None) -> dict:
    """The environment of an app server on `data`: hosted settings with
    plain HTTP (loopback only), the database and Redis of the test run if
    any (Redis in a database of its own: the test process empties its own
    cache between tests)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DEBUG", "ALLOWED_HOSTS", "PUBLIC_URL", "BELOTE_MODE", "TRUSTED_PROXIES")
    }
    env.update(
        BELOTE_DATA_DIR=str(data),
        SECRET_KEY=SECRET,
        ALLOWED_HOSTS=",".join(hosts),
        SECURE_SSL_REDIRECT="0",
        SESSION_COOKIE_SECURE="0",
        CSRF_COOKIE_SECURE="0",
        SECURE_HSTS_SECONDS="0",
        PLAIN_STATIC="1",
        PUBLIC_URL=public,
    )
    if "DATABASE_URL" in os.environ:
        env["DATABASE_URL"] = _own_database(os.environ["DATABASE_URL"], data.name)
    if env.get("REDIS_URL"):
        env["REDIS_URL"] = redis_database(env["REDIS_URL"], 1)
    env.update(extra_env or {})
    return env


# Data folders (and PostgreSQL databases) already prepared in this run, by
# the settings that can change what `prepare` writes: the next server of the
# same kind, in this process or another worker of the run
# (tests/once_a_run.py), starts from a copy instead of migrating and
# building the demo again (seconds of a gunicorn test's set-up each; 20 to
# 40 s on a loaded PostgreSQL).
_prepared: dict[tuple, tuple[Path, str]] = {}
_PER_SERVER = {"BELOTE_DATA_DIR", "DATABASE_URL", "ALLOWED_HOSTS", "PUBLIC_URL", "REDIS_URL"}
_PER_SERVER |= {"TRUSTED_PROXIES"}


def prepare(server: Server, *, demo: bool = True) -> None:
    """Migrates, builds the demo (unless told not to: it takes a while) and
    the organizer `orga` (PASSWORD of tests.factories). Done once a run for
    each kind of server: the next one gets a copy of the first's data
    folder and database, made right after its preparation."""
    from tests import once_a_run

    kind = (
        demo,
        tuple(
            sorted(
                (k, v)
                for k, v in server.env.items()
                if k not in _PER_SERVER and not k.startswith("PYTEST_")
            )
        ),
    )
    server.stop_shell()  # its data folder and database are about to be replaced
    if kind not in _prepared:
        name = "prepared-" + once_a_run.digest(once_a_run.run_id(), kind)
        with once_a_run.exclusive(name) as shared:
            template = shared or server.data.with_name(f"{server.data.name}-prepared")
            database = _run_database_name(name) if shared else _database_name(template.name)
            if not template.exists():  # the first of its kind in the run
                _prepare_now(server, demo=demo)
                part = template.with_name(f"{template.name}.part")
                shutil.rmtree(part, ignore_errors=True)  # left by a worker that died copying
                shutil.copytree(server.data, part)
                if "DATABASE_URL" in server.env:
                    _clone_database(server.env["DATABASE_URL"], database)
                    if shared:
                        once_a_run.database(database)
                part.rename(template)
                _prepared[kind] = (template, database)
                return
            _prepared[kind] = (template, database)
    _copy(*_prepared[kind], server)


def _prepare_now(server: Server, *, demo: bool) -> None:
    from tests import migrated
    from tests.factories import PASSWORD

    if "DATABASE_URL" not in server.env:
        migrated.seed(server.data)  # the run's migrated SQLite file: `migrate` finds it done
    else:
        from_migrated_database(server)  # the run's migrated database, copied
    # In one Django process, not three (a process's start is a second of CPU).
    server.python(
        "import io, json; from django.core.management import call_command; "
        "from django.contrib.auth import get_user_model; "
        "call_command('migrate', verbosity=0); "
        + ("call_command('demo', stdout=io.StringIO()); " if demo else "")
        + f"get_user_model().objects.create_user('orga', password={PASSWORD!r}); "
        "print(json.dumps(1))"
    )


def from_migrated_database(server: Server) -> None:
    """The server's (empty) PostgreSQL database becomes a copy of the run's
    migrated one (tests/migrated.py)."""
    from tests import migrated

    copy = urllib.parse.urlsplit(server.env["DATABASE_URL"]).path.lstrip("/")
    migrated.copy_postgres(os.environ["DATABASE_URL"], copy)


def _copy(template: Path, database: str, server: Server) -> None:
    """`server` gets the prepared data folder `template` and its database."""
    shutil.copytree(template, server.data, dirs_exist_ok=True)
    if "DATABASE_URL" in server.env:
        url = server.env["DATABASE_URL"]
        copy = urllib.parse.urlsplit(url).path.lstrip("/")
        _clone_database(url.rsplit("/", 1)[0] + "/" + database, copy)


def launch(server: Server, *, workers: int = 2, name: str = "gunicorn") -> Server:
    """Starts gunicorn for `server` and waits until it answers."""
    url = urllib.parse.urlsplit(server.base)
    server.log = server.data / f"{name}.log"
    server.process = servers.start_gunicorn(
        server.env, f"{url.hostname}:{url.port}", workers=workers, log=server.log
    )
    return server


def start(
    data: Path,
    *,
    host: str = "127.0.0.3",
    workers: int = 2,
    extra_env=None,
    demo: bool = True,
    tasks: bool = False,
) -> Server:
    """A prepared data folder served by one gunicorn with `workers` workers,
    and the task worker beside it when `tasks`."""
    # On PostgreSQL without the demo nothing else writes the data folder
    # before `prepare` copies it.
    data.mkdir(parents=True, exist_ok=True)
    port = servers.free_port(host)
    base = f"http://{host}:{port}"
    env = environment(data, hosts=[host], public=base, extra_env=extra_env)
    if env.get("REDIS_URL"):
        # A new server starts with an empty Redis database: the counts and
        # locks of an attack module run before (an organizer locked out on
        # purpose) must not follow into the next one's fresh database.
        import redis

        redis.Redis.from_url(env["REDIS_URL"]).flushdb()
    server = Server(base=base, env=env, data=data)
    prepare(server, demo=demo)
    launch(server, workers=workers)
    if tasks:
        server.start_tasks()
    return server


def _database_name(folder: str) -> str:
    """The PostgreSQL database of a data folder, named after the worker too
    (temporary folders are alike in every worker)."""
    return f"attack_{worker_index()}_" + re.sub(r"\W", "_", folder).lower()


def _run_database_name(name: str) -> str:
    """The PostgreSQL database of the run's result `name`
    (tests/once_a_run.py), the same in every worker."""
    return "attack_run_" + re.sub(r"\W", "_", name).lower()


def _own_database(url: str, name: str) -> str:
    """A database of its own on the PostgreSQL of `url`, created now."""
    import psycopg

    parsed = urllib.parse.urlsplit(url)
    database = _database_name(name)
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{database}"')
        connection.execute(f'CREATE DATABASE "{database}"')
    return urllib.parse.urlunsplit(parsed._replace(path="/" + database))


def _clone_database(url: str, copy: str) -> None:
    """The database `copy`, made again as a copy of the database of `url`
    (nobody may be connected to it: the commands that prepared it have
    ended), from the test run's own database."""
    import psycopg

    original = urllib.parse.urlsplit(url).path.lstrip("/")
    with psycopg.connect(os.environ["DATABASE_URL"], autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{copy}"')
        connection.execute(f'CREATE DATABASE "{copy}" TEMPLATE "{original}"')


@dataclass
class Client:
    """A browser without a browser: cookies, CSRF token, status codes, and
    the loopback address it speaks from (`source`, e.g. 127.0.0.11: another
    machine on the hall's network, as the server sees it)."""

    base: str
    source: str = "127.0.0.1"
    cookies: dict = field(default_factory=dict)
    headers: dict = field(default_factory=dict)
    #: The Location header of the last answer ("" if none): where a redirect led.
    location: str = ""

    def get(self, path: str) -> tuple[int, str]:
        return self._send("GET", path)

    def get_bytes(self, path: str) -> tuple[int, bytes]:
        """A download (a gzipped backup), as the bytes it is."""
        return self._exchange("GET", path)

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
        status, answer = self._exchange(method, path, body)
        return status, answer.decode(errors="replace")

    def _exchange(self, method: str, path: str, body: bytes | None = None) -> tuple[int, bytes]:
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
            self.location = response.getheader("Location") or ""
            for header in response.headers.get_all("Set-Cookie") or []:
                morsel = http.cookies.SimpleCookie(header)
                for name, value in morsel.items():
                    self.cookies[name] = value.value
            return response.status, response.read()
        finally:
            connection.close()
