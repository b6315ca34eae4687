"""La générale typed at the desk's grid and on a phone at 390 px (issue 62),
in a coinche that plays it (generale=flat): « G » in « Contrat » marks
500–0 and « Pourquoi ? » says why, « G » and the takers' capot « N » (both
of them took the eight tricks) mark the générale failed; on the phone,
« Générale » sits beside « Capot » and a générale made, its points left
empty, marks 500. axe checks every page the journeys visit
(tests/browser/accessibility.py).

Set BROWSER_SCREENSHOTS to a folder to keep screenshots (to look at, never
compared)."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.grid import deal_keys, type_deal
from tests.browser.session import log_in
from tests.browser.shots import PHONE, shot
from tests.browser.test_club_counts_by_example import desk
from tournaments.infra import links
from tournaments.services import tournaments

pytestmark = pytest.mark.django_db(transaction=True)


def generale_concours(owner):
    return tournaments.create_tournament(
        owner=owner,
        name="Coinche à la générale",
        date=datetime.date(2026, 12, 5),
        preset="ffb-coinche",
        overrides={"generale": "flat"},
        published=True,
        release_draws=False,
    )


def test_a_generale_typed_at_the_desk(live_server, page: Page, organizer):
    """Browser: keys and focus, axe."""
    url = live_server.url
    log_in(page, url)
    tournament = generale_concours(organizer)
    desk(page, url, tournament)
    expect(page.locator("p.rules")).to_contain_text("générale : 500")
    type_deal(page, deal_keys(taker="A", trump="H", bid="g"))
    expect(page.locator("#deal-1 .marque-a")).to_have_text("500")
    expect(page.locator("#deal-1 .marque-b")).to_have_text("0")
    expect(page.locator("#deal-1 td[data-label=Capot]")).to_have_text("GNS")  # one alone
    # « N » at « Capot » after « G »: both players of N-S took the eight
    # tricks (« GN » is one alone), the générale failed: 500 to E-O.
    type_deal(page, deal_keys(taker="A", trump="S", bid="g", capot="A"))
    expect(page.locator("#deal-2 .marque-a")).to_have_text("0")
    expect(page.locator("#deal-2 .marque-b")).to_have_text("500")
    expect(page.locator("#deal-2 td[data-label=Capot]")).to_have_text("NS")
    page.locator("#deal-1 details.why summary").click()
    expect(page.locator("#why-1")).to_contain_text("un joueur fait seul les huit plis")
    page.locator("#deal-2 details.why summary").click()
    expect(page.locator("#why-2")).to_contain_text("les huit plis, mais pas d'un seul joueur")
    shot(page, "generale-desk-1280")


def test_a_generale_tapped_on_a_phone(live_server, page: Page, organizer):
    """Browser: 390 px layout, axe."""
    tournament = generale_concours(organizer)
    factories.add_teams(tournament, 2)
    table = factories.first_table(factories.draw_random_round(tournament))
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + links.entry_path(table))
    page.locator("#id_code").fill(table.code_a)
    page.get_by_role("button", name="Saisir les donnes").click()
    row = page.locator("#deal-entry")
    generale = row.locator("input[name=bid][value=generale]")
    expect(generale).to_have_count(1)
    row.locator("input[name=taker][value=NS]").click()
    row.locator("input[name=trump][value='♥']").click()
    generale.click()
    expect(row.locator("#field-capot .choices")).to_be_hidden()
    shot(page, "generale-phone-390")
    row.get_by_role("button", name="Enregistrer").click()
    expect(page.locator("#deal-1 .marque-a")).to_have_text("500")
    assert table.deals.get().bid_generale
