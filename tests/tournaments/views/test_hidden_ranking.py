"""Issue 38, item 12a, through the pages: the option on the tournament's
settings page, the public's frozen ranking while the last partie is played,
the desk's live one marked as hidden, and the final ranking at the close.
(The attack on every public address is tests/attacks/test_hidden_ranking.py.)"""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from tests.attacks.hidden_concours import concours
from tests.tournaments.views.test_organizer_pages import form_data
from tournaments.models import Round, Tournament
from tournaments.queries.standings import hidden_from, public_standings, tournament_standings
from tournaments.services import rounds

pytestmark = pytest.mark.django_db

SENTENCE = "Classement masqué jusqu'à la fin du concours"


def text(response) -> str:
    return html.unescape(response.content.decode())


@pytest.fixture
def hidden(organizer) -> dict:
    return concours(organizer.username, name="Concours masqué", hidden=True)


def test_the_option_lives_on_the_settings_page_off_by_default(client, organizer, tournament):
    client.force_login(organizer)
    url = reverse("tournaments:edit", args=[tournament.slug])
    page = text(client.get(url))
    assert "Classement masqué jusqu'à la fin du concours" in page
    assert "Vide : avant la dernière partie" in page
    assert not tournament.ranking_hidden and tournament.ranking_hidden_from is None
    client.post(url, form_data(tournament, ranking_hidden="on", ranking_hidden_from=""))
    tournament.refresh_from_db()
    assert tournament.ranking_hidden and tournament.ranking_hidden_from is None
    assert "Classement masqué jusqu'à la fin du concours" not in text(
        client.get(reverse("tournaments:create"))
    )


def test_a_partie_beyond_the_bounds_is_refused_next_to_its_field(client, organizer, tournament):
    client.force_login(organizer)
    url = reverse("tournaments:edit", args=[tournament.slug])
    response = client.post(url, form_data(tournament, ranking_hidden="on", ranking_hidden_from="0"))
    assert response.status_code == 200 and "ranking_hidden_from" in response.context["form"].errors
    tournament.refresh_from_db()
    assert not tournament.ranking_hidden


def test_the_public_ranking_stands_before_the_last_partie_until_the_close(client, hidden):
    tournament = Tournament.objects.get(slug=hidden["slug"])
    assert hidden_from(tournament) == 2
    live = {s.row.entrant: s.row.points_for for s in tournament_standings(tournament)}
    shown = {s.row.entrant: s.row.points_for for s in public_standings(tournament)}
    first = {s.row.entrant: s.row.points_for for s in tournament_standings(tournament, before=2)}
    assert shown == first != live
    page = text(client.get(reverse("tournaments:standings", args=[tournament.slug])))
    assert SENTENCE in page
    rounds.close_round(round=tournament.rounds.get(number=2))
    tournament.refresh_from_db()
    assert hidden_from(tournament) is None
    page = text(client.get(reverse("tournaments:standings", args=[tournament.slug])))
    assert SENTENCE not in page
    assert {s.row.entrant: s.row.points_for for s in public_standings(tournament)} == live


def test_the_desk_sees_the_live_ranking_marked_as_hidden_from_players(client, organizer, hidden):
    tournament = Tournament.objects.get(slug=hidden["slug"])
    client.force_login(organizer)
    page = text(client.get(reverse("tournaments:manage", args=[tournament.slug])))
    assert "Classement à jour (masqué aux joueurs)" in page
    leader = tournament_standings(tournament)[0]
    assert f"{leader.entrant} — {leader.row.points_for}" in page.replace("\u202f", "")
    pdf = client.get(reverse("tournaments:standings_pdf", args=[tournament.slug]))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"


def test_before_the_last_draw_is_announced_the_ranking_is_live(organizer):
    """A draw kept a draft (« Tirage caché jusqu'à l'annonce »): the ranking
    freezes at the announcement, not at the draw."""
    from tests.factories import add_teams, build_tournament
    from tournaments.services import release, scores

    tournament = build_tournament(
        owner=organizer, parties=2, end_deals=1, ranking_hidden=True, release_draws=True
    )
    add_teams(tournament, 4)
    first = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=1)
    release.release_round(round=first)
    for table in first.tables.all():
        scores.record_deal(
            table=table, values={"taker": "A", "trump": "H", "bid": 90, "points_a": 97}
        )
    rounds.close_round(round=first)
    last = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANKING, seed=2)
    tournament.refresh_from_db()
    assert hidden_from(tournament) is None
    release.release_round(round=last)
    tournament.refresh_from_db()
    assert hidden_from(tournament) == 2
