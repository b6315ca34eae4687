"""One concours played in two halls (issue 27), in a real browser: the
organizer, at 1366 px and from the keyboard, declares the two halls and
the planned parties, uploads the first hall's « Fichier du concours »
(its state in words, the merged ranking « provisoire »), gives the second
hall its sending key, typed on the second hall's laptop, which sends its
file signed over the network (the publication's client), and the ranking
becomes « définitif »; a player's phone at 390 px opens the merged ranking from
the concours's public page. The page fixtures fail on any 5xx, console
error, axe violation, small touch target or element wider than the
screen. Set BROWSER_SCREENSHOTS to a folder to keep the screenshots."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.session import log_in
from tests.browser.shots import DESK, PHONE
from tests.tournaments.features.halls.builders import hall_file

pytestmark = pytest.mark.django_db(transaction=True)

VIC = "Salle des fêtes de Vic"
LEMBEYE = "Foyer rural de Lembeye"


def shot(page: Page, name: str) -> None:
    folder = os.environ.get("BROWSER_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"halls-{name}.png"), full_page=True)


def press(page: Page, locator) -> None:
    locator.focus()
    page.keyboard.press("Enter")


def test_two_halls_merge_into_one_ranking_provisional_then_final(
    live_server, page: Page, open_page, organizer, tmp_path
):
    # Each hall's laptop played its concours (same rules, same day).
    """Browser: keys and focus, 390 px layout, axe."""
    vic_file = tmp_path / "vic.json"
    vic_file.write_text(json.dumps(hall_file(organizer, name="Vic", teams=4)), encoding="utf-8")
    laptop = factories.qualified_tournament(
        owner=organizer, teams=6, parties=2, name="Concours de Lembeye"
    )
    tournament = factories.build_tournament(
        owner=organizer, name="Concours des deux salles", parties=3
    )
    url = live_server.url
    page.set_viewport_size(DESK)
    log_in(page, url)

    # « Plusieurs salles » from the concours's page; the halls typed.
    page.goto(f"{url}/organisation/t/{tournament.slug}/")
    press(page, page.get_by_role("link", name="Plusieurs salles"))
    expect(page.get_by_role("heading", name="Concours joué dans plusieurs salles")).to_be_visible()
    page.get_by_label("Les salles, une par ligne").focus()
    page.keyboard.type(VIC)
    page.keyboard.press("Enter")
    page.keyboard.type(LEMBEYE)
    page.keyboard.press("Tab")
    page.keyboard.press("Control+A")
    page.keyboard.type("2")
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Salles enregistrées.")
    vic = page.locator(".hall", has_text=VIC)
    lembeye = page.locator(".hall", has_text=LEMBEYE)
    expect(vic.locator(".hall-status")).to_have_text("attendue")
    expect(lembeye.locator(".hall-status")).to_have_text("attendue")

    # The first hall's file, uploaded by the organizer.
    vic.locator("input[type=file]").set_input_files(str(vic_file))
    press(page, vic.get_by_role("button", name=f"Déposer le fichier de « {VIC} »"))
    expect(page.locator(".messages")).to_contain_text(f"Fichier de « {VIC} » reçu.")
    expect(vic.locator(".hall-status")).to_have_text(
        re.compile(r"^reçue à \d+ h \d\d : 4 équipes, 2 parties sur 2$")
    )
    expect(lembeye.locator(".hall-status")).to_have_text("attendue")
    expect(page.get_by_role("heading", name="Classement provisoire")).to_be_visible()
    expect(page.locator(".provisional")).to_contain_text("1 salle sur 2 a envoyé son fichier.")
    expect(page.locator(".halls-ranking tbody tr")).to_have_count(4)
    shot(page, "provisional")

    # The second hall's key, shown once; its laptop sends its file from its
    # own halls page (here the same server plays the hall's laptop).
    page.goto(f"{url}/organisation/t/{tournament.slug}/salles/")
    press(page, lembeye.get_by_role("button", name=f"Créer la clé d'envoi de « {LEMBEYE} »"))
    secret = lembeye.locator("input.new-key").input_value()
    assert secret.startswith("bs_")
    page.goto(f"{url}/organisation/t/{laptop.slug}/salles/")
    page.get_by_label("Adresse du site où les salles sont réunies").focus()
    page.keyboard.type(url)
    page.keyboard.press("Tab")
    page.keyboard.type(secret)
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text(
        re.compile(r"Fichier envoyé : reçue à \d+ h \d\d : 6 équipes, 2 parties sur 2")
    )
    page.goto(f"{url}/organisation/t/{tournament.slug}/salles/")
    expect(lembeye.locator("input.new-key")).to_have_count(0)  # shown once
    expect(lembeye.locator(".hall-status")).to_have_text(re.compile("^reçue à "))
    expect(page.get_by_role("heading", name="Classement définitif")).to_be_visible()
    expect(page.locator(".halls-ranking tbody tr")).to_have_count(10)
    shot(page, "final")

    # A player's phone: the concours's public page, then all the halls.
    phone = open_page(viewport=PHONE, is_mobile=True, has_touch=True)
    phone.goto(f"{url}/t/{tournament.slug}/")
    press(phone, phone.get_by_role("link", name="Classement de toutes les salles"))
    expect(phone.get_by_role("heading", name="Toutes les salles")).to_be_visible()
    expect(phone.get_by_role("heading", name="Classement définitif")).to_be_visible()
    rows = phone.locator(".halls-ranking tbody tr")
    expect(rows).to_have_count(10)
    expect(rows.first.locator("td").first).to_have_text("1")
    expect(phone.locator(".halls-states li", has_text=LEMBEYE)).to_contain_text("reçue à")
    expect(phone.locator("main form")).to_have_count(0)  # read-only
    shot(phone, "phone")
