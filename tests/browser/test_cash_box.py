"""The cash box in Chromium: switched on in the tournament's options with
its fee, fees checked off from the team list (the row changes in place),
lines of income and expense typed with amounts as the desk types them (a
wrong one refused next to its field), the summary and the treasurer's PDF
and CSV. At 1366 px and 390 px in French, and once in English."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.day import choose_language, download, pdf_text, speaks
from tests.browser.session import log_in
from tests.factories import add_teams
from tournaments.features.cash.models import Payment
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

#: Set BELOTE_SHOTS to a folder to keep screenshots of the journey.
SHOTS = os.environ.get("BELOTE_SHOTS")

WORDS = {
    "fr": {
        "edit": "Modifier le tournoi",
        "keep": "Tenir la caisse",
        "fee": "Droit d'inscription (€)",
        "save": "Enregistrer les modifications",
        "collect": "Encaisser 10,00\u00a0€",
        "how": "Moyen de paiement de n° 2 — Amélie Lefèvre1 & Jérôme Bérard1",
        "cheque": "Chèque",
        "paid cheque": "Payé (chèque)",
        "undo": "Annuler l'encaissement de n° 2 — Amélie Lefèvre1 & Jérôme Bérard1",
        "cash": "Caisse",
        "kind": "Sorte",
        "income": "Recette",
        "expense": "Dépense",
        "label": "Libellé",
        "amount": "Montant (€)",
        "add": "Ajouter",
        "negative": "Un montant ne peut pas être négatif",
        "added": "Ligne de caisse ajoutée.",
        "balance": "−24,50\u00a0€",
        "unpaid": "Équipes qui n'ont pas payé (3)",
        "pdf": "Bilan pour le trésorier (PDF)",
        "csv": "Bilan en tableur (CSV)",
        "pdf title": "Caisse — bilan pour le trésorier",
        "csv balance": "Solde de la caisse;;-24,50",
    },
    "en": {
        "edit": "Edit the tournament",
        "keep": "Keep the cash box",
        "fee": "Entry fee (€)",
        "save": "Save the changes",
        "collect": "Collect €10.00",
        "how": "Means of payment of no. 2 — Amélie Lefèvre1 & Jérôme Bérard1",
        "cheque": "Cheque",
        "paid cheque": "Paid (cheque)",
        "undo": "Undo the payment of no. 2 — Amélie Lefèvre1 & Jérôme Bérard1",
        "cash": "Cash box",
        "kind": "Kind",
        "income": "Income",
        "expense": "Expense",
        "label": "Label",
        "amount": "Amount (€)",
        "add": "Add",
        "negative": "An amount cannot be negative",
        "added": "Cash box line added.",
        "balance": "−€24.50",
        "unpaid": "Teams that have not paid (3)",
        "pdf": "Summary for the treasurer (PDF)",
        "csv": "Summary as a spreadsheet (CSV)",
        "pdf title": "Cash box — summary for the treasurer",
        "csv balance": "Cash box balance;;-24.50",
    },
}


def shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def add_line(page: Page, w: dict, kind: str, label: str, amount: str) -> None:
    page.get_by_label(w["kind"]).select_option(label=w[kind])
    page.get_by_label(w["label"]).fill(label)
    page.get_by_label(w["amount"]).fill(amount)
    page.get_by_role("button", name=w["add"], exact=True).click()


@pytest.mark.parametrize(("language", "width"), [("fr", 1366), ("fr", 390), ("en", 1366)])
def test_the_cash_box_of_a_concours(live_server, page: Page, tournament, tmp_path, language, width):
    """Browser: 390 px layout, axe."""
    w = WORDS[language]
    teams = add_teams(tournament, 5)
    page.set_viewport_size({"width": width, "height": 900})
    url = live_server.url
    log_in(page, url)
    page.goto(f"{url}/organisation/t/{tournament.slug}/")
    choose_language(page, language)
    expect(page.get_by_role("link", name=w["cash"], exact=True)).to_have_count(0)

    # Switched on in the tournament's options, 10 € a team typed « 10 € ».
    page.get_by_role("link", name=w["edit"], exact=True).click()
    page.get_by_label(w["keep"]).check()
    page.get_by_label(w["fee"]).fill("10 €")
    shot(page, f"{language}-{width}-options")
    page.get_by_role("button", name=w["save"]).click()
    tournament = Tournament.objects.get(pk=tournament.pk)
    assert tournament.cash_enabled and tournament.entry_fee_cents == 1000

    # Fees checked off at the desk from the team list: the row changes in place.
    rows = page.locator(".teams-list tbody tr")
    expect(rows.first.get_by_role("button").filter(has_text=w["collect"])).to_be_visible()
    rows.first.get_by_role("button").filter(has_text=w["collect"]).click()
    expect(rows.first).to_contain_text(w["paid cheque"].split(" (")[0])
    page.get_by_label(w["how"]).select_option(label=w["cheque"])
    rows.nth(1).get_by_role("button").filter(has_text=w["collect"]).click()
    expect(rows.nth(1)).to_contain_text(w["paid cheque"])
    shot(page, f"{language}-{width}-team-list")
    page.get_by_role("button", name=w["undo"]).click()
    expect(rows.nth(1).get_by_role("button").filter(has_text=w["collect"])).to_be_visible()
    rows.nth(1).get_by_role("button").filter(has_text=w["collect"]).click()
    expect(rows.nth(1).locator(".state.on")).to_be_visible()
    assert Payment.objects.filter(tournament=tournament).count() == 2
    assert Payment.objects.get(team=teams[1]).method == "cash"

    # The cash page: a negative amount refused next to its field, then the lines.
    page.get_by_role("link", name=w["cash"], exact=True).click()
    add_line(page, w, "expense", "Lots achetés", "-20")
    expect(page.locator("#field-amount")).to_contain_text(w["negative"])
    add_line(page, w, "income", "Buvette", "185,50")
    expect(page.locator(".messages")).to_contain_text(w["added"])
    add_line(page, w, "expense", "Lots achetés", "230 €")
    # 20 € of fees + 185,50 € − 230 €
    expect(page.locator("#cash-balance")).to_have_text(w["balance"])
    expect(page.locator("#unpaid-title")).to_have_text(w["unpaid"])
    speaks(page, language)
    shot(page, f"{language}-{width}-cash")

    text = pdf_text(download(page, w["pdf"], "application/pdf"), tmp_path)
    assert w["pdf title"] in text and "Buvette" in text
    csv = download(page, w["csv"], "text/csv").decode("utf-8-sig")
    assert w["csv balance"] in csv
