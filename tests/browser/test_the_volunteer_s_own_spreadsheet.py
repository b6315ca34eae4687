"""The club's own spreadsheet imported as the volunteer wrote it (issue 54,
item 3), at 1366 px from the keyboard: « Nom de l'équipe;Joueur 1;Joueur
2;Club;Licence;Téléphone;E-mail;Résultat par e-mail » was refused (« Colonnes obligatoires
absentes : nom1, prenom1, nom2, prenom2 »); it is read, each player's
« Prénom Nom » (or « NOM Prénom ») split in two, and the preview shows the
team names and the e-mails it will import. A second file of late teams,
« Équipe;Inscrit;Partenaire;Club », has two columns the page does not
understand: the preview says so and the volunteer says which they are
(« Joueur 1 », « Joueur 2 »), instead of the file being refused. No 5xx,
no console error, no axe violation (the fixtures)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.session import log_in
from tests.browser.shots import DESK, shot
from tournaments.features.messages.models import Consent
from tournaments.models import Team

pytestmark = pytest.mark.django_db(transaction=True)

CLUB_FILE = (
    "Nom de l'équipe;Joueur 1;Joueur 2;Club;Licence;Téléphone;E-mail;Résultat par e-mail\n"
    "Les As de Trèfle;Amélie Lefèvre;Jérôme Bérard;Foyer rural;123;06 12 34 56 78;"
    "amelie@example.org;oui\n"
    "Les Lève-tôt;MARTIN Jean-Pierre;Zoé Dupré;Foyer rural;;;;\n"
    "Belote et Rebelote;Gaëlle Désiré;Noël Évrard;Club de Saint-Éloi;;;noel@example.org;oui\n"
    "Les Cœurs Vaillants;Loïc Brûlé;Maëlle Hervé;;;;;\n"
)
LATE_FILE = (
    "Équipe;Inscrit;Partenaire;Club\n"
    "Les Retardataires;Odette Lemaire;Raymond Roux;Foyer rural\n"
    "Atout Cœur;Lucien Garnier;Yvette Blanc;Foyer rural\n"
)


def choose_and_check(page: Page, path) -> None:
    page.get_by_label("Fichier CSV").set_input_files(str(path))
    page.get_by_role("button", name="Vérifier le fichier").focus()
    page.keyboard.press("Enter")


def test_the_club_file_as_written_and_columns_said_in_the_preview(
    page: Page, live_server, organizer, tmp_path
):
    """Browser: keys and focus, axe."""
    tournament = factories.build_tournament(owner=organizer)
    page.set_viewport_size(DESK)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/organisation/t/{tournament.slug}/equipes/importer/")

    club = tmp_path / "inscriptions.csv"
    club.write_text(CLUB_FILE, encoding="utf-8")
    choose_and_check(page, club)
    expect(page.locator(".import-summary")).to_contain_text("4 nouvelles équipes")
    preview = page.locator("table.import-preview")
    expect(preview).to_contain_text("Les As de Trèfle")
    expect(preview).to_contain_text("amelie@example.org")
    expect(preview).to_contain_text("noel@example.org")
    expect(preview).to_contain_text("Jean-Pierre MARTIN")
    shot(page, "import-club-file-preview")
    page.get_by_role("button", name="Importer 4 équipes").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("4 équipes importées")
    team = Team.objects.get(tournament=tournament, name="Les Lève-tôt")
    assert (team.player1.first_name, team.player1.last_name) == ("Jean-Pierre", "MARTIN")
    assert (team.player2.first_name, team.player2.last_name) == ("Zoé", "Dupré")
    first = Team.objects.get(tournament=tournament, name="Les As de Trèfle")
    assert first.player1.licence == "123" and first.club == "Foyer rural"
    assert Consent.objects.filter(team=first, email="amelie@example.org").exists()

    # Late teams, in another volunteer's words: two columns to say.
    page.goto(f"{live_server.url}/organisation/t/{tournament.slug}/equipes/importer/")
    late = tmp_path / "retardataires.csv"
    late.write_text(LATE_FILE, encoding="utf-8")
    choose_and_check(page, late)
    columns = page.locator(".import-columns")
    expect(columns).to_contain_text("Inscrit")
    expect(page.locator(".columns-problem")).to_contain_text("dites ci-dessous")
    expect(page.locator(".import-errors")).to_have_count(0)
    shot(page, "import-columns-to-say")
    for header, meaning in (("Inscrit", "Joueur 1"), ("Partenaire", "Joueur 2")):
        page.get_by_label(header, exact=True).focus()
        page.keyboard.type(meaning)
    page.get_by_role("button", name="Relire le fichier avec ces colonnes").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".import-summary")).to_contain_text("2 nouvelles équipes")
    shot(page, "import-columns-said")
    page.get_by_role("button", name="Importer 2 équipes").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("2 équipes importées")
    assert Team.objects.get(tournament=tournament, name="Atout Cœur").player2.last_name == "Blanc"
