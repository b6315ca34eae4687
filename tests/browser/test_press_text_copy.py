"""« Copier » the press text in one click where the clipboard's API is
refused: a desk that opens the hall laptop by its address on the hall's
network (http://192.168.…) is not a secure context, and the text was only
selected there, with « faites Ctrl+C » (no Ctrl key on a tablet)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.browser.session import log_in

pytestmark = pytest.mark.django_db(transaction=True)

#: What a page served over plain HTTP on the hall's network sees.
NOT_SECURE = "Object.defineProperty(window, 'isSecureContext', {get: () => false});"


def test_the_press_text_is_copied_in_one_click_over_plain_http(live_server, open_page, organizer):
    """Browser: scripts, axe."""
    tournament = factories.qualified_tournament(owner=organizer, teams=6, parties=2)
    desk = open_page(permissions=["clipboard-read", "clipboard-write"])
    desk.context.add_init_script(NOT_SECURE)
    log_in(desk, live_server.url)
    desk.goto(f"{live_server.url}/organisation/t/{tournament.slug}/")
    assert desk.evaluate("window.isSecureContext") is False
    desk.evaluate("navigator.clipboard.writeText('')")
    desk.get_by_role("button", name="Copier").click()
    expect(desk.locator(".copy-state")).to_have_text("Copié !")
    text = desk.locator("#press-text").input_value()
    assert text and desk.evaluate("navigator.clipboard.readText()") == text
