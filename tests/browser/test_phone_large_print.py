"""The table's pad in large print (issue 60, item 5): a player at 390 × 844
with « A+ Grands caractères », and one whose phone shows pages at 150 %
(260 × 563 CSS px, the keypad covering two thirds of its 300 px), enter
the plain, coinched, belote and capot deals of test_phone_taps with a
thumb counting taps and scrolls (thumb.py); the places of « Preneur » and
« Enregistrer » on the screen are printed (-s).

A deal is saved with one scroll at most; the pad opened on the deal has
its marks (« Coinche », « Belote », « Capot ») and « Enregistrer » within
one screen's swipe; the pinned score bar covers no line of the page
(« Rien de saisi », the entry's state, read whole); the page is no wider
than the screen; every button is at least 44 px high.

Before (main at 83f90c1): opened, « Enregistrer » at y = 1,347 px of 844
at A+ and 970 of 563 at 150 %, « Coinche » from 810 / 585; (scrolls) per
deal at 150 %: plain 0, coinched 1, belote 0, capot 2; « Rien de saisi »
under the pinned bar. After: « Enregistrer » at 1,226 (A+) and 883
(150 %), one scroll at most, the state above the bar (never under it)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.grid import tap_deal
from tests.browser.shots import shot
from tests.browser.test_phone_taps import DEALS
from tests.browser.thumb import KEYPAD, Thumb
from tournaments.infra import links

pytestmark = pytest.mark.django_db(transaction=True)

MODES = {
    # name: (viewport, device scale, large print, keypad's CSS px)
    "A+": ({"width": 390, "height": 844}, 3, True, KEYPAD),
    "zoom-150": ({"width": 260, "height": 563}, 4.5, False, KEYPAD * 2 // 3),
}

# Top and bottom of an element on the screen, in CSS px.
BOX = """(el) => { const b = el.getBoundingClientRect();
  const r = Math.round;
  return { top: r(b.top), bottom: r(b.bottom), height: r(b.height) }; }"""

# The elements of the page's main text (not the pinned bar itself, nor what
# holds it) whose box is partly under the pinned bar.
UNDER_BAR = """() => {
  const bar = document.querySelector('#deal-totals').getBoundingClientRect();
  const hidden = [];
  const seen = 'main p, main h1, main h2, main .state, main #entry-state, '
    + 'main legend, main .pad-label';
  for (const el of document.querySelectorAll(seen)) {
    if (el.closest('#deal-totals') || !el.offsetParent) continue;
    const b = el.getBoundingClientRect();
    const under = b.top < bar.bottom - 1 && b.bottom > bar.top + 1 && b.bottom > 0;
    if (b.height && under) hidden.push(el.textContent.trim().slice(0, 40));
  }
  return hidden;
}"""

SMALL_TARGETS = """() => [...document.querySelectorAll('#deal-entry :is(button, .choice, summary)')]
  .filter(el => el.offsetParent && el.getBoundingClientRect().height < 44)
  .map(el => el.textContent.trim().slice(0, 20))"""


def where(page: Page) -> dict[str, dict[str, int]]:
    row = page.locator("#deal-entry")
    return {
        "preneur": row.locator("#field-taker").evaluate(BOX),
        "coinche": row.locator(".cell-coinche").evaluate(BOX),
        "enregistrer": row.locator("button[type=submit][form=deal-form]").evaluate(BOX),
    }


@pytest.mark.parametrize("mode", list(MODES))
def test_a_coinched_deal_in_large_print_with_one_scroll_at_most(
    live_server, open_page, round1, mode
):
    """Browser: 390 px layout, scripts, axe."""
    viewport, scale, large_print, keypad = MODES[mode]
    table = round1.tables.order_by("number").first()
    page = open_page(viewport=viewport, device_scale_factor=scale, is_mobile=True, has_touch=True)
    page.goto(live_server.url + links.entry_path(table))
    if large_print:
        page.get_by_role("button", name="Grands caractères").click()
    page.locator("#id_code").fill(table.code_a)
    page.get_by_role("button", name="Saisir les donnes").click()
    expect(page.locator("#deal-entry")).to_be_visible()
    thumb = Thumb(page, keypad_height=keypad, **viewport)
    opened = where(page)
    covered = page.evaluate(UNDER_BAR)
    shot(page, f"large-print-{mode}-opened", full_page=False)
    figures, at_deal = {}, {}
    for number, (what, choices, marque_a, marque_b) in enumerate(DEALS, start=1):
        expect(page.locator("#deal-entry")).to_have_attribute("data-number", str(number))
        at_deal[what] = where(page)
        tap_deal(page, thumb=thumb, **choices)
        figures[what] = thumb.count()
        expect(page.locator(f"#deal-{number} .marque-a")).to_have_text(marque_a)
        expect(page.locator(f"#deal-{number} .marque-b")).to_have_text(marque_b)
        if number == 2:
            shot(page, f"large-print-{mode}-after-coinched", full_page=False)
    shot(page, f"large-print-{mode}-whole")
    print(f"\n[{mode}] opened: {opened}\n[{mode}] under the bar: {covered}")
    print(f"[{mode}] at each deal: {at_deal}")
    print(f"[{mode}] (taps, scrolls) per deal: {figures}")

    assert figures["coinched"][0] == 8
    scrolls = {what: counted[1] for what, counted in figures.items()}
    assert max(scrolls.values()) <= 1, scrolls
    # The pad as it opens: « Enregistrer » within one swipe of a screen
    # (the rest of the deal brought into view by that swipe).
    height = viewport["height"]
    for what, shown in {"opened": opened, **at_deal}.items():
        assert shown["preneur"]["top"] >= 0, (what, shown)
        assert shown["enregistrer"]["bottom"] - shown["coinche"]["top"] <= height, (what, shown)
        assert shown["enregistrer"]["bottom"] <= 2 * height - 40, (what, shown)
    assert covered == [], covered
    assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
    assert page.evaluate(SMALL_TARGETS) == []


#: Issue 60, item 5: the deal that asks for every mark at once.
COINCHED_BELOTE_CAPOT = {
    "taker": "NS",
    "trump": "♠",
    "bid": "100",
    "coinche": "x",
    "belote": "NS",
    "capot": "NS",
}


@pytest.mark.parametrize("mode", list(MODES))
def test_a_coinched_deal_with_belote_and_capot_in_large_print_with_one_scroll_at_most(
    live_server, open_page, round1, mode
):
    """Coinche, Belote and Capot tapped in one deal: the pad shows the three
    within one swipe of « Preneur », the deal is saved with one scroll at
    most, and the pinned score bar covers no line of the page (« Rien de
    saisi », the entry's state, a mark's label) as opened, once marked and
    once saved.

    Before (main at 7014cde): 7 taps and 2 scrolls at A+ and at 150 %, the
    keypad's points box pulling « Coinchée » then « Belote » under the bar
    (106 px high at A+, 73 at 150 %), « Coinche » under it once marked.
    After (the bar on one line, 56 and 40 px; « Non », « Coinchée »,
    « Surcoinche » on one row): 7 taps, no scroll, nothing under the bar.

    Browser: 390 px layout, scripts, axe.
    """
    viewport, scale, large_print, keypad = MODES[mode]
    table = round1.tables.order_by("number").first()
    page = open_page(viewport=viewport, device_scale_factor=scale, is_mobile=True, has_touch=True)
    page.goto(live_server.url + links.entry_path(table))
    if large_print:
        page.get_by_role("button", name="Grands caractères").click()
    page.locator("#id_code").fill(table.code_a)
    page.get_by_role("button", name="Saisir les donnes").click()
    expect(page.locator("#deal-entry")).to_be_visible()
    thumb = Thumb(page, keypad_height=keypad, **viewport)
    row = page.locator("#deal-entry")
    marks = {
        name: row.locator(f".cell-{name}").evaluate(BOX) for name in ("coinche", "belote", "capot")
    }
    covered = {"opened": page.evaluate(UNDER_BAR)}
    tap_deal(page, thumb=thumb, save=False, **COINCHED_BELOTE_CAPOT)
    covered["marked"] = page.evaluate(UNDER_BAR)
    shot(page, f"large-print-{mode}-coinche-belote-capot", full_page=False)
    thumb.tap(row.locator("button[type=submit][form=deal-form]"))
    taps, scrolls = thumb.count()
    expect(page.locator("#deal-1 .marque-a")).to_have_text("740")
    covered["saved"] = page.evaluate(UNDER_BAR)
    shot(page, f"large-print-{mode}-coinche-belote-capot-saved", full_page=False)
    print(f"\n[{mode}] marks as opened: {marks}; (taps, scrolls): {(taps, scrolls)}")
    bar = page.locator("#deal-totals").evaluate(BOX)
    print(f"[{mode}] under the bar ({bar['height']} px high): {covered}")
    assert scrolls <= 1, (taps, scrolls)
    lowest = max(box["bottom"] for box in marks.values())
    assert lowest <= 2 * viewport["height"] - 40, marks  # within the one swipe
    assert all(not hidden for hidden in covered.values()), covered
