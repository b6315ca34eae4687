"""Password guessing through the back office's own login (issue 22), against
two real gunicorn workers.

Before: `/admin/login/` checked every password it was sent (20 of 20 for
the demo's organizer, who is staff) while `/compte/connexion/` refused
them, and the right password then opened a session that reached
`/organisation/`. Now the back office has no password form of its own: its
login and password-change addresses send the browser to the organizer's
throttled pages (views/auth.py), so every place that checks a password
counts on the same counters."""

from __future__ import annotations

import pytest

from tests.attacks import server as real
from tests.factories import PASSWORD
from tournaments.views.auth import MAX_CHECKS_PER_ACCOUNT

pytestmark = [pytest.mark.attack, pytest.mark.shared_cache]

STAFF = "organisateur"  # the demo's organizer, staff


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    server = real.start(tmp_path_factory.mktemp("admin-attack"))
    server.python(
        "import json; from django.contrib.auth import get_user_model; "
        f"u = get_user_model().objects.get(username={STAFF!r}); u.set_password({PASSWORD!r}); "
        "u.save(); print(json.dumps(u.is_staff))"
    )
    yield server
    server.stop()


def _guess(client: real.Client, path: str, password: str) -> int:
    token = client.form_token("/compte/connexion/")
    status, _ = client.post(
        path, {"username": STAFF, "password": password, "next": "/admin/"}, token=token
    )
    return status


def test_the_admin_login_checks_no_password_of_its_own(app):
    attacker = real.Client(app.base, source="127.0.0.21")
    statuses = [_guess(attacker, "/admin/login/", f"guess-{n}") for n in range(20)]
    checked = [s for s in statuses if s == 200]  # a form answered: a password was checked
    print(f"\nadmin login: 20 guesses, {len(checked)} checked, statuses {sorted(set(statuses))}")
    assert not checked
    assert all(s == 302 for s in statuses)
    # The right password sent there opens nothing either.
    assert _guess(attacker, "/admin/login/", PASSWORD) == 302
    assert "sessionid" not in attacker.cookies
    status, _ = attacker.get("/organisation/")
    assert status == 302  # to the login page


def test_once_the_account_is_locked_the_admin_door_is_locked_too(app):
    # Five wrong passwords from each of three addresses: more checks than
    # the account allows to browsers it does not know.
    for source in ("127.0.0.25", "127.0.0.26", "127.0.0.27"):
        attacker = real.Client(app.base, source=source)
        for n in range(5):
            _guess(attacker, "/compte/connexion/", f"wrong-{source}-{n}")
    assert MAX_CHECKS_PER_ACCOUNT < 3 * 5
    stranger = real.Client(app.base, source="127.0.0.23")
    assert _guess(stranger, "/compte/connexion/", PASSWORD) == 429
    assert _guess(stranger, "/admin/login/", PASSWORD) == 302
    assert "sessionid" not in stranger.cookies


def test_the_admin_password_change_goes_to_the_throttled_page(app):
    client = real.Client(app.base, source="127.0.0.24")
    status, _ = client.get("/admin/password_change/")
    assert status == 302
