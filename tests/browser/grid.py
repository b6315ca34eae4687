"""Typing a deal in the grid the way a volunteer does: the keyboard only,
deal after deal, every key counted (the issue's budget: a usual deal in at
most 8 keys). Only the first row of a page is clicked into (a phone, which
does not pop its keyboard up by itself); after each save the keyboard must
already be in « Preneur » of the new row, or the journey fails."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from bench.keys import KEYS, bid_completes, deal_keys  # noqa: F401  (one count: bench/keys.py)
from tests.browser.thumb import Thumb


def type_deal(page: Page, keys: list[str], *, click: bool = False) -> int:
    """Press `keys` in the row being typed; return how many were pressed.
    The keyboard must already be in its « Preneur » cell (the desk puts it
    there when the page opens and after each save); `click` first clicks
    into that cell, as a player does on a phone for the first deal.

    The row is typed once the grid brought back by the last save has settled:
    htmx wires the new row's form 20 ms after the swap, and an Enter before
    that (no person is that quick, a script is) would post it without htmx."""
    page.wait_for_load_state()  # the grid's script moves from cell to cell
    expect(page.locator(".htmx-added, .htmx-settling, .htmx-swapping")).to_have_count(0)
    taker = page.locator("#deal-entry input[name=taker]")
    if click:
        taker.click()
    expect(taker).to_be_focused()
    for key in keys:
        page.keyboard.press(key)
    return len(keys)


def tap_deal(
    page: Page, *, points: str = "", save: bool = True, thumb: Thumb | None = None, **choices: str
) -> int:
    """Tap a deal on the phone's pad (deal_pad.html) as a player does: a
    button for each choice given (`taker="NS"`, `trump="♥"`, `bid="90"`,
    `coinche="x"`, `belote="EO"`, `capot="NS"`: the values the buttons
    post; a choice folded away, « Surcoinchée » or a bid « Plus haut », is
    unfolded first), the points on the numeric keypad (its box tapped
    unless a bid or the trump already brought the keypad up), then
    « Enregistrer » (unless not `save`); return the taps, each key of the
    keypad counted. A `thumb` (thumb.py) taps as a player's does, counting
    the scrolls too, the keypad covering the screen's bottom."""
    page.wait_for_load_state()
    expect(page.locator(".htmx-added, .htmx-settling, .htmx-swapping")).to_have_count(0)
    thumb = thumb or _Finger(page)
    before = thumb.taps
    row = page.locator("#deal-entry.pad")
    for name in ("taker", "trump", "bid"):
        if name in choices:
            _choose(thumb, row, name, choices[name])
    if points:
        box = row.locator("input[name=points]")
        if not box.evaluate("b => b === document.activeElement"):
            thumb.tap(box)
        thumb.type(points)
    for name in ("coinche", "belote", "capot"):
        if name in choices:
            _choose(thumb, row, name, choices[name])
    if not save:
        return thumb.taps - before
    _looked_over(page, thumb, row, points, choices)
    thumb.tap(row.locator("button[type=submit][form=deal-form]"))  # « Enregistrer », « Save »
    return thumb.taps - before


class _Finger:
    """A tap without a thumb's counting of scrolls (Playwright's click)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0

    def tap(self, target: Locator) -> None:
        target.click()
        self.taps += 1

    def type(self, digits: str) -> None:
        self.page.keyboard.type(digits)
        self.taps += len(digits)


def _choose(thumb: Thumb | _Finger, row: Locator, name: str, value: str) -> None:
    """Tap the button of `value`, unfolding its folded group first."""
    button = row.locator(f"input[name={name}][value='{value}']")
    folded = row.locator(f"details.more-choices:has(input[name={name}][value='{value}'])")
    if folded.count() and not folded.evaluate("d => d.open"):
        thumb.tap(folded.locator("summary"))
    thumb.tap(button)


def _looked_over(
    page: Page, thumb: Thumb | _Finger, row: Locator, points: str, choices: dict[str, str]
) -> None:
    """The pad looked over before « Enregistrer », as a player does: a tap
    that the page moved away from (the outbox's box appearing above the pad
    when the Wi-Fi drops: a hall journey recorded a deal without its taker,
    26 November) is tapped again, and the points typed again; the taps
    added are counted (none when every tap landed)."""
    for name, value in choices.items():
        button = row.locator(f"input[name={name}][value='{value}']")
        if not button.is_checked():
            _choose(thumb, row, name, value)
        expect(button).to_be_checked()
    if points:
        box = row.locator("input[name=points]")
        if box.input_value() != points:
            thumb.tap(box)
            page.keyboard.press("Control+A")
            thumb.type(points)
        expect(box).to_have_value(points)
