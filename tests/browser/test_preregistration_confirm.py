"""A place held until the address is confirmed (issue 35, item 3), as it
is lived on a 390 px phone: a player pre-registers her team with the
keyboard, is told her place is held 30 minutes, reads the mail (the test
outbox), opens its link, sees what was typed quoted back and taps
« Confirmer »: the team is in. Someone else registers the same team with
his own address: he sees exactly what a new team sees, page after page,
and the concours's places go down by one for each.

Set BROWSER_SCREENSHOTS to a folder to keep the phones' screenshots."""

from __future__ import annotations

import datetime
import re

import pytest
from django.core import mail
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.browser.shots import PHONE, shot
from tests.browser.test_calendar_journey import CONFIRM_LINK
from tests.tournaments.features.calendar.builders import announce
from tournaments.features.calendar.models import PreRegistration

pytestmark = pytest.mark.django_db(transaction=True)

NAME = "Concours du Beaujolais"


def register_with_the_keyboard(phone: Page, url: str, names: tuple[str, ...], email: str) -> None:
    """The concours's form typed field after field (licences and boxes
    passed by), the address last, Enter."""
    phone.goto(url)
    phone.locator("#id_first_name1").focus()
    first1, last1, first2, last2 = names
    for value in (first1, last1, "", "", first2, last2, "", "", "Club de Vaux", email):
        if value:
            phone.keyboard.type(value)
        if value != email:
            phone.keyboard.press("Tab")
    phone.keyboard.press("Enter")


def places_left(phone: Page, url: str) -> str:
    phone.goto(url)
    return phone.locator("dl.announcement").inner_text()


def seen(phone: Page) -> str:
    """The page as its reader sees it, the team's names aside."""
    return phone.locator("main").inner_text()


def test_a_phone_holds_then_confirms_its_place_and_a_team_registered_again_tells_nothing(
    live_server, organizer, open_page, clock
):
    """On the test's clock (the live server's thread reads it too): Josette
    registers at its pinned moment, each neighbour's team 5 minutes later,
    at one same moment, so that their two mails say one same hold end and
    a mail quoting Josette's hold (« jusqu'à » 5 minutes earlier) differs.

    Browser: keys and focus, 390 px layout, axe.
    """
    josette_at = clock.now
    tournament = announce(
        organizer, name=NAME, max_teams=10, date=timezone.localdate() + datetime.timedelta(days=9)
    )
    url = f"{live_server.url}/concours/{tournament.slug}/"
    player = open_page(viewport=PHONE)
    register_with_the_keyboard(
        player, url, ("Josette", "Morel", "Raymond", "Vial"), "josette@example.org"
    )
    held = player.get_by_role("status")
    expect(held).to_contain_text("Dernière étape : confirmez votre adresse e-mail.")
    expect(held).to_contain_text("La place de votre équipe est retenue 30 minutes.")
    shot(player, "confirm-held")
    assert "9 places restantes sur 10" in places_left(player, url)
    (registration,) = PreRegistration.objects.all()
    assert registration.is_held

    (message,) = mail.outbox
    assert message.to == ["josette@example.org"] and "Morel" not in message.subject
    assert "> Équipe : Josette Morel & Raymond Vial" in message.body.splitlines()
    player.goto(re.search(CONFIRM_LINK, message.body).group(0))
    expect(player.locator("main")).to_contain_text("Josette Morel & Raymond Vial")
    shot(player, "confirm-confirm")
    registration.refresh_from_db()
    assert registration.is_held  # opening the link is not confirming
    player.get_by_role("button", name="Confirmer", exact=True).click()
    expect(player.get_by_role("status")).to_contain_text(
        "Pré-inscription confirmée : votre équipe est inscrite."
    )
    shot(player, "confirm-confirmed")
    registration.refresh_from_db()
    assert not registration.is_held and registration.status == PreRegistration.Status.CONFIRMED

    # A curious neighbour registers the same team, then a team of his own:
    # what he sees is the same, page after page, mail after mail.
    neighbour = open_page(viewport=PHONE)
    answers = {}
    for key, names, email in (
        ("again", ("Josette", "Morel", "Raymond", "Vial"), "voisin@example.org"),
        ("new", ("Gérard", "Poncet", "Simone", "Roux"), "voisin2@example.org"),
    ):
        clock.now = josette_at + datetime.timedelta(minutes=5)
        before = places_left(neighbour, url)
        register_with_the_keyboard(neighbour, url, names, email)
        expect(neighbour.get_by_role("status")).to_be_visible()
        page_after_form = seen(neighbour)
        shot(neighbour, f"confirm-{key}-held")
        (his,) = [m for m in mail.outbox if m.to == [email]]
        neighbour.goto(re.search(CONFIRM_LINK, his.body).group(0))
        neighbour.get_by_role("button", name="Confirmer", exact=True).click()
        expect(neighbour.get_by_role("status")).to_be_visible()
        answers[key] = {
            "page": page_after_form,
            "subject": his.subject,
            "mail": _without(his.body, names),
            "confirmed": seen(neighbour),
            "places": (before, places_left(neighbour, url)),
        }
    assert answers["again"]["page"] == answers["new"]["page"]
    assert answers["again"]["subject"] == answers["new"]["subject"]
    assert answers["again"]["mail"] == answers["new"]["mail"]
    assert answers["again"]["confirmed"] == answers["new"]["confirmed"]
    assert [_left(p) for p in answers["again"]["places"]] == [9, 8]
    assert [_left(p) for p in answers["new"]["places"]] == [8, 7]


def _without(body: str, names: tuple[str, ...]) -> str:
    first1, last1, first2, last2 = names
    body = re.sub(r"https?://\S+", "LINK", body)
    return body.replace(f"{first1} {last1} & {first2} {last2}", "TEAM")


def _left(text: str) -> int:
    return int(re.search(r"(\d+) places? (?:restantes?|disponibles?)", text).group(1))
