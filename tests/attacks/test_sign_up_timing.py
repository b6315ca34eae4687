"""The sign-up page must not tell, by the time it takes, whether an address
already has an account (issue 22, item 3). Before the fix, the page
answered in 0.045 s (median) for a known address, which only got a
reminder, and in 1.50 s for a new one, whose password was hashed: anybody
could test addresses. Both now hash the password and send one mail.

Real gunicorn workers; requests alternated between the two kinds, each
from its own client address (the sign-up throttle allows 10 an hour from
one) and to its own mailbox (3 mails an hour to one).

What is compared is the CPU time the workers spent on each request
(/proc), not its duration on the clock: the machine's other work stretches
a request's duration, not the work the request does (the fastest of seven
durations still differed by over 20 % on a loaded machine, when nothing
differed but the load). The duration an attacker sees is printed. What
else a request could wait on, both kinds do alike: one mail, written."""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

import pytest

from tests.attacks import server as real

pytestmark = [pytest.mark.attack, pytest.mark.shared_cache]

SIGN_UP = "/compte/creer/"
ROUNDS = 7
PASSWORD = "Un-mot-de-passe-tres-long-93"


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    server = real.start(
        tmp_path_factory.mktemp("signup-timing"), demo=False, extra_env={"EMAIL_BACKEND": "file"}
    )
    server.python(
        "import json; from django.contrib.auth import get_user_model; "
        f"[get_user_model().objects.create_user(f'ancien{{n}}', f'ancien{{n}}@example.org', "
        f"'x-{PASSWORD}') for n in range({ROUNDS})]; print(json.dumps(1))"
    )
    yield server
    server.stop()


def _workers_cpu(app) -> float:
    """The CPU seconds (user and system) used so far by the server's workers."""
    master, total = app.process.pid, 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # a process that ended meanwhile
            continue
        if int(fields[1]) == master:  # fields from the state on: ppid, …, utime, stime
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def _mails(app) -> int:
    folder = Path(app.data) / "courriels"
    return len(list(folder.glob("*.eml"))) if folder.exists() else 0


def _sign_up(app, n: int, email: str) -> tuple[float, float]:
    """The request's duration and the CPU time the workers spent on it."""
    client = real.Client(app.base, source=f"127.0.0.{100 + n}")
    token = client.form_token(SIGN_UP)
    form = {
        "username": f"nouveau{n}",
        "email": email,
        "password1": PASSWORD,
        "password2": PASSWORD,
    }
    mails, cpu = _mails(app), _workers_cpu(app)
    begun = time.perf_counter()
    status, page = client.post(SIGN_UP, form, token=token)
    spent = time.perf_counter() - begun
    assert status == 302, page[:500]
    assert _mails(app) == mails + 1  # one mail, known address or new
    return spent, _workers_cpu(app) - cpu


def test_a_known_address_and_a_new_one_take_the_same_time(app):
    known, new = [], []
    for n in range(ROUNDS):
        pair = [(known, f"ancien{n}@example.org", 2 * n), (new, f"neuf{n}@example.org", 2 * n + 1)]
        for times, email, index in pair if n % 2 else reversed(pair):
            times.append(_sign_up(app, index, email))
    cpu_known = statistics.median(cpu for _, cpu in known)
    cpu_new = statistics.median(cpu for _, cpu in new)
    print(
        f"sign-up: known address {min(s for s, _ in known):.3f} s fastest, "
        f"{cpu_known:.3f} s of CPU (median); new {min(s for s, _ in new):.3f} s fastest, "
        f"{cpu_new:.3f} s of CPU"
    )
    # Before the fix: 0.045 s against 1.50 s (the new address's password hashed).
    assert abs(cpu_known - cpu_new) <= 0.2 * max(cpu_known, cpu_new), (known, new)
