"""The way out of a lock-out, on real gunicorn workers (issue 22, item 6).

An attacker who types wrong passwords for an account keeps it locked, for
15 minutes at a time, in every browser where it has not signed in before
(views/auth.py). The organizer asks for a one-time sign-in link by mail:
it signs in without a password, so the lock does not stop it, serves once,
and makes the browser a known one, which the lock spares afterwards."""

from __future__ import annotations

import email
import re
from pathlib import Path

import pytest

from tests.attacks import server as real
from tests.factories import PASSWORD
from tournaments.views.accounts import MAX_MAILS_PER_ADDRESS
from tournaments.views.auth import MAX_CHECKS_PER_ACCOUNT

pytestmark = [pytest.mark.attack, pytest.mark.shared_cache]

LOGIN = "/compte/connexion/"
ASK = "/compte/lien-de-connexion/"
LINK = re.compile(r"http://\S+/compte/lien-de-connexion/[^\s/]+/")


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    server = real.start(
        tmp_path_factory.mktemp("lockout"), demo=False, extra_env={"EMAIL_BACKEND": "file"}
    )
    server.python(
        "import json; from django.contrib.auth import get_user_model; "
        "u = get_user_model().objects.get(username='orga'); u.email = 'orga@example.org'; "
        "u.save(); print(json.dumps(1))"
    )
    yield server
    server.stop()


def _log_in(client: real.Client, password: str) -> int:
    token = client.form_token(LOGIN)
    return client.post(LOGIN, {"username": "orga", "password": password}, token=token)[0]


def _mails(app) -> list[str]:
    """The bodies of the mails written by the file backend, decoded."""
    folder = Path(app.data) / "courriels"
    files = sorted(folder.glob("*")) if folder.exists() else []
    bodies = []
    for file in files:  # one plain UTF-8 mail a file (infra/mail_files.py)
        message = email.message_from_bytes(file.read_bytes())
        part = next(p for p in message.walk() if p.get_content_type() == "text/plain")
        bodies.append(part.get_payload(decode=True).decode("utf-8"))
    return bodies


def _ask(client: real.Client, email: str) -> int:
    token = client.form_token(ASK)
    return client.post(ASK, {"email": email}, token=token)[0]


def test_a_locked_out_organizer_gets_in_by_a_one_time_link(app):
    for n in range(MAX_CHECKS_PER_ACCOUNT):
        assert _log_in(real.Client(app.base, source=f"127.0.0.{11 + n}"), f"faux-{n}") == 200
    organizer = real.Client(app.base, source="127.0.0.50")
    assert _log_in(organizer, PASSWORD) == 429  # locked out, right password and all
    status, page = organizer.get(LOGIN)

    # The way out: a link by mail. Unknown addresses get the same answer.
    assert _ask(real.Client(app.base, source="127.0.0.51"), "personne@example.org") == 302
    assert _mails(app) == []
    assert _ask(organizer, "orga@example.org") == 302
    [mail] = _mails(app)
    link = LINK.search(mail).group(0)
    path = link.removeprefix(app.base)

    # Opening the link signs in nobody (a mail scanner); its button does.
    status, page = organizer.get(path)
    assert status == 200 and "Me connecter" in page
    assert organizer.get("/organisation/")[0] == 302
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    assert organizer.post(path, {}, token=token)[0] == 302
    assert organizer.get("/organisation/")[0] == 200

    # Once: the same link again, in another browser, signs in nobody.
    thief = real.Client(app.base, source="127.0.0.52")
    status, page = thief.get(path)
    assert status == 410
    token = thief.form_token(LOGIN)
    assert thief.post(path, {}, token=token)[0] == 410
    assert thief.get("/organisation/")[0] == 302

    # The browser is the organizer's own now: the lock spares it.
    organizer.post("/compte/deconnexion/", {}, token=organizer.form_token(LOGIN))
    assert organizer.get("/organisation/")[0] == 302
    assert _log_in(organizer, PASSWORD) == 302


def test_the_links_sent_to_one_mailbox_are_bounded(app):
    before = len(_mails(app))
    for n in range(MAX_MAILS_PER_ADDRESS + 3):
        assert _ask(real.Client(app.base, source=f"127.0.0.{60 + n}"), "orga@example.org") == 302
    assert len(_mails(app)) - before <= MAX_MAILS_PER_ADDRESS
