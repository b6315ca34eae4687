"""The sign-up page must not tell, by the time it takes, whether an address
already has an account (issue 22, item 3). Before the fix, the page
answered in 0.045 s (median) for a known address, which only got a
reminder, and in 1.50 s for a new one, whose password was hashed: anybody
could test addresses. Both now hash the password and send one mail.

Real gunicorn workers; requests alternated between the two kinds, each
from its own client address (the sign-up throttle allows 10 an hour from
one) and to its own mailbox (3 mails an hour to one).

What is compared is the work each request does, counted, not a time: the
iterations of the password hasher's key derivation (hashlib.pbkdf2_hmac,
the whole of a sign-up's cost), which the workers write down as they run
them (tests/attacks/hash_count/sitecustomize.py). A duration, and even a
CPU time, moves with the machine's other work (two medians of CPU time,
0.47 s and 0.59 s, failed a 20 % tolerance while other work ran beside
them); a count of iterations does not. The duration an attacker sees and
the CPU time are printed. What else a request could wait on, both kinds do
alike: one mail, written."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.attacks import server as real

pytestmark = [pytest.mark.attack, pytest.mark.shared_cache]

SIGN_UP = "/compte/creer/"
ROUNDS = 3  # the counts do not vary: no median to take
PASSWORD = "Un-mot-de-passe-tres-long-93"
COUNTING = Path(__file__).with_name("hash_count")


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    folder = tmp_path_factory.mktemp("signup-timing")
    extra_env = {
        "EMAIL_BACKEND": "file",
        "HASH_COUNT_FILE": str(folder / "hashed.txt"),
        "PYTHONPATH": os.pathsep.join([str(COUNTING), os.environ.get("PYTHONPATH", "")]),
    }
    server = real.start(folder / "data", demo=False, extra_env=extra_env)
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


def _hashed(app) -> list[int]:
    """The iteration counts of every key derived so far by the server's
    processes, in order."""
    counts = Path(app.env["HASH_COUNT_FILE"])
    return [int(line) for line in counts.read_text().split()] if counts.exists() else []


def _mails(app) -> int:
    folder = Path(app.data) / "courriels"
    return len(list(folder.glob("*.eml"))) if folder.exists() else 0


def _sign_up(app, n: int, email: str) -> tuple[list[int], float, float]:
    """The iterations hashed for the request, its duration and the CPU time
    the workers spent on it."""
    client = real.Client(app.base, source=f"127.0.0.{100 + n}")
    token = client.form_token(SIGN_UP)
    form = {
        "username": f"nouveau{n}",
        "email": email,
        "password1": PASSWORD,
        "password2": PASSWORD,
    }
    mails, cpu, hashed = _mails(app), _workers_cpu(app), len(_hashed(app))
    begun = time.perf_counter()
    status, page = client.post(SIGN_UP, form, token=token)
    spent = time.perf_counter() - begun
    assert status == 302, page[:500]
    assert _mails(app) == mails + 1  # one mail, known address or new
    return _hashed(app)[hashed:], spent, _workers_cpu(app) - cpu


def test_a_known_address_and_a_new_one_take_the_same_time(app):
    from django.contrib.auth.hashers import PBKDF2PasswordHasher

    known, new = [], []
    for n in range(ROUNDS):
        pair = [(known, f"ancien{n}@example.org", 2 * n), (new, f"neuf{n}@example.org", 2 * n + 1)]
        for requests, email, index in pair if n % 2 else reversed(pair):
            requests.append(_sign_up(app, index, email))
    print(
        f"sign-up: known address {min(s for _, s, _ in known):.3f} s fastest, "
        f"{max(c for _, _, c in known):.3f} s of CPU at most; "
        f"new {min(s for _, s, _ in new):.3f} s fastest, "
        f"{max(c for _, _, c in new):.3f} s of CPU at most"
    )
    # Before the fix: no key derived for a known address, one for a new one
    # (0.045 s against 1.50 s). Now each request derives one key, with the
    # hasher's full count of iterations, whichever the address.
    work = {tuple(hashed) for hashed, _, _ in known + new}
    assert work == {(PBKDF2PasswordHasher.iterations,)}, (known, new)
