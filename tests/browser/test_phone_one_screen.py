"""A deal on one phone screen (issue 54, item 1). A player of 75 at
390 × 844 (a touch screen, its numeric keypad covering the bottom while the
points are typed) enters a plain, a coinched, a belote and a capot deal on
the table's pad, a thumb counting the taps and the scrolls (thumb.py),
printed with the places of « Preneur » and « Enregistrer » (-s).

The deal being typed and « Enregistrer » are on the first screen, the page
bringing the deal into view by itself (at A+, « Grands caractères », one
scroll at most); after a save the next deal is in view; the Wi-Fi dropping
(the outbox's box appearing) does not move the pad under the finger.

Before (main at da470f2), at « Donne 3 »: « Preneur » at y = 744 px and
« Enregistrer » at y = 1,886 px in the page, the page opening at its top;
(taps, scrolls) per deal: plain (6, 2), coinched (8, 1), belote (7, 1),
capot (4, 2), at A+ 2 scrolls each; the Wi-Fi dropping moved the pad 96 px
down. After: « Enregistrer » at y = 649 px on the screen, no scroll (A+:
one at most), the pad not moving."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.grid import tap_deal
from tests.browser.shots import PHONE, shot
from tests.browser.test_phone_taps import DEALS
from tests.browser.thumb import Thumb
from tournaments.infra import links

pytestmark = pytest.mark.django_db(transaction=True)


# Where a control is: its top in the page and on the screen, in CSS px.
PLACE = """(el) => {
  const box = el.getBoundingClientRect();
  return { page: Math.round(box.top + window.scrollY), screen: Math.round(box.top),
           bottom: Math.round(box.bottom) };
}"""


def places(page: Page) -> dict[str, dict[str, int]]:
    row = page.locator("#deal-entry")
    return {
        "preneur": row.locator("#field-taker").evaluate(PLACE),
        "enregistrer": row.locator("button[type=submit][form=deal-form]").evaluate(PLACE),
    }


@pytest.mark.parametrize("large_print", [False, True], ids=["A", "A+"])
def test_a_deal_and_its_save_button_on_the_first_screen(
    live_server, open_page, round1, large_print
):
    """Browser: 390 px layout, scripts."""
    table = round1.tables.order_by("number").first()
    page = open_page(viewport=PHONE, is_mobile=True, has_touch=True)
    page.goto(live_server.url + links.entry_path(table))
    if large_print:
        page.get_by_role("button", name="Grands caractères").click()
    page.locator("#id_code").fill(table.code_a)
    page.get_by_role("button", name="Saisir les donnes").click()
    expect(page.locator("#deal-entry")).to_be_visible()
    name = "large" if large_print else "phone"
    thumb = Thumb(page, **PHONE)
    first = places(page)
    shot(page, f"one-screen-{name}-opened", full_page=False)
    figures = {}
    for number, (what, choices, marque_a, marque_b) in enumerate(DEALS, start=1):
        expect(page.locator("#deal-entry")).to_have_attribute("data-number", str(number))
        if number == 3:  # where the issue measured: « Donne 3 », two deals above
            third = places(page)
            shot(page, f"one-screen-{name}-deal-3", full_page=False)
        tap_deal(page, thumb=thumb, **choices)
        figures[what] = thumb.count()
        expect(page.locator(f"#deal-{number} .marque-a")).to_have_text(marque_a)
        expect(page.locator(f"#deal-{number} .marque-b")).to_have_text(marque_b)
    shot(page, f"one-screen-{name}-after-four", full_page=False)
    shot(page, f"one-screen-{name}-whole")
    print(f"\n[{name}] opened: {first}\n[{name}] deal 3: {third}")
    print(f"[{name}] (taps, scrolls) per deal: {figures}")
    taps = {what: counted[0] for what, counted in figures.items()}
    assert taps == {"plain": 6, "coinched": 8, "belote": 7, "capot": 4}
    scrolls = {what: counted[1] for what, counted in figures.items()}
    if large_print:
        assert max(scrolls.values()) <= 1, scrolls
    else:
        assert scrolls == {"plain": 0, "coinched": 0, "belote": 0, "capot": 0}
        # Opened on the deal, and after two saves: « Preneur » and
        # « Enregistrer » on the screen, the player having scrolled nothing.
        for shown in (first, third):
            assert shown["preneur"]["screen"] >= 0, shown
            assert shown["enregistrer"]["bottom"] <= PHONE["height"], shown


def test_the_wifi_dropping_does_not_move_the_pad(live_server, open_page, round1, faults):
    """The outbox's box appears when the Wi-Fi drops (« Hors ligne : réseau perdu à
    … »): the pad stays where the player's finger is, on the screen and in
    the page; the deal tapped then is recorded as tapped once back.

    Browser: 390 px layout, scripts, offline outbox.
    """
    table = round1.tables.order_by("number").first()
    page = open_page(viewport=PHONE, is_mobile=True, has_touch=True)
    page.goto(live_server.url + links.entry_path(table))
    page.locator("#id_code").fill(table.code_a)
    page.get_by_role("button", name="Saisir les donnes").click()
    tap_deal(page, taker="NS", trump="♥", bid="90", points="97")
    expect(page.locator("#deal-1")).to_be_visible()
    pad = page.locator("#deal-entry #field-taker")
    before = pad.evaluate(PLACE)

    faults.network_down = True
    page.context.set_offline(True)
    expect(page.locator("#outbox .outbox-status")).to_contain_text("Hors ligne : réseau perdu à")
    after = pad.evaluate(PLACE)
    shot(page, "one-screen-wifi-dropped", full_page=False)
    print(f"\nthe pad before the Wi-Fi dropped: {before}, after: {after}")
    assert after == before

    # A deal tapped offline: the pad cleared and in sight, « en attente
    # d'envoi » under it; then sent, its line coming above the pad, which
    # stays (to a pixel's rounding of the page's scrolling).
    thumb = Thumb(page, **PHONE)
    tap_deal(page, thumb=thumb, taker="EO", trump="♠", bid="80", points="90")
    waiting = page.locator("tr.outbox-row")
    expect(waiting).to_have_count(1)
    assert thumb.count() == (6, 0)
    assert thumb.in_sight(page.locator("#deal-entry legend").first)
    expect(page.locator("#outbox .outbox-status")).to_contain_text("en attente d'envoi (1)")
    assert page.locator("#outbox").evaluate(PLACE)["screen"] < PHONE["height"] - 40
    cleared = pad.evaluate(PLACE)
    shot(page, "one-screen-wifi-deal-waiting", full_page=False)
    page.context.set_offline(False)
    faults.network_down = False
    expect(page.locator("#deal-2")).to_be_visible()
    expect(waiting).to_have_count(0)
    assert abs(pad.evaluate(PLACE)["screen"] - cleared["screen"]) <= 2
    assert thumb.in_sight(page.locator("#deal-2 summary"))
    # Each deal once, as tapped (the points stored are the takers').
    assert list(table.deals.values_list("number", "taker", "points_a", "points_b")) == [
        (1, "A", 97, None),
        (2, "B", None, 90),
    ]
