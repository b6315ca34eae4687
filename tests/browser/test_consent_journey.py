"""Consent where a team registers (issue 40, item 1), as it is lived: a
team pre-registers from a 390 px phone and ticks « Recevoir notre
résultat par e-mail à la fin du concours » with the space bar; at the
desk (1366 px) a volunteer adds a team with the keyboard, types its
address and ticks « L'équipe veut recevoir son résultat par e-mail »; a
box ticked without an address is refused next to the field first. Every
page is checked by the fixtures (axe-core, console, 5xx, overflow).

Set BROWSER_SCREENSHOTS to a folder to keep the screenshots."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.session import log_in
from tests.browser.shots import DESK, PHONE, shot
from tests.tournaments.features.calendar.builders import announce
from tournaments.features.messages.models import Consent

pytestmark = pytest.mark.django_db(transaction=True)


def _type(page: Page, values: list[str]) -> None:
    """Type each value then Tab to the next field (an empty value: Tab past)."""
    for value in values:
        if value:
            page.keyboard.type(value)
        page.keyboard.press("Tab")


def test_a_phone_ticks_at_pre_registration_and_the_desk_ticks_for_a_team(
    live_server, page, open_page, organizer
):
    """Browser: keys and focus, 390 px layout, axe."""
    tournament = announce(organizer)
    phone = open_page(viewport=PHONE)
    phone.goto(f"{live_server.url}/concours/{tournament.slug}/")
    phone.locator("#id_first_name1").focus()
    # prénom, nom, licence, affiché — for each player — then the club and the e-mail.
    _type(phone, ["Amélie", "Lefèvre", "", "", "Jérôme", "Bérard", "", "", "Les As"])
    phone.keyboard.type("amelie@example.org")
    phone.keyboard.press("Tab")
    phone.keyboard.press("Space")  # « Recevoir notre résultat par e-mail… »
    expect(
        phone.get_by_label("Recevoir notre résultat par e-mail à la fin du concours")
    ).to_be_checked()
    shot(phone, "consent-prereg-ticked")
    phone.get_by_role("button", name="Pré-inscrire l'équipe").click()
    expect(phone.get_by_role("status")).to_contain_text("La place de votre équipe est retenue")
    consent = Consent.objects.get()
    assert (consent.source, consent.email, consent.wants_result, consent.wants_table) == (
        Consent.Source.PREREGISTRATION,
        "amelie@example.org",
        True,
        False,
    )

    page.set_viewport_size(DESK)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/organisation/t/{tournament.slug}/equipes/ajouter/")
    page.locator("#id_first_name1").focus()
    _type(page, ["Zoé", "Dupré", "", "", "Loïc", "Hébert", "", "", "", ""])
    page.keyboard.press("Tab")  # past the e-mail, left empty
    page.keyboard.press("Space")  # the result ticked without an address
    page.keyboard.press("Enter")
    expect(page.locator("#id_messages_email").locator("..")).to_contain_text(
        "Donnez l'e-mail où envoyer ce qui est coché."
    )
    shot(page, "consent-desk-refused")
    assert not tournament.teams.exists()
    page.locator("#id_messages_email").fill("")
    page.locator("#id_messages_email").focus()
    page.keyboard.type("zoe@example.org")
    shot(page, "consent-desk-ticked")
    page.keyboard.press("Enter")
    expect(page.get_by_text("Équipe enregistrée.")).to_be_visible()
    desk = Consent.objects.get(source=Consent.Source.DESK)
    assert (desk.email, desk.team.players_label, desk.wants_result) == (
        "zoe@example.org",
        "Zoé Dupré & Loïc Hébert",
        True,
    )
