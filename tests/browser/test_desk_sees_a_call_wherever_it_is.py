"""The arbiter's call seen wherever the desk is (issue 54, item 7): the
volunteer at 1366 px types table 2's deals on its page, from the keyboard;
a player at table 4 taps « Appeler l'arbitre » on a 390 px phone. Without
a reload, the table-entry page shows « Table 4 appelle l'arbitre », where
the volunteer is typing (it was shown on the partie's and the concours's
pages only); the volunteer answers « J'arrive » from the keyboard and goes
on typing the deal. Another call meets the desk on the teams' import page.
No 5xx, no console error, no axe violation (the fixtures)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.grid import deal_keys, type_deal
from tests.browser.session import log_in
from tests.browser.shots import DESK, PHONE, shot
from tournaments.infra import links
from tournaments.models import RefereeCall

pytestmark = pytest.mark.django_db(transaction=True)


def call_from(phone: Page, url: str, table) -> None:
    phone.goto(url + links.entry_path(table))
    phone.locator("#id_code").fill(table.code_a)
    phone.locator("#id_code").press("Enter")
    phone.get_by_role("button", name="Appeler l'arbitre").click()
    expect(phone.locator("#referee-call .call-state")).to_contain_text("Arbitre appelé à")


def test_the_call_reaches_the_desk_on_the_table_it_is_typing(
    page: Page, open_page, live_server, organizer
):
    """Browser: keys and focus, 390 px layout, axe."""
    url = live_server.url
    tournament = factories.build_tournament(owner=organizer)
    factories.add_teams(tournament, 8)
    rnd = factories.draw_random_round(tournament)
    page.set_viewport_size(DESK)
    log_in(page, url)
    page.goto(f"{url}/organisation/t/{tournament.slug}/parties/1/tables/2/")
    type_deal(page, deal_keys(taker="A", trump="H", bid="90", points="97"))
    expect(page.locator("#deal-1")).to_be_visible()

    phone = open_page(viewport=PHONE)
    call_from(phone, url, rnd.tables.get(number=4))

    calls = page.locator("#referee-calls")
    expect(calls).to_contain_text("Table 4 appelle l'arbitre", timeout=20_000)
    expect(calls).to_be_in_viewport()
    shot(page, "desk-call-on-the-table-entry", full_page=False)
    # Typing goes on where it was: the call took nothing from the form.
    expect(page.locator("#deal-entry input[name=taker]")).to_be_focused()
    page.locator("#referee-calls button", has_text="J'arrive").focus()
    page.keyboard.press("Enter")
    expect(calls).not_to_contain_text("Table 4")
    assert RefereeCall.objects.get().answer == RefereeCall.Answer.COMING
    page.locator("#deal-entry input[name=taker]").focus()
    type_deal(page, deal_keys(taker="B", trump="S", bid="80", points="90"))
    expect(page.locator("#deal-2")).to_be_visible()

    # Anywhere else at the desk: the import page.
    page.goto(f"{url}/organisation/t/{tournament.slug}/equipes/importer/")
    call_from(phone, url, rnd.tables.get(number=3))
    expect(page.locator("#referee-calls")).to_contain_text(
        "Table 3 appelle l'arbitre", timeout=20_000
    )
    shot(page, "desk-call-on-the-import-page", full_page=False)
    page.locator("#referee-calls button", has_text="Réglé").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#referee-calls")).not_to_contain_text("Table 3")
