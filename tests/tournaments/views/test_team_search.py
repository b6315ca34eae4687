"""The organizer's team list has a search box: a team is found by its name,
a player's name, its club or its number, accents and case aside (the folding
of « Où je joue ? », tournaments/domain/search.py)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.services import registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def concours(make_tournament):
    tournament = make_tournament()
    for first, last, club in [
        ("Amélie", "Lefèvre", "Les Atouts"),
        ("Jérôme", "Bérard", "Belote Club"),
        ("Zoé", "Ducœur", "Les Atouts"),
    ]:
        registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData(first, last, club=club),
            player2=registration.PlayerData("Paul", f"Martin-{last}", club=club),
        )
    return tournament


def team_rows(client, tournament, query: str) -> list[str]:
    page = client.get(reverse("tournaments:manage", args=[tournament.slug]), {"q": query}).text
    body = page[page.index('<table class="grid teams-list">') :]
    body = body[: body.index("</table>")]
    return [name for name in ("Lefèvre", "Bérard", "Ducœur") if name in body]


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("lefevre", ["Lefèvre"]),
        ("BERARD", ["Bérard"]),
        ("ducoeur", ["Ducœur"]),
        ("zoe", ["Ducœur"]),
        ("atouts", ["Lefèvre", "Ducœur"]),
        ("paul martin", ["Lefèvre", "Bérard", "Ducœur"]),
        ("2", ["Bérard"]),
        ("", ["Lefèvre", "Bérard", "Ducœur"]),
        ("personne", []),
    ],
)
def test_the_team_list_search_ignores_accents_and_case(client, organizer, concours, query, found):
    client.force_login(organizer)
    assert team_rows(client, concours, query) == found


def test_the_search_says_how_many_teams_it_shows_in_both_languages(client, organizer, concours):
    client.force_login(organizer)
    url = reverse("tournaments:manage", args=[concours.slug])
    page = client.get(url, {"q": "atouts"}).text
    assert 'id="team-search"' in page and "2 équipes sur 3" in page and 'value="atouts"' in page
    client.cookies["django_language"] = "en"
    assert "1 team of 3" in client.get(url, {"q": "zoe"}).text
