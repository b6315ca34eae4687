"""The desk's day, in Chromium: the organizer's spreadsheet imported, then
imported again once grown (the preview tells new, registered and conflicting
lines apart, and only the new teams are added); a forfait declared after its
confirmation step and undone; a table's link revoked and a partie closed,
each after its confirmation step. Looked at at 1366 px and at 390 px."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.session import log_in
from tournaments.models import Round, Team, Tournament
from tournaments.services import rounds

pytestmark = pytest.mark.django_db(transaction=True)

HEADER = "nom1;prenom1;nom2;prenom2;club"
NINE = [
    "Lefèvre;Amélie;Bérard;Jérôme;Club des As",
    "Dupré;Zoé;Hébert;Loïc;Club des As",
    "Thébault;Hélène;Noël;Joëlle;Club des As",
    "Château;Noël;Ségur;Inès;Club des As",
    "Rivière;Valérie;Marchand;Denis;Club des As",
    "Guérin;Éric;Féraud;Céline;Club des As",
    "Lemaître;Grégoire;Vallée;Océane;Club des As",
    "Quéré;Maëlle;Évrard;François;Club des As",
    "Sénéchal;Thérèse;Brûlé;Stéphane;Club des As",
]
LATE = [
    "Morel;Agnès;Perrin;Gaël;Club des As",
    "Fabre;Léa;Giraud;Anaïs;Amicale",
    "Roux;Bérénice;Blanc;Hervé;Amicale",
]
# Hélène Thébault already plays in team 3: this line cannot be imported.
CONFLICT = "Thébault;Hélène;Colin;Maxime;Amicale"


def write_csv(path, rows: list[str]) -> str:
    path.write_text("\n".join([HEADER, *rows]) + "\n", encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("width", [1366, 390])
def test_the_grown_spreadsheet_is_imported_again(
    live_server, page: Page, tournament, tmp_path, width
):
    """Browser: 390 px layout, axe."""
    page.set_viewport_size({"width": width, "height": 900})
    url = live_server.url
    log_in(page, url)
    # The way to the organizer's area is in the header.
    page.get_by_role("link", name="Organisation").click()
    expect(page.get_by_role("heading", name="Mes tournois")).to_be_visible()
    page.get_by_role("link", name=tournament.name).click()
    page.get_by_role("link", name="Importer un fichier CSV").click()
    expect(page.get_by_role("link", name="Télécharger un fichier modèle (CSV)")).to_be_visible()

    page.get_by_label("Fichier CSV").set_input_files(write_csv(tmp_path / "a.csv", NINE))
    page.get_by_role("button", name="Vérifier le fichier").click()
    expect(page.locator(".import-summary")).to_contain_text("9 nouvelles équipes")
    page.get_by_role("button", name="Importer 9 équipes").click()
    expect(page.locator(".messages")).to_contain_text("9 équipes importées")

    # Later: three late teams and one faulty line added to the same file.
    grown = write_csv(tmp_path / "b.csv", [*NINE, *LATE[:2], CONFLICT, LATE[2]])
    page.get_by_role("link", name="Importer un fichier CSV").click()
    page.get_by_label("Fichier CSV").set_input_files(grown)
    page.get_by_role("button", name="Vérifier le fichier").click()
    expect(page.locator(".import-summary")).to_have_text(
        "3 nouvelles équipes, 9 déjà inscrites, 1 ligne en conflit (laissée de côté)."
    )
    preview = page.locator(".import-preview tbody tr")
    expect(preview).to_have_count(13)
    expect(preview.nth(0)).to_contain_text("Déjà inscrite (n° 1)")
    expect(preview.nth(9)).to_contain_text("Nouvelle : n° 10")
    expect(preview.nth(11)).to_contain_text("Hélène Thébault joue déjà dans l'équipe n° 3")
    expect(preview.nth(12)).to_contain_text("Nouvelle : n° 12")
    assert Team.objects.filter(tournament=tournament).count() == 9
    page.screenshot(path=str(tmp_path / f"import-{width}.png"), full_page=True)
    page.get_by_role("button", name="Importer 3 équipes").click()
    expect(page.locator(".messages")).to_contain_text("3 équipes importées")
    assert Team.objects.filter(tournament=tournament).count() == 12
    assert sorted(
        Team.objects.filter(tournament=tournament, number__gt=9).values_list(
            "player1__last_name", flat=True
        )
    ) == ["Fabre", "Morel", "Roux"]


def test_a_forfait_is_confirmed_then_undone(live_server, page: Page, tournament, teams):
    """Browser: axe."""
    url = live_server.url
    log_in(page, url)
    page.goto(url + f"/organisation/t/{tournament.slug}/")
    page.get_by_role("link", name="Forfait de l'équipe 2").click()
    expect(page.get_by_role("heading", name=re.compile("Forfait de l'équipe n° 2"))).to_be_visible()
    page.get_by_role("link", name="Annuler").click()
    assert Team.objects.get(pk=teams[1].pk).status == Team.Status.ACTIVE
    page.get_by_role("link", name="Forfait de l'équipe 2").click()
    page.get_by_role("button", name="Déclarer le forfait").click()
    expect(page.locator(".messages")).to_contain_text("déclare forfait")
    expect(page.locator(f"#team-{teams[1].pk}")).to_contain_text("Forfait")
    assert Team.objects.get(pk=teams[1].pk).status == Team.Status.WITHDRAWN
    page.get_by_role("button", name="Annuler le forfait de l'équipe 2").click()
    expect(page.locator(".messages")).to_contain_text("annulé")
    expect(page.locator(f"#team-{teams[1].pk}")).to_contain_text("Présente")
    assert Team.objects.get(pk=teams[1].pk).status == Team.Status.ACTIVE


def test_revoking_a_link_and_closing_a_partie_ask_first(
    live_server, page: Page, tournament, round1
):
    """Browser: axe."""
    url = live_server.url
    log_in(page, url)
    page.goto(url + f"/organisation/t/{tournament.slug}/parties/1/tables/1/")
    key = round1.tables.get(number=1).entry_key
    page.get_by_role("button", name="Révoquer le lien de la table").click()
    expect(page.get_by_text("ne marchera plus")).to_be_visible()
    assert round1.tables.get(number=1).entry_key == key
    page.get_by_role("button", name="Révoquer le lien").click()
    expect(page.locator(".messages")).to_contain_text("Ancien lien révoqué")
    assert round1.tables.get(number=1).entry_key != key

    page.goto(url + f"/organisation/t/{tournament.slug}/parties/1/")
    page.get_by_role("link", name="Fermer la partie…").click()
    expect(page.locator(".blockers")).to_contain_text("Tables pas encore terminées : 1, 2.")
    expect(page.get_by_role("button", name="Fermer la partie")).to_have_count(0)
    for table in round1.tables.all():
        for _ in range(tournament.end_deals):
            factories.add_deal(table)
    page.reload()
    page.get_by_role("button", name="Fermer la partie").click()
    expect(page.locator(".messages")).to_contain_text("Partie 1 close")
    assert Round.objects.get(pk=round1.pk).status == Round.Status.CLOSED


def test_the_partie_page_follows_the_tables_by_itself(live_server, page: Page, tournament, round1):
    """Browser: htmx swaps, axe."""
    url = live_server.url
    log_in(page, url)
    page.goto(url + f"/organisation/t/{tournament.slug}/parties/1/")
    expect(page.locator(".round-progress")).to_contain_text("Tables terminées : 0 sur 2")
    for _ in range(tournament.end_deals):
        factories.add_deal(round1.tables.get(number=1))
    # htmx polls the tables every 10 seconds: no reload here.
    expect(page.locator(".round-progress")).to_contain_text(
        "Tables terminées : 1 sur 2", timeout=15_000
    )
    assert Tournament.objects.filter(pk=tournament.pk).exists()


def test_a_closed_partie_s_table_is_corrected_from_a_phone(
    live_server, page: Page, tournament, round1
):
    """An organizer on a 390 px phone opens a table of a closed partie: a
    correction asks its reason, in fields a finger reaches (axe-core's
    target size, checked by the fixtures, found them 21 px high).

    Browser: 390 px layout, axe.
    """
    for table in round1.tables.all():
        for _ in range(tournament.end_deals):
            factories.add_deal(table)
    rounds.close_round(round=round1)
    page.set_viewport_size({"width": 390, "height": 844})
    log_in(page, live_server.url)
    page.goto(live_server.url + f"/organisation/t/{tournament.slug}/parties/1/tables/1/")
    reason = page.locator("#deal-delete").get_by_label("Motif de la correction")
    expect(reason).to_be_visible()
    box = reason.bounding_box()
    assert box and box["height"] >= 24, box
