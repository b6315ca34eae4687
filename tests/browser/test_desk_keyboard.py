"""A whole partie typed at the desk from the keyboard alone, deal after deal
(issue 21): after each save the keyboard is in « Preneur » of the new row
(it stayed in « Points », where the next « n » went), no click between two
deals; a coinche table with announcements, every kind of deal, the keys of
each counted and printed (run with -s to read them). At 1366, 1280 and
1024 px the grid needs no sideways scroll and nothing of it is cut by its
box (guard.js); at 390 px it is the phone's form.

Set JOURNEY_SHOTS to a folder to keep screenshots of the grid at each width
(to look at, never compared)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.grid import deal_keys, type_deal
from tests.browser.session import log_in

pytestmark = pytest.mark.django_db(transaction=True)

# (kind, the deal typed, the marques N-S, E-O the grid shows)
PARTIE = [
    ("plain", {"taker": "A", "trump": "H", "bid": "90", "points": "97"}, ("190", "70")),
    ("3-digit points", {"taker": "B", "trump": "S", "bid": "80", "points": "102"}, ("60", "180")),
    (
        "coinché",
        {"taker": "B", "trump": "C", "bid": "80", "coinche": 1, "points": "102"},
        ("0", "480"),
    ),
    (
        "belote",
        {"taker": "A", "trump": "H", "bid": "90", "points": "97", "belote": "A"},
        ("210", "70"),
    ),
    (
        "capot bid, 162 typed",
        {"taker": "A", "trump": "D", "bid": "c", "points": "162"},
        ("500", "0"),
    ),
    ("capot not bid", {"taker": "B", "trump": "D", "bid": "80", "capot": "B"}, ("0", "330")),
    ("pass", {"taker": ""}, ("0", "0")),
    ("plain", {"taker": "A", "trump": "S", "bid": "80", "points": "100"}, ("180", "60")),
]
# The budget for a usual deal, and what the rarer cells may add.
BUDGET = {
    "plain": 8,
    "3-digit points": 8,
    "coinché": 10,
    "belote": 10,
    "capot bid, 162 typed": 8,
    "capot not bid": 9,
    "pass": 2,
}


def shots() -> Path | None:
    folder = os.environ.get("JOURNEY_SHOTS")
    if not folder:
        return None
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path


def button_whole(page: Page) -> None:
    """« Enregistrer » holds its whole word (on a 390 px phone, in French, it
    was cut: a button too narrow for it)."""
    button = page.locator("#deal-entry button[type=submit]")
    assert button.evaluate("b => b.scrollWidth <= b.clientWidth"), "« Enregistrer » is cut"


def grid_fits(page: Page) -> None:
    """No sideways scroll of the grid, and « Enregistrer » on screen whole."""
    box = page.locator(".grid-box")
    assert box.evaluate("box => box.scrollWidth <= box.clientWidth"), "the grid scrolls sideways"
    button_whole(page)
    button = page.locator("#deal-entry button[type=submit]")
    right = button.evaluate("b => b.getBoundingClientRect().right")
    assert right <= page.viewport_size["width"], f"« Enregistrer » ends at {right}px"


@pytest.mark.parametrize("width", [1366, 1280, 1024, 390])
def test_a_partie_typed_from_the_keyboard_alone(live_server, page: Page, make_tournament, width):
    """Browser: keys and focus, 390 px layout, screen layout, scripts, axe."""
    tournament = make_tournament(end_deals=len(PARTIE))
    factories.add_teams(tournament, 2)
    table = factories.first_table(factories.draw_random_round(tournament))
    page.set_viewport_size({"width": width, "height": 900})
    log_in(page, live_server.url)
    page.goto(
        live_server.url + reverse("tournaments:table", args=[tournament.slug, 1, table.number])
    )
    folder = shots()
    counted: list[tuple[str, int]] = []
    for number, (kind, deal, (a, b)) in enumerate(PARTIE, start=1):
        keys = deal_keys(**deal)
        if number == len(PARTIE):
            # The last deal typed, not yet saved: its preview on screen.
            type_deal(page, keys[:-1])
            expect(page.locator("#deal-preview .preview-a")).to_have_text(a)
            button_whole(page)
            if width > 400:
                grid_fits(page)
            if folder:
                page.screenshot(path=str(folder / f"desk-entry-{width}.png"), full_page=True)
            page.keyboard.press(keys[-1])
            counted.append((kind, len(keys)))
        else:
            counted.append((kind, type_deal(page, keys)))
        row = page.locator(f"#deal-{number}")
        expect(row.locator(".marque-a")).to_have_text(a)
        expect(row.locator(".marque-b")).to_have_text(b)
        if kind.startswith("capot bid"):
            expect(page.locator(f"#understood-{number}")).to_contain_text("capot réussi")
    expect(page.locator(".running-totals")).to_contain_text("Partie terminée")
    # « Pourquoi ? » of the capot opens under its row, the grid's whole width.
    page.locator("#deal-5 details.why summary").click()
    expect(page.locator("#why-5")).to_be_visible()
    if folder:
        page.screenshot(path=str(folder / f"desk-why-{width}.png"), full_page=True)
    table.refresh_from_db()
    assert table.total_a == 190 + 60 + 210 + 500 + 180
    print(f"\nKeys per kind of deal at the desk ({width} px):")
    for kind, keys in counted:
        print(f"  {kind:<22} {keys}")
    for kind, keys in counted:
        assert keys <= BUDGET[kind], f"{kind}: {keys} keys"
