"""The prize-giving, in Chromium: the organizer switches the lots and the
special rankings on, types the list of lots (every team primed, a lanterne
rouge), adds « Meilleure doublette féminine » with its own lot and ticks
two teams in it, closes the last partie, sees the lots on the final
ranking, swaps two of them and prints the palmarès (read back with
pdftotext); a player reads the final ranking with its lots on a phone
(390 px) and the women's ranking; the lots page and the palmarès in
English.

Set BROWSER_SCREENSHOTS to a folder to keep a screenshot of each screen."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.conftest import checked
from tests.browser.day import PHONE, download, french_words, pdf_text, speaks
from tests.browser.session import log_in
from tests.browser.test_organizer_journey import close_partie
from tournaments.models import Round, Tournament
from tournaments.queries import awards
from tournaments.services import rounds, scores

pytestmark = pytest.mark.django_db(transaction=True)

WIDE = {"width": 1366, "height": 900}
LOTS = "Jambon de pays ; 80 €\n2 × Canard gras ; 35 €\n4 × Bouteille de vin"
WOMEN = "Meilleure doublette féminine"


def concours(owner) -> Tournament:
    """Eight teams, two parties of totals: the first closed, the second
    played but for one table, as the desk has it near the end of the day."""
    tournament = factories.build_tournament(
        owner=owner,
        parties=2,
        score_entry=Tournament.ScoreEntry.TOTALS,
        # this club's lots cumulate: the women's bouquet comes on top
        prizes_cumulate=True,
    )
    factories.add_teams(tournament, 8)
    for number in (1, 2):
        method = Round.DrawMethod.RANDOM if number == 1 else Round.DrawMethod.RANKING
        rnd = rounds.draw_round(tournament=tournament, method=method, seed=number)
        tables = list(rnd.tables.filter(team_b__isnull=False).order_by("number"))
        for i, table in enumerate(tables):
            if number == 2 and i == len(tables) - 1:
                continue  # the last table is still playing
            scores.record_totals(table=table, total_a=1500 + 90 * i, total_b=900 + 40 * i)
        if number == 1:
            rounds.close_round(round=rnd)
    return tournament


def shot(page: Page, name: str) -> None:
    folder = os.environ.get("BROWSER_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        checked(page)  # guard.js has checked it
        page.screenshot(path=str(Path(folder) / f"prizes-{name}.png"), full_page=True)


def test_the_prize_giving(live_server, page: Page, open_page, organizer, tmp_path):
    """Browser: 390 px layout, axe."""
    url = live_server.url
    tournament = concours(organizer)
    slug = tournament.slug
    page.set_viewport_size(WIDE)
    log_in(page, url)

    # The options of the tournament: lots and special rankings.
    page.goto(f"{url}/organisation/t/{slug}/modifier/")
    page.get_by_label("Lots à gagner").check()
    page.get_by_role("checkbox", name=re.compile("^Classements spéciaux")).check()
    shot(page, "fr-options")
    page.get_by_role("button", name="Enregistrer les modifications").click()
    expect(page.locator(".messages")).to_contain_text("Tournoi modifié")

    # A special ranking, and two teams ticked in it.
    page.get_by_role("link", name="Classements spéciaux").click()
    page.get_by_label("Nom du classement").fill(WOMEN)
    page.get_by_label("Sorte").select_option(label="Féminine")
    page.get_by_role("button", name="Ajouter le classement").click()
    expect(page.locator(".messages")).to_contain_text(f"Classement « {WOMEN} » ajouté")
    shot(page, "fr-categories")
    for number in (3, 6):
        team = tournament.teams.get(number=number)
        page.goto(f"{url}/organisation/t/{slug}/equipes/{team.pk}/")
        page.get_by_label(WOMEN).check()
        shot(page, "fr-team-form")
        page.get_by_role("button", name="Enregistrer", exact=True).click()
        expect(page.locator(".messages")).to_contain_text("Équipe enregistrée")
    assert sorted(tournament.categories.get().teams.values_list("number", flat=True)) == [3, 6]

    # The lots: every team primed, a lanterne rouge; the women's own lot.
    page.get_by_role("link", name="Lots", exact=True).click()
    general = page.locator("#board-general")
    general.get_by_label("Attribution").select_option(label="Toutes les équipes primées")
    general.get_by_label("Lots, dans l'ordre du classement").fill(LOTS)
    general.get_by_label("Lot du dernier (lanterne rouge)").fill("Lanterne rouge : un saucisson")
    general.get_by_role("button", name="Enregistrer les lots").click()
    expect(page.locator(".messages")).to_contain_text("Lots enregistrés")
    expect(general.locator("table.awards")).to_contain_text("Jambon de pays")
    expect(general.locator(".summary, .meta")).to_contain_text("8 lots, 8 donnés")
    women = page.locator(".prize-board").filter(has_text=WOMEN)
    women.get_by_label("Lots, dans l'ordre du classement").fill("Bouquet de fleurs ; 30 €")
    women.get_by_role("button", name="Enregistrer les lots").click()
    expect(page.locator(".messages")).to_contain_text("Lots enregistrés")
    expect(page.locator(".notice").first).to_contain_text("dès que la dernière partie sera close")
    shot(page, "fr-lots-provisional")

    # The last table comes back; the last partie is closed: the ranking is final.
    last = tournament.rounds.get(number=2).tables.exclude(status="complete").get()
    scores.record_totals(table=last, total_a=1200, total_b=1100)
    page.goto(f"{url}/organisation/t/{slug}/parties/2/")
    close_partie(page)
    page.goto(f"{url}/organisation/t/{slug}/lots/")
    expect(page.locator(".notice").first).to_contain_text("Classement final")

    # Two lots swapped by hand: the first and the second exchange theirs.
    board = awards.board(Tournament.objects.get(pk=tournament.pk))
    first, second = board.placings[0], board.placings[1]
    assert (first.lot_name, second.lot_name) == ("Jambon de pays", "Canard gras")
    general = page.locator("#board-general")
    general.get_by_label("Échanger le lot de").select_option(str(first.row.entrant))
    general.get_by_label("avec celui de").select_option(str(second.row.entrant))
    general.get_by_role("button", name="Échanger leurs lots").click()
    expect(page.locator(".messages")).to_contain_text("Lots échangés")
    rows = page.locator("#board-general table.awards tbody tr")
    expect(rows.nth(0).locator("td.lot")).to_contain_text("Canard gras")
    expect(rows.nth(0).locator("td.lot")).to_contain_text("échangé")
    expect(rows.nth(1).locator("td.lot")).to_contain_text("Jambon de pays")
    shot(page, "fr-lots-final")

    # The palmarès, as printed: rank, team, players, lot, the swap included.
    text = pdf_text(download(page, "Palmarès (PDF)", "application/pdf"), tmp_path)
    lines = [" ".join(line.split()) for line in text.splitlines() if line.strip()]
    assert "Palmarès" in text and WOMEN in text and "Bouquet de fleurs" in text
    first_line = next(line for line in lines if line.startswith("1er "))
    assert str(first.entrant.display_name) in first_line and "Canard gras" in first_line
    second_line = next(line for line in lines if line.startswith("2e "))
    assert "Jambon de pays" in second_line
    assert "Lanterne rouge : un" in text and "saucisson" in text
    labels = pdf_text(download(page, "Étiquettes des lots (PDF)", "application/pdf"), tmp_path)
    assert labels.count("Bouteille de vin") == 4

    # The final ranking on the organizer's screen, then on a player's phone.
    page.goto(f"{url}/t/{slug}/classement/")
    expect(page.locator("table.standings th").filter(has_text="Lot")).to_be_visible()
    expect(page.locator("table.standings tbody tr").first.locator("td.lot")).to_have_text(
        "Canard gras"
    )
    shot(page, "fr-standings-wide")
    phone = open_page(**PHONE)
    phone.goto(f"{url}/t/{slug}/classement/")
    first_row = phone.locator("table.standings tbody tr").first
    expect(first_row.locator(".lot-line")).to_have_text("Canard gras")
    expect(first_row.locator("td.lot")).to_be_hidden()
    shot(phone, "fr-standings-phone")
    phone.get_by_role("link", name=WOMEN).click()
    expect(phone.get_by_role("heading", level=1)).to_have_text(WOMEN)
    expect(phone.locator("table.standings tbody tr")).to_have_count(2)
    expect(phone.locator("table.standings tbody tr").first.locator(".lot-line")).to_have_text(
        "Bouquet de fleurs"
    )
    shot(phone, "fr-women-phone")
    phone.goto(f"{url}/t/{slug}/ecran/")
    expect(phone.locator("#projector .leader-line li")).to_contain_text("Canard gras")

    # In English: the lots page and the palmarès.
    page.goto(f"{url}/organisation/t/{slug}/lots/")
    page.get_by_role("link", name="EN", exact=True).click()
    speaks(page, "en")
    expect(page.get_by_role("heading", level=1)).to_have_text("Prizes")
    expect(page.get_by_role("button", name="Swap their prizes").first).to_be_visible()
    shot(page, "en-lots")
    text = pdf_text(download(page, "Prize list (PDF)", "application/pdf"), tmp_path)
    assert "Prize list" in text and "Overall ranking" in text and "1st" in text
    assert not french_words(text), french_words(text)
