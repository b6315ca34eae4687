"""Taps per deal on the table's phone (issue 38, item 5): a player of 75 at
390 px enters a plain, a coinched, a belote and a capot deal, every tap
counted (a tap on a box or a button, and each key of the phone's keyboard).
The figures are printed (-s): they are measured, not asserted; the deals
must be recorded with the engine's marque."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_players_of_every_age import PHONE
from tournaments.infra import links

pytestmark = pytest.mark.django_db(transaction=True)


class Taps:
    """A finger on the phone: each tap and each key of its keyboard counted."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def tap(self, locator) -> None:
        locator.click()
        self.count += 1

    def keys(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.count += len(text)


def _typed_row(taps: Taps, page: Page, **cells: str) -> None:
    """The row as the phone had it before issue 38: text boxes, one letter a
    cell (the grid moves on by itself after a taker, a trump, a full bid)."""
    row = page.locator("#deal-entry")
    taps.tap(row.locator("input[name=taker]"))
    taps.keys(cells["taker"] + cells["trump"] + cells["bid"])
    if not (len(cells["bid"]) == 3 or cells["bid"][0] in "89c"):
        taps.tap(row.locator("input[name=points]"))
    taps.keys(cells.get("points", ""))
    for name in ("coinche", "belote", "capot"):
        if cells.get(name):
            taps.tap(row.locator(f"input[name={name}]"))
            taps.keys(cells[name])
    taps.tap(row.get_by_role("button", name="Enregistrer"))


DEALS = [
    # (what, the cells, marque N-S, marque E-O)
    ("plain", {"taker": "n", "trump": "c", "bid": "90", "points": "97"}, "190", "70"),
    (
        "coinched",
        {"taker": "n", "trump": "p", "bid": "100", "points": "110", "coinche": "x"},
        "520",
        "0",
    ),
    (
        "belote",
        {"taker": "e", "trump": "k", "bid": "80", "points": "90", "belote": "e"},
        "70",
        "190",
    ),
    ("capot", {"taker": "n", "trump": "t", "bid": "c", "capot": "n"}, "500", "0"),
]


def test_taps_per_deal_on_the_phone(live_server, page: Page, round1):
    table = round1.tables.order_by("number").first()
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + links.entry_path(table))
    page.locator("#id_code").fill(table.code_a)
    page.get_by_role("button", name="Saisir les donnes").click()
    figures = {}
    for number, (what, cells, marque_a, marque_b) in enumerate(DEALS, start=1):
        expect(page.locator("#deal-entry")).to_have_attribute("data-number", str(number))
        taps = Taps(page)
        _typed_row(taps, page, **cells)
        expect(page.locator(f"#deal-{number}")).to_be_visible()
        expect(page.locator(f"#deal-{number} .marque-a")).to_have_text(marque_a)
        expect(page.locator(f"#deal-{number} .marque-b")).to_have_text(marque_b)
        figures[what] = taps.count
    print("taps per deal on the phone:", figures)
