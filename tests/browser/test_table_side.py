"""A table enters its own deals on a phone from the QR link of its sheet."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.grid import deal_keys, type_deal
from tournaments import links

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_table_enters_its_deals_on_a_phone(live_server, page: Page, round1):
    table = round1.tables.order_by("number").first()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server.url + links.entry_path(table))
    page.locator("#id_code").fill(table.code_a)
    page.get_by_role("button", name="Saisir les donnes").click()
    # The phone types like the desk: taker, trump, bid, points, then Enter.
    assert type_deal(page, deal_keys(taker="A", trump="H", bid="90", points="97")) == 7
    expect(page.locator("#deal-1 .marque-a")).to_have_text("190")
    expect(page.locator("#deal-1 .marque-b")).to_have_text("70")
    # An impossible deal is refused next to its field, in French.
    type_deal(page, deal_keys(taker="A", trump="H", bid="90", points="161"))
    expect(page.locator("#field-points .errorlist")).to_be_visible()
    expect(page.locator("#deal-2")).to_have_count(0)
    # Nothing overflows the phone's width.
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    table.refresh_from_db()
    assert (table.total_a, table.total_b, table.entered_by) == (190, 70, "A")
