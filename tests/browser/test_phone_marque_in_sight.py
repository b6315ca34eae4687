"""The marque's explanation where the player's eye is (issue 60, item 13):
a quick player at 390 × 844 taps a coinched deal (N-S, ♠, 100, the points
on the keypad, « Coinchée ×2 ») and goes for « Enregistrer »; the marque
and its explanation (« coinchée : … ») come some 0.3 s after the points.
They are shown above « Enregistrer », in sight as the thumb reaches for
it (the keypad up or down), and their coming moves nothing under the
finger: « Enregistrer » stays where it was in the page.

Before (main at cf31299): the marque and its why under « Enregistrer »
(at 390 px the why at y 599-688, the button at 495-544), hidden by the
keypad while the points are typed (at A and at A+). After: above the
points, in sight with the keypad up; « Enregistrer » does not move as
they come (phone.js keeps it, what is above it moving up)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.grid import tap_deal
from tests.browser.shots import PHONE, shot
from tests.browser.thumb import Thumb
from tournaments.infra import links

pytestmark = pytest.mark.django_db(transaction=True)

# Top and bottom of an element on the screen, in CSS px.
ON_SCREEN = """(el) => { const b = el.getBoundingClientRect();
  return { top: Math.round(b.top), bottom: Math.round(b.bottom) }; }"""


# Where « Enregistrer » is on the screen just before and just after each
# marque comes (outbox.js setting #deal-preview's HTML), recorded by the page.
WATCH = """() => {
  window.moves = [];
  const place = document.getElementById('deal-preview');
  const html = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
  const top = () => document.querySelector('#deal-entry button[type=submit][form="deal-form"]')
    .getBoundingClientRect().top;
  Object.defineProperty(place, 'innerHTML', {
    get() { return html.get.call(this); },
    set(value) {
      const before = top();
      html.set.call(this, value);
      queueMicrotask(() => window.moves.push([Math.round(before), Math.round(top()), innerHeight]));
    },
  });
}"""


def save_button(page: Page):
    return page.locator("#deal-entry button[type=submit][form=deal-form]")


@pytest.mark.parametrize("large_print", [False, True], ids=["A", "A+"])
def test_the_marque_and_its_why_come_above_the_save_button(
    live_server, open_page, round1, large_print
):
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
    page.evaluate(WATCH)

    # The points typed, the keypad up: the marque comes where the eye is.
    tap_deal(page, thumb=thumb, taker="NS", trump="♠", bid="100", points="110", save=False)
    why = page.locator("#deal-preview .why-line")
    expect(why).to_be_visible()
    keypad_up = thumb.in_sight(page.locator("#deal-preview .preview-ok"))
    shot(page, f"marque-{name}-keypad-up", full_page=False)
    # « Coinchée ×2 »: the marque says it; the thumb then reaches « Enregistrer ».
    tap_deal(page, thumb=thumb, coinche="x", save=False)
    expect(page.locator("#deal-preview .preview-a")).to_have_text("520")
    expect(why).to_contain_text("oinch")
    save = save_button(page)
    if not thumb.in_sight(save):
        save.evaluate("(el) => el.scrollIntoView({block: 'center'})")
    shown = save.evaluate(ON_SCREEN)
    said = why.evaluate(ON_SCREEN)
    in_sight = thumb.in_sight(why)
    shot(page, f"marque-{name}-before-save", full_page=False)
    moves = page.evaluate("() => window.moves")
    print(f"\n[{name}] Enregistrer {shown}; why {said}; as each marque came: {moves}")
    print(f"[{name}] marque in sight with the keypad up: {keypad_up}; why in sight: {in_sight}")

    assert said["bottom"] <= shown["top"], (said, shown)  # above the button
    assert in_sight
    assert keypad_up
    # Nothing moved under the finger as the marques came (« Enregistrer »
    # on the screen then; out of it, it is under no finger).
    seen = [(before, after) for before, after, height in moves if 0 <= before <= height]
    assert seen, moves
    assert all(abs(after - before) <= 1 for before, after in seen), moves
    thumb.tap(save)
    expect(page.locator("#deal-1 .marque-a")).to_have_text("520")
