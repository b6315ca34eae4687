"""Issue 27, items 3 and 4 in Chromium: a draft draw explained, adjusted,
then published.

The organizer (1366 px) draws partie 2 and reads each table's reason and
the draw's number; with the keyboard alone, exchanges two teams of
different tables (the two tables then say « modifié à la main »). A
player's phone (390 px) asks « Où je joue ? » and learns nothing new: the
draft is hidden. The organizer publishes; the phone's page, left open,
shows the new table by itself, and the public partie page gives the
reasons. The printed plan (read back with pdftotext) has the draw's number,
the reasons and « modifié à la main ».

Set BROWSER_SCREENSHOTS to a folder to keep screenshots of each screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import htmx_answers, until
from tests.browser.day import PHONE
from tests.browser.session import log_in
from tests.browser.test_release_and_clock import shoot
from tests.documents import pdf_text
from tests.factories import add_teams, draw_random_round
from tournaments.infra import links
from tournaments.models import Round, Team, Tournament
from tournaments.services import release, rounds, scores

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def fast_polls(settings):
    settings.LIVE_POLL_SECONDS = 1


def choose_with_arrows(page: Page, selector: str, presses: int) -> str:
    """Focus a drop-down by the keyboard and move down `presses` options;
    the value chosen."""
    field = page.locator(selector)
    field.focus()
    for _ in range(presses):
        page.keyboard.press("ArrowDown")
    return field.input_value()


def test_a_draft_draw_is_explained_adjusted_by_keyboard_then_published(
    live_server, page: Page, open_page, make_tournament, fast_polls, tmp_path
):
    """Browser: keys and focus, 390 px layout, htmx swaps, scripts, axe."""
    tournament = make_tournament(release_draws=True, published=True, parties=3)
    add_teams(tournament, 7)
    first = release.release_round(round=draw_random_round(tournament, seed=8))
    for table in first.tables.filter(team_b__isnull=False):
        scores.record_totals(table=table, total_a=1300, total_b=900)
    rounds.close_round(round=first)
    url = live_server.url

    page.set_viewport_size({"width": 1366, "height": 900})
    log_in(page, url)
    page.goto(f"{url}/organisation/t/{tournament.slug}/")
    # A draw at random, chosen with the keyboard (the first method of the list).
    method = page.locator("select[name=method]")
    method.focus()
    page.keyboard.press("Home")
    assert method.input_value() == "random"
    page.get_by_role("button", name="Tirer la partie suivante").click()
    expect(page.locator("h1")).to_contain_text("Partie 2")
    rnd = Round.objects.get(tournament=tournament, number=2)
    assert rnd.released_at is None and rnd.draw_seed is not None
    expect(page.locator(".meta .seed")).to_have_text(str(rnd.draw_seed))
    reasons = page.locator(".tables-list td.reason")
    expect(reasons).to_have_count(4)  # three tables and the bye
    expect(reasons.first).to_contain_text("tirage au sort")
    expect(page.locator(".tables-list")).to_contain_text("exempt : dernier du tirage au sort")
    shoot(page, "draft-1-drawn-with-reasons")

    # The exchange, with the keyboard: the first team, then one seated elsewhere.
    seats = {s.team_id: s.table_id for s in rnd.seats.all()}
    chosen = int(choose_with_arrows(page, "#id_first", 1))
    page.keyboard.press("Tab")
    presses = 1
    other = int(choose_with_arrows(page, "#id_second", presses))
    while seats[other] == seats[chosen]:
        page.keyboard.press("ArrowDown")
        other = int(page.locator("#id_second").input_value())
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Équipes échangées.")
    moved = Team.objects.get(pk=other)
    expect(page.locator(".tables-list strong.hand-changed")).to_have_count(2)
    expect(page.locator(".tables-list")).to_contain_text(
        f"modifié à la main : l'équipe n° {moved.number} a pris la place"
    )
    shoot(page, "draft-2-swapped")
    new_table = rnd.seats.select_related("table").get(team_id=other).table

    # A player of the moved team: nothing new on the phone while it is a draft.
    player = moved.player1
    phone = open_page(**PHONE, locale="fr-FR")
    phone.goto(f"{url}/t/{tournament.slug}/")
    phone.get_by_label("Où je joue ?").fill(player.last_name)
    phone.get_by_role("button", name="Chercher").click()
    answer = phone.locator("#where-answer")
    expect(answer).to_contain_text("Le tirage de la partie 2 n'est pas encore annoncé.")
    polls = htmx_answers(phone)
    until(phone, lambda: len(polls) >= 2, "the phone's page did not ask again")
    expect(answer).to_contain_text("Le tirage de la partie 2 n'est pas encore annoncé.")
    shoot(phone, "draft-3-phone-sees-nothing")

    # Published: the phone's page shows the new table by itself.
    page.get_by_role("button", name="Annoncer le tirage").click()
    expect(page.locator(".messages")).to_contain_text("Tirage de la partie 2 annoncé")
    expect(page.locator(".swap-closed")).to_be_visible()
    # (The exchange may have given the moved team the bye: its phone says so.)
    place = "Exempte cette partie" if new_table.is_bye else f"Table {new_table.number}"
    expect(phone.locator(".places .big")).to_have_text(place)
    shoot(phone, "draft-4-phone-sees-the-table")
    phone.goto(f"{url}/t/{tournament.slug}/parties/2/")
    expect(phone.locator("td.reason").first).to_be_visible()
    expect(phone.locator(".results")).to_contain_text("modifié à la main")
    shoot(phone, "draft-5-phone-partie-page")

    # The printed plan: the draw's number, the reasons, the change by hand.
    href = page.get_by_role("link", name="Plan de table (PDF)").get_attribute("href")
    printed = page.request.get(url + href)
    assert printed.ok
    words = " ".join(pdf_text(printed.body(), tmp_path).split())
    assert f"numéro de tirage {rnd.draw_seed}" in words
    assert "Raison de chaque table" in words and "tirage au sort" in words
    assert "modifié à la main" in words


def tab_to(page: Page, name: str, limit: int = 60) -> None:
    """Press Tab from the top of the page until the control named `name`
    has the focus (as a volunteer without a mouse does)."""
    page.locator("body").focus()
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement.textContent.trim()")
        if focused == name:
            return
    raise AssertionError(f"« {name} » is not reached with Tab")


def test_a_new_tournaments_draw_is_a_draft_until_the_organizer_announces_it(
    live_server, page: Page, open_page, organizer, fast_polls
):
    """Issue 27, item 4, with the default options: the tournament is made
    through the organizer's form with its options left alone; partie 1 is a
    draft the phone does not see; two teams are exchanged and the draw
    announced with the keyboard alone; the phone then shows its table.

    Browser: keys and focus, 390 px layout, screen layout, scripts, axe.
    """
    url = live_server.url
    page.set_viewport_size({"width": 1366, "height": 900})
    log_in(page, url)
    page.goto(url + "/organisation/nouveau/")
    page.get_by_label("Nom du tournoi").fill("Belote de la Saint-Vincent")
    page.get_by_label("Date").fill("2026-12-05")
    page.get_by_role("button", name="Créer le tournoi").click()
    page.get_by_role("button", name="Publier", exact=True).click()
    expect(page.locator(".publication .state.on")).to_be_visible()
    tournament = Tournament.objects.get(name="Belote de la Saint-Vincent")
    assert tournament.published
    assert tournament.release_draws
    add_teams(tournament, 6)

    page.goto(f"{url}/organisation/t/{tournament.slug}/")
    page.get_by_role("button", name="Tirer la partie suivante").click()
    expect(page.locator("h1")).to_contain_text("Partie 1")
    rnd = Round.objects.get(tournament=tournament, number=1)
    assert rnd.released_at is None
    shoot(page, "new-draft-1-partie-page-1366")

    # Said first, with its announcement and a way to the exchange.
    draft = page.locator(".notice.draft-draw")
    expect(draft.get_by_role("heading")).to_have_text(
        "Brouillon : les joueurs ne voient pas encore ce tirage"
    )
    expect(draft.get_by_role("button", name="Annoncer le tirage")).to_be_visible()
    expect(draft.get_by_role("link", name="Échanger deux équipes")).to_have_attribute(
        "href", "#swap-title"
    )
    assert draft.evaluate("n => n.getBoundingClientRect().bottom") < 900  # no scrolling

    # The organizer on a phone sees the same draft page, the draft on screen.
    desk = open_page(**PHONE, locale="fr-FR")
    log_in(desk, url)
    desk.goto(f"{url}/organisation/t/{tournament.slug}/parties/1/")
    expect(desk.locator(".notice.draft-draw")).to_be_in_viewport()
    shoot(desk, "new-draft-2-partie-page-390")

    # The exchange, with the keyboard: the first team with one of another table.
    seats = {s.team_id: s.table_id for s in rnd.seats.all()}
    chosen = int(choose_with_arrows(page, "#id_first", 1))
    page.keyboard.press("Tab")
    other = int(choose_with_arrows(page, "#id_second", 1))
    while seats[other] == seats[chosen]:
        page.keyboard.press("ArrowDown")
        other = int(page.locator("#id_second").input_value())
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Équipes échangées.")
    expect(page.locator(".tables-list strong.hand-changed")).to_have_count(2)
    new_table = rnd.seats.select_related("table").get(team_id=other).table
    moved = Team.objects.get(pk=other)
    shoot(page, "new-draft-3-swapped")

    # A player of a moved team: nothing on the phone while it is a draft.
    phone = open_page(**PHONE, locale="fr-FR")
    phone.goto(f"{url}/t/{tournament.slug}/")
    phone.get_by_label("Où je joue ?").fill(moved.player1.last_name)
    phone.get_by_role("button", name="Chercher").click()
    answer = phone.locator("#where-answer")
    expect(answer).to_contain_text("Le tirage de la partie 1 n'est pas encore annoncé.")

    # A player at a table scans its sheet, laid out before the announcement:
    # the link waits, and says so, instead of opening the draft.
    sheet = rnd.tables.filter(team_b__isnull=False).first()
    seated = open_page(**PHONE, locale="fr-FR")
    seated.goto(url + links.entry_path(sheet))
    expect(seated.locator(".message.error")).to_contain_text("pas encore publié")
    expect(seated.locator("#draft-wait")).to_contain_text(
        "Gardez cette page ouverte : votre table s'ouvrira d'elle-même dès l'annonce."
    )
    expect(seated.get_by_text(str(sheet.team_a))).to_have_count(0)
    shoot(seated, "new-draft-4-sheet-scanned-before-the-announcement")

    # Announced with the keyboard: the phones, left open, show the table.
    tab_to(page, "Annoncer le tirage")
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Tirage de la partie 1 annoncé")
    assert Round.objects.get(pk=rnd.pk).announced
    place = "Exempte cette partie" if new_table.is_bye else f"Table {new_table.number}"
    expect(phone.locator(".places .big")).to_have_text(place)
    shoot(phone, "new-draft-5-phone-sees-the-table")
    expect(seated).to_have_url(url + links.entry_path(sheet))
    expect(seated.locator("h1")).to_contain_text(f"Table {sheet.number}")
    expect(seated.locator("#id_code")).to_be_visible()
    shoot(seated, "new-draft-6-the-scanned-table-opened-by-itself")
