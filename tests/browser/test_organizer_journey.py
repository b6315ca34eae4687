"""An organizer runs a concours from the desk, in Chromium.

Create a tournament, import 9 teams from a CSV file that first has two
faulty lines, draw partie 1 (one bye) and announce it (a draft until then,
the form's default), enter one table deal by deal — a
coinche, a surcoinche, a tie and a capot among them — and see the marques
the spec gives, enter the other tables, close the partie (after its
confirmation step), draw partie 2 by ranking with no rematch and announce
it, withdraw a
team (confirmed too), draw partie 3.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.grid import deal_keys, type_deal
from tests.browser.session import log_in
from tournaments.models import Round, Table, Tournament
from tournaments.services import scores

pytestmark = pytest.mark.django_db(transaction=True)

TEAMS = [
    ("Lefèvre", "Amélie", "Bérard", "Jérôme"),
    ("Dupré", "Zoé", "Hébert", "Loïc"),
    ("Thébault", "Hélène", "Noël", "Joëlle"),
    ("Château", "Noël", "Ségur", "Inès"),
    ("Rivière", "Valérie", "Marchand", "Denis"),
    ("Guérin", "Éric", "Féraud", "Céline"),
    ("Lemaître", "Grégoire", "Vallée", "Océane"),
    ("Quéré", "Maëlle", "Évrard", "François"),
    ("Sénéchal", "Thérèse", "Brûlé", "Stéphane"),
]
HEADER = "nom1;prenom1;nom2;prenom2;club"


def csv_bytes(rows: list[str]) -> bytes:
    return ("\n".join([HEADER, *rows]) + "\n").encode()


def enter_deal(
    page: Page,
    *,
    taker: str,
    trump: str,
    bid: str = "",
    coinche: str = "0",
    points: str = "",
    capot: str = "",
    belote_a: str = "",
) -> int:
    """Type one deal in the grid with the keyboard only; return the keys pressed."""
    keys = deal_keys(
        taker=taker,
        trump=trump,
        bid=bid,
        points=points,
        coinche=int(coinche),
        belote="A" if belote_a else "",
        capot=capot,
    )
    return type_deal(page, keys)


def last_marques(page: Page, number: int) -> tuple[str, str]:
    row = page.locator(f"#deal-{number}")
    expect(row).to_be_visible()
    return row.locator(".marque-a").inner_text(), row.locator(".marque-b").inner_text()


def close_partie(page: Page) -> None:
    """« Fermer la partie… », then the confirmation page's button."""
    page.get_by_role("link", name="Fermer la partie…").click()
    expect(page.get_by_text("ne se rouvre pas")).to_be_visible()
    page.get_by_role("button", name="Fermer la partie").click()


def announce(page: Page, number: int) -> None:
    expect(page.locator(".notice.draft-draw")).to_contain_text("Brouillon")
    page.get_by_role("button", name="Annoncer le tirage").click()
    expect(page.locator(".messages")).to_contain_text(f"Tirage de la partie {number} annoncé")


