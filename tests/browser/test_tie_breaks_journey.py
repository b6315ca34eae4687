"""« Départage » after partie 1, by keyboard at 1366 px (issue 52, item 3):
two teams won their table with 1,000 points each and share the first
place. The volunteer opens « Départage » from the concours's page, adds
« Points contre (le moins en tête) » then « Tirage au sort » to the list,
is asked for a reason, reads who changes place before confirming, then
reads on the ranking how ties are decided, with the drawing's number; a
player's phone at 390 px reads the same. The page fixture fails on any 5xx,
console error, axe violation or element wider than the screen. Set
BROWSER_SCREENSHOTS to a folder to keep the screenshots."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.session import log_in
from tests.browser.shots import DESK, PHONE, shot
from tournaments.models import Change, Round, Tournament
from tournaments.services import rounds, scores

pytestmark = pytest.mark.django_db(transaction=True)


def choose(page: Page, label: str, typed: str, value: str) -> None:
    """A select reached by its label, its option chosen by typing its first
    letters, as a keyboard user does."""
    select = page.get_by_label(re.compile(rf"^{label}\b"))
    select.focus()
    page.keyboard.type(typed)
    expect(select).to_have_value(value)


def test_the_volunteer_changes_the_tie_breaks_after_partie_1(
    live_server, page: Page, organizer, open_page
):
    """Browser: keys and focus, 390 px layout, scripts, axe."""
    tournament = factories.build_tournament(
        owner=organizer,
        name="Concours du Foyer rural",
        preset="ffb-belote",
        score_entry=Tournament.ScoreEntry.TOTALS,
        parties=3,
        ranking_criteria=["points", "wins"],
    )
    factories.add_teams(tournament, 4)
    rnd = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=7)
    first, second = rnd.tables.order_by("number")
    scores.record_totals(table=first, total_a=1000, total_b=800)
    scores.record_totals(table=second, total_a=1000, total_b=900)
    # The winner who conceded the fewest points, and the other one.
    best, other = first.team_a, second.team_a

    url = live_server.url
    page.set_viewport_size(DESK)
    log_in(page, url)
    page.goto(f"{url}/organisation/t/{tournament.slug}/")
    link = page.get_by_role("link", name="Départage", exact=True)
    link.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Départage du classement")).to_be_visible()
    expect(page.locator(".notice")).to_contain_text("l'ordre de départage est figé")

    choose(page, "Critère 3", "Points c", "points_against")
    choose(page, "Critère 4", "Tirage", "chance")
    page.get_by_role("button", name="Voir qui change de place").focus()
    page.keyboard.press("Enter")  # no reason yet: the browser asks for it, in its place
    reason = page.get_by_label("Motif du changement")
    expect(reason).to_be_focused()
    assert reason.evaluate("field => field.validationMessage")
    expect(page.get_by_role("status")).to_have_count(0)  # nothing shown, nothing changed
    page.keyboard.type("Un seul premier prix : pas d'ex aequo")
    page.keyboard.press("Enter")

    preview = page.get_by_role("status")
    expect(preview).to_contain_text(
        f"Change de place au classement actuel : n° {other.number} {other.display_name} : 1er → 2e."
    )
    expect(preview).to_contain_text("puis le moins de points contre, puis un tirage au sort")
    shot(page, "tie-breaks-preview")
    tournament.refresh_from_db()
    assert tournament.criteria == ["points", "wins"]  # not yet
    confirm = page.get_by_role("button", name="Confirmer le changement")
    expect(confirm).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Ordre de départage changé.")

    tournament.refresh_from_db()
    seed = tournament.chance_seed
    assert tournament.criteria == ["points", "wins", "points_against", "chance"]
    line = Change.objects.get(tournament=tournament, action=Change.Action.TIE_BREAKS_CHANGED)
    assert line.reason == "Un seul premier prix : pas d'ex aequo"
    assert line.after["moved"] == [[other.number, 1, 2]]

    ranking_link = page.get_by_role("link", name="Voir le classement")
    ranking_link.focus()
    page.keyboard.press("Enter")
    said = (
        "Classement par le total des points ; à égalité de points, départagés par le nombre "
        "de parties gagnées, puis le moins de points contre, puis un tirage au sort fait une "
        f"fois (numéro {seed})."
    )
    expect(page.locator("p.explanation")).to_contain_text(said)
    rows = page.locator("table.standings tbody tr")
    expect(rows.nth(0)).to_contain_text(best.display_name)
    expect(rows.nth(1)).to_contain_text(other.display_name)
    shot(page, "tie-breaks-ranking")

    phone = open_page(viewport=PHONE)
    phone.goto(f"{url}/t/{tournament.slug}/classement/")
    expect(phone.locator("p.explanation")).to_contain_text(said)
    expect(phone.locator("table.standings tbody tr").nth(0)).to_contain_text(
        re.compile(re.escape(best.display_name))
    )
    shot(phone, "tie-breaks-ranking-phone")
