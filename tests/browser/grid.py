"""Typing a deal in the grid the way a volunteer does: the keyboard only,
deal after deal, every key counted (the issue's budget: a usual deal in at
most 8 keys). Only the first row of a page is clicked into (a phone, which
does not pop its keyboard up by itself); after each save the keyboard must
already be in « Preneur » of the new row, or the journey fails."""

from __future__ import annotations

from playwright.sync_api import Page, expect

# The keys of the grid in each language (display/keys.py): taker and trump letters.
KEYS = {
    "fr": (
        {"A": "n", "B": "e", "": "p"},
        {"S": "p", "H": "c", "D": "k", "C": "t", "SA": "s", "TA": "a"},
    ),
    "en": (
        {"A": "n", "B": "e", "": "p"},
        {"S": "s", "H": "h", "D": "d", "C": "c", "SA": "n", "TA": "a"},
    ),
}


def bid_completes(bid: str) -> bool:
    """The grid moves on by itself after a complete bid (80, 90, 100…)."""
    return bid.lower() == "c" or (len(bid) == 2 and bid[0] in "3456789") or len(bid) == 3


def deal_keys(
    *,
    taker: str,
    trump: str = "",
    bid: str = "",
    points: str = "",
    coinche: int = 0,
    belote: str = "",
    capot: str = "",
    contracts: bool = True,
    language: str = "fr",
) -> list[str]:
    """The keys, in order, from the taker cell to Enter, in `language`'s grid."""
    taker_keys, trump_keys = KEYS[language]
    keys = [taker_keys[taker]]
    if not taker:
        return [*keys, "Enter"]
    keys.append(trump_keys[trump])
    if contracts:
        keys += list(bid)
        if not bid_completes(bid):
            keys.append("Tab")
    keys += list(points)
    # The rarer cells come after the points: Tab to reach each one needed.
    rest = [("coinche", "x" * coinche)] if contracts else []
    rest += [
        ("belote", taker_keys[belote] if belote else ""),
        ("capot", taker_keys[capot] if capot else ""),
    ]
    needed = [i for i, (_, typed) in enumerate(rest) if typed]
    if needed:
        for i in range(needed[-1] + 1):
            keys.append("Tab")
            keys += list(rest[i][1])
    return [*keys, "Enter"]


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


def tap_deal(page: Page, *, points: str = "", save: bool = True, **choices: str) -> int:
    """Tap a deal on the phone's pad (deal_pad.html) as a player does: a
    button for each choice given (`taker="NS"`, `trump="♥"`, `bid="90"`,
    `coinche="x"`, `belote="EO"`, `capot="NS"`: the values the buttons
    post), the points on the numeric keypad (its box tapped unless a bid or
    the trump already brought the keypad up), then « Enregistrer » (unless
    not `save`); return the taps, each key of the keypad counted."""
    page.wait_for_load_state()
    expect(page.locator(".htmx-added, .htmx-settling, .htmx-swapping")).to_have_count(0)
    row = page.locator("#deal-entry.pad")
    taps = 0
    for name in ("taker", "trump", "bid"):
        if name in choices:
            row.locator(f"input[name={name}][value='{choices[name]}']").click()
            taps += 1
    if points:
        box = row.locator("input[name=points]")
        if not box.evaluate("b => b === document.activeElement"):
            box.click()
            taps += 1
        page.keyboard.type(points)
        taps += len(points)
    for name in ("coinche", "belote", "capot"):
        if name in choices:
            row.locator(f"input[name={name}][value='{choices[name]}']").click()
            taps += 1
    if not save:
        return taps
    taps += _looked_over(page, row, points, choices)
    row.locator("td.actions button[type=submit]").click()  # « Enregistrer », « Save »
    return taps + 1


def _looked_over(page: Page, row, points: str, choices: dict[str, str]) -> int:
    """The pad looked over before « Enregistrer », as a player does: a tap
    that the page moved away from (the outbox's box appearing above the pad
    when the Wi-Fi drops: a hall journey recorded a deal without its taker,
    26 November) is tapped again, and the points typed again. Returns the
    taps added (none when every tap landed)."""
    taps = 0
    for name, value in choices.items():
        button = row.locator(f"input[name={name}][value='{value}']")
        if not button.is_checked():
            button.click()
            taps += 1
        expect(button).to_be_checked()
    if points:
        box = row.locator("input[name=points]")
        if box.input_value() != points:
            box.click()
            page.keyboard.press("Control+A")
            page.keyboard.type(points)
            taps += 1 + len(points)
        expect(box).to_have_value(points)
    return taps
