"""Individual mêlée: players register alone, partners are redrawn every
partie, the ranking is per player."""

from __future__ import annotations

from collections import Counter

import pytest
from django.urls import reverse

from tournaments.models import Player, Team
from tournaments.queries.standings import tournament_standings
from tournaments.services import errors, registration, rounds, scores

pytestmark = pytest.mark.django_db

NAMES = ["Amélie", "Benoît", "Céline", "Clément", "Danièle", "Éric", "Élodie", "François", "Gérard"]


@pytest.fixture
def melee(make_tournament):
    tournament = make_tournament(name="Mêlée de Noël", format="melee", parties=4)
    for i, name in enumerate(NAMES):
        registration.register_player(
            tournament=tournament, player=registration.PlayerData(name, f"Noël{i}")
        )
    return tournament


def play(rnd) -> None:
    for table in rnd.tables.filter(team_b__isnull=False):
        for _ in range(12):
            scores.record_deal(
                table=table, values={"taker": "A", "trump": "H", "bid": 90, "points_a": 97}
            )
    rounds.close_round(round=rnd)


def test_a_melee_refuses_team_registration(melee):
    with pytest.raises(errors.TournamentError):
        registration.register_team(
            tournament=melee,
            player1=registration.PlayerData("Zoé", "Noël"),
            player2=registration.PlayerData("Léa", "Noël"),
        )


def test_partners_are_never_repeated_and_sitting_out_is_shared(melee):
    partners: set[frozenset[int]] = set()
    for number in range(1, 5):
        rnd = rounds.draw_round(tournament=melee, method="random", seed=number)
        teams = list(Team.objects.filter(round=rnd))
        # 9 players: 4 teams of two, one player sits out
        assert len(teams) == 4
        pairs = {frozenset((t.player1_id, t.player2_id)) for t in teams}
        assert not pairs & partners
        partners |= pairs
        play(rnd)
    seated = Counter(
        p
        for t in Team.objects.filter(tournament=melee, round__isnull=False)
        for p in (t.player1_id, t.player2_id)
    )
    counts = [seated[p.pk] for p in Player.objects.filter(tournament=melee)]
    assert max(counts) - min(counts) <= 1


def test_the_melee_ranking_is_per_player(melee):
    play(rounds.draw_round(tournament=melee, method="random", seed=1))
    standings = tournament_standings(melee)
    assert len(standings) == 9
    assert all(isinstance(s.entrant, Player) for s in standings)
    # each team won or lost 190-70 deal after deal: 12 x 190 = 2280 (rounded marques)
    assert standings[0].row.points_for == 12 * 190


def test_a_melee_cannot_be_drawn_by_rotation(melee):
    with pytest.raises(errors.TournamentError) as error:
        rounds.draw_round(tournament=melee, method="rotation")
    assert error.value.field == "method"


def test_a_withdrawn_player_is_not_drawn(melee):
    gone = Player.objects.filter(tournament=melee).first()
    registration.withdraw_player(player=gone)
    rnd = rounds.draw_round(tournament=melee, method="random", seed=3)
    assert not Team.objects.filter(round=rnd, player1=gone).exists()
    assert not Team.objects.filter(round=rnd, player2=gone).exists()
    assert Team.objects.filter(round=rnd).count() == 4


def test_the_organizer_registers_a_player_and_the_public_ranking_lists_players(
    client, organizer, melee
):
    client.force_login(organizer)
    response = client.post(
        reverse("tournaments:player_add", args=[melee.slug]),
        {"first_name": "Zoé", "last_name": "Thébault", "club": "Les As de Trèfle"},
    )
    assert response.status_code == 302
    assert Player.objects.filter(tournament=melee, last_name="Thébault").exists()
    page = client.get(reverse("tournaments:standings", args=[melee.slug]))
    assert "Joueur" in page.text and "Zoé Thébault" in page.text


def test_the_organizer_page_lists_players_in_a_melee_and_teams_otherwise(
    client, organizer, melee, tournament
):
    client.force_login(organizer)
    page = client.get(reverse("tournaments:manage", args=[melee.slug])).text
    assert page.count("Inscrire un joueur") == 1 and "Importer un fichier CSV" not in page
    assert page.count('id="player-') == 9
    pairs = client.get(reverse("tournaments:manage", args=[tournament.slug])).text
    assert pairs.count("Importer un fichier CSV") == 1 and "Inscrire un joueur" not in pairs


def test_a_melee_drawn_by_ranking_keeps_its_seed_and_replays(melee):
    play(rounds.draw_round(tournament=melee, method="random", seed=3))
    rnd = rounds.draw_round(tournament=melee, method="ranking", seed=11)
    assert rnd.draw_seed == 11
    teams = sorted(Team.objects.filter(round=rnd).values_list("player1_id", "player2_id"))
    rounds.redraw_round(round=rnd, seed=rnd.draw_seed)
    again = sorted(Team.objects.filter(round=rnd).values_list("player1_id", "player2_id"))
    assert again == teams


def test_a_melee_with_one_present_player_is_refused_politely(melee):
    for player in melee.players.all()[1:]:
        registration.set_player_presence(player=player, present=False)
    with pytest.raises(errors.TournamentError) as refused:
        rounds.draw_round(tournament=melee, method="random")
    assert "deux joueurs" in refused.value.message
    assert not melee.rounds.exists()
