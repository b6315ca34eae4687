"""A player's thumb on the table's phone (issue 54, item 1): every tap
counted, and every scroll: a control out of sight (below the screen, above
it, or under the pinned running totals) is first brought in by one swipe,
counted, before it is tapped. While the points box has the focus, the
phone's numeric keypad covers the bottom of the screen (`KEYPAD` px): the
screen is that much shorter, as a player sees it, and the box is kept
above the keypad as the phone's browser does (not a swipe of the player).

What is measured is what a player does: Playwright's own scrolling before
a click never runs, since a control is in sight when it is tapped."""

from __future__ import annotations

from dataclasses import dataclass

from playwright.sync_api import Locator, Page

#: CSS px a 390 px phone's numeric keypad covers (Android's and iOS's
#: number pads with their bar: 260 to 300).
KEYPAD = 300

# Whether the element is whole on the screen (to a pixel's rounding) and
# the top thing at its middle (not under the pinned totals, nor the keypad).
IN_SIGHT = """(el) => {
  const box = el.getBoundingClientRect();
  if (box.height === 0 || box.top < -1 || box.bottom > window.innerHeight + 1) return false;
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return Boolean(hit && (el === hit || el.contains(hit) || hit.contains(el)));
}"""

KEEP_IN_SIGHT = "() => document.activeElement.scrollIntoView({block: 'nearest'})"

TYPING = """() => {
  const e = document.activeElement;
  return Boolean(e && e.matches("input[inputmode=numeric]"));
}"""


@dataclass
class Thumb:
    """Taps on `page`, a phone screen `width` × `height` CSS px."""

    page: Page
    width: int = 390
    height: int = 844
    taps: int = 0
    scrolls: int = 0
    #: CSS px the keypad covers (a page zoomed to 150 %: two thirds of it).
    keypad_height: int = KEYPAD

    def keypad(self) -> bool:
        """The keypad up while the points box has the focus, down otherwise;
        True when it is up."""
        typing = bool(self.page.evaluate(TYPING))
        height = self.height - self.keypad_height if typing else self.height
        if self.page.viewport_size["height"] != height:
            self.page.set_viewport_size({"width": self.width, "height": height})
            if typing:  # the browser keeps the box being typed above the keypad
                self.page.evaluate(KEEP_IN_SIGHT)
        return typing

    def in_sight(self, target: Locator) -> bool:
        self.keypad()
        return bool(target.evaluate(IN_SIGHT))

    def tap(self, target: Locator) -> None:
        if not self.in_sight(target):
            self.scrolls += 1  # one swipe, bringing it to the middle of the screen
            target.evaluate("(el) => el.scrollIntoView({block: 'center'})")
            assert target.evaluate(IN_SIGHT), "a swipe did not bring the control in sight"
        target.click()
        self.taps += 1
        self.keypad()

    def type(self, digits: str) -> None:
        """Keys of the keypad (which is up: the box has the focus)."""
        assert self.keypad(), "the keypad is not up"
        self.page.keyboard.type(digits)
        self.taps += len(digits)

    def count(self) -> tuple[int, int]:
        """(taps, scrolls) so far, then both back to zero."""
        counted = (self.taps, self.scrolls)
        self.taps = self.scrolls = 0
        return counted
