"""A player keeps the standings open on a phone; a score entered at the desk
shows up without a reload."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tournaments import services

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_score_entered_elsewhere_appears_without_reloading(
    live_server, page: Page, settings, tournament, round1
):
    settings.LIVE_POLL_SECONDS = 1
    page.set_viewport_size({"width": 390, "height": 844})  # a phone
    page.goto(f"{live_server.url}/t/{tournament.slug}/classement/")
    expect(page.locator("#standings")).to_contain_text("Rang")
    expect(page.locator("#standings")).not_to_contain_text("190")
    page.evaluate("window.__notReloaded = true")
    table = round1.tables.order_by("number").first()
    for _ in range(12):
        services.record_deal(
            table=table, values={"taker": "A", "trump": "H", "bid": 90, "points_a": 97}
        )
    expect(page.locator("#standings")).to_contain_text("2\u202f280", timeout=10_000)
    assert page.evaluate("window.__notReloaded") is True
