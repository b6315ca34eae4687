"""The calendar (issue 26), as it is lived: an organizer announces a
concours with the keyboard (a maximum of one team); two teams pre-register
from 390 px phones and confirm their address from their mail (issue 35),
the second on the waiting list; the first cancels from
its mail's link (read from the test outbox) and the place is offered to
the waiting team, which confirms from its offer's link; the organizer
sees it in the list (at 1366 px and on a 390 px phone), moves the concours half
an hour later and to another hall (the team registered is told by mail),
and takes it in at the desk.

Set BROWSER_SCREENSHOTS to a folder to keep the phones' screenshots."""

from __future__ import annotations

import datetime
import re

import pytest
from django.core import mail
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.browser.session import log_in
from tests.browser.shots import PHONE, shot
from tests.tournaments.features.calendar.builders import offers_queued
from tournaments.features.calendar.models import PreRegistration
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

CONFIRM_LINK = r"https?://\S+/preinscription/confirmer/\S+"


def _type_fields(page: Page, first: str, values: list[str]) -> None:
    """Focus `first`, then type each value and Tab to the next field (an
    empty value: Tab past the field as it is)."""
    page.locator(first).focus()
    for value in values:
        if value:
            page.keyboard.type(value)
        page.keyboard.press("Tab")


def announce_with_the_keyboard(page: Page, url: str, day: datetime.date) -> None:
    log_in(page, url)
    page.goto(url + "/organisation/")
    page.get_by_role("link", name="Annoncer un concours").click()
    _type_fields(page, "#id_name", ["Concours de la Saint-Vincent"])
    # The date and time fields' segments follow the browser's locale: filled whole.
    page.locator("#id_date").fill(day.isoformat())
    page.locator("#id_start_time").fill("14:00")
    _type_fields(
        page,
        "#id_hall",
        [
            "Salle des fêtes",
            "2 rue de l'Église",
            "71000",
            "Mâcon",
            "",  # the rules: belote FFB, as proposed
            "",  # doublettes
            "10",
            "Un jambon à chaque équipe",
            "Mme Bérard, 03 85 00 00 00",
        ],
    )
    page.keyboard.type("1")  # at most one team
    page.keyboard.press("Enter")
    expect(page.get_by_text("Concours annoncé : il est au calendrier.")).to_be_visible()


def preregister_from_a_phone(
    phone: Page, url: str, index: int, *, shown: tuple[bool, bool] = (False, False)
) -> None:
    """The concours's form typed field after field; each player's box
    « accepte d'être affiché » ticked with the space bar when `shown` says."""
    phone.goto(url + "/")
    coming = phone.get_by_role("region", name="Prochains concours")
    coming.get_by_role("link", name="Concours de la Saint-Vincent").click()
    expect(phone.locator(".pay-on-site")).to_contain_text("Paiement sur place")
    phone.locator("#id_first_name1").focus()
    for player, (first, last) in enumerate((("Amélie", "Lefèvre"), ("Jérôme", "Bérard"))):
        for value in (first, f"{last}{index}", ""):  # the licence left empty
            if value:
                phone.keyboard.type(value)
            phone.keyboard.press("Tab")
        if shown[player]:
            phone.keyboard.press("Space")
        phone.keyboard.press("Tab")
    phone.keyboard.type("Les As de Trèfle")
    phone.keyboard.press("Tab")
    phone.keyboard.type(f"equipe{index}@example.org")
    shot(phone, f"calendar-form-{index}")
    phone.keyboard.press("Enter")


def confirm_from_its_mail(phone: Page, body: str) -> None:
    """The phone opens the mail's confirm link and taps « Confirmer »."""
    phone.goto(re.search(CONFIRM_LINK, body).group(0))
    phone.get_by_role("button", name="Confirmer", exact=True).click()


