"""The hall's screen (`/ecran/`) follows the day: the tables and the
ranking while the pools (or the qualifying parties) are played, then the
brackets and the matches being played once the final phase is on."""

from __future__ import annotations

import itertools

import pytest
from django.urls import reverse

from tests.factories import add_teams
from tournaments.models import Round
from tournaments.services import brackets, release, rounds
from tournaments.services import pools as pool_services
from tournaments.services import scores as scores_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def concours(make_tournament):
    return make_tournament(name="Mondial de Borgu", score_entry="totals", parties=5, published=True)


def play(rnd: Round, scores) -> None:
    for table in rnd.tables.filter(team_b__isnull=False).order_by("number"):
        a, b = next(scores)
        scores_services.record_totals(table=table, total_a=a, total_b=b)
    rounds.close_round(round=rnd)


def screen(client, tournament, **headers) -> str:
    response = client.get(reverse("tournaments:projector", args=[tournament.slug]), **headers)
    assert response.status_code == 200
    return response.content.decode()


def test_the_hall_screen_follows_the_pools_then_the_brackets(client, concours):
    add_teams(concours, 16)
    pool_services.form_pools(tournament=concours, size=4)
    scores = itertools.cycle([(1500, 700), (1200, 1000), (900, 1100), (1300, 600)])
    for _ in range(3):
        play(rounds.draw_pool_round(tournament=concours), scores)
    page = screen(client, concours)
    assert "Classement" in page and 'id="bracket-main"' not in page

    brackets.create_brackets(tournament=concours, main=8, consolante=8)
    page = screen(client, concours)
    assert 'id="bracket-main"' in page and 'id="bracket-consolante"' in page
    assert "Quarts de finale" in page and "Matchs en cours" in page

    rnd = brackets.draw_bracket_round(tournament=concours)
    release.release_round(round=rnd)
    page = screen(client, concours)
    assert 'id="bracket-main"' in page and "Classement" not in page
    first = rnd.tables.filter(team_b__isnull=False).order_by("number").first()
    assert "Tableau principal · Quarts de finale" in page and str(first.team_a) in page
    # the htmx poll answers the same block, and in English too
    block = screen(client, concours, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="en")
    assert block.startswith("<div") or 'id="projector"' in block
    assert "Matches being played" in block and 'id="bracket-main"' in block


def test_a_qualifying_partie_played_keeps_the_ranking_on_the_screen(client, organizer):
    from tests import factories

    tournament = factories.qualified_tournament(owner=organizer, teams=10, played=1)
    tournament.published = True
    tournament.save()
    rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANKING, seed=5)
    page = screen(client, tournament)
    assert "Classement" in page and "Matchs en cours" not in page
