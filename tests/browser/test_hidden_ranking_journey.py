"""« Classement masqué jusqu'à la fin » in Chromium (issue 38, item 12a):
the volunteer at the desk (1366 px, keyboard) turns the option on in the
concours's settings, draws and announces the last partie; a player's phone
(390 px) and the hall screen show the ranking after partie 1 with the
sentence; the last partie's sheets are typed in, the public ranking does
not move while the desk sees the live one; the concours is closed and the
final ranking appears on the phone. No 5xx, no console error, no page wider
than the screen, no axe violation (the fixtures)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.session import log_in
from tests.browser.shots import PHONE, shot
from tournaments.models import Round, Tournament
from tournaments.queries.standings import tournament_standings
from tournaments.services import release, rounds, scores

pytestmark = pytest.mark.django_db(transaction=True)

DESK = {"width": 1366, "height": 900}
SCREEN = {"width": 1280, "height": 720}
SENTENCE = "Classement masqué jusqu'à la fin du concours"
FIRST = {1: (431, 379), 2: (457, 353), 3: (389, 421), 4: (503, 307)}
LAST = {1: (817, 593), 2: (763, 647), 3: (911, 509), 4: (689, 741)}


def leader_line(page: Page) -> str:
    """The public ranking's first line, figures without their thin spaces."""
    return page.locator("#standings tbody tr").first.inner_text().replace("\u202f", "")


def test_the_last_partie_stays_hidden_until_the_close(
    page: Page, open_page, live_server, django_user_model
):
    """Browser: keys and focus, 390 px layout, screen layout, axe."""
    owner = django_user_model.objects.create_user("orga", password=factories.PASSWORD)
    tournament = factories.build_tournament(
        owner=owner,
        parties=2,
        score_entry=Tournament.ScoreEntry.TOTALS,
        release_draws=True,
        overrides={"rounding": "none"},  # totals to the point: 431, 379…
    )
    factories.add_teams(tournament, 8)
    first = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=7)
    release.release_round(round=first)
    for table in first.tables.order_by("number"):
        scores.record_totals(
            table=table, total_a=FIRST[table.number][0], total_b=FIRST[table.number][1]
        )
    rounds.close_round(round=first)
    page.set_viewport_size(DESK)
    log_in(page, live_server.url)
    base = f"{live_server.url}/organisation/t/{tournament.slug}/"

    # The option, by keyboard: ticked with the space bar, saved with Enter.
    page.goto(base + "modifier/")
    page.locator("#id_ranking_hidden").focus()
    page.keyboard.press("Space")
    assert page.locator("#id_ranking_hidden").is_checked()
    shot(page, "hidden-ranking-option")
    page.locator("#id_ranking_hidden_from").focus()
    page.keyboard.press("Enter")
    page.wait_for_url(base)

    # The last partie drawn on the ranking, then announced.
    page.locator("#id_method").select_option("ranking")
    page.locator("button", has_text="Tirer la partie suivante").press("Enter")
    page.wait_for_url("**/parties/2/")
    page.locator("button", has_text="Annoncer le tirage").press("Enter")
    page.wait_for_load_state()

    phone = open_page(viewport=PHONE)
    phone.goto(f"{live_server.url}/t/{tournament.slug}/classement/")
    assert SENTENCE in phone.locator("#standings").inner_text()
    # The phone says the ranking is frozen, nothing says it follows the
    # parties (issue 54, item 6).
    expect(phone.locator("main")).not_to_contain_text("Mis à jour automatiquement")
    before = leader_line(phone)
    assert "503" in before  # partie 1's best total
    shot(phone, "hidden-ranking-phone")
    hall = open_page(viewport=SCREEN)
    hall.goto(f"{live_server.url}/t/{tournament.slug}/ecran/")
    assert SENTENCE in hall.locator("#projector").inner_text()
    shot(hall, "hidden-ranking-hall-screen")

    # The last partie's sheets typed in: the public ranking does not move.
    last = tournament.rounds.get(number=2)
    for table in last.tables.order_by("number"):
        scores.record_totals(
            table=table, total_a=LAST[table.number][0], total_b=LAST[table.number][1]
        )
    phone.reload()
    assert SENTENCE in phone.locator("#standings").inner_text()
    assert leader_line(phone) == before
    hall.reload()
    hall_text = hall.locator("#projector").inner_text()
    assert SENTENCE in hall_text and "817" not in hall_text
    shot(hall, "hidden-ranking-hall-screen-after-sheets")
    page.goto(base)
    desk_text = page.locator(".live-ranking").inner_text()
    assert "Classement à jour (masqué aux joueurs)" in desk_text
    shot(page, "hidden-ranking-desk")

    # The concours closed: the final ranking appears on the phone.
    page.goto(base + "parties/2/")
    page.get_by_role("link", name="Fermer la partie…").press("Enter")
    page.locator("button", has_text="Fermer la partie").press("Enter")
    page.wait_for_url(base + "#parties")  # the page opens at its parties (issue 60, item 11)
    assert "Terminé" in page.locator("p.meta").first.inner_text()
    phone.reload()
    assert SENTENCE not in phone.locator("#standings").inner_text()
    expect(phone.locator("#standings")).to_contain_text("Mis à jour automatiquement")
    best = tournament_standings(tournament)[0].row.points_for
    assert str(best) in leader_line(phone) and best > 503
    shot(phone, "hidden-ranking-phone-final")
