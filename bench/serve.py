"""Start the project under gunicorn for a benchmark (not a test).

`production_env` is the environment of a production-like run on plain
HTTP at 127.0.0.1; `gunicorn` collects the static files, starts 2 workers,
waits until the home page answers, and stops the server on exit."""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def production_env(base: dict[str, str], folder: Path) -> dict[str, str]:
    env = {k: v for k, v in base.items() if k != "PLAIN_STATIC"}
    env.update(
        {
            "BELOTE_DATA_DIR": str(folder),
            "DEBUG": "0",
            "SECRET_KEY": "bench-" + "x" * 60,
            "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_SSL_REDIRECT": "0",
            # Plain-HTTP cookies: the benchmark runs on 127.0.0.1 without TLS.
            "SESSION_COOKIE_SECURE": "0",
            "CSRF_COOKIE_SECURE": "0",
            "STATIC_ROOT": str(folder / "static"),
        }
    )
    return env


@contextlib.contextmanager
def gunicorn(env: dict[str, str], port: int, workers: int = 2) -> Iterator[str]:
    python = sys.executable
    subprocess.run(
        [python, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    server = subprocess.Popen(
        [
            str(Path(python).with_name("gunicorn")),
            "config.wsgi",
            "--workers",
            str(workers),
            "--bind",
            f"127.0.0.1:{port}",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        yield base
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
