"""Taps per deal on the table's phone (issue 38, item 5): a player of 75 at
390 px enters a plain, a coinched, a belote and a capot deal, every tap
counted (a tap on a button or a box, and each key of the numeric keypad),
printed (-s). The deals must be recorded with the engine's marque, and the
figures must not grow back (before the pad, on text boxes a letter a cell:
plain 8, coinched 12, belote 10, capot 7; commit 0091989)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.grid import tap_deal
from tests.browser.shots import shot
from tests.browser.test_players_of_every_age import PHONE
from tournaments.infra import links

pytestmark = pytest.mark.django_db(transaction=True)


DEALS = [
    # (what, the buttons and the points, marque N-S, marque E-O)
    ("plain", {"taker": "NS", "trump": "♥", "bid": "90", "points": "97"}, "190", "70"),
    (
        "coinched",
        {"taker": "NS", "trump": "♠", "bid": "100", "points": "110", "coinche": "x"},
        "520",
        "0",
    ),
    (
        "belote",
        {"taker": "EO", "trump": "♦", "bid": "80", "points": "90", "belote": "EO"},
        "70",
        "190",
    ),
    # A capot bid says capot: no points, no second capot mark.
    ("capot", {"taker": "NS", "trump": "♣", "bid": "capot"}, "500", "0"),
]


def test_taps_per_deal_on_the_phone(live_server, page: Page, round1):
    """Browser: 390 px layout, scripts."""
    table = round1.tables.order_by("number").first()
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + links.entry_path(table))
    page.locator("#id_code").fill(table.code_a)
    page.get_by_role("button", name="Saisir les donnes").click()
    figures = {}
    for number, (what, choices, marque_a, marque_b) in enumerate(DEALS, start=1):
        expect(page.locator("#deal-entry")).to_have_attribute("data-number", str(number))
        figures[what] = tap_deal(page, **choices)
        expect(page.locator(f"#deal-{number} .marque-a")).to_have_text(marque_a)
        expect(page.locator(f"#deal-{number} .marque-b")).to_have_text(marque_b)
    print("taps per deal on the phone:", figures)
    shot(page, "phone-pad-four-deals")
    assert figures == {"plain": 6, "coinched": 8, "belote": 7, "capot": 4}


@pytest.mark.parametrize("large_print", [False, True], ids=["390px", "A+"])
def test_the_pad_says_what_is_missing_and_a_capot_bid_needs_no_mark(
    live_server, page: Page, round1, large_print
):
    """« Enregistrer » on an empty row says what is missing next to
    « Preneur », naming it, and records nothing; the capot bid puts its
    hint in place of the second capot mark; at 390 px and in « Grands
    caractères ».

    Browser: 390 px layout, scripts.
    """
    table = round1.tables.order_by("number").first()
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + links.entry_path(table))
    if large_print:
        page.get_by_role("button", name="Grands caractères").click()
    page.locator("#id_code").fill(table.code_a)
    page.get_by_role("button", name="Saisir les donnes").click()
    row = page.locator("#deal-entry")
    row.get_by_role("button", name="Enregistrer").click()
    error = row.locator("#id_taker_error")
    expect(error).to_have_text("Preneur : rien n'est choisi. Qui a pris (ou « Passe ») ?")
    expect(row.locator("#field-taker fieldset")).to_have_attribute(
        "aria-describedby", "id_taker_error"
    )
    expect(row.locator("#deal-preview")).to_be_empty()
    shot(page, f"phone-pad-empty-row-{'large' if large_print else 'phone'}")
    # The player's team is « Nous » on its own phone.
    expect(row.locator("#field-taker")).to_contain_text("Nous")
    capot = row.locator("#field-capot")
    expect(capot.locator(".choices")).to_be_visible()
    expect(capot.locator(".pad-hint")).to_be_hidden()
    row.locator("input[name=taker][value=NS]").click()
    row.locator("input[name=trump][value='♥']").click()
    row.locator("input[name=bid][value=capot]").click()
    # In place of the second capot mark, what to do with the points.
    expect(capot.locator(".choices")).to_be_hidden()
    expect(capot.locator(".pad-hint")).to_have_text(
        "Capot annoncé : laissez les points vides s'il est réussi."
    )
    expect(row.locator("#deal-preview")).to_contain_text("500")
    shot(page, f"phone-pad-capot-bid-{'large' if large_print else 'phone'}")
    row.get_by_role("button", name="Enregistrer").click()
    expect(page.locator("#deal-1 .marque-a")).to_have_text("500")
    assert table.deals.count() == 1
