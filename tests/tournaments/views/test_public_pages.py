"""What players see on their phones: where they play, their team, the
results, the ranking (refreshing cheaply), the hall's screen, the exports."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.factories import add_teams
from tests.tournaments.display.test_standings_columns import figure, standings_rows
from tournaments.models import Tournament
from tournaments.services import registration, rounds, scores

pytestmark = pytest.mark.django_db

MADE_90 = {"taker": "A", "trump": "H", "bid": 90, "points_a": 97}  # 190-70


def play(rnd, deals: int = 12) -> None:
    for table in rnd.tables.filter(team_b__isnull=False):
        for _ in range(deals):
            scores.record_deal(table=table, values=MADE_90)


def test_where_do_i_play_finds_a_team_by_player_name_and_gives_its_table(
    client, tournament, teams, round1
):
    seat = round1.seats.get(team=teams[2])
    response = client.get(reverse("tournaments:where", args=[tournament.slug]), {"q": "bérard2"})
    assert response.status_code == 200
    assert f"Table {seat.table.number}" in response.text
    assert ("Nord-Sud" if seat.side == "A" else "Est-Ouest") in response.text


def test_where_do_i_play_finds_a_team_by_number_and_says_when_nothing_matches(
    client, tournament, teams, round1
):
    url = reverse("tournaments:where", args=[tournament.slug])
    assert "Table " in client.get(url, {"q": str(teams[0].number)}).text
    assert "Aucune équipe ne correspond" in client.get(url, {"q": "Personne"}).text


def test_the_team_page_lists_every_partie_with_opponent_and_score(
    client, tournament, teams, round1
):
    play(round1)
    table = (
        round1.tables.get(team_a=teams[0])
        if round1.tables.filter(team_a=teams[0]).exists()
        else round1.tables.get(team_b=teams[0])
    )
    opponent = table.team_b if table.team_a == teams[0] else table.team_a
    response = client.get(reverse("tournaments:team", args=[tournament.slug, teams[0].number]))
    assert str(opponent) in response.text
    assert "2\u202f280" in response.text and "840" in response.text  # 12 × 190, 12 × 70


def test_the_results_of_a_partie_show_both_totals_and_corrections(client, tournament, round1):
    play(round1)
    rounds.close_round(round=round1)
    table = round1.tables.first()
    scores.record_deal(table=table, values=MADE_90 | {"points_a": 60}, number=1, reason="Erreur")
    response = client.get(reverse("tournaments:results", args=[tournament.slug, 1]))
    assert "2\u202f280" in response.text
    assert "corrigé" in response.text


def test_the_standings_say_how_the_ranking_is_computed(client, tournament, teams):
    response = client.get(reverse("tournaments:standings", args=[tournament.slug]))
    assert "Classement par le total des points" in response.text
    assert "le rang est partagé" in response.text


def test_the_standings_are_sortable(client, tournament, teams, round1):
    play(round1)
    url = reverse("tournaments:standings", args=[tournament.slug])

    def first_rank(sort: str) -> str:
        body = client.get(url, {"sort": sort}).text
        return body.split("<tbody")[1].split("<td")[1].split(">", 1)[1].split("<")[0]

    # Winners (rank 1, 840 conceded) come first in ranked order; sorting by
    # the most points conceded brings the losers (rank 3) to the top.
    assert first_rank("rank") == "1"
    assert first_rank("-points_against") == "3"
    assert first_rank("points_against") == "1"


@pytest.mark.shared_cache
def test_an_unchanged_standings_page_answers_304_and_a_new_score_changes_it(
    client, tournament, round1
):
    url = reverse("tournaments:standings", args=[tournament.slug])
    first = client.get(url)
    etag = first.headers["ETag"]
    assert "no-cache" in first.headers["Cache-Control"]
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
    # A deal at a table still playing does not change the ranking: still 304.
    table = round1.tables.first()
    scores.record_deal(table=table, values=MADE_90)
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
    # The table finishes: the ranking changes, the phone gets the new page.
    for _ in range(11):
        scores.record_deal(table=table, values=MADE_90)
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 200 and again.headers["ETag"] != etag


@pytest.mark.shared_cache
def test_a_poll_while_tables_play_does_not_rank_again(
    client, tournament, round1, django_assert_max_num_queries
):
    """A hall's phones poll while tables save deals: the ranking is read
    from what it is computed from (finished tables, audit lines other than
    deals), not computed again; a renamed team or a finished table shows."""
    url = reverse("tournaments:standings", args=[tournament.slug])
    etag = client.get(url, headers={"HX-Request": "true"}).headers["ETag"]
    table = round1.tables.first()
    scores.record_deal(table=table, values=MADE_90)
    with django_assert_max_num_queries(3):
        again = client.get(url, headers={"HX-Request": "true", "If-None-Match": etag})
    assert again.status_code == 304
    team = table.team_a
    registration.update_team(
        team=team,
        player1=registration.PlayerData("Noël", "Château"),
        player2=registration.PlayerData("Zoé", "Évrard"),
        name="Les Rapides",
    )
    renamed = client.get(url, headers={"HX-Request": "true", "If-None-Match": etag})
    assert renamed.status_code == 200 and "Les Rapides" in renamed.text
    for _ in range(11):
        scores.record_deal(table=table, values=MADE_90)
    assert "2\u202f280" in client.get(url, headers={"HX-Request": "true"}).text


def test_the_htmx_poll_gets_only_the_standings_block(client, tournament, teams):
    url = reverse("tournaments:standings", args=[tournament.slug])
    response = client.get(url, headers={"HX-Request": "true"})
    assert response.text.lstrip().startswith('<div id="standings"')
    assert "<html" not in response.text


def test_the_projector_shows_the_tables_still_playing_and_the_ranking(client, tournament, round1):
    tables = list(round1.tables.order_by("number"))
    for _ in range(12):
        scores.record_deal(table=tables[0], values=MADE_90)
    response = client.get(reverse("tournaments:projector", args=[tournament.slug]))
    playing = response.text.split('class="playing"')[1].split("</ul>")[0]
    assert str(tables[1].team_a) in playing and str(tables[0].team_a) not in playing
    assert 'class="scrolling"' in response.text


def test_the_standings_export_as_csv_and_xlsx(client, tournament, teams, round1):
    play(round1)
    response = client.get(reverse("tournaments:standings_csv", args=[tournament.slug]))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:2] == ["Rang", "Équipe / joueur"]
    assert len(rows) == 5 and rows[1][7] == "2280"
    response = client.get(reverse("tournaments:standings_xlsx", args=[tournament.slug]))
    sheet = load_workbook(io.BytesIO(response.content)).active
    assert sheet["A1"].value == tournament.name
    assert sheet.cell(row=3, column=8).value == 2280


def test_public_pages_are_hidden_while_unpublished(client, tournament, teams, round1):
    Tournament.objects.filter(pk=tournament.pk).update(published=False)
    for name, args in [
        ("standings", [tournament.slug]),
        ("where", [tournament.slug]),
        ("team", [tournament.slug, teams[0].number]),
        ("results", [tournament.slug, 1]),
        ("projector", [tournament.slug]),
        ("standings_csv", [tournament.slug]),
        ("standings_xlsx", [tournament.slug]),
        ("standings_pdf", [tournament.slug]),
    ]:
        assert client.get(reverse(f"tournaments:{name}", args=args)).status_code == 404, name


def test_names_are_shown_as_text_not_html(client, tournament):
    registration.register_team(
        tournament=tournament,
        player1=registration.PlayerData("<script>alert(1)</script>", "Pirate"),
        player2=registration.PlayerData("Zoé", "<b>Gras</b>"),
    )
    response = client.get(reverse("tournaments:where", args=[tournament.slug]), {"q": "Pirate"})
    assert "<script>alert(1)</script>" not in response.text
    assert "&lt;script&gt;" in response.text


@pytest.mark.shared_cache
@pytest.mark.parametrize("size", [8, 256])
def test_public_pages_use_a_fixed_number_of_queries(
    client, make_tournament, django_assert_max_num_queries, size
):
    tournament = make_tournament(name=f"Taille {size}", score_entry="totals")
    teams = add_teams(tournament, size)
    rnd = rounds.draw_round(tournament=tournament, seed=1)
    for table in rnd.tables.filter(team_b__isnull=False):
        scores.record_totals(table=table, total_a=1200, total_b=900)
    rounds.close_round(round=rnd)
    rounds.draw_round(tournament=tournament, method="ranking")
    slug = tournament.slug
    for name, args in [
        ("standings", [slug]),
        ("team", [slug, teams[5].number]),
        ("results", [slug, 1]),
        ("where", [slug]),
        ("projector", [slug]),
        ("detail", [slug]),
    ]:
        with django_assert_max_num_queries(12):
            response = client.get(reverse(f"tournaments:{name}", args=args), {"q": "Bérard"})
            assert response.status_code == 200, name


def test_each_standings_cell_sits_under_its_header(client, tournament, teams, round1):
    play(round1)
    body = client.get(reverse("tournaments:standings", args=[tournament.slug])).text
    row = {name: figure(text) for name, text in standings_rows(body)[0].items() if name != "Équipe"}
    assert (row["Rang"], row["Jouées"], row["Gagnées"]) == (1, 1, 1)
    assert (row["Nulles"], row["Perdues"], row["Exempt"]) == (0, 0, 0)
    assert (row["Points"], row["Contre"], row["Diff."]) == (2280, 840, 1440)


def test_the_standings_print_their_figures_as_the_pdf_does(client, tournament, teams, round1):
    play(round1)
    body = client.get(reverse("tournaments:standings", args=[tournament.slug])).text
    rows = standings_rows(body)
    assert rows[0]["Points"] == "2\u202f280" and rows[0]["Diff."] == "+1\u202f440"
    assert rows[-1]["Diff."] == "−1\u202f440"


@pytest.mark.shared_cache
def test_anonymous_visitors_share_one_rendering_per_revision(
    client, tournament, round1, django_assert_max_num_queries
):
    url = reverse("tournaments:standings", args=[tournament.slug])
    first = client.get(url)
    assert "csrfmiddlewaretoken" not in first.text and "X-CSRFToken" not in first.text
    # The ranking is read to know whether it changed; nothing is rendered.
    with django_assert_max_num_queries(5):
        again = client.get(url)
    assert again.content == first.content
    table = round1.tables.first()
    for _ in range(12):  # the ranking counts finished tables
        scores.record_deal(table=table, values=MADE_90)
    assert "2\u202f280" in client.get(url).text


@pytest.mark.parametrize(
    ("count", "query", "offered"), [(8, "", False), (70, "", True), (70, "?per_page=1000", False)]
)
def test_all_of_the_ranking_is_offered_only_when_it_does_not_fit_one_page(
    client, tournament, count, query, offered
):
    add_teams(tournament, count)
    rounds.draw_round(tournament=tournament, method="random", seed=1)
    response = client.get(reverse("tournaments:standings", args=[tournament.slug]) + query)
    assert response.status_code == 200
    assert ("Tout afficher" in response.text) is offered


def test_the_standings_figures_say_their_words_for_the_lines_of_a_narrow_screen(
    client, tournament, teams, round1
):
    """A phone zoomed to 200 % reads each row as lines (app.css): the
    figures a phone shows carry their words; the others, hidden there, not."""
    play(round1)
    body = client.get(reverse("tournaments:standings", args=[tournament.slug])).text
    assert '<table class="grid standings lines">' in body
    first = body.split("<tbody")[1].split("</tr>")[0]
    assert '1<span class="unit"> gagnée</span>' in first
    assert '2\u202f280<span class="unit"> points</span>' in first
    assert '<span class="unit">diff. </span>+1\u202f440' in first
    assert "parties jouées" not in first and "jouée" not in first