def test_an_organizer_runs_three_parties(live_server, page: Page, organizer, tmp_path):
    """Browser: keys and focus, axe."""
    url = live_server.url
    log_in(page, url)

    # Create the tournament.
    page.goto(url + "/organisation/nouveau/")
    page.get_by_label("Nom du tournoi").fill("Coinche du Téléthon")
    page.get_by_label("Date").fill("2026-12-05")
    page.get_by_label("Lieu").fill("Salle Jean-Moulin")
    page.get_by_label("Règles").select_option("ffb-coinche")
    page.get_by_label("Nombre de parties").fill("3")
    page.get_by_role("button", name="Créer le tournoi").click()
    expect(page.get_by_role("heading", name="Coinche du Téléthon")).to_be_visible()
    tournament = Tournament.objects.get(name="Coinche du Téléthon")

    # Import: first a file with two faulty lines (listed, the others importable),
    # then the corrected one.
    rows = [";".join((*t, "Club des As")) for t in TEAMS]
    faulty = [*rows[:3], "Seul;Joueur;;;", *rows[3:6], "A;B;C;D;E;F", *rows[6:]]
    bad_file, good_file = tmp_path / "equipes-faux.csv", tmp_path / "equipes.csv"
    bad_file.write_bytes(csv_bytes(faulty))
    good_file.write_bytes(csv_bytes(rows))
    page.get_by_role("link", name="Importer un fichier CSV").click()
    page.get_by_label("Fichier CSV").set_input_files(bad_file)
    page.get_by_role("button", name="Vérifier le fichier").click()
    errors = page.locator(".import-errors li")
    expect(errors.first).to_contain_text("Ligne 5")
    expect(page.locator(".import-errors")).to_contain_text("Ligne 9")
    # the good lines could be imported alone; nothing is before the click
    expect(page.get_by_role("button", name="Importer 9 équipes")).to_be_visible()
    assert tournament.teams.count() == 0
    page.get_by_label("Fichier CSV").set_input_files(good_file)
    page.get_by_role("button", name="Vérifier le fichier").click()
    page.get_by_role("button", name="Importer 9 équipes").click()
    expect(page.locator(".messages")).to_contain_text("9 équipes importées")

    # Partie 1, drawn at random: four tables and a bye.
    page.get_by_role("combobox", name="Tirage").select_option("random")
    page.get_by_role("button", name="Tirer la partie suivante").click()
    expect(page.get_by_role("heading", name=re.compile("Partie 1"))).to_be_visible()
    expect(page.locator(".tables-list")).to_contain_text("exempte")
    rnd1 = tournament.rounds.get(number=1)
    assert rnd1.tables.filter(team_b__isnull=True).count() == 1
    # A draft (the form's default) until the sheets are laid out: announced.
    announce(page, 1)

    # Table 1, deal by deal, with the marques of SPEC §10.
    page.get_by_role("link", name="1", exact=True).click()
    # A usual deal (taker, trump, bid, points) takes 7 keys once the row has focus.
    assert enter_deal(page, taker="A", trump="H", bid="90", points="97") == 7
    assert last_marques(page, 1) == ("190", "70")
    enter_deal(page, taker="B", trump="C", bid="80", coinche="1", points="102")
    assert last_marques(page, 2) == ("0", "480")
    enter_deal(page, taker="A", trump="H", bid="120", coinche="2", points="95", belote_a="1")
    assert last_marques(page, 3) == ("20", "1120")
    enter_deal(page, taker="A", trump="S", bid="80", points="81")  # 81-81: a chute at coinche
    assert last_marques(page, 4) == ("0", "240")
    enter_deal(page, taker="B", trump="D", bid="80", capot="B")
    # capot not bid: 252 + 80 = 332, rounded to the ten
    assert last_marques(page, 5) == ("0", "330")
    # A refusal shows the engine's French message next to the field, and saves nothing.
    enter_deal(page, taker="A", trump="H", bid="85", points="100")
    expect(page.locator("#field-bid .errorlist")).to_contain_text("10")
    expect(page.locator("#deal-6")).to_have_count(0)
    # The keyboard waits in the refused cell: the bid typed again, then Enter.
    expect(page.locator("#deal-entry input[name=bid]")).to_be_focused()
    for key in ("8", "0", "Enter"):
        page.keyboard.press(key)
    assert last_marques(page, 6) == ("180", "60")
    for number in range(7, 13):
        enter_deal(page, taker="A", trump="S", bid="80", points="100")
        assert last_marques(page, number) == ("180", "60")
    expect(page.locator(".running-totals")).to_contain_text("Partie terminée")

    # The other tables (entered through the same service the form calls).
    for table in rnd1.tables.filter(team_b__isnull=False).exclude(number=1):
        for _ in range(12):
            scores.record_deal(
                table=table, values={"taker": "B", "trump": "C", "bid": 80, "points_b": 110}
            )
    page.goto(url + f"/organisation/t/{tournament.slug}/parties/1/")
    close_partie(page)
    expect(page.locator(".messages")).to_contain_text("Partie 1 close")

    # Partie 2 by ranking: nobody meets the same opponents again.
    page.get_by_role("combobox", name="Tirage").select_option("ranking")
    page.get_by_role("button", name="Tirer la partie suivante").click()
    expect(page.get_by_role("heading", name=re.compile("Partie 2"))).to_be_visible()
    first = {frozenset((t.team_a_id, t.team_b_id)) for t in rnd1.tables.all()}
    rnd2 = tournament.rounds.get(number=2)
    second = {frozenset((t.team_a_id, t.team_b_id)) for t in rnd2.tables.all()}
    assert not first & second
    announce(page, 2)
    for table in rnd2.tables.filter(team_b__isnull=False):
        for _ in range(12):
            scores.record_deal(
                table=table, values={"taker": "A", "trump": "H", "bid": 90, "points_a": 97}
            )
    page.reload()
    close_partie(page)
    expect(page.locator(".messages")).to_contain_text("Partie 2 close")

    # Withdraw a team, then draw partie 3: it is no longer seated.
    withdrawn = tournament.teams.get(number=4)
    page.get_by_role("link", name="Forfait de l'équipe 4").click()
    page.get_by_role("button", name="Déclarer le forfait").click()
    expect(page.locator(".messages")).to_contain_text("forfait")
    page.get_by_role("combobox", name="Tirage").select_option("ranking")
    page.get_by_role("button", name="Tirer la partie suivante").click()
    expect(page.get_by_role("heading", name=re.compile("Partie 3"))).to_be_visible()
    rnd3 = tournament.rounds.get(number=3)
    assert rnd3.status == Round.Status.DRAFT
    assert not rnd3.seats.filter(team=withdrawn).exists()
    assert rnd3.tables.filter(team_b__isnull=False).count() == 4
    assert not rnd3.tables.filter(team_b__isnull=True).exists()
    assert Table.objects.filter(round=rnd1, status=Table.Status.COMPLETE).count() == 5
