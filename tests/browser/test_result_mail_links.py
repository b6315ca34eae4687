"""The result mail from the hall, its links opened (issue 54, item 2): the
hall server as a volunteer starts it (`manage.py hall`) on a port of its
own, without PUBLIC_URL, sending through a real SMTP server on loopback
(tests/mail.py). The desk at 1366 px, from the keyboard, names its club
once as the messages' sender, closes the last partie and sends. The mail
comes from the club (its name, its address for answers), and every link
in it — the team's page, confirm, stop, `List-Unsubscribe` — names the
hall's own address and port, and opens on a player's phone (390 px): they
went to http://<laptop>:8000/ whatever the hall's port, from
« belote-tournois@localhost ».

The hall listens on one loopback address here (the machine's network
address is not to be used by a test), which is then the address it
announces and the mails carry. No 5xx, no console error, no axe violation
(the fixtures)."""

from __future__ import annotations

import re
from email.utils import parseaddr

import pytest
from playwright.sync_api import Page, expect

from tests import migrated
from tests.browser.conftest import until
from tests.browser.session import log_in
from tests.browser.shots import DESK, PHONE, shot
from tests.browser.test_hall_restart import Hall
from tests.factories import PASSWORD
from tests.mail import SmtpServer

LISTEN = "127.0.0.8"  # the hall's address, this journey's alone
MAILED = "odette.lemaire@example.org"
# The hall's organizer and its concours: one partie of one deal, played,
# not closed; team 1 asked for its result by mail at the desk.
BUILD = f"""
import json
from django.contrib.auth import get_user_model
from django.utils import timezone
from tests import factories
from tournaments.features.messages.models import Consent
from tournaments.features.messages.services import consent as consents
user = get_user_model().objects.create_user("orga", password={PASSWORD!r})
t = factories.build_tournament(owner=user, parties=1, end_deals=1, date=timezone.localdate(),
    name="Concours du Foyer rural", claims_window=False)
factories.add_teams(t, 4)
rnd = factories.draw_random_round(t)
for table in rnd.tables.filter(team_b__isnull=False):
    factories.add_deal(table)
consents.give_consent(tournament=t, team=t.teams.get(number=1), email={MAILED!r},
    wants=consents.Wants(result=True), source=Consent.Source.DESK, language="fr")
print(json.dumps(t.slug))
"""


@pytest.fixture
def hall(tmp_path):
    """The hall laptop on LISTEN, no PUBLIC_URL, its mails to a real SMTP server."""
    mail = SmtpServer()
    mail.start()
    hall = Hall(tmp_path / "hall", listen=LISTEN)
    hall.data.mkdir()
    del hall.env["PUBLIC_URL"]
    hall.env.update(EMAIL_BACKEND="smtp", EMAIL_HOST="127.0.0.1", EMAIL_PORT=str(mail.port))
    try:
        migrated.seed(hall.data)
        slug = hall.shell(BUILD).strip('"')
        hall.start()
        yield hall, mail, slug
    finally:
        hall.stop()
        mail.stop()


def press_on(page: Page, locator) -> None:
    locator.focus()
    page.keyboard.press("Enter")


def test_the_result_mail_comes_from_the_club_and_its_links_open(hall, page: Page, open_page):
    """Browser: keys and focus, 390 px layout, axe."""
    server, mail, slug = hall
    base = f"http://{LISTEN}:{server.port}"
    page.set_viewport_size(DESK)
    log_in(page, base)

    # The club, named once as the messages' sender.
    page.goto(f"{base}/organisation/t/{slug}/messages/")
    page.get_by_label("Nom de votre club").focus()
    page.keyboard.type("Foyer rural de Moncoutant")
    page.keyboard.press("Tab")
    page.keyboard.type("foyer.moncoutant@example.org")
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Foyer rural de Moncoutant")
    shot(page, "mail-sender-set", full_page=False)

    # The last partie closed: the result is due; « Envoyer maintenant ».
    page.goto(f"{base}/organisation/t/{slug}/parties/1/")
    press_on(page, page.get_by_role("link", name="Fermer la partie…"))
    press_on(page, page.get_by_role("button", name="Fermer la partie"))
    # The close's answer first: a page asked while the form's POST is under
    # way aborts one of the two (net::ERR_ABORTED, one fresh `make test`).
    expect(page.locator(".messages")).to_contain_text("Partie 1 close")
    page.goto(f"{base}/organisation/t/{slug}/messages/")
    press_on(page, page.get_by_role("button", name="Envoyer maintenant"))
    until(page, lambda: mail.inbox.received, "no mail was sent", seconds=120)
    (sent,) = mail.inbox.to(MAILED)
    assert parseaddr(sent["From"])[0] == "Foyer rural de Moncoutant", sent["From"]
    assert sent["Reply-To"] == "foyer.moncoutant@example.org"

    body = sent.get_content()
    team = re.search(r"(https?://\S+/equipes/\d+/)", body).group(1)
    confirm = re.search(r"(https?://\S+/messages/confirmer/\S+/)", body).group(1)
    stop = re.search(r"(https?://\S+/messages/arreter/\S+/)", body).group(1)
    unsubscribe = sent["List-Unsubscribe"].strip("<>")
    for link in (team, confirm, stop, unsubscribe):
        # Checked before any is opened: a wrong one may name a real network.
        assert link.startswith(base + "/"), link

    phone = open_page(viewport=PHONE, is_mobile=True, has_touch=True)
    phone.goto(team)
    expect(phone.locator("h1")).to_contain_text("Lefèvre0")
    shot(phone, "mail-team-page")
    phone.goto(confirm)
    phone.get_by_role("button", name="Confirmer", exact=True).click()
    expect(phone.locator("h1")).to_have_text("Adresse confirmée")
    shot(phone, "mail-confirmed")
    phone.goto(unsubscribe)
    stop_here = phone.get_by_role("button", name="Ne plus recevoir de messages de ce concours")
    expect(stop_here).to_be_visible()
    shot(phone, "mail-stop-page")
