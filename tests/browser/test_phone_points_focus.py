"""The points box takes the focus after « Coinchée » or a belote side too
(issue 60, item 6): a player at 390 px taps the taker, the trump, the bid
(the numeric keypad comes up in « Points »), then « Coinchée » or a belote
side, the natural order at the table; the keypad must come back by itself,
as after a plain contract, without one more tap on the box. Taps counted
(each key of the keypad one), printed (-s).

Before (main): coinched 9 taps, belote 8 (the box tapped again); after: 8
and 7."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.grid import _choose, _Finger
from tests.browser.test_players_of_every_age import PHONE
from tournaments.infra import links

pytestmark = pytest.mark.django_db(transaction=True)

FOCUSED = "b => b === document.activeElement"


@pytest.mark.parametrize(
    ("what", "choice", "marques"),
    [("coinched", {"coinche": "x"}, ("520", "0")), ("belote", {"belote": "NS"}, ("210", "70"))],
)
def test_the_keypad_comes_back_after_coinchee_or_belote(
    live_server, open_page, round1, what, choice, marques
):
    """Browser: keys and focus, 390 px layout, scripts."""
    table = round1.tables.order_by("number").first()
    page = open_page(viewport=PHONE, is_mobile=True, has_touch=True)
    page.goto(live_server.url + links.entry_path(table))
    page.locator("#id_code").fill(table.code_a)
    page.get_by_role("button", name="Saisir les donnes").click()
    row = page.locator("#deal-entry.pad")
    expect(row).to_be_visible()
    finger = _Finger(page)
    bid = "100" if what == "coinched" else "90"
    for name, value in (("taker", "NS"), ("trump", "♠"), ("bid", bid), *choice.items()):
        _choose(finger, row, name, value)
    box = row.locator("input[name=points]")
    focused = box.evaluate(FOCUSED)
    if not focused:
        finger.tap(box)
    finger.type("110" if what == "coinched" else "97")
    finger.tap(row.locator("button[type=submit][form=deal-form]"))
    print(f"\n{what}: {finger.taps} taps, the points box focused by itself: {focused}")
    expect(page.locator("#deal-1 .marque-a")).to_have_text(marques[0])
    expect(page.locator("#deal-1 .marque-b")).to_have_text(marques[1])
    assert focused
