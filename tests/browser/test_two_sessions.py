"""Two people at two screens on the same table: the second save is refused
with a clear message and the current version of the table is shown."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)


def open_table(browser: Browser, url: str, path: str):
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    page.goto(url + "/compte/connexion/")
    page.locator("#id_username").fill("orga")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("#id_password").press("Enter")
    page.wait_for_url(url + "/organisation/")
    page.goto(url + path)
    return page


def fill_deal(page, points: str) -> None:
    row = page.locator("#deal-entry")
    row.locator("input[name=taker]").fill("NS")
    row.locator("input[name=trump]").fill("♥")
    row.locator("input[name=bid]").fill("90")
    row.locator("input[name=points]").fill(points)


def test_the_second_save_is_refused_and_shows_the_current_table(
    live_server, browser: Browser, tournament, round1
):
    table = round1.tables.order_by("number").first()
    path = f"/organisation/t/{tournament.slug}/parties/1/tables/{table.number}/"
    desk = open_table(browser, live_server.url, path)
    phone = open_table(browser, live_server.url, path)
    fill_deal(desk, "97")
    fill_deal(phone, "120")
    desk.locator("#deal-entry button[type=submit]").click()
    expect(desk.locator("#deal-1 .marque-a")).to_have_text("190")
    phone.locator("#deal-entry button[type=submit]").click()
    expect(phone.locator("#deal-form")).to_contain_text("modifiée par quelqu'un d'autre")
    # The refused screen now shows the desk's deal, and nothing was overwritten.
    expect(phone.locator("#deal-1 .marque-a")).to_have_text("190")
    assert table.deals.count() == 1
    # Saving again, on purpose, after seeing the current table, goes through.
    phone.locator("#deal-entry button[type=submit]").click()
    expect(phone.locator("#deal-2")).to_be_visible()
    assert table.deals.count() == 2
