"""Partie 1 « selon la cote » and the mêlée balanced by the cote
(services/rounds.py with tournaments/domain/rating.py): the strongest teams
meet at table 1, only partie 1 of fixed pairs is placed by the cote, and a
mêlée's partners are of close strengths."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests import factories
from tests.tournaments.services.test_persons import DAY, finished_concours
from tournaments.domain import rating
from tournaments.models import Player, Round, Tournament
from tournaments.queries.persons import player_cotes
from tournaments.services import errors, registration, rounds

pytestmark = pytest.mark.django_db

CLUB = "Belote Club de Mâcon"
EVERYONE = {f"Lefèvre{i}" for i in range(16)} | {f"Bérard{i}" for i in range(16)}


@pytest.fixture
def rated(organizer):
    """Last month's concours: 16 pairs, all shown, their cotes stored."""
    return finished_concours(organizer, name="Le mois dernier", shown=EVERYONE)


def test_partie_one_by_the_cote_seats_the_strongest_teams_at_table_one(organizer, rated):
    tournament = factories.build_tournament(owner=organizer, name="Ce mois-ci", date=DAY)
    for i in (3, 0, 7, 12, 5, 9):  # pairs of last month, in another order
        registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData("Amélie", f"Lefèvre{i}", club=CLUB),
            player2=registration.PlayerData("Jérôme", f"Bérard{i}", club=CLUB),
        )
    rnd = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RATING)
    teams = {t.pk: (t.player1_id, t.player2_id) for t in tournament.teams.all()}
    cotes = player_cotes([p for pair in teams.values() for p in pair])
    assert len(cotes) == 12  # everyone found again, with a cote
    order = rating.seed_order(teams, cotes)
    first = rnd.tables.get(number=1)
    assert {first.team_a_id, first.team_b_id} == set(order[:2])
    assert rnd.draw_method == Round.DrawMethod.RATING


def test_only_partie_one_of_fixed_pairs_is_placed_by_the_cote(organizer, rated):
    tournament = factories.build_tournament(
        owner=organizer, name="Ce mois-ci", date=DAY, parties=2, end_deals=1
    )
    factories.add_teams(tournament, 4)
    rnd = factories.draw_random_round(tournament)
    for table in rnd.tables.filter(team_b__isnull=False):
        factories.add_deal(table)
    rounds.close_round(round=rnd)
    with pytest.raises(errors.TournamentError, match="partie 1"):
        rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RATING)
    assert tournament.rounds.count() == 1


def test_a_melee_by_the_cote_pairs_players_of_close_strength(organizer, rated):
    tournament = factories.build_tournament(
        owner=organizer, name="Mêlée", date=DAY, format=Tournament.Format.MELEE
    )
    for i in range(8):
        registration.register_player(
            tournament=tournament,
            player=registration.PlayerData("Amélie", f"Lefèvre{i}", club=CLUB),
        )
    rnd = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RATING, seed=4)
    players = list(tournament.players.values_list("pk", flat=True))
    cotes = player_cotes(players)
    expected, _left = rating.balanced_pairs(players, cotes)
    formed = {frozenset((t.player1_id, t.player2_id)) for t in rnd.melee_teams.all()}
    assert formed == {frozenset(pair) for pair in expected}
    assert Player.objects.filter(tournament=tournament, person__isnull=True).count() == 0


@pytest.mark.parametrize("melee", [False, True])
def test_a_draw_by_the_cote_where_nobody_has_one_is_refused_not_made_in_order(organizer, melee):
    """On the hall laptop (no cote there) or among players who never agreed,
    « selon la cote » would seat teams 1 and 2 together, 3 and 4… by their
    registration: it says why and draws nothing."""
    if melee:
        tournament = factories.build_tournament(
            owner=organizer, name="Mêlée", format=Tournament.Format.MELEE
        )
        for i in range(8):
            registration.register_player(
                tournament=tournament, player=registration.PlayerData("Amélie", f"Lefèvre{i}")
            )
    else:
        tournament = factories.build_tournament(owner=organizer)
        factories.add_teams(tournament, 6)
    with pytest.raises(errors.TournamentError, match="Aucun joueur") as refused:
        rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RATING)
    assert refused.value.field == "method"
    assert not tournament.rounds.exists()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "fr",
            (
                "Selon la cote (non officielle)",
                "La cote ne place que la partie 1",
                "Aucun joueur de ce concours n'a de cote",
            ),
        ),
        (
            "en",
            (
                "By the rating (unofficial)",
                "The rating only places round 1",
                "No player of this concours has a rating",
            ),
        ),
    ],
)
def test_the_draw_form_offers_the_cote_and_says_why_not_after_partie_one(
    client, organizer, rated, language, words
):
    client.force_login(organizer)
    client.cookies["django_language"] = language
    newcomers = factories.build_tournament(owner=organizer, name="Nouveaux", date=DAY)
    factories.add_teams(newcomers, 4)  # nobody here has a cote
    refused = client.post(reverse("tournaments:draw", args=[newcomers.slug]), {"method": "rating"})
    assert refused.status_code == 422 and words[2] in refused.text.replace("&#x27;", "'")
    tournament = factories.build_tournament(
        owner=organizer, name="Ce mois-ci", date=DAY, parties=2, end_deals=1
    )
    for i in range(4):  # pairs of last month, with their cotes
        registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData("Amélie", f"Lefèvre{i}", club=CLUB),
            player2=registration.PlayerData("Jérôme", f"Bérard{i}", club=CLUB),
        )
    url = reverse("tournaments:draw", args=[tournament.slug])
    assert words[0] in client.get(reverse("tournaments:manage", args=[tournament.slug])).text
    assert client.post(url, {"method": "rating"}).status_code == 302
    rnd = tournament.rounds.get()
    for table in rnd.tables.filter(team_b__isnull=False):
        factories.add_deal(table)
    rounds.close_round(round=rnd)
    refused = client.post(url, {"method": "rating"})
    assert refused.status_code == 422 and words[1] in refused.text
    assert tournament.rounds.count() == 1
