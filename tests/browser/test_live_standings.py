"""A player keeps the standings open on a phone; a score entered at the desk
shows up without a reload."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import until
from tournaments.services import scores

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_score_entered_elsewhere_appears_without_reloading(
    live_server, page: Page, settings, tournament, round1
):
    """Browser: 390 px layout, htmx swaps, scripts, axe."""
    settings.LIVE_POLL_SECONDS = 1
    page.set_viewport_size({"width": 390, "height": 844})  # a phone
    page.goto(f"{live_server.url}/t/{tournament.slug}/classement/")
    expect(page.locator("#standings")).to_contain_text("Rang")
    expect(page.locator("#standings")).not_to_contain_text("190")
    page.evaluate("window.__notReloaded = true")
    table = round1.tables.order_by("number").first()
    for _ in range(12):
        scores.record_deal(
            table=table, values={"taker": "A", "trump": "H", "bid": 90, "points_a": 97}
        )
    expect(page.locator("#standings")).to_contain_text("2\u202f280", timeout=10_000)
    assert page.evaluate("window.__notReloaded") is True


def test_offline_the_ranking_keeps_its_last_version_and_says_since_when(
    live_server, page: Page, settings, tournament, round1, faults
):
    """The hall's Wi-Fi drops (issue 23): the live ranking stays on the
    phone with « hors ligne depuis … » instead of an error, and brings itself
    up to date when the network is back.

    Browser: 390 px layout, htmx swaps, scripts, offline outbox, axe.
    """
    settings.LIVE_POLL_SECONDS = 1
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/t/{tournament.slug}/classement/")
    expect(page.locator("#standings")).to_contain_text("Rang")
    page.evaluate("window.__notReloaded = true")
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    faults.network_down = True
    page.context.set_offline(True)
    banner = page.locator(".offline-banner")
    expect(banner).to_contain_text("Hors ligne : réseau perdu à")
    expect(page.locator("#standings")).to_contain_text("Rang")  # the last version kept
    table = round1.tables.order_by("number").first()
    for _ in range(12):
        scores.record_deal(
            table=table, values={"taker": "A", "trump": "H", "bid": 90, "points_a": 97}
        )
    # Polls fail meanwhile (two seen): still the last version, no error page.
    until(page, lambda: len(failed) >= 2, "no poll was tried offline")
    expect(page.locator("#standings")).not_to_contain_text("2\u202f280")
    page.screenshot(path="/tmp/hall-wifi/ranking-offline.png", full_page=True)
    page.context.set_offline(False)
    expect(page.locator("#standings")).to_contain_text("2\u202f280", timeout=10_000)
    expect(banner).to_be_hidden()
    faults.network_down = False
    assert page.evaluate("window.__notReloaded") is True
