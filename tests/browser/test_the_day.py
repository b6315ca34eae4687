"""The day of a concours, lived end to end in Chromium, through its second
passes: the organizer's file imported again once grown, a deal corrected in
the middle of a table, a table confirmed from the other team's phone and
another disputed, a partie refused closing until the dispute is settled.

Run twice: the desk at 1366 px in French, an organizer on a 390 px screen
in English, the language chosen with the site's FR/EN switch as a person
would (the players' phones, 390 × 844, choose it too).
Every page of every screen is watched (conftest.py: no 5xx, no console or
script error, nothing wider than the screen), and in English no French word
of the interface may show.

Set JOURNEY_SHOTS to a folder to keep screenshots of the grid being typed,
the phone's confirmation, the dispute as the organizer sees it and the final
ranking on a phone (to look at, never compared)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.db.models import Q
from django.utils import translation
from playwright.sync_api import Page, expect

from tests.browser.day import Day, choose_language, download, printed, speaks
from tests.browser.grid import deal_keys, type_deal
from tests.factories import PASSWORD
from tournaments.display.labels import number as shown_number
from tournaments.infra import links
from tournaments.models import Round, Table, Tournament
from tournaments.queries.standings import tournament_standings
from tournaments.services import scores

pytestmark = pytest.mark.django_db(transaction=True)

HEADER = "nom1;prenom1;nom2;prenom2;club"
NINE = [
    "Lefèvre;Amélie;Bérard;Jérôme;Club des As",
    "Dupré;Zoé;Hébert;Loïc;Club des As",
    "Thébault;Hélène;Noël;Joëlle;Club des As",
    "Château;Noël;Ségur;Inès;Club des As",
    "Rivière;Valérie;Marchand;Denis;Club des As",
    "Guérin;Éric;Féraud;Céline;Amicale",
    "Lemaître;Grégoire;Vallée;Océane;Amicale",
    "Quéré;Maëlle;Évrard;François;Amicale",
    "Sénéchal;Thérèse;Brûlé;Stéphane;Amicale",
]
LATE = ["Morel;Agnès;Perrin;Gaël;Amicale", "Fabre;Léa;Giraud;Anaïs;Amicale"]
# Hélène Thébault already plays in team 3: this line is left out.
CONFLICT = "Thébault;Hélène;Colin;Maxime;Amicale"


def csv_file(path: Path, rows: list[str]) -> str:
    path.write_text("\n".join([HEADER, *rows]) + "\n", encoding="utf-8")
    return str(path)


def log_in(day: Day) -> None:
    page = day.page
    page.goto(day.url + "/compte/connexion/")
    choose_language(page, day.language)
    page.locator("#id_username").fill("orga")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("#id_password").press("Enter")
    page.get_by_role("link", name=day.w("organisation")).click()
    speaks(page, day.language)


def create_tournament(day: Day) -> None:
    page = day.page
    page.get_by_role("link", name=day.w("new")).click()
    page.get_by_label(day.w("name")).fill("Coinche du Téléthon")
    page.locator("#id_date").fill("2026-12-05")
    page.get_by_label(day.w("venue")).fill("Salle Jean-Moulin")
    page.get_by_label(day.w("rules")).select_option("ffb-coinche")
    page.get_by_label(day.w("parties")).fill("3")
    page.get_by_label(day.w("deals")).fill("4")
    page.get_by_role("button", name=day.w("create")).click()
    expect(page.get_by_role("heading", name="Coinche du Téléthon")).to_be_visible()
    # Publishing is on the tournament's page (the first screen asks only
    # what a concours needs).
    page.get_by_role("button", name=day.w("publish"), exact=True).click()
    expect(page.locator(".publication .state.on")).to_be_visible()
    speaks(page, day.language)
    day.slug = Tournament.objects.get(name="Coinche du Téléthon").slug


def import_teams(day: Day, tmp_path: Path) -> None:
    """The organizer's file, then the same file grown with two late teams
    and a line in conflict: only the new teams are added."""
    page = day.page
    page.get_by_role("link", name=day.w("import")).click()
    page.get_by_label(day.w("file")).set_input_files(csv_file(tmp_path / "teams.csv", NINE))
    page.get_by_role("button", name=day.w("check")).click()
    expect(page.locator(".import-summary")).to_contain_text(day.w("first file"))
    page.get_by_role("button", name=day.w("import n", n=9)).click()
    expect(page.locator(".messages")).to_contain_text(day.w("imported n", n=9))

    grown = csv_file(tmp_path / "teams-later.csv", [*NINE, LATE[0], CONFLICT, LATE[1]])
    page.get_by_role("link", name=day.w("import")).click()
    page.get_by_label(day.w("file")).set_input_files(grown)
    page.get_by_role("button", name=day.w("check")).click()
    expect(page.locator(".import-summary")).to_have_text(day.w("grown file"))
    preview = page.locator(".import-preview tbody tr")
    expect(preview).to_have_count(12)
    expect(preview.nth(9)).to_contain_text(day.w("new line"))
    expect(preview.nth(10)).to_contain_text(day.w("conflict line"))
    speaks(page, day.language)
    page.get_by_role("button", name=day.w("import n", n=2)).click()
    expect(page.locator(".messages")).to_contain_text(day.w("imported n", n=2))
    assert day.tournament().teams.filter(round__isnull=True).count() == 11


def draw(day: Day, method: str, number: int) -> None:
    page = day.page
    page.goto(f"{day.url}/organisation/t/{day.slug}/")
    page.get_by_role("combobox", name=day.w("draw")).select_option(method)
    page.get_by_role("button", name=day.w("draw next")).click()
    expect(page.get_by_role("heading", name=re.compile(day.w("round", n=number)))).to_be_visible()
    speaks(page, day.language)


def announce(day: Day, number: int) -> None:
    """The draft said on the partie's page, then announced once the sheets
    are laid out (a new tournament's draws are drafts until then)."""
    page = day.page
    expect(page.locator(".notice.draft-draw h2")).to_have_text(day.w("draft"))
    page.get_by_role("button", name=day.w("announce")).click()
    expect(page.locator(".messages")).to_contain_text(day.w("announced", n=number))
    speaks(page, day.language)


def draw_and_print_partie_1(day: Day, tmp_path: Path) -> str:
    """Partie 1 at random: 5 tables and a bye, printed (a draft prints),
    then announced. Returns the sheets' text."""
    draw(day, "random", 1)
    page = day.page
    expect(page.locator(".tables-list")).to_contain_text(day.w("bye"))
    rnd = day.tournament().rounds.get(number=1)
    assert rnd.tables.filter(team_b__isnull=False).count() == 5
    assert rnd.tables.filter(team_b__isnull=True).count() == 1
    sheets = printed(day, day.w("sheets"), tmp_path)
    printed(day, day.w("plan"), tmp_path)
    announce(day, 1)
    return sheets


def open_desk_table(day: Day, number: int) -> None:
    page = day.page
    page.goto(f"{day.url}/organisation/t/{day.slug}/parties/1/")
    page.locator(".tables-list").get_by_role("link", name=str(number), exact=True).click()
    expect(page.locator("#deal-entry")).to_be_visible()


def grid_fits(page: Page) -> None:
    """The grid needs no sideways scroll: its last column, with « Corriger »
    and « Enregistrer », is on screen."""
    box = page.locator(".grid-box")
    assert box.evaluate("box => box.scrollWidth <= box.clientWidth"), "the grid scrolls sideways"


def expect_marques(page: Page, number: int, a: str, b: str) -> None:
    expect(page.locator(f"#deal-{number} .marque-a")).to_have_text(a)
    expect(page.locator(f"#deal-{number} .marque-b")).to_have_text(b)


def desk_table_with_a_correction(day: Day) -> None:
    """Table 1: a usual deal, a coinché, a surcoinché with a belote, a capot;
    then deal 2 is corrected in the middle of the table."""
    page = day.page
    open_desk_table(day, 1)
    assert day.typed(page, taker="A", trump="H", bid="90", points="97") <= 8
    expect_marques(page, 1, "190", "70")
    # The rarer cells (coinche, belote, capot) take a Tab each to reach.
    day.typed(page, taker="B", trump="C", bid="80", coinche=1, points="102")
    expect_marques(page, 2, "0", "480")
    day.typed(page, taker="A", trump="H", bid="120", coinche=2, points="95", belote="A")
    expect_marques(page, 3, "20", "1120")
    # The capot typed, not yet saved: the row shows the engine's marque.
    keys = deal_keys(language=day.language, taker="B", trump="D", bid="80", capot="B")
    type_deal(page, keys[:-1])
    expect(page.locator("#deal-preview")).to_contain_text("330")
    grid_fits(page)
    day.shot(page, "grid-during-entry", full_page=day.width > 400)
    page.keyboard.press(keys[-1])
    expect_marques(page, 4, "0", "330")
    expect(page.locator(".running-totals")).to_contain_text(day.w("over"))
    expect(page.locator("#total-a")).to_have_text("210")
    expect(page.locator("#total-b")).to_have_text("2000")

    # « Corriger » on deal 2: it was bid 90, not 80. The link is on screen,
    # not behind a sideways scroll of the grid.
    correct = page.locator("#deal-2").get_by_role("link", name=day.w("correct"))
    grid_fits(page)
    correct.click()
    expect(page.locator("#deal-entry")).to_have_attribute("data-number", "2")
    expect(page.locator("#deal-entry input[name=taker]")).to_be_focused()
    for key in ("Tab", "Tab", "9", "0", "Enter"):
        page.keyboard.press(key)
    expect_marques(page, 2, "0", "500")
    expect(page.locator("#total-b")).to_have_text("2020")
    expect(page.locator("#deal-2 .run").nth(1)).to_have_text("570")
    expect_marques(page, 3, "20", "1120")
    expect_marques(page, 4, "0", "330")
    speaks(page, day.language)
    table = day.table(1, 1)
    assert (table.total_a, table.total_b, table.status) == (210, 2020, Table.Status.COMPLETE)


def desk_table_of_usual_deals(day: Day) -> None:
    """Table 2: the deals of most of the day, each within the 8-key budget
    (a pass in 2), and a belote, which costs two tabs more."""
    page = day.page
    open_desk_table(day, 2)
    assert day.typed(page, taker="A", trump="S", bid="80", points="100") <= 8
    expect_marques(page, 1, "180", "60")
    assert day.typed(page, taker="") == 2
    expect_marques(page, 2, "0", "0")
    day.typed(page, taker="B", trump="C", bid="110", points="120")
    expect_marques(page, 3, "40", "230")
    day.typed(page, taker="A", trump="H", bid="90", points="97", belote="A")
    expect_marques(page, 4, "210", "70")
    expect(page.locator("#total-a")).to_have_text("430")
    expect(page.locator("#total-b")).to_have_text("360")


# (taker, trump, bid, points) of the four deals typed on a phone.
PHONE_DEALS = [
    ("A", "H", "90", "97"),
    ("B", "S", "80", "100"),
    ("A", "C", "80", "90"),
    ("A", "D", "90", "100"),
]


def printed_code(sheets: str, code: str) -> str:
    """The team's code as the team reads it on its own coupon, printed after
    the sheets (« 4821 0937 »), typed as read, with its space."""
    grouped = f"{code[:4]} {code[4:]}"
    assert grouped in sheets.replace("\u00a0", " "), "the code is not on the coupons"
    return grouped


def phone_enters(day: Day, table: Table, code: str, deals: list[tuple[str, ...]]) -> Page:
    """The team with `code` opens its table's QR link and types the deals;
    the last one brings the end of the game on screen without a reload."""
    phone = day.phone(links.entry_path(table))
    phone.get_by_label(day.w("code")).fill(code)
    phone.get_by_role("button", name=day.w("enter")).click()
    for i, (taker, trump, bid, points) in enumerate(deals, start=1):
        if i == len(deals):
            phone.evaluate("window.sameLoad = true")
        # The phone's pad: a button a choice, the points on the keypad.
        day.tapped(phone, taker=taker, trump=trump, bid=bid, points=points)
        expect(phone.locator(f"#deal-{i}")).to_be_visible()
    expect(phone.get_by_role("heading", name=day.w("answer"))).to_be_visible()
    expect(phone.locator(".running-totals")).to_contain_text(day.w("over"))
    assert phone.evaluate("window.sameLoad") is True
    speaks(phone, day.language)
    return phone


def table_confirmed_from_two_phones(day: Day, sheets: str) -> None:
    """Table 3: North-South types on one phone, East-West confirms on another."""
    table = day.table(1, 3)
    phone_enters(day, table, printed_code(sheets, table.code_a), PHONE_DEALS)
    other = day.phone(links.entry_path(table))
    code = other.locator("#confirm").get_by_label(day.w("code"))
    expect(code).to_be_visible()
    # Where it asks to confirm, both totals are on screen with the button.
    other.get_by_role("button", name=day.w("confirm")).scroll_into_view_if_needed()
    totals = other.locator("#confirm .final-totals > span")
    expect(totals.nth(0)).to_contain_text("610")
    expect(totals.nth(1)).to_contain_text("380")
    for element in (
        totals.nth(0),
        totals.nth(1),
        code,
        other.get_by_role("button", name=day.w("confirm")),
    ):
        expect(element).to_be_in_viewport()
    day.shot(other, "phone-confirmation")
    code.fill(printed_code(sheets, table.code_b))
    other.get_by_role("button", name=day.w("confirm")).click()
    expect(other.locator(".messages")).to_contain_text(day.w("confirmed"))
    expect(other.locator("#entry-state")).to_contain_text(day.w("confirmed by"))
    speaks(other, day.language)
    table.refresh_from_db()
    assert (table.total_a, table.total_b, table.entry_state) == (610, 380, "confirmed")


def table_disputed_then_settled(day: Day, sheets: str) -> None:
    """Table 4: East-West types 80 for deal 2 where 90 was bid; North-South
    disputes with its totals; the organizer cannot close the partie, corrects
    the deal and validates the table."""
    table = day.table(1, 4)
    deals = [("B", "H", "90", "97"), ("B", "S", "80", "100"), *PHONE_DEALS[2:]]
    phone_enters(day, table, table.code_b, deals)
    other = day.phone(links.entry_path(table))
    other.get_by_text(day.w("disagree")).click()
    other.locator("#confirm").get_by_label(day.w("code")).fill(printed_code(sheets, table.code_a))
    other.get_by_label(day.w("their a")).fill("490")
    other.get_by_label(day.w("their b")).fill("510")
    other.get_by_role("button", name=day.w("dispute")).click()
    expect(other.locator(".messages")).to_contain_text(day.w("disputed"))
    speaks(other, day.language)

    page = day.page
    page.goto(f"{day.url}/organisation/t/{day.slug}/parties/1/")
    expect(page.locator(".round-progress")).to_contain_text(day.w("disputed tables"))
    row = page.locator(".tables-list tbody tr.disputed")
    expect(row).to_have_count(1)
    expect(row).to_contain_text(day.w("disputed by"))
    day.shot(page, "dispute-round", full_page=True)
    page.get_by_role("link", name=day.w("close…")).click()
    expect(page.locator(".blockers")).to_contain_text(day.w("blocked"))
    expect(page.get_by_role("button", name=day.w("close"), exact=True)).to_have_count(0)
    speaks(page, day.language)

    page.goto(f"{day.url}/organisation/t/{day.slug}/parties/1/tables/4/")
    expect(page.locator(".side-by-side")).to_contain_text("490 – 500")
    expect(page.locator(".side-by-side")).to_contain_text("490 – 510")
    day.shot(page, "dispute-table", full_page=True)
    page.locator("#deal-2").get_by_role("link", name=day.w("correct")).click()
    expect(page.locator("#deal-entry input[name=taker]")).to_be_focused()
    for key in ("Tab", "Tab", "9", "0", "Enter"):
        page.keyboard.press(key)
    expect(page.locator("#total-b")).to_have_text("510")
    page.get_by_role("button", name=day.w("validate")).click()
    expect(page.locator("#entry-state")).to_contain_text(day.w("validated"))
    speaks(page, day.language)


def finish_with_the_services(rnd: Round, tournament: Tournament) -> None:
    """The tables left to play are entered through the service the desk's
    grid calls (their pages were typed above already): it keeps the four
    runs of the day short."""
    for table in rnd.tables.filter(team_b__isnull=False, status__in=["not_started", "in_progress"]):
        for deal in range(tournament.end_deals):
            taker = "A" if (table.number + deal) % 3 else "B"
            scores.record_deal(
                table=table,
                values={
                    "taker": taker,
                    "trump": "H",
                    "bid": 80,
                    f"points_{taker.lower()}": 90 + 3 * table.number + deal,
                },
            )


def close(day: Day, number: int) -> None:
    page = day.page
    page.goto(f"{day.url}/organisation/t/{day.slug}/parties/{number}/")
    page.get_by_role("link", name=day.w("close…")).click()
    page.get_by_role("button", name=day.w("close"), exact=True).click()
    expect(page.locator(".messages")).to_contain_text(day.w("closed", n=number))
    speaks(page, day.language)


def pairs(rnd: Round) -> set[frozenset[int]]:
    return {frozenset((t.team_a_id, t.team_b_id)) for t in rnd.tables.filter(team_b__isnull=False)}


def player_finds_his_table(day: Day) -> Page:
    """Amélie Lefèvre types her name without its accent."""
    phone = day.phone(f"/t/{day.slug}/")
    phone.get_by_label(day.w("where")).fill("lefevre")
    phone.get_by_role("button", name=day.w("search")).click()
    card = phone.locator(".places .card")
    expect(card).to_have_count(1)
    expect(card).to_contain_text("Lefèvre")
    seat = (
        day.tournament()
        .rounds.get(number=3)
        .tables.get(
            Q(team_a__player1__last_name="Lefèvre") | Q(team_b__player1__last_name="Lefèvre")
        )
    )
    expect(card).to_contain_text(day.w("table", n=seat.number))
    speaks(phone, day.language)
    return phone


# Both screens and both languages in two runs, not four (the four pairs took
# 236 of the journeys' 1,848 worker-seconds, an eighth, on 25 November): the
# desk at 1366 px in French, the organizer's 390 px screen in English. Every
# organizer's page at 390 px in French is test_every_page_of_the_demo's,
# every page in English the crawl's.
@pytest.mark.parametrize(("language", "width"), [("fr", 1366), ("en", 390)])
def test_the_day_at_the_desk_and_at_the_tables(
    live_server, page: Page, open_page, organizer, settings, tmp_path, language, width
):
    """Browser: keys and focus, 390 px layout, screen layout, htmx swaps, scripts, axe."""
    settings.LIVE_POLL_SECONDS = 1
    shots = Path(os.environ["JOURNEY_SHOTS"]) if os.environ.get("JOURNEY_SHOTS") else None
    if shots:
        shots.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": width, "height": 900})
    day = Day(page, live_server.url, language, width, open_page, shots)

    # 1. The tournament, its teams, the grown file imported again.
    log_in(day)
    create_tournament(day)
    import_teams(day, tmp_path)

    # 2. Partie 1 drawn at random and printed.
    sheets = draw_and_print_partie_1(day, tmp_path)

    # 3. Two tables typed at the desk, a deal corrected in the middle.
    desk_table_with_a_correction(day)
    desk_table_of_usual_deals(day)

    # 4. and 5. A table confirmed from two phones, another disputed and settled.
    table_confirmed_from_two_phones(day, sheets)
    table_disputed_then_settled(day, sheets)
    # Table 5, and later whole parties, go through the services (see there).
    tournament = day.tournament()
    finish_with_the_services(tournament.rounds.get(number=1), tournament)
    close(day, 1)

    # 6. Partie 2 by ranking, no rematch; partie 3; the player's phone meanwhile.
    draw(day, "ranking", 2)
    announce(day, 2)
    tournament = day.tournament()
    rnd1, rnd2 = tournament.rounds.get(number=1), tournament.rounds.get(number=2)
    assert not pairs(rnd1) & pairs(rnd2)
    finish_with_the_services(rnd2, tournament)
    close(day, 2)
    draw(day, "ranking", 3)
    announce(day, 3)

    # 7. A player looks where he plays, then keeps the ranking open.
    player = player_finds_his_table(day)
    player.locator(".crumb").get_by_role("link", name="Coinche du Téléthon").click()
    player.get_by_role("link", name=day.w("full ranking")).click()
    expect(player.get_by_role("heading", name=day.w("ranking"), exact=True)).to_be_visible()
    player.evaluate("window.sameLoad = true")
    finish_with_the_services(tournament.rounds.get(number=3), tournament)
    leader = tournament_standings(day.tournament())[0]
    with translation.override(language):
        points = shown_number(leader.row.points_for)
    expect(player.locator("#standings tbody tr").first).to_contain_text(points, timeout=10_000)
    assert player.evaluate("window.sameLoad") is True
    close(day, 3)
    player.reload()
    speaks(player, language)
    day.shot(player, "final-ranking-phone", full_page=True)

    # The final ranking printed, the exports downloaded.
    page.goto(f"{day.url}/t/{day.slug}/classement/")
    ranking = printed(day, day.w("ranking pdf"), tmp_path)
    assert str(leader.entrant) in ranking
    csv = download(page, "CSV", "text/csv").decode("utf-8-sig")
    assert "Lefèvre" in csv
    xlsx = download(
        page, "XLSX", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    assert xlsx.startswith(b"PK")
    assert day.tournament().status == Tournament.Status.FINISHED
