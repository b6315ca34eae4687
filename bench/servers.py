"""Start the hosted set-up's parts on loopback addresses, for the tests
(tests/hosted, tests/attacks) and the cluster benchmark: a throwaway Redis,
gunicorn app servers and haproxy in front of them. Each returns the process;
the caller stops it (`stop`). Nothing listens beyond 127.0.0.0/8."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from bench import ports

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = Path(sys.executable).with_name("gunicorn")


def free_port(host: str = "127.0.0.1") -> int:
    """A port for a server on `host` (any of 127.0.0.0/8): one no outgoing
    connection of the tests beside can take meanwhile (bench/ports.py)."""
    return ports.server_port()


def stop(process: subprocess.Popen | None) -> None:
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


def wait_until_up(url: str, process: subprocess.Popen, log: Path, seconds: float = 60) -> None:
    """Waits until `url` answers (any status below 500), or fails with the log."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except urllib.error.HTTPError as error:
            if error.code < 500:
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if process.poll() is not None:
            break
        time.sleep(0.3)
    stop(process)
    raise RuntimeError(f"{url} did not answer: " + log.read_text(errors="replace")[-2000:])


def start_redis(
    folder: Path, host: str = "127.0.0.1", port: int | None = None
) -> tuple[subprocess.Popen, str]:
    """A Redis that keeps nothing on disk, in `folder`, on `port` (a free
    one by default: give the old one to bring a stopped Redis back at its
    address); returns it and its URL."""
    server = shutil.which("redis-server")
    if not server:
        raise RuntimeError("redis-server is missing: bin/system-packages installs it")
    port = port or free_port(host)
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "redis.log", "a") as log:
        process = subprocess.Popen(
            [server, "--bind", host, "--port", str(port), "--dir", str(folder), "--save", ""],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((host, port), timeout=1) as connection:
                connection.sendall(b"PING\r\n")
                if connection.recv(16).startswith(b"+PONG"):
                    return process, f"redis://{host}:{port}/0"
        except OSError:
            time.sleep(0.1)
    stop(process)
    raise RuntimeError("redis-server did not answer")


def start_gunicorn(
    env: dict, bind: str, *, workers: int = 2, threads: int = 1, log: Path
) -> subprocess.Popen:
    """gunicorn serving the app on `bind` (host:port) with `env`, started."""
    with open(log, "w") as output:
        process = subprocess.Popen(
            [
                *(str(GUNICORN), "config.wsgi:application", "--bind", bind),
                *("--workers", str(workers), "--threads", str(threads)),
                # gunicorn 24+ opens a control socket in the user's home, the
                # same for every instance: two instances would fight for it.
                "--no-control-socket",
            ],
            env=env,
            cwd=ROOT,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    wait_until_up(f"http://{bind}/health/", process, log)
    return process


def start_task_worker(env: dict, log: Path) -> subprocess.Popen:
    """The hosted set-up's task worker (django-tasks-db's `db_worker`, with
    the arguments of tournaments/infra/tasks.py) on `env`'s database,
    started at a lower priority than gunicorn's workers (`nice`, as
    docs/hosting.md runs it); its output in `log`."""
    from tournaments.infra.tasks import WORKER_ARGUMENTS

    with open(log, "w") as output:
        return subprocess.Popen(
            [
                *("nice", "-n", "10"),
                *(sys.executable, str(ROOT / "manage.py"), *WORKER_ARGUMENTS, "-v", "0"),
            ],
            env=env,
            cwd=ROOT,
            stdout=output,
            stderr=subprocess.STDOUT,
        )


def haproxy_config(
    bind: str, servers: list[str], *, host: str, keep_alive: bool = False, queue: int = 0
) -> str:
    """haproxy in front of app servers (host:port each): round robin, health
    checked on /health/ every second, the client's address passed on in
    X-Forwarded-For (the app believes it from TRUSTED_PROXIES only). Each
    server is also a backup without check: when every server fails its
    check at once (Redis down says 503 everywhere, yet the app works
    without it), haproxy still sends the traffic rather than a 503.
    `keep_alive` keeps haproxy's connections to the app servers open from
    one request to the next (`option http-keep-alive`) instead of one
    connection a request (`option http-server-close`). `queue` (0: off)
    gives each server at most that many requests at once and keeps the
    others in haproxy's queue, where a POST (a deal saved, a code given)
    goes before the reads waiting with it (`set-priority-class`)."""
    lines = [
        "global",
        "    maxconn 8000",
        "defaults",
        "    mode http",
        "    option forwardfor",
        "    option http-keep-alive" if keep_alive else "    option http-server-close",
        "    timeout connect 5s",
        "    timeout client 60s",
        "    timeout server 60s",
        "    timeout check 5s",
        "frontend web",
        f"    bind {bind}",
        "    default_backend app",
        "backend app",
        "    balance roundrobin",
        "    option httpchk",
        f"    http-check send meth GET uri /health/ ver HTTP/1.1 hdr Host {host}",
        "    http-check expect status 200",
        "    option allbackups",
    ]
    limit = ""
    if queue:
        # A request waits in the queue up to 30 s (not `timeout connect`'s
        # 5 s, haproxy's default there) before a 503.
        lines.append("    timeout queue 30s")
        lines.append("    http-request set-priority-class int(-1) if METH_POST")
        limit = f" maxconn {queue}"
    lines += [
        f"    server app{n} {server} check inter 1s fall 2 rise 1{limit}"
        for n, server in enumerate(servers, 1)
    ]
    lines += [f"    server spare{n} {server} backup{limit}" for n, server in enumerate(servers, 1)]
    return "\n".join(lines) + "\n"


def start_haproxy(
    folder: Path,
    bind: str,
    servers: list[str],
    *,
    host: str,
    keep_alive: bool = False,
    queue: int = 0,
) -> subprocess.Popen:
    binary = shutil.which("haproxy") or "/usr/sbin/haproxy"
    if not Path(binary).exists():
        raise RuntimeError("haproxy is missing: bin/system-packages installs it")
    config = folder / "haproxy.cfg"
    config.write_text(haproxy_config(bind, servers, host=host, keep_alive=keep_alive, queue=queue))
    log = folder / "haproxy.log"
    with open(log, "w") as output:
        process = subprocess.Popen(
            [binary, "-f", str(config), "-db"], stdout=output, stderr=subprocess.STDOUT
        )
    wait_until_up(f"http://{bind}/health/", process, log, seconds=30)
    return process
