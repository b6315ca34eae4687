"""The lots and special rankings pages: the organizer's (lots, swaps,
categories, the palmarès and the labels) and the players' (the final
ranking with its lots, a category's ranking), through the test client."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests import factories
from tests.documents import pdf_text
from tournaments.models import Category, Tournament
from tournaments.queries import awards
from tournaments.services import prizes, rounds, scores, tournaments

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(make_tournament) -> Tournament:
    """Four teams, one partie played and closed, lots and categories on."""
    tournament = make_tournament(
        parties=1,
        score_entry=Tournament.ScoreEntry.TOTALS,
        prizes_enabled=True,
        categories_enabled=True,
    )
    factories.add_teams(tournament, 4)
    prizes.set_lots(tournament=tournament, lots="Jambon ; 60 €\n2 × Canard", last="Lanterne")
    rnd = factories.draw_random_round(tournament, seed=1)
    for table, (a, b) in zip(rnd.tables.order_by("number"), ((1000, 600), (900, 800)), strict=True):
        scores.record_totals(table=table, total_a=a, total_b=b)
    rounds.close_round(round=rnd)
    return Tournament.objects.get(pk=tournament.pk)


def url(name: str, tournament: Tournament, *args) -> str:
    return reverse(f"tournaments:{name}", args=[tournament.slug, *args])


def test_the_lots_pages_exist_only_when_prizes_are_on(client, organizer, make_tournament):
    plain = make_tournament()
    client.force_login(organizer)
    assert client.get(url("lots", plain)).status_code == 404
    assert client.get(url("palmares_pdf", plain)).status_code == 404
    assert client.get(url("categories", plain)).status_code == 404
    manage = client.get(url("manage", plain)).content.decode()
    assert url("lots", plain) not in manage


def test_the_tournament_form_switches_the_options_on(client, organizer, make_tournament):
    tournament = make_tournament()
    client.force_login(organizer)
    page = client.get(url("edit", tournament)).content.decode()
    assert "Options" in page and "Lots à gagner" in page
    data = {
        "name": tournament.name,
        "date": "2026-12-05",
        "preset": "ffb-coinche",
        "format": "pairs",
        "parties": 4,
        "end_mode": "deals",
        "end_deals": 12,
        "score_entry": "deals",
        "criterion_1": "points",
        "bye_policy": "average",
        "bye_points": 0,
        "prizes_enabled": "on",
        "categories_enabled": "on",
    }
    response = client.post(url("edit", tournament), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    tournament.refresh_from_db()
    assert tournament.prizes_enabled and tournament.categories_enabled
    manage = client.get(url("manage", tournament)).content.decode()
    assert url("lots", tournament) in manage and url("categories", tournament) in manage


def test_the_organizer_types_the_lots_and_sees_who_takes_them(client, organizer, finished):
    client.force_login(organizer)
    page = client.get(url("lots", finished)).content.decode()
    assert "Jambon" in page and "Lanterne" in page
    response = client.post(
        url("lots_save", finished, "general"),
        {"general-rule": "every", "general-lots": "Cochon\n2 x Oie ; 20 €", "general-last": ""},
    )
    assert response.status_code == 302
    assert [lot.name for lot in finished.lots.all()] == ["Cochon", "Oie"]
    page = client.get(url("lots", finished)).content.decode()
    assert "il manque 1 lot" in page


def test_a_faulty_line_is_shown_next_to_the_box(client, organizer, finished):
    client.force_login(organizer)
    response = client.post(
        url("lots_save", finished, "general"),
        {"general-rule": "by_rank", "general-lots": "Cochon\n0 × Oie", "general-last": ""},
    )
    assert response.status_code == 200
    assert "Ligne 2 : quantité « 0 » impossible" in response.content.decode()
    assert [lot.name for lot in finished.lots.all() if not lot.last] == ["Jambon", "Canard"]


def test_the_organizer_swaps_two_lots(client, organizer, finished):
    client.force_login(organizer)
    placings = awards.board(finished).placings
    first, last = placings[0].row.entrant, placings[-1].row.entrant
    response = client.post(
        url("lots_swap", finished, "general"),
        {"swap-general-first": first, "swap-general-second": last},
    )
    assert response.status_code == 302
    board = awards.board(finished)
    assert board.placing(first).lot_name == "Lanterne"
    assert board.placing(last).lot_name == "Jambon"
    response = client.post(
        url("lots_swap", finished, "general"),
        {"swap-general-first": first, "swap-general-second": first},
    )
    assert "deux équipes différentes" in response.content.decode()
    client.post(url("lots_swaps", finished, "general"), {"action": "clear"})
    assert awards.board(finished).placing(first).lot_name == "Jambon"


def test_players_see_the_lots_on_the_final_ranking_only(client, finished, make_tournament):
    page = client.get(url("standings", finished)).content.decode()
    assert "Jambon" in page and "Lanterne" in page
    assert "Jambon" in client.get(url("projector", finished)).content.decode()
    text = client.get(url("standings_pdf", finished))
    assert text.status_code == 200
    running = make_tournament(prizes_enabled=True)
    factories.add_teams(running, 4)
    prizes.set_lots(tournament=running, lots="Jambon")
    factories.draw_random_round(running)
    assert "Jambon" not in client.get(url("standings", running)).content.decode()


def test_a_swap_changes_the_public_rankings_etag(client, organizer, finished):
    first = client.get(url("standings", finished))
    placings = awards.board(finished).placings
    prizes.swap_lots(
        tournament=finished, first=placings[0].row.entrant, second=placings[1].row.entrant
    )
    again = client.get(url("standings", finished), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200


def test_the_palmares_and_the_labels_print_the_lots(client, organizer, finished, tmp_path):
    client.force_login(organizer)
    palmares = pdf_text(client.get(url("palmares_pdf", finished)).content, tmp_path)
    assert "Palmarès" in palmares and "Jambon" in palmares and "Lanterne" in palmares
    backwards = pdf_text(
        client.get(url("palmares_pdf", finished) + "?ordre=inverse").content, tmp_path
    )
    assert backwards.index("Lanterne") < backwards.index("Jambon")
    labels = pdf_text(client.get(url("lot_labels_pdf", finished)).content, tmp_path)
    assert labels.count("Canard") == 2 and "n° " in labels


def test_a_category_is_made_ticked_and_ranked(client, organizer, finished, tmp_path):
    client.force_login(organizer)
    response = client.post(url("categories", finished), {"name": "Féminine", "kind": "women"})
    assert response.status_code == 302
    women = finished.categories.get()
    team = finished.teams.order_by("number").last()
    form = client.get(url("team_edit", finished, team.pk)).content.decode()
    assert "Féminine" in form
    data = {
        "first_name1": team.player1.first_name,
        "last_name1": team.player1.last_name,
        "first_name2": team.player2.first_name,
        "last_name2": team.player2.last_name,
        "categories": [women.pk],
    }
    assert client.post(url("team_edit", finished, team.pk), data).status_code == 302
    assert list(team.categories.all()) == [women]
    # Lots cumulate here: the last team, lanterne rouge, takes the bouquet too.
    finished.prizes_cumulate = True
    finished.save(update_fields=["prizes_cumulate"])
    prizes.set_lots(tournament=finished, category=women, lots="Bouquet")
    client.logout()
    page = client.get(url("category_standings", finished, women.pk)).content.decode()
    assert team.display_name in page and "Bouquet" in page
    assert "Féminine" in client.get(url("standings", finished)).content.decode()
    text = pdf_text(client.get(url("category_pdf", finished, women.pk)).content, tmp_path)
    assert "Féminine" in text and "Bouquet" in text


def test_a_category_of_another_tournament_is_not_found(client, finished, make_tournament):
    other = make_tournament(categories_enabled=True)
    foreign = prizes.add_category(tournament=other, name="Jeunes", kind=Category.Kind.YOUTH)
    assert client.get(url("category_standings", finished, foreign.pk)).status_code == 404


def test_an_unpublished_tournaments_category_stays_hidden(client, organizer, finished):
    women = prizes.add_category(tournament=finished, name="Dames", kind=Category.Kind.WOMEN)
    tournaments.set_published(tournament=finished, published=False, by=organizer)
    assert client.get(url("category_standings", finished, women.pk)).status_code == 404
    assert client.get(url("category_pdf", finished, women.pk)).status_code == 404
    client.force_login(organizer)
    assert client.get(url("category_standings", finished, women.pk)).status_code == 200


def test_the_exports_carry_the_lots_once_players_see_them(client, finished, make_tournament):
    sheet = client.get(url("standings_csv", finished)).content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(sheet), delimiter=";"))
    assert rows[0][-1] == "Lot"
    assert [row[-1] for row in rows[1:]] == ["Jambon", "Canard", "Canard", "Lanterne"]
    book = load_workbook(io.BytesIO(client.get(url("standings_xlsx", finished)).content))
    cells = [[c.value for c in row] for row in book.active.iter_rows(min_row=2)]
    assert cells[0][-1] == "Lot" and cells[1][-1] == "Jambon" and cells[-1][-1] == "Lanterne"
    running = make_tournament(prizes_enabled=True)
    factories.add_teams(running, 4)
    prizes.set_lots(tournament=running, lots="Jambon")
    factories.draw_random_round(running)
    sheet = client.get(url("standings_csv", running)).content.decode("utf-8-sig")
    assert "Lot" not in sheet.splitlines()[0] and "Jambon" not in sheet
