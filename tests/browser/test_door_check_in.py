"""Check-in at the door (issue 25, item 3; issue 35, item 7), as it happens
in the hall: a player opens the poster's link on a 390 px phone and sees
nobody's name until she types « dup » for « Dupré », taps the line, reads
« C'est bien vous ? » in large type and confirms; the desk (1366 px,
another browser) sees the team checked in without reloading. A second team
confirms while the network is cut: the page says so and the same button
works once the network is back. The desk undoes a check-in tapped by
mistake. The poster of a concours still weeks away opens on a door that
says when it opens, with no name and no search. Every page is checked by
the fixtures (axe-core, 44 px targets, console, 5xx, overflow).

Set BROWSER_SCREENSHOTS to a folder to keep the screenshots."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from django.utils.formats import date_format
from playwright.sync_api import expect

from tests import factories
from tests.browser.session import log_in
from tests.browser.shots import DESK, PHONE, shot
from tournaments.features.door import services as door
from tournaments.models import Team, Tournament
from tournaments.services import registration

pytestmark = pytest.mark.django_db(transaction=True)

PEOPLE = [
    ("Hélène", "Dupré", "Paul", "Marchand"),
    ("Marcel", "Aubry", "Jeanne", "Aubry"),
    ("Odette", "Lemaire", "Raymond", "Dupuis-Ferrand"),
    ("Lucien", "Garnier", "Yvette", "Roux"),
    ("Simone", "Faure", "Gaston", "Blanc"),
    ("Germaine", "Perrin", "André", "Colin"),
]


@pytest.fixture
def hall(organizer) -> Tournament:
    tournament = factories.build_tournament(
        owner=organizer, name="Concours du Foyer rural", date=timezone.localdate()
    )
    Tournament.objects.filter(pk=tournament.pk).update(features=["door"])
    for first1, last1, first2, last2 in PEOPLE:
        registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData(first1, last1),
            player2=registration.PlayerData(first2, last2),
        )
    tournament.refresh_from_db()
    return tournament


class Taps:
    """The taps a player makes (a click is a tap on a phone)."""

    def __init__(self) -> None:
        self.count = 0

    def tap(self, locator) -> None:
        self.count += 1
        locator.click()


def test_a_team_checks_in_from_the_poster_and_the_desk_sees_it(
    live_server, open_page, organizer, hall, faults
):
    """Browser: keys and focus, 390 px layout, screen layout, scripts, offline outbox,
    computed style, axe.
    """
    link = live_server.url + f"/pointage/{door.door_key(hall)}/"
    desk = open_page(viewport=DESK)
    log_in(desk, live_server.url)
    desk.goto(f"{live_server.url}/organisation/t/{hall.slug}/")
    counted = desk.locator(".door-count")
    expect(counted).to_contain_text("0 équipes pointées sur 6")
    expect(desk.locator(".door-drawn")).to_contain_text("0 équipes pointées seront tirées")

    phone = open_page(viewport=PHONE, has_touch=True, is_mobile=True)
    taps = Taps()
    phone.goto(link)
    expect(phone.locator(".door-team")).to_have_count(0)  # nobody listed
    expect(
        phone.get_by_text("Le pointage est ouvert jusqu'à la fin de la journée.")
    ).to_be_visible()
    shot(phone, "door-empty")
    taps.tap(phone.locator("#door-q"))
    phone.keyboard.type("dup")  # three letters, no accent: « Dupré » and « Dupuis »
    lines = phone.locator(".door-teams li:visible")
    expect(lines).to_have_count(2)
    expect(lines.first).to_contain_text("Hélène Dupré & Paul Marchand")
    for line in lines.all():
        box = line.locator("a").bounding_box()
        assert box and box["height"] >= 56, box
    shot(phone, "door-list")
    taps.tap(phone.get_by_role("link", name="Hélène Dupré"))

    expect(phone.get_by_role("heading", name="C'est bien vous ?")).to_be_visible()
    names = phone.locator(".door-big")
    expect(names).to_have_text(["Hélène Dupré", "Paul Marchand"])
    size = names.first.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")
    assert size >= 32, size
    yes = phone.get_by_role("button", name="Oui, nous sommes là")
    no = phone.get_by_role("link", name="Non, revenir")
    for control in (yes, no):
        box = control.bounding_box()
        assert box and box["height"] >= 56 and box["width"] >= 300, box
    shot(phone, "door-confirm")
    taps.tap(yes)
    expect(phone.locator(".door-welcome")).to_contain_text(
        "Bienvenue, Hélène Dupré & Paul Marchand : votre équipe est pointée à"
    )
    shot(phone, "door-welcome")
    # Tap the field, type three letters, tap the line, tap « Oui ».
    assert taps.count == 3
    dupre = Team.objects.get(player1__last_name="Dupré")
    assert dupre.checked_in_at is not None

    # The desk's list asks for itself again: the check-in appears there.
    expect(counted).to_contain_text("1 équipe pointée sur 6", timeout=20_000)
    expect(desk.locator(f"#team-{dupre.pk}")).to_contain_text("pointée à")
    desk.reload()
    expect(desk.locator(".door-drawn")).to_contain_text("1 équipe pointée sera tirée")
    shot(desk, "door-desk")

    # A second team: the network drops between the list and « Oui ».
    expect(phone.locator("#door-q")).to_have_value("")  # ready for the next team
    phone.locator("#door-q").press_sequentially("aub")
    expect(phone.locator(".door-teams li:visible")).to_have_count(1)
    phone.get_by_role("link", name="Marcel Aubry").click()
    expect(phone.locator(".door-big").first).to_have_text("Marcel Aubry")
    faults.network_down = True
    phone.context.set_offline(True)
    phone.get_by_role("button", name="Oui, nous sommes là").click()
    offline = phone.locator(".door-offline")
    expect(offline).to_be_visible()
    expect(offline).to_contain_text("Pas de réseau : votre pointage n'est pas parti")
    shot(phone, "door-offline")
    aubry = Team.objects.get(player1__last_name="Aubry")
    assert aubry.checked_in_at is None
    phone.context.set_offline(False)
    faults.network_down = False
    expect(offline).to_be_hidden()
    phone.get_by_role("button", name="Oui, nous sommes là").click()
    expect(phone.locator(".door-welcome")).to_contain_text("Marcel Aubry & Jeanne Aubry")
    aubry.refresh_from_db()
    assert aubry.checked_in_at is not None
    expect(counted).to_contain_text("2 équipes pointées sur 6", timeout=20_000)

    # The wrong line was tapped: the desk undoes it.
    desk.get_by_role("button", name=f"Annuler le pointage de l'équipe {aubry.number}").click()
    expect(desk.locator(f"#team-{aubry.pk}")).to_contain_text("pas encore pointée")
    # Follows the tick at once (out of band), not at the list's next call (10 s).
    expect(counted).to_contain_text("1 équipe pointée sur 6")
    shot(desk, "door-desk-undone")
    aubry.refresh_from_db()
    assert aubry.checked_in_at is None


def test_a_poster_photographed_weeks_before_opens_on_a_closed_door(
    live_server, open_page, organizer
):
    """The poster of a concours 18 days away, its door opening at 13 h 30:
    the door says so and shows no name, whatever is typed in its address;
    the desk reads the same hours.

    Browser: 390 px layout, camera input, axe.
    """
    day = timezone.localdate() + datetime.timedelta(days=18)
    later = factories.build_tournament(owner=organizer, name="Concours de Noël", date=day)
    Tournament.objects.filter(pk=later.pk).update(
        features=["door"], check_in_opens=datetime.time(13, 30)
    )
    for first1, last1, first2, last2 in PEOPLE:
        registration.register_team(
            tournament=later,
            player1=registration.PlayerData(first1, last1),
            player2=registration.PlayerData(first2, last2),
        )
    said = f"Le pointage ouvrira le {date_format(day, 'l j F')} à 13 h 30."
    link = live_server.url + f"/pointage/{door.door_key(later)}/"
    phone = open_page(viewport=PHONE, has_touch=True, is_mobile=True)
    for address in (link, link + "?q=dup", link + "1/?q=dup"):
        phone.goto(address)
        expect(phone.locator(".door-closed")).to_have_text(said)
        expect(phone.locator("#door-q")).to_have_count(0)
        expect(phone.locator("main")).not_to_contain_text("Dupré")
    shot(phone, "door-closed")

    desk = open_page(viewport=DESK)
    log_in(desk, live_server.url)
    desk.goto(f"{live_server.url}/organisation/t/{later.slug}/")
    expect(desk.locator(".door-hours")).to_have_text(said)
    shot(desk, "door-desk-hours")
