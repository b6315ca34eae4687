"""Password guessing against two real gunicorn workers.

The attack of issue 12: guesses spread over both workers, over several
addresses, with the user name in full-width look-alike letters
(`ｏrga`), which the login form normalises to `orga`. Before the fix, every
guess was checked (about 120 a minute from one client); now at most
`MAX_CHECKS_PER_ACCOUNT` passwords are checked per account in 15 minutes,
whatever the spelling, the address or the worker — and the organizer's own
browser, where the account logged in before, still gets in."""

from __future__ import annotations

import threading
import time

import pytest

from tests.attacks import server as real
from tests.factories import PASSWORD
from tournaments.views.auth import MAX_CHECKS_PER_ACCOUNT

pytestmark = [pytest.mark.attack, pytest.mark.shared_cache]

LOGIN = "/compte/connexion/"
SPELLINGS = ["orga", "ｏrga", "ORGA", "ｏｒｇａ", " orga"]
ATTACKERS = ["127.0.0.11", "127.0.0.12", "127.0.0.13", "127.0.0.14"]


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    server = real.start(tmp_path_factory.mktemp("login-attack"))
    yield server
    server.stop()


def _log_in(client: real.Client, username: str, password: str) -> int:
    token = client.form_token(LOGIN)
    status, _ = client.post(LOGIN, {"username": username, "password": password}, token=token)
    return status


def test_guessing_is_bounded_across_workers_spellings_and_addresses(app):
    organizer = real.Client(app.base, source="127.0.0.2")
    assert _log_in(organizer, "orga", PASSWORD) == 302  # the organizer's laptop, known
    organizer.cookies.pop("sessionid", None)

    checked = []  # guesses whose password was checked (the form answered 200)
    refused = []
    lock = threading.Lock()

    # Bounded in count, not in time: all 96 guesses are made however slow
    # the machine (a minute's deadline cut the attack short under load, and
    # fewer than 86 were refused).
    def attacker(index: int) -> None:
        client = real.Client(app.base, source=ATTACKERS[index % len(ATTACKERS)])
        for attempt in range(12):
            name = SPELLINGS[(index + attempt) % len(SPELLINGS)]
            status = _log_in(client, name, f"guess-{index}-{attempt}")
            assert status in (200, 429), status
            with lock:
                (checked if status == 200 else refused).append(status)

    started = time.monotonic()
    threads = [threading.Thread(target=attacker, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)  # a hang guard
    assert not any(thread.is_alive() for thread in threads), "the attack hangs"
    minutes = (time.monotonic() - started) / 60
    print(
        f"\nlogin attack: {len(checked) + len(refused)} guesses in {minutes * 60:.1f} s, "
        f"{len(checked)} checked ({len(checked) / minutes:.0f} checks/min), {len(refused)} refused"
    )
    assert len(checked) <= MAX_CHECKS_PER_ACCOUNT
    assert len(refused) >= 96 - MAX_CHECKS_PER_ACCOUNT

    # The account is closed to browsers it does not know, even with the right
    # password, from any address...
    stranger = real.Client(app.base, source="127.0.0.15")
    assert _log_in(stranger, "orga", PASSWORD) == 429
    # ...but the organizer's own laptop gets in.
    assert _log_in(organizer, "orga", PASSWORD) == 302
    assert organizer.get("/organisation/")[0] == 200


def test_a_known_browser_is_throttled_on_its_own(app):
    """A stolen laptop's cookie does not give unlimited guesses either."""
    laptop = real.Client(app.base, source="127.0.0.16")
    app.python(
        "import json; from django.contrib.auth import get_user_model; "
        f"get_user_model().objects.create_user('tresorier', password={PASSWORD!r}); "
        "print(json.dumps(1))"
    )
    assert _log_in(laptop, "tresorier", PASSWORD) == 302
    laptop.cookies.pop("sessionid", None)
    statuses = [_log_in(laptop, "tresorier", f"wrong-{i}") for i in range(8)]
    assert statuses.count(200) == 5 and statuses[5:] == [429, 429, 429]
