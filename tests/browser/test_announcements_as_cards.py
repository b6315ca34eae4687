"""The desk types a deal whose announcements are said as cards: « t R♥ » for
Nord-Sud, « 50 D♠ » for Est-Ouest. The engine resolves who scores, the
marques are the spec's, and « Pourquoi ? » says how they were obtained."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.grid import deal_keys
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_deal_with_announcements_as_cards(live_server, page: Page, tournament, table):
    """Browser: keys and focus, screen layout, scripts."""
    page.goto(live_server.url + "/compte/connexion/")
    page.get_by_label("Nom d’utilisateur").fill("orga")
    page.get_by_label("Mot de passe").fill(PASSWORD)
    page.get_by_role("button", name="Se connecter").click()
    url = reverse("tournaments:table", args=[tournament.slug, 1, table.number])
    page.goto(live_server.url + url)

    # N-S take 80 ♠ with 120 points; then on to the announcement cells.
    keys = deal_keys(taker="A", trump="S", bid="80", points="120")[:-1]
    page.locator("#deal-entry input[name=taker]").focus()
    for key in keys:
        page.keyboard.press(key)
    page.locator("#deal-entry input[name=announce_a]").focus()
    page.keyboard.type("t R♥")
    page.keyboard.press("Tab")
    page.keyboard.type("50 D♠")

    # The preview resolves the announcements before the row is saved:
    # E-O's cinquante beats N-S's tierce, 120 > 42 + 50: 200 – 92 → 90.
    preview = page.locator("#deal-preview")
    expect(preview.locator(".preview-a")).to_have_text("200")
    expect(preview.locator(".preview-b")).to_have_text("90")
    expect(preview.locator(".why-line")).to_contain_text("la plus forte est à Est-Ouest")
    page.keyboard.press("Enter")

    row = page.locator("#deal-1")
    expect(row.locator(".marque-a")).to_have_text("200")
    expect(row.locator(".marque-b")).to_have_text("90")
    expect(row).to_contain_text("tierce R♥")
    expect(row).to_contain_text("cinquante D♠")
    # « Pourquoi ? » opens under the row, the grid's whole width.
    row.locator("details.why summary").click()
    why = page.locator("#why-1")
    expect(why).to_be_visible()
    width = page.locator("table.deals").evaluate("t => t.getBoundingClientRect().width")
    assert why.evaluate("r => r.getBoundingClientRect().width") >= width - 2
    expect(why.locator("p")).to_have_text(
        "Nord-Sud joue 80 ♠ et réussit : 120 ≥ 80 et 120 > 42 + 50 (annonces) = 92. "
        "Annonces : Nord-Sud tierce R♥, Est-Ouest cinquante D♠ ; la plus forte est à "
        "Est-Ouest, qui marque 50. Nord-Sud : 120 + 80 (contrat) = 200 ; "
        "Est-Ouest : 42 + 50 (annonces) = 92, arrondi à 90."
    )

    # Corrected, the row comes back with the announcements in the same words.
    row.get_by_role("link", name="Corriger").click()
    expect(page.locator("#deal-entry input[name=announce_a]")).to_have_value("tierce R♥")
    expect(page.locator("#deal-entry input[name=announce_b]")).to_have_value("cinquante D♠")
