"""Issue 51, section 1: one account of the shared site silences anyone's
mailbox. Against a real gunicorn (two workers) with its task worker, mail
sent to a real SMTP server on loopback (tests/mail.py).

The real organizer (`orga`) mails its teams their results. The intruder
(`intrus`, an account nobody approved) publishes, signed with a publication
key of their own as a hall laptop would, a concours file whose `messages`
section says `victim2@…` stopped every message of the site and that a result
was already sent to `victim5@…`; knowing the stop token of an agreement of
their own concours (their backup carries it), they press « … ni d'aucun
concours de ce site » for `victim3@…`; a mail scanner opens a confirm link.

Before the fix: victim2's mailbox was stopped everywhere and orga's result
never reached it; orga's first message to victim5 waited for a confirmation
never asked; victim3's mailbox was stopped everywhere by the intruder; the
scanner's GET confirmed the address and the messages held for it left."""

from __future__ import annotations

import gzip
import html
import json
import re
import time

import pytest

from tests.attacks import publishing
from tests.attacks import server as real
from tests.factories import PASSWORD
from tests.mail import SmtpServer

pytestmark = [pytest.mark.attack, pytest.mark.shared_cache]

WAIT_S = 45  # the worker looks every 0.5 s: a mail due arrives in a few seconds


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    smtp = SmtpServer()
    smtp.start()
    mail = {"EMAIL_BACKEND": "smtp", "EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(smtp.port)}
    server = real.start(
        tmp_path_factory.mktemp("mailboxes"),
        demo=False,
        tasks=True,
        extra_env={**mail, "EMAIL_TIMEOUT": "5"},
    )
    server.python(
        "import json; from django.contrib.auth import get_user_model; "
        f"get_user_model().objects.create_user('intrus', password={PASSWORD!r}); "
        "print(json.dumps(1))"
    )
    yield server, smtp
    server.stop()
    smtp.stop()


def _shell(server: real.Server, code: str):
    return server.python(
        f"import json; from tests.attacks import mailboxes; print(json.dumps({code}))"
    )


def _mails(smtp: SmtpServer, address: str, count: int, wait: float = WAIT_S) -> list:
    """The mails `address` received, once there are `count` (or `wait` s later)."""
    deadline = time.monotonic() + wait
    while len(smtp.inbox.to(address)) < count and time.monotonic() < deadline:
        time.sleep(0.25)
    return smtp.inbox.to(address)


def _until(done, why: str, wait: float = WAIT_S) -> None:
    """Waits until `done()` (a condition, looked at every 0.25 s), `wait` s at most."""
    deadline = time.monotonic() + wait
    while not done():
        assert time.monotonic() < deadline, why
        time.sleep(0.25)


def _link(mail, kind: str) -> str:
    """The path of the mail's stop (`arreter`) or confirm (`confirmer`) link."""
    found = re.search(rf"https?://[^/\s]+(/messages/{kind}/\S+)", mail.get_content())
    assert found, mail.get_content()
    return found.group(1)


def test_a_published_file_stops_no_mailbox_and_holds_no_other_organizers_message(site):
    server, smtp = site
    intruder = publishing.logged_in(server, "intrus", "127.0.0.51")
    document = _shell(
        server,
        "mailboxes.intruders_file('intrus', stopped='victim2@example.org', "
        "marked_sent='victim5@example.org')",
    )
    status, answer = publishing.send(
        server, publishing.publication_key(intruder), document, "127.0.0.51"
    )
    assert status == 201, answer
    stopped = _shell(server, "mailboxes.mailbox_facts('victim2@example.org')")["stopped"]

    _shell(
        server,
        "mailboxes.concours_with_results('orga', name='Concours du club', "
        "emails=['victim2@example.org', 'victim5@example.org'])",
    )
    two, five = (_mails(smtp, f"victim{n}@example.org", 1) for n in (2, 5))
    print(
        f"\nvictim2 stopped everywhere by the file: {stopped}; orga's results received: "
        f"victim2 {len(two)}, victim5 {len(five)}"
    )
    assert not stopped
    assert len(two) == 1 and "Concours du club" in two[0].get_content()
    assert len(five) == 1 and "/messages/confirmer/" in five[0].get_content()


def test_an_organizer_who_knows_a_stop_token_stops_only_their_own_concours(site):
    """The intruder registered victim3 at their own desk: their backup
    carries the agreement's token, the stop link's. Pressing « … ni d'aucun
    concours de ce site » with it stops their own concours's messages, never
    the site's: that second button needs the proof mailed to the address."""
    server, smtp = site
    slug = _shell(
        server,
        "mailboxes.concours_with_results('intrus', name='Concours à moi', "
        "emails=['victim3@example.org'])",
    )
    assert len(_mails(smtp, "victim3@example.org", 1)) == 1
    intruder = publishing.logged_in(server, "intrus", "127.0.0.52")
    status, packed = intruder.get_bytes(f"/organisation/t/{slug}/sauvegarde.json.gz")
    assert status == 200
    backup = json.loads(gzip.decompress(packed))
    (row,) = backup["features"]["messages"]["consents"]
    stranger = real.Client(server.base, source="127.0.0.53")
    answers = [
        stranger.post(f"/messages/arreter/{row['token']}/", {"everywhere": "1"})[0],
        stranger.post(f"/messages/arreter/{row['token']}/", {"stop": "1"})[0],
        stranger.post(f"/messages/arreter/{row['token']}/", {"everywhere": "1"})[0],
    ]
    facts = _shell(server, "mailboxes.mailbox_facts('victim3@example.org')")
    print(f"\nvictim3 after the intruder's stop link: {answers}, stopped everywhere {facts}")
    assert answers == [200, 200, 200]
    assert not facts["stopped"]


def test_the_owner_of_the_address_stops_every_message_from_the_link_mailed_to_it(site):
    """The legitimate path: the link in the mail stops the concours, then,
    on a second press, every message of the site to that address."""
    server, smtp = site
    _shell(
        server,
        "mailboxes.concours_with_results('orga', name='Concours du lundi', "
        "emails=['victim4@example.org'])",
    )
    (mail,) = _mails(smtp, "victim4@example.org", 1)
    path = _link(mail, "arreter")
    player = real.Client(server.base, source="127.0.0.54")
    status, page = player.get(path)
    assert status == 200 and "Ne plus recevoir de messages de ce concours" in html.unescape(page)
    assert not _shell(server, "mailboxes.mailbox_facts('victim4@example.org')")["stopped"]
    status, page = player.post(path, {"stop": "1"})
    assert status == 200 and "ni d'aucun concours de ce site" in html.unescape(page)
    status, page = player.post(path, {"everywhere": "1"})
    assert status == 200 and "ce site ne vous enverra plus aucun message" in html.unescape(page)
    assert _shell(server, "mailboxes.mailbox_facts('victim4@example.org')")["stopped"]


def test_the_confirm_link_confirms_only_from_its_page_s_button(site):
    """A mail scanner opens the confirm link of the first message: nothing
    is confirmed and the messages held for the confirmation stay held; the
    page's button confirms, and they leave."""
    server, smtp = site
    slug = _shell(
        server,
        "mailboxes.concours_with_results('orga', name='Concours du scanner', "
        "emails=['victim8@example.org'])",
    )
    (first,) = _mails(smtp, "victim8@example.org", 1)
    path = _link(first, "confirmer")
    _shell(server, f"mailboxes.notices({slug!r}, 3)")
    held = "mailboxes.held('victim8@example.org')"
    _until(lambda: _shell(server, held) == 3, "the notices were never held for the confirmation")
    scanner = real.Client(server.base, source="127.0.0.55")
    statuses = [scanner.get(path)[0] for _ in range(3)]
    # Whatever the scan set off, the worker has done it.
    _until(lambda: _shell(server, "mailboxes.worker_idle()"), "the worker never went idle")
    after_scan = _shell(server, "mailboxes.mailbox_facts('victim8@example.org')")
    scanned = len(smtp.inbox.to("victim8@example.org"))
    print(f"\nconfirm link opened 3 times (GET {statuses}): {after_scan}, mails {scanned}")
    assert statuses == [200, 200, 200]
    assert not after_scan["confirmed"] and scanned == 1
    player = real.Client(server.base, source="127.0.0.56")
    status, page = player.post(path, {}, token=player.form_token(path))
    assert status == 200 and "Adresse confirmée" in html.unescape(page)
    assert _shell(server, "mailboxes.mailbox_facts('victim8@example.org')")["confirmed"]
    assert len(_mails(smtp, "victim8@example.org", 4)) == 4


def test_the_desk_taking_an_offer_for_a_team_confirms_no_address(site):
    """The intruder pre-registers a team with victim6's address on their
    own concours, full, and has the place offered to it; their desk's
    « Confirmer pour l'équipe » (after a phone call) gives the team its
    place, never the address's confirmation, which the messages of every
    organizer would then trust."""
    server, _smtp = site
    offer = _shell(server, "mailboxes.offered_to('intrus', 'victim6@example.org')")
    desk = publishing.logged_in(server, "intrus", "127.0.0.57")
    page = f"/organisation/t/{offer['slug']}/preinscriptions/"
    status, _text = desk.post(
        f"{page}{offer['pk']}/accueil/", {"action": "take"}, token=desk.form_token(page)
    )
    facts = _shell(server, "mailboxes.mailbox_facts('victim6@example.org')")
    print(f"\nvictim6 after the intruder's desk took the offer ({status}): {facts}")
    assert status == 302
    assert not facts["confirmed"]
    kept = server.python(
        "import json; from django.utils import timezone; "
        "from tournaments.features.calendar.models import PreRegistration; "
        f"r = PreRegistration.objects.get(pk={offer['pk']}); "
        "print(json.dumps([r.status, r.held_until > timezone.now()]))"
    )
    assert kept == ["confirmed", True]  # the team's place, kept until the concours
