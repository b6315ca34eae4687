"""The desk's « Téléphone » column after an outage (issue 38, item 2), in
Chromium: a table's phone (390 px, touch) enters its code, loses the
network, taps three deals on its pad, which wait on it; the desk (1366 px)
keeps its partie page open. The network comes back, the phone's outbox
sends the three; the desk's page, by its own 10 s refresh, shows the
table's marques and its column says nothing waits. Every state the column
shows is recorded on the desk's page: once the deals arrived, it never
again says « en attente sur le téléphone »."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.conftest import htmx_answers, settle, until
from tests.browser.day import PHONE
from tests.browser.grid import tap_deal
from tests.browser.session import log_in
from tests.browser.shots import DESK, shot
from tournaments.infra import links
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

WAITING = "en attente sur le téléphone"

# Every text the « Téléphone » cell of table `n` shows, with the time it
# showed it: the desk's list of tables is replaced whole by each refresh.
RECORD_PHONE_CELL = """(n) => {
  window.__phoneCell = [];
  const note = () => {
    const row = [...document.querySelectorAll(".tables-list tbody tr")]
      .find((r) => r.querySelector("td.num")?.textContent.trim() === String(n));
    const text = row ? row.querySelector("td.phone").innerText.trim() : "";
    const last = window.__phoneCell.at(-1);
    if (!last || last.text !== text) window.__phoneCell.push({ at: Date.now(), text });
  };
  note();
  new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
}"""


def test_the_desk_stops_saying_deals_wait_once_the_phone_sent_them(
    live_server, page: Page, open_page, round1, faults
):
    """Browser: keys and focus, 390 px layout, htmx swaps, scripts, offline outbox, axe."""
    Tournament.objects.filter(pk=round1.tournament_id).update(end_mode="deals", end_deals=3)
    table = round1.tables.filter(team_b__isnull=False).order_by("number").first()
    url = live_server.url

    # The table's phone: its code, typed as a player types it, then the pad.
    phone = open_page(**PHONE)
    phone.goto(url + links.entry_path(table))
    phone.locator("#id_code").tap()
    phone.keyboard.type(table.code_a)
    phone.get_by_role("button", name="Saisir les donnes").tap()
    expect(phone.locator("#deal-entry.pad")).to_be_visible()

    # The desk: its partie page open on the laptop.
    page.set_viewport_size(DESK)
    log_in(page, url)
    page.goto(f"{url}/organisation/t/{round1.tournament.slug}/parties/1/")
    row = page.locator(".tables-list tbody tr").filter(
        has=page.get_by_role("link", name=str(table.number), exact=True)
    )
    total_a, total_b = row.locator("td").nth(2), row.locator("td").nth(4)
    expect(row.locator("td.phone")).to_contain_text("vu ")
    page.evaluate(RECORD_PHONE_CELL, table.number)

    # The hall's Wi-Fi drops: three deals wait on the phone.
    faults.network_down = True
    phone.context.set_offline(True)
    for points in ("97", "102", "110"):
        tap_deal(phone, taker="NS", trump="♥", bid="90", points=points)
    status = phone.locator("#outbox .outbox-status")
    expect(status).to_contain_text("en attente d'envoi (3)")
    expect(phone.locator("tr.outbox-row[data-stored]")).to_have_count(3)
    # The page counts them where it says how the partie stands, and offers
    # no fourth deal in a partie of three.
    expect(phone.locator("#entry-state")).to_have_text("3 donnes en attente d'envoi")
    expect(phone.locator("#deal-totals .total-status")).to_have_text("Donne 3 sur 3")
    expect(phone.locator("#deal-entry")).to_be_hidden()
    shot(phone, "outage-1-phone-three-deals-waiting")
    assert table.deals.count() == 0
    # The server cannot know what it has not heard: the desk names no count.
    expect(row.locator("td.phone")).not_to_contain_text(WAITING)
    expect(total_a).to_have_text("0")
    shot(page, "outage-2-desk-during-the-outage")

    # The network is back: the outbox sends the three by itself.
    phone.context.set_offline(False)
    expect(phone.locator("#outbox")).to_be_hidden(timeout=45_000)
    faults.network_down = False
    expect(phone.locator("#deal-3")).to_be_visible()
    assert table.deals.count() == 3
    table.refresh_from_db()
    assert table.phone_waiting == 0
    arrived = page.evaluate("Date.now()")
    shot(phone, "outage-3-phone-all-sent")

    # The desk's page brings itself up to date (every 10 s): the marques,
    # and a column that says nothing waits.
    expect(total_a).to_have_text(str(table.total_a), timeout=25_000)
    expect(total_b).to_have_text(str(table.total_b))
    expect(row.locator("td.phone")).not_to_contain_text(WAITING)
    # One more refresh of the desk's list (every 10 s): still nothing waits.
    refreshes = htmx_answers(page)
    tables = reverse("tournaments:round_tables", args=[round1.tournament.slug, 1])
    until(page, lambda: any(tables in u for u in refreshes), "the desk's list never came back")
    settle(page)  # and swapped in
    expect(row.locator("td.phone")).not_to_contain_text(WAITING)
    cells = page.evaluate("window.__phoneCell")
    said_after = [c["text"] for c in cells if c["at"] >= arrived and WAITING in c["text"]]
    assert not said_after, cells
    assert Table.objects.get(pk=table.pk).phone_waiting == 0
    shot(page, "outage-4-desk-after-the-deals-arrived")