def test_two_phones_pre_register_the_first_cancels_and_the_waiting_team_moves_up(
    live_server, page, open_page, organizer
):
    """Browser: keys and focus, 390 px layout, axe."""
    day = timezone.localdate() + datetime.timedelta(days=12)
    announce_with_the_keyboard(page, live_server.url, day)
    tournament = Tournament.objects.get(name="Concours de la Saint-Vincent")
    assert tournament.date == day and tournament.announcement.max_teams == 1
    assert str(tournament.announcement.start_time) == "14:00:00"

    first, second = open_page(viewport=PHONE), open_page(viewport=PHONE)
    preregister_from_a_phone(first, live_server.url, 1)
    expect(first.get_by_role("status")).to_contain_text("La place de votre équipe est retenue")
    shot(first, "calendar-registered")
    preregister_from_a_phone(second, live_server.url, 2)
    expect(second.get_by_role("status")).to_contain_text("liste d'attente")
    shot(second, "calendar-waiting")

    (confirmation,) = [m for m in mail.outbox if m.to == ["equipe1@example.org"]]
    confirm_from_its_mail(first, confirmation.body)
    expect(first.get_by_role("status")).to_contain_text("votre équipe est inscrite")
    (waiting,) = [m for m in mail.outbox if m.to == ["equipe2@example.org"]]
    confirm_from_its_mail(second, waiting.body)
    expect(second.get_by_role("status")).to_contain_text("en liste d'attente")
    link = re.search(r"https?://\S+/preinscription/annuler/\S+", confirmation.body).group(0)
    first.goto(link)
    first.get_by_role("button", name="Oui, annuler notre pré-inscription").click()
    expect(first.get_by_role("status")).to_contain_text("Pré-inscription annulée")
    shot(first, "calendar-cancelled")

    # The place is offered to the waiting team, until a deadline: its mail
    # is queued by the messages feature (sent by the worker), with a
    # one-tap link that the team opens on its phone.
    (offer,) = offers_queued()
    assert offer.to == "equipe2@example.org" and "Une place s'est libérée" in offer.subject
    path = re.search(r"https?://[^/\s]+(/preinscription/place/\S+/)", offer.body).group(1)
    second.goto(live_server.url + path)
    second.get_by_role("button", name="Nous venons : je confirme la place").click()
    expect(second.get_by_role("status")).to_contain_text("C'est confirmé")
    shot(second, "calendar-offer-confirmed")
    statuses = list(tournament.preregistrations.values_list("status", flat=True))
    assert statuses == [PreRegistration.Status.CANCELLED, PreRegistration.Status.CONFIRMED]

    page.goto(f"{live_server.url}/organisation/t/{tournament.slug}/preinscriptions/")
    expect(page.get_by_role("heading", name="Inscrites (1)")).to_be_visible()
    # The organizer reads the list on a phone too: its tables scroll in
    # their box, the page is no wider than the screen (guard.js).
    organizer_phone = open_page(viewport=PHONE)
    log_in(organizer_phone, live_server.url)
    organizer_phone.goto(f"{live_server.url}/organisation/t/{tournament.slug}/preinscriptions/")
    expect(organizer_phone.get_by_role("heading", name="Annulées (1)")).to_be_visible()
    shot(organizer_phone, "calendar-organizer-list")
    organizer_phone.close()

    # The hall moves the concours half an hour later: the poster is corrected
    # and the team registered is told by mail (the cancelled one is not).
    page.get_by_role("link", name="Modifier l'annonce").click()
    page.locator("#id_start_time").fill("14:30")
    page.locator("#id_hall").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("Foyer rural")
    page.keyboard.press("Enter")
    expect(page.get_by_text("1 équipe(s) inscrite(s) ou en attente prévenue(s)")).to_be_visible()
    (changed,) = [m for m in mail.outbox if m.subject.startswith("Changement pour votre concours")]
    assert changed.to == ["equipe2@example.org"] and "14 h 30" in changed.body
    assert "Foyer rural" in changed.body
    second.goto(f"{live_server.url}/concours/{tournament.slug}/")
    expect(second.locator("main")).to_contain_text("Foyer rural")

    page.get_by_role("button", name="Reprendre les pré-inscrits à l'accueil").click()
    expect(page.get_by_text("1 équipe(s) pré-inscrite(s) reprise(s)")).to_be_visible()
    (team,) = tournament.teams.all()
    assert team.player1.last_name == "Lefèvre2" and not team.present
