"""The waiting list's offer (issue 40), as it is lived: a concours of one
team is full, a second team waits. The first team phones the club to
withdraw: the volunteer at the desk (1366 px) taps « Désistement » in the
pre-registrations' list, which now shows the place offered to the waiting
team and its deadline. The sender runs (the worker's task): a real SMTP
server on 127.0.0.1 receives the offer, « confirmez avant le … », with a
one-tap link. The player opens it on a 390 px phone, taps « Nous venons :
je confirme la place », and the desk's list shows the team registered.
Every page is checked by the fixtures (axe-core, 44 px targets, console,
5xx, overflow).

Set BROWSER_SCREENSHOTS to a folder to keep the screenshots."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.session import log_in
from tests.browser.shots import DESK, PHONE, shot
from tests.tournaments.features.calendar.builders import announce, pair
from tournaments.features.calendar.models import PreRegistration
from tournaments.features.messages.services import sending

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_team_withdraws_at_the_desk_and_the_waiting_team_confirms_from_its_phone(
    live_server, open_page, organizer, faults, smtp, settings
):
    """Browser: keys and focus, 390 px layout, screen layout, axe."""
    tournament = announce(organizer, max_teams=1, name="Concours de la Sainte-Cécile")
    first = pair(tournament, 1)
    waiting = pair(tournament, 2, email="odette.lemaire@example.org")
    settings.PUBLIC_URL = live_server.url  # the mail's links, to this server
    desk = open_page(viewport=DESK)
    log_in(desk, live_server.url)
    desk.goto(f"{live_server.url}/organisation/t/{tournament.slug}/preinscriptions/")
    row = desk.get_by_role("row", name=re.compile(first.last_name1))
    withdraw = row.get_by_role("button", name="Désistement")
    withdraw.focus()
    desk.keyboard.press("Enter")  # the volunteer, on the phone with the team
    expect(desk.get_by_text(f"Désistement enregistré : {first.players_label}.")).to_be_visible()
    expect(
        desk.get_by_role("heading", name="Places libérées proposées, en attente de réponse (1)")
    ).to_be_visible()
    expect(desk.get_by_text("place proposée : réponse avant le")).to_be_visible()
    shot(desk, "offer-desk-offered")

    assert sending.send_due().sent == 1  # what the worker's task does
    (mail,) = smtp.inbox.received
    assert mail["To"] == waiting.email
    body = mail.get_content()
    assert "confirmez avant le" in body
    link = re.search(r"(http://\S+/preinscription/place/\S+/)", body).group(1)
    assert link.startswith(live_server.url)

    phone = open_page(viewport=PHONE, has_touch=True, is_mobile=True)
    phone.goto(link)
    expect(phone.get_by_role("heading", name="Une place s'est libérée")).to_be_visible()
    expect(phone.get_by_text("La place est à vous si vous confirmez avant le")).to_be_visible()
    button = phone.get_by_role("button", name="Nous venons : je confirme la place")
    box = button.bounding_box()
    assert box and box["height"] >= 44, box
    shot(phone, "offer-phone-offer")
    button.tap()
    expect(phone.get_by_text("C'est confirmé : votre équipe est inscrite.")).to_be_visible()
    shot(phone, "offer-phone-confirmed")

    desk.reload()
    expect(desk.get_by_role("heading", name="Inscrites (1)")).to_be_visible()
    expect(desk.get_by_role("row", name=re.compile(waiting.last_name1))).to_contain_text(
        waiting.players_label
    )
    shot(desk, "offer-desk-registered")
    waiting.refresh_from_db()
    assert waiting.status == PreRegistration.Status.CONFIRMED
