"""« Reste à sa table » in a real browser at 1366 px: the organizer marks a
team of players with reduced mobility from the keyboard (table 4), draws
partie 1 at random then partie 2 by ranking; both times the plan shows the
team at table 4 with the mark, and the printed plan (PDF read back with
pdftotext) says so. The page fixture fails on any 5xx, console error, axe
violation or element wider than the screen. Set BROWSER_SCREENSHOTS to a
folder to keep the screenshots."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.session import log_in
from tests.browser.shots import DESK
from tests.documents import pdf_text
from tournaments.services import scores

pytestmark = pytest.mark.django_db(transaction=True)


def shot(page: Page, name: str) -> None:
    folder = os.environ.get("BROWSER_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"fixed-{name}.png"), full_page=True)


def the_team_sits_at_table_4_with_the_mark(page: Page, name: str) -> None:
    row = page.locator("#round-tables tbody tr", has_text=name)
    expect(row).to_have_count(1)
    expect(row.locator("td").first).to_have_text("4")
    expect(row).to_contain_text("reste à sa table")


def test_a_team_stays_at_its_table_through_two_draws(live_server, page: Page, organizer, tmp_path):
    """Browser: keys and focus, axe."""
    tournament = factories.build_tournament(
        owner=organizer, name="Concours du foyer", parties=3, score_entry="totals"
    )
    teams = factories.add_teams(tournament, 9)
    team = teams[6]
    url = live_server.url
    manage = f"{url}/organisation/t/{tournament.slug}/"
    page.set_viewport_size(DESK)
    log_in(page, url)

    # The team's page, then « Reste à sa table », all from the keyboard.
    page.goto(f"{manage}equipes/{team.pk}/")
    link = page.get_by_role("link", name="Reste à sa table (mobilité réduite)…")
    link.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name=re.compile("Reste à sa table"))).to_be_visible()
    page.get_by_label("Reste à sa table (mobilité réduite)").focus()
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    page.keyboard.type("4")
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Équipe enregistrée.")
    expect(page.locator(".fixed-table-link")).to_contain_text("reste à sa table n° 4")
    team.refresh_from_db()
    assert (team.stays_at_table, team.kept_table) == (True, 4)

    # Partie 1 at random: the team at table 4, with the mark.
    page.goto(manage)
    page.get_by_role("combobox", name="Tirage").select_option("random")
    page.get_by_role("button", name="Tirer la partie suivante").click()
    expect(page.get_by_role("heading", name=re.compile("Partie 1"))).to_be_visible()
    the_team_sits_at_table_4_with_the_mark(page, team.display_name)
    shot(page, "partie-1")
    first = tournament.rounds.get(number=1)
    # The team wins its table: not last of the ranking, it plays partie 2
    # (the last team would get the bye, its table 4 left empty).
    for index, table in enumerate(first.tables.filter(team_b__isnull=False).order_by("number")):
        winner, loser = 1000 + 10 * index, 900
        if table.team_b_id == team.pk:
            winner, loser = loser, winner
        scores.record_totals(table=table, total_a=winner, total_b=loser)
    page.reload()
    page.get_by_role("link", name="Fermer la partie…").click()
    page.get_by_role("button", name="Fermer la partie").click()
    expect(page.locator(".messages")).to_contain_text("Partie 1 close")

    # Partie 2 by ranking: still table 4.
    page.goto(manage)
    page.get_by_role("combobox", name="Tirage").select_option("ranking")
    page.get_by_role("button", name="Tirer la partie suivante").click()
    expect(page.get_by_role("heading", name=re.compile("Partie 2"))).to_be_visible()
    the_team_sits_at_table_4_with_the_mark(page, team.display_name)
    shot(page, "partie-2")

    # The printed plan says it in words, next to the team's table.
    answer = page.request.get(f"{manage}parties/2/plan.pdf")
    assert answer.status == 200
    text = pdf_text(answer.body(), tmp_path)
    line = next(li for li in text.splitlines() if f"n° {team.number} " in li + " ")
    assert "reste à sa table" in line
    assert re.search(rf"{re.escape(team.display_name)}\s+4\s", text), text
