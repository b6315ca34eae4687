"""The desk at the end of the day, from the keyboard at 1366 px (issue 54,
items 5 and 11): the coupons printed with partie 1 name the team, not
« Partie 1 · Table 1 », since their code serves every partie; the hall's
screen is one link from the concours's page and from the partie's; the
last partie closed, the ranking's PDF says « provisoire » while its claims
are open, never « final » beside it; the claims closed, it says « final »
and nothing provisional. No 5xx, no console error, no axe violation (the
fixtures). Set BROWSER_SCREENSHOTS to keep the screenshots (the PDFs as
PNG pages)."""

from __future__ import annotations

import os
import subprocess
from datetime import timedelta
from pathlib import Path

import pytest
from django.db.models import F
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.session import log_in
from tests.browser.shots import DESK, shot
from tests.documents import pdf_text
from tournaments.models import Round
from tournaments.services import rounds

pytestmark = pytest.mark.django_db(transaction=True)


def pdf_shot(data: bytes, name: str, *, last: bool = False) -> None:
    """The PDF's first page (or its last) as `name`.png, beside the screenshots."""
    if folder := os.environ.get("BROWSER_SCREENSHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        path = Path(folder) / f"{name}.pdf"
        path.write_bytes(data)
        info = subprocess.run(["pdfinfo", path], capture_output=True, text=True).stdout
        page = info.split("Pages:")[1].split()[0] if last else "1"
        subprocess.run(
            [
                "pdftoppm",
                "-png",
                "-r",
                "60",
                "-f",
                page,
                "-l",
                page,
                "-singlefile",
                path,
                path.with_suffix(""),
            ],
            check=True,
        )


def press_on(page: Page, locator) -> None:
    """A link or a button reached by the keyboard: focused, then Enter."""
    locator.focus()
    page.keyboard.press("Enter")


def test_coupons_the_hall_screen_and_one_word_on_the_ranking(
    page: Page, live_server, organizer, tmp_path
):
    """Browser: keys and focus, axe."""
    url = live_server.url
    tournament = factories.build_tournament(owner=organizer, parties=2, end_deals=1)
    factories.add_teams(tournament, 8)
    first = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=5)
    page.set_viewport_size(DESK)
    log_in(page, url)
    base = f"{url}/organisation/t/{tournament.slug}"

    # Partie 1's sheets and their coupons: one a team, for the whole day.
    page.goto(f"{base}/parties/1/")
    sheets = page.request.get(f"{base}/parties/1/feuilles.pdf").body()
    text = pdf_text(sheets, tmp_path)
    coupons = text[text.index("COUPONS DES ÉQUIPES") :]
    assert coupons.count("Coupon de l'équipe n°") == 8
    assert "Partie 1" not in coupons and "Table" not in coupons
    pdf_shot(sheets, "end-coupons", last=True)

    # The hall's screen, one link away from the partie's page.
    press_on(page, page.get_by_role("link", name="Écran de la salle"))
    expect(page.locator("#projector h1")).to_contain_text("Partie 1")
    page.go_back()

    for table in first.tables.filter(team_b__isnull=False):
        factories.add_deal(table)
    rounds.close_round(round=first)
    # Two hours of play later: partie 1's claims are long over.
    Round.objects.filter(pk=first.pk).update(closed_at=F("closed_at") - timedelta(hours=2))
    second = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANKING)
    for table in second.tables.filter(team_b__isnull=False):
        factories.add_deal(table, points_a=60)

    # The last partie closed at the desk, from the keyboard.
    page.goto(f"{base}/parties/2/")
    press_on(page, page.get_by_role("link", name="Fermer la partie…"))
    press_on(page, page.get_by_role("button", name="Fermer la partie"))
    expect(page.locator(".messages")).to_contain_text("Partie 2 close")
    page.goto(f"{base}/parties/2/")
    expect(page.locator("section.claims")).to_contain_text("réclamations jusqu'à")
    shot(page, "end-partie-2-closed", full_page=False)

    ranking = page.request.get(f"{url}/t/{tournament.slug}/classement.pdf").body()
    words = " ".join(pdf_text(ranking, tmp_path).split())
    pdf_shot(ranking, "end-ranking-claims-open")
    assert "Classement provisoire après 2 parties" in words
    assert "Classement provisoire : réclamations jusqu'à" in words
    assert "Classement final" not in words and "définitif" not in words

    press_on(page, page.get_by_role("button", name="Clore les réclamations maintenant"))
    expect(page.locator(".message.success")).to_contain_text("définitifs")
    ranking = page.request.get(f"{url}/t/{tournament.slug}/classement.pdf").body()
    words = " ".join(pdf_text(ranking, tmp_path).split())
    pdf_shot(ranking, "end-ranking-final")
    assert "Classement final" in words
    assert "provisoire" not in words and "réclamations" not in words

    # The concours's page has the hall's screen too.
    page.goto(f"{base}/")
    press_on(page, page.get_by_role("link", name="Écran de la salle"))
    expect(page.locator("#projector")).to_contain_text("Classement")
    shot(page, "end-hall-screen", full_page=False)
