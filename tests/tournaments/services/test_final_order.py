"""After a final phase, its places rank the tournament: the lots, the
printed ranking, the exports and the live ranking follow the final
ranking (the main bracket's winner first, even when the qualifying
leader lost), and say so; while a bracket plays, the qualifying ranking
stands, as the standings page says."""

from __future__ import annotations

import csv
import io
import subprocess

import pytest
from django.urls import reverse

from tests import factories
from tournaments import pdf
from tournaments.models import Tournament
from tournaments.queries import awards
from tournaments.queries import brackets as bracket_queries
from tournaments.queries.brackets import final_order
from tournaments.queries.standings import tournament_standings
from tournaments.services import brackets, prizes, rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def decided(organizer) -> Tournament:
    """Ten teams qualified, a main bracket of 4 and a consolante of 4, every
    match won by side B (the lower seed): the qualifying leader loses its
    semi-final."""
    tournament = factories.qualified_tournament(owner=organizer, prizes_enabled=True)
    prizes.set_lots(tournament=tournament, lots="Jambon\nCanard\nVin")
    brackets.create_brackets(tournament=tournament, main=4, consolante=4)
    for _ in range(2):
        rnd = brackets.draw_bracket_round(tournament=tournament)
        factories.play_bracket_round(rnd, winner="B")
        rounds.close_round(round=rnd)
    return Tournament.objects.get(pk=tournament.pk)


def test_the_lots_follow_the_final_ranking(decided):
    final = bracket_queries.final_ranking(decided)
    leader = tournament_standings(decided)[0].entrant
    assert final[0].team != leader  # the qualifying leader did not win
    board = awards.board(decided)
    assert [p.entrant for p in board.placings[:3]] == [row.team for row in final[:3]]
    assert [p.row.rank for p in board.placings] == list(range(1, 11))
    assert [p.lot_name for p in board.placings[:3]] == ["Jambon", "Canard", "Vin"]


def test_the_printed_ranking_and_the_exports_follow_it_and_say_so(client, decided, tmp_path):
    final = [str(row.team) for row in bracket_queries.final_ranking(decided)]
    path = tmp_path / "ranking.pdf"
    path.write_bytes(pdf.ranking(decided))
    text = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "places de la phase finale" in text
    assert text.index(final[0]) < text.index(final[1]) < text.index(final[4])
    sheet = client.get(reverse("tournaments:standings_csv", args=[decided.slug]))
    rows = list(csv.reader(io.StringIO(sheet.content.decode("utf-8-sig")), delimiter=";"))
    assert [r[1] for r in rows[1:]] == final
    page = client.get(reverse("tournaments:standings", args=[decided.slug])).content.decode()
    assert "places de la phase finale" in page
    assert page.index(final[0]) < page.index(final[1])


def test_while_a_bracket_plays_the_qualifying_ranking_stands(client, organizer):
    tournament = factories.qualified_tournament(owner=organizer)
    brackets.create_brackets(tournament=tournament, main=4)
    qualifying = tournament_standings(tournament)
    assert final_order(tournament, qualifying) == qualifying
    page = client.get(reverse("tournaments:standings", args=[tournament.slug])).content.decode()
    assert "celui des qualifications" in page


def test_the_tournament_page_calls_the_final_order_final_and_counts_every_round(client, decided):
    """Issue 21: after the final phase the tournament's page showed the final
    order under « Classement des qualifications » with qualifying points,
    and « 3 parties » when 5 were played (3 qualifying, 2 bracket rounds)."""
    page = client.get(reverse("tournaments:detail", args=[decided.slug])).content.decode()
    played = decided.rounds.count()
    assert played > decided.parties
    assert f"{played} parties" in page
    assert "Classement des qualifications" not in page
    assert "Classement final" in page
    podium = page[page.index('class="podium"') :]
    podium = podium[: podium.index("</ol>")]
    assert " pts" not in podium
