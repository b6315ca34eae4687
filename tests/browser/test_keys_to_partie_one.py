"""From « Nouveau tournoi » to partie 1 drawn and announced, counted (issue
38 item 8: « today 36 clicks and 193 keys for 16 teams »), and with a family
kept apart (issue 54 item 4: « today 18 and 66 », the list buried in
« Modifier le tournoi »).

A volunteer at 1366 px creates a classic belote concours (name, date and
place typed, every other setting left at its default), imports the club's
16 teams from its spreadsheet (CSV), draws partie 1 and announces it. Every
click and every key is counted and printed (-s); the journey fails if the
way grows past its figures of 25 November 2026 (10 clicks, 45 keys).
With a family kept apart, the list is typed from the teams' page
(« Ne pas faire jouer ensemble »); the draw's reason says where it changed
a table; « Modifier le tournoi »'s height is printed too (4,304 px before).
Counted as a person does it: a click on a link, a button or a box;
choosing a file is two (the button, the file in the system's window); each
key typed, Tab and Enter included."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.session import log_in
from tests.browser.shots import shot
from tournaments.domain import pairing
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

LAPTOP = {"width": 1366, "height": 768}
HEADER = "nom1;prenom1;nom2;prenom2;club"
FIRST = ["Anne", "Bernard", "Claude", "Denise", "Émile", "Françoise", "Gérard", "Hélène"]
LAST = ["Martin", "Bernard", "Thébault", "Petit", "Durand", "Leroy", "Moreau", "Simon"]


class Counted:
    """The volunteer's clicks and keys on `page`."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.clicks = 0
        self.keys = 0

    def click(self, locator) -> None:
        self.clicks += 1
        locator.click()

    def type(self, text: str) -> None:
        self.keys += len(text)
        self.page.keyboard.type(text)

    def press(self, key: str) -> None:
        self.keys += 1
        self.page.keyboard.press(key)

    def choose_file(self, locator, path: str) -> None:
        self.clicks += 2  # the button, then the file in the system's window
        locator.set_input_files(path)


def club_file(path) -> str:
    rows = [
        f"{LAST[n % 8]}{n};{FIRST[n % 8]};{LAST[(n + 3) % 8]}{n};{FIRST[(n + 5) % 8]};Club des As"
        for n in range(16)
    ]
    path.write_text("\n".join([HEADER, *rows]) + "\n", encoding="utf-8")
    return str(path)


def created_with_its_teams(page: Page, url: str, tmp_path) -> tuple[Counted, Tournament]:
    """« Nouveau tournoi » to its 16 teams imported, counted."""
    page.set_viewport_size(LAPTOP)
    log_in(page, url)
    page.goto(url + "/organisation/")
    way = Counted(page)

    way.click(page.get_by_role("link", name="Nouveau tournoi").first)
    expect(page.locator("h1")).to_have_text("Nouveau tournoi")
    way.click(page.get_by_label("Nom du tournoi"))
    way.type("Concours du Téléthon")
    way.press("Tab")
    expect(page.get_by_label("Date")).to_be_focused()
    # 8 digits: Chromium here orders the date's boxes mm/dd/yyyy (a French
    # laptop's jj/mm/aaaa takes the same 8 keys); the year's box would take
    # more digits, so the volunteer clicks into the next field.
    way.type("12052026")
    way.click(page.get_by_label("Lieu"))
    way.type("Salle des fêtes")
    way.press("Enter")
    expect(page.get_by_role("heading", name="Concours du Téléthon")).to_be_visible()
    tournament = Tournament.objects.get(name="Concours du Téléthon")
    assert str(tournament.date) == "2026-12-05"

    way.click(page.get_by_role("link", name="Importer un fichier CSV"))
    way.choose_file(page.get_by_label("Fichier CSV"), club_file(tmp_path / "club.csv"))
    way.click(page.get_by_role("button", name="Vérifier le fichier"))
    expect(page.locator(".import-summary")).to_contain_text("16 nouvelles équipes")
    way.click(page.get_by_role("button", name="Importer 16 équipes"))
    expect(page.locator(".messages")).to_contain_text("16 équipes importées")
    return way, tournament


def test_from_nouveau_tournoi_to_partie_1_announced_for_16_teams(
    live_server, page: Page, organizer, tmp_path
):
    """Browser: keys and focus, axe."""
    way, tournament = created_with_its_teams(page, live_server.url, tmp_path)
    way.click(page.get_by_role("button", name="Tirer la partie suivante"))
    expect(page.get_by_role("heading", name="Partie 1")).to_be_visible()
    way.click(page.get_by_role("button", name="Annoncer le tirage"))
    expect(page.locator(".messages")).to_contain_text("Tirage de la partie 1 annoncé")

    partie = Round.objects.get(tournament=tournament, number=1)
    assert partie.announced and partie.tables.filter(team_b__isnull=False).count() == 8
    print(
        f"\nfrom « Nouveau tournoi » to partie 1 announced, 16 teams from a CSV: "
        f"{way.clicks} clicks and {way.keys} keys (the issue: 36 clicks and 193 keys)"
    )
    assert way.clicks <= 10 and way.keys <= 45  # measured on 25 November 2026: never more


def test_partie_1_drawn_with_a_family_kept_apart_from_the_teams_page(
    live_server, page: Page, organizer, tmp_path
):
    """Issue 54, item 4: the Martins (teams 1 and 9) never meet.

    Browser: keys and focus, screen layout, axe.
    """
    way, tournament = created_with_its_teams(page, live_server.url, tmp_path)
    way.click(page.get_by_role("link", name="Ne pas faire jouer ensemble"))
    expect(page.get_by_label("Nouveau groupe")).to_be_focused()
    shot(page, "apart-page", full_page=False)
    way.type("Famille Martin : 1, 9")
    way.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Famille Martin")
    way.click(page.get_by_role("button", name="Tirer la partie suivante"))
    expect(page.get_by_role("heading", name="Partie 1")).to_be_visible()
    print(
        f"\nfrom « Nouveau tournoi » to partie 1 drawn, a family kept apart: "
        f"{way.clicks} clicks and {way.keys} keys (the issue: 18 clicks and 66 keys)"
    )
    assert way.clicks <= 10 and way.keys <= 67

    partie = Round.objects.get(tournament=tournament, number=1)
    family = {t.pk for t in tournament.teams.filter(number__in=[1, 9])}
    assert all(len({t.team_a_id, t.team_b_id} & family) <= 1 for t in partie.tables.all())
    # The reason says the meeting was avoided exactly where the same seed's
    # draw, without the family, seated them together.
    ids = list(tournament.teams.order_by("number").values_list("pk", flat=True))
    plain = pairing.draw_random(ids, seed=partie.draw_seed)
    together = any(set(pair) == family for pair in plain.tables)
    reasons = page.locator("td.reason").all_inner_texts()
    assert any("ne devaient pas se rencontrer" in r for r in reasons) is together, reasons
    expect(page.locator(".draw-apart")).to_contain_text("Famille Martin")
    shot(page, "apart-partie-1", full_page=False)

    page.goto(f"{live_server.url}/organisation/t/{tournament.slug}/modifier/")
    height = page.evaluate("document.documentElement.scrollHeight")
    shot(page, "edit-tournament")
    print(f"« Modifier le tournoi » at 1366 px: {height} px high (4,304 px before)")
    assert height <= 1800
