"""The way out of a lock-out on the hall (issue 35, item 10), on a real hall
server (`manage.py hall`, waitress, SQLite).

Someone on the hall's Wi-Fi types wrong passwords for the organizer's
account until it is locked for the browsers it does not know
(views/auth.py). Hosted, a one-time link by mail is the way out
(tests/attacks/test_lockout_way_out.py); the hall has no mail server. Its
way out is the laptop itself: a request from 127.0.0.1 is the hall's own
computer (the server is reached from the Wi-Fi by its network address),
which the account's lock spares, as the back office answers it alone.
Its own wrong passwords still count, on its address: the laptop is not a
way around the limit either. A phone that meets the lock is told so."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from html import unescape
from pathlib import Path

import pytest

from bench.ports import server_port
from tests import migrated
from tests.attacks import server as real
from tests.factories import PASSWORD
from tournaments.views.auth import MAX_CHECKS_PER_ACCOUNT, MAX_FAILURES

ROOT = Path(__file__).resolve().parents[2]
LOGIN = "/compte/connexion/"
LAPTOP = "127.0.0.1"


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    """A hall server on all interfaces of a free port, with the account
    « orga », reached by phones at 127.0.0.2 and up."""
    data = tmp_path_factory.mktemp("hall-lockout")
    port = server_port()
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_URL", "DEBUG", "ALLOWED_HOSTS", "PUBLIC_URL", "REDIS_URL")
    }
    env.update(BELOTE_DATA_DIR=str(data), PUBLIC_URL=f"http://127.0.0.2:{port}")
    manage = [sys.executable, str(ROOT / "manage.py")]
    # The run's migrated database: what a lock-out needs, not a first start
    # (`migrate` on it found every migration applied, a process for nothing;
    # the hall's start migrates as it always does).
    migrated.seed(data)
    subprocess.run(
        [
            *manage,
            "shell",
            "-c",
            "from django.contrib.auth import get_user_model; "
            f"get_user_model().objects.create_user('orga', password={PASSWORD!r})",
        ],
        env=env,
        check=True,
        cwd=ROOT,
    )
    log = open(data / "hall.log", "w")  # noqa: SIM115 - closed below
    server = subprocess.Popen(
        [*manage, "hall", "--host", f"0.0.0.0:{port}", "--threads", "4"],
        env=env,
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and server.poll() is None:
        try:
            urllib.request.urlopen(f"http://127.0.0.2:{port}/health/", timeout=2)
            break
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.3)
    else:
        server.kill()
        log.close()
        pytest.fail("the hall server did not answer: " + (data / "hall.log").read_text()[-2000:])
    yield port
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
    log.close()


def _log_in(client: real.Client, password: str) -> tuple[int, str]:
    token = client.form_token(LOGIN)
    return client.post(LOGIN, {"username": "orga", "password": password}, token=token)


def test_the_laptop_gets_in_while_a_phone_keeps_the_account_locked(hall):
    phone = lambda n: real.Client(f"http://127.0.0.2:{hall}", source=f"127.0.0.{n}")  # noqa: E731
    for n in range(MAX_CHECKS_PER_ACCOUNT):
        assert _log_in(phone(11 + n), f"faux-{n}")[0] == 200
    # A fresh browser on a phone: locked, right password and all, and told
    # where the way out is.
    status, page = _log_in(phone(50), PASSWORD)
    assert status == 429
    said = " ".join(unescape(re.sub(r"<[^>]+>", " ", page)).split())
    way_out = "connectez-vous sur l'ordinateur qui fait tourner le serveur, à cette adresse :"
    assert f"{way_out} http://127.0.0.1:{hall}/ " in said

    # A fresh browser on the laptop itself: in with the right password.
    laptop = real.Client(f"http://127.0.0.1:{hall}", source=LAPTOP)
    assert _log_in(laptop, PASSWORD)[0] == 302
    assert laptop.get("/organisation/")[0] == 200

    # Wrong passwords typed on the laptop count on the laptop's address.
    guesser = real.Client(f"http://127.0.0.1:{hall}", source=LAPTOP)
    for n in range(MAX_FAILURES):
        assert _log_in(guesser, f"autre-{n}")[0] == 200
    assert _log_in(guesser, PASSWORD)[0] == 429
