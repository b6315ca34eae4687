"""The rarer club counts (« D'autres comptes ? ») chosen by example on
« Nouveau tournoi », at the keyboard, then played at the desk (1280 px): a
volunteer picks a count by the marque of its example and plays a deal that
shows it.

* Coinche: a capot made at 100 not bid, « sans prime de capot » (260, not
  350); the desk marks a capot not bid at 100 260–0 and « Pourquoi ? »
  says 162 + 100.
* Classic belote: « 82 points suffisent »: 90 against 72 and the belote is
  made, 90–92 (the FFB's chute gave 0–182).
* La générale, asked on its own beside the answers' path: « contrat de
  500 », a générale failed marks 160 + 500 = 660 to the defence; the desk
  marks « G » with the takers' 100 points 0–660.
* The capot's value (X4), asked by the deal whose marque its 2 points change
  under the answers picked: surcoinched at FFB's rounding (2 000 or 2 010),
  nothing to pick at « points multipliés » (the page says it changes no
  marque), coinched once « au point près » is picked (1 000 or 1 004); the volunteer
  picks 252 and the desk marks a coinched capot bid 1 004–0.

Set BROWSER_SCREENSHOTS to a folder to keep screenshots (to look at, never
compared)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.grid import deal_keys
from tests.browser.session import log_in
from tests.browser.shots import shot
from tests.browser.test_club_counts_by_example import create, desk, marked, new_concours, pick

pytestmark = pytest.mark.django_db(transaction=True)


def open_more(page: Page, block) -> None:
    more = block.locator("details.count-other summary")  # « D'autres comptes ? »
    more.focus()
    page.keyboard.press("Enter")


def test_a_capot_not_bid_without_its_bonus(live_server, page: Page, organizer):
    """Browser: keys and focus, scripts."""
    url = live_server.url
    log_in(page, url)
    block = new_concours(page, url, "Coinche sans prime", "ffb-coinche")
    open_more(page, block)
    question = "Un capot fait à 100 sans l'avoir demandé"
    pick(block, question, "arrondi à 260 — sans prime de capot")
    expect(block.locator("output")).to_have_text(
        "Coinche FFB, compte du club : capot non demandé : 162 + contrat"
    )
    shot(page, "by-example-capot-bonus-1366")
    tournament = create(page, "Coinche sans prime")
    assert tournament.rule_profile.capot_bonus is False

    desk(page, url, tournament)
    expect(page.locator("p.rules")).to_contain_text("capot non demandé : 162 + contrat")
    keys = deal_keys(taker="A", trump="H", bid="100", capot="A")
    marked(page, keys, "260", "0", "Nord-Sud : 162 + 100 (contrat) = 262, arrondi à 260")
    shot(page, "by-example-capot-bonus-desk-1280")


def test_classic_belote_made_on_82_points(live_server, page: Page, organizer):
    """Browser: keys and focus, scripts, axe."""
    url = live_server.url
    log_in(page, url)
    block = new_concours(page, url, "Belote à 82", "ffb-belote")
    open_more(page, block)
    pick(block, "Les preneurs font 90 points, la défense 72 et la belote", "82 points suffisent")
    expect(block.locator("output")).to_have_text(
        "Belote classique FFB, compte du club : contrat : 82 points"
    )
    shot(page, "by-example-classic-82-1366")
    tournament = create(page, "Belote à 82")
    assert tournament.rule_profile.classic_made == "82"

    desk(page, url, tournament)
    keys = deal_keys(taker="A", trump="H", points="90", belote="B", contracts=False)
    marked(page, keys, "90", "92", "90 ≥ 82")
    shot(page, "by-example-classic-82-desk-1280")


def test_la_generale_counted_as_a_contract_of_500(live_server, page: Page, organizer):
    """Browser: keys and focus, scripts."""
    url = live_server.url
    log_in(page, url)
    block = new_concours(page, url, "Coinche à la générale", "ffb-coinche")
    open_more(page, block)
    pick(block, "Un joueur annonce la générale", "contrat de 500")
    expect(block.locator("output")).to_have_text(
        "Coinche FFB, version 1, générale : contrat de 500"
    )
    shot(page, "by-example-generale-1366")
    tournament = create(page, "Coinche à la générale")
    assert tournament.rule_profile.generale == "contract"

    desk(page, url, tournament)
    expect(page.locator("p.rules")).to_contain_text("générale : contrat de 500")
    keys = deal_keys(taker="A", trump="H", bid="g", points="100")
    marked(page, keys, "0", "660", "160 (base) + 500 (générale) = 660")
    shot(page, "by-example-generale-desk-1280")


def test_a_capot_counted_its_252_card_points(live_server, page: Page, organizer):
    """Browser: keys and focus, scripts, axe."""
    url = live_server.url
    log_in(page, url)
    block = new_concours(page, url, "Coinche au capot de 252", "ffb-coinche")
    open_more(page, block)
    value = "La valeur d'un capot : 250, ou ses 252 points de cartes ?"
    group = block.get_by_role("group", name=value, exact=False)
    choices = group.locator("label.count-choice")
    # FFB's rounding takes 2 points away but surcoinched: 4 × 502 = 2 008 → 2 010.
    expect(group.locator("legend")).to_contain_text("Un capot demandé, surcoinché et réussi")
    expect(choices.nth(0).locator("strong")).to_have_text("2000")
    expect(choices.nth(1).locator("strong")).to_have_text("2010")
    # Points multipliés: no capot counts its value, the page says so and posts nothing.
    made = "Une coinche réussie à 90, avec 100 points faits"
    pick(block, made, "2 × 190")
    expect(group.locator("p.count-same")).to_be_visible()
    expect(choices.nth(1)).to_be_hidden()
    expect(choices.nth(1).locator("input")).to_be_disabled()
    shot(page, "by-example-capot-value-same-1366")
    pick(block, made, "2 × [160 (base) + 90 (contrat)] = 500")
    expect(group.locator("p.count-same")).to_be_hidden()
    expect(choices.nth(1).locator("strong")).to_have_text("2010")
    # « Au point près »: the example follows, a capot bid coinched once, 1 000 or 1 004.
    more = block.locator("details.count-more summary")
    more.focus()
    page.keyboard.press("Enter")
    pick(block, "Une donne réussie à 80, avec 97 points faits contre 65", "au point près")
    expect(group.locator("legend")).to_contain_text("Un capot demandé, coinché et réussi")
    expect(choices.nth(1).locator("strong")).to_have_text("1004")
    pick(block, value, "le capot vaut ses 252 points de cartes")
    expect(block.locator("output")).to_have_text(
        "Coinche FFB, compte du club : au point près, capot à 252"
    )
    shot(page, "by-example-capot-value-1366")
    tournament = create(page, "Coinche au capot de 252")
    assert tournament.rule_profile.capot_value == 252
    assert tournament.rule_profile.rounding == "none"

    desk(page, url, tournament)
    expect(page.locator("p.rules")).to_contain_text("capot à 252")
    keys = deal_keys(taker="A", trump="H", bid="c", coinche=1, capot="A")
    marked(page, keys, re.compile(r"^1\s?004$"), "0", "252 (capot) + 250 (capot demandé)")
    shot(page, "by-example-capot-value-desk-1280")
