"""A club tablet through a concours day (issue 25, item 5): the desk enrols
it and sets it to table 2; with no login it stays on that table's page,
where a team enters its deals (one while the Wi-Fi is down, sent when it is
back); the other team confirms from a phone; the desk moves it to table 1
for partie 2, and the tablet opens that table by itself when partie 2 is
drawn; the desk sees when it was last seen.

Set BROWSER_SCREENSHOTS to a folder to keep screenshots of the tablet and
the desk's page there (to look at them)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.grid import tap_deal
from tests.browser.shots import DESK, PHONE, shot
from tournaments.infra import links
from tournaments.models import Round, Table
from tournaments.services import rounds

pytestmark = pytest.mark.django_db(transaction=True)

TABLET = {"width": 1024, "height": 768}
# The tablet calls the server every 15 s (static/js/tablet.js), the desk's
# list asks again every 15 s: the pages' clocks are Playwright's, moved on
# 16 s when the test waits for a call (the waits raced a real 15 s with 35).
CALL = 16_000
FOLLOWS_WITHIN = 30_000  # a hang bound: the call made, its answer, the page it opens


def _sign_in(page: Page, url: str) -> None:
    page.goto(url + "/compte/connexion/")
    page.locator("#id_username").press_sequentially("orga")
    page.locator("#id_password").press_sequentially(factories.PASSWORD)
    page.locator("#id_password").press("Enter")
    page.wait_for_url(url + "/organisation/")


def _move(desk: Page, name: str, number: str, when: str) -> None:
    row = desk.locator("tr.tablet-row", has_text=name)
    number_field = row.get_by_label("Passe à la table")
    number_field.fill("")
    number_field.press_sequentially(number)
    row.get_by_label("Quand").select_option(label=when)
    row.get_by_role("button", name="Déplacer").click()
    expect(desk.locator(".message.success")).to_contain_text(f"Tablette « {name} » déplacée")


def test_a_club_tablet_from_enrolment_to_the_next_partie(
    live_server, page: Page, open_page, organizer, faults
):
    """Browser: keys and focus, 390 px layout, htmx swaps, scripts, offline outbox, axe."""
    tournament = factories.build_tournament(owner=organizer, parties=3, end_deals=2)
    factories.add_teams(tournament, 4)
    partie1 = factories.draw_random_round(tournament, seed=1)
    table2 = partie1.tables.get(number=2)

    # The desk adds the tablet, and reads its one-time link.
    desk = page
    desk.clock.install()
    desk.set_viewport_size(DESK)
    _sign_in(desk, live_server.url)
    desk.goto(f"{live_server.url}/organisation/t/{tournament.slug}/")
    desk.get_by_role("link", name="Tablettes du club").click()
    desk.get_by_label("Nom de la tablette").press_sequentially("Tablette 1")
    desk.get_by_label("Nom de la tablette").press("Enter")
    row = desk.locator("tr.tablet-row", has_text="Tablette 1")
    expect(row).to_contain_text("pas encore installée")
    enrol = row.locator("a.enrol-link").get_attribute("href")

    # The tablet opens it: no login, a page that waits for its table.
    tablet = open_page(viewport=TABLET)
    tablet.clock.install()
    tablet.goto(live_server.url + enrol)
    tablet.get_by_role("button", name="Installer cette tablette").click()
    expect(tablet.get_by_role("heading", name="En attente d'une table")).to_be_visible()
    expect(tablet.locator(".site-header")).to_be_hidden()  # nowhere else to go

    # The desk sets it to table 2: the tablet opens that table by itself.
    desk.reload()
    expect(row).to_contain_text("vue à l'instant")
    _move(desk, "Tablette 1", "2", "tout de suite")
    tablet.clock.fast_forward(CALL)
    tablet.wait_for_url(live_server.url + links.entry_path(table2), timeout=FOLLOWS_WITHIN)
    expect(tablet.locator("#tablet")).to_contain_text("Tablette du club « Tablette 1 »")

    # A team gives its code on the tablet and types its first deal.
    tablet.locator("#id_code").press_sequentially(table2.code_a)
    tablet.locator("#id_code").press("Enter")
    tap_deal(tablet, taker="NS", trump="♥", bid="90", points="97")
    expect(tablet.locator("#deal-1 .marque-a")).to_have_text("190")
    shot(tablet, "club-tablet-table-2")

    # The Wi-Fi drops for the second deal: it waits on the tablet, then goes.
    faults.network_down = True
    tablet.context.set_offline(True)
    tap_deal(tablet, taker="EO", trump="♠", bid="80", points="100")
    expect(tablet.locator("#outbox .outbox-status")).to_contain_text("en attente d'envoi (1)")
    assert Table.objects.get(pk=table2.pk).deals.count() == 1
    tablet.context.set_offline(False)
    expect(tablet.locator("#deal-2")).to_be_visible(timeout=20_000)
    tablet.wait_for_function("() => window.__outbox.waiting() === 0")
    faults.network_down = False
    table2.refresh_from_db()
    assert (table2.deals.count(), table2.status) == (2, Table.Status.COMPLETE)

    # The other team confirms from a phone, side by side with the tablet.
    phone = open_page(viewport=PHONE)
    phone.goto(live_server.url + links.entry_path(table2))
    expect(phone.locator("#confirm")).to_contain_text(str(table2.total_a))
    phone.locator("#confirm #id_code").press_sequentially(table2.code_b)
    phone.get_by_role("button", name="Nous confirmons ces totaux").click()
    expect(phone.locator(".message.success")).to_contain_text("les totaux sont confirmés")
    table2.refresh_from_db()
    assert table2.entry_state == Table.EntryState.CONFIRMED

    # The desk moves the tablet to table 1 for partie 2: it stays meanwhile.
    _move(desk, "Tablette 1", "1", "à la prochaine partie")
    expect(row.locator(".tablet-place")).to_have_text("Table 2, puis table 1 à la partie 2")

    # Partie 1 ends, partie 2 is drawn: the tablet opens its new table.
    for table in partie1.tables.filter(number=1):
        factories.add_deal(table)
        factories.add_deal(table)
    rounds.close_round(round=partie1)
    partie2 = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=2)
    new_table = partie2.tables.get(number=1)
    tablet.clock.fast_forward(CALL)
    tablet.wait_for_url(live_server.url + links.entry_path(new_table), timeout=FOLLOWS_WITHIN)
    expect(tablet.locator("#id_code")).to_be_visible()  # the new table's teams give their code

    # The desk's page brings itself up to date (every 15 s): table and last call.
    desk.clock.fast_forward(CALL)
    expect(row.locator(".tablet-place")).to_have_text("Table 1", timeout=FOLLOWS_WITHIN)
    expect(row.locator(".tablet-seen")).to_contain_text("vue à l'instant")
    expect(desk.locator("#tablets-partie")).to_have_text("Tablettes (partie 2)")
    shot(desk, "club-tablet-desk")
