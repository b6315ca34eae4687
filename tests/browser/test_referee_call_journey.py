"""« Appeler l'arbitre » in Chromium (issue 38, item 12c): a player at 390 px,
on the table's page after the team's code, taps the big button while the
hall's Wi-Fi is down (the phone says the call has not left), then again once
it is back (one call, not two); the desk at 1366 px sees « Table N appelle
l'arbitre — 18 h 17 » on the partie's page without reloading, answers
« J'arrive » from the keyboard, and the phone shows the answer. No 5xx, no
console error, no page wider than the screen, no axe violation (the
fixtures)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.grid import tap_deal
from tests.browser.session import log_in
from tests.browser.shots import PHONE, shot
from tournaments.infra import links
from tournaments.models import RefereeCall

pytestmark = pytest.mark.django_db(transaction=True)

DESK = {"width": 1366, "height": 900}


def test_a_table_calls_the_desk_answers_the_phone_sees_it(
    page: Page, open_page, faults, live_server, django_user_model
):
    """Browser: keys and focus, 390 px layout, htmx swaps, scripts, offline outbox, axe."""
    owner = django_user_model.objects.create_user("orga", password=factories.PASSWORD)
    tournament = factories.build_tournament(owner=owner)
    factories.add_teams(tournament, 8)
    rnd = factories.draw_random_round(tournament)
    table = rnd.tables.get(number=4)

    page.set_viewport_size(DESK)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/organisation/t/{tournament.slug}/parties/1/")

    phone = open_page(viewport=PHONE)
    phone.goto(live_server.url + links.entry_path(table))
    phone.locator("#id_code").fill(table.code_a)
    phone.locator("#id_code").press("Enter")
    button = phone.get_by_role("button", name="Appeler l'arbitre")
    expect(button).to_be_visible()
    shot(phone, "referee-phone-button")

    # The Wi-Fi drops: the tap says the call has not left, nothing is recorded.
    faults.network_down = True
    phone.context.set_offline(True)
    button.click()
    expect(phone.locator("#referee-offline")).to_be_visible()
    assert not RefereeCall.objects.exists()
    shot(phone, "referee-phone-offline")
    phone.context.set_offline(False)
    faults.network_down = False

    # Back: the same tap again, one call.
    button.click()
    expect(phone.locator("#referee-call .call-state")).to_contain_text("Arbitre appelé à")
    # The Wi-Fi's back: nothing on the page still says it is not.
    expect(phone.locator("main")).not_to_contain_text("Pas de réseau", timeout=15_000)
    assert RefereeCall.objects.filter(table=table).count() == 1
    shot(phone, "referee-phone-called")

    # The desk sees it without reloading (its list asks every 10 s).
    calls = page.locator("#referee-calls")
    expect(calls).to_contain_text("Table 4 appelle l'arbitre", timeout=20_000)
    assert " h " in calls.inner_text()
    shot(page, "referee-desk-call")
    page.locator("#referee-calls button", has_text="J'arrive").focus()
    page.keyboard.press("Enter")
    expect(calls).not_to_contain_text("Table 4 appelle l'arbitre")
    call = RefereeCall.objects.get(table=table)
    assert call.answer == RefereeCall.Answer.COMING and not call.open

    # The phone shows the answer (it asks every 10 s while its call is open).
    expect(phone.locator("#referee-call .call-state")).to_contain_text(
        "l'arbitre arrive", timeout=20_000
    )
    expect(phone.get_by_role("button", name="Appeler l'arbitre")).to_be_visible()
    shot(phone, "referee-phone-answered")

    # The referee came, the table plays on: its next deal saved, the line
    # goes (issue 54, item 7: it stayed until the end of the partie).
    tap_deal(phone, taker="NS", trump="♥", bid="90", points="97")
    expect(phone.locator("#deal-1")).to_be_visible()
    expect(phone.locator("#referee-call .call-state")).to_have_count(0)
    expect(phone.get_by_role("button", name="Appeler l'arbitre")).to_be_visible()
    shot(phone, "referee-phone-settled")
    phone.reload()
    expect(phone.locator("#referee-call .call-state")).to_have_count(0)
