"""The registration desk's screens: known players proposed as a name is
typed (an htmx fragment), the queue of singles on the tournament's page,
and « Mes joueurs »."""

from __future__ import annotations

import datetime
import html

import pytest
from django.urls import reverse

from tournaments.models import KnownPlayer, Team, WaitingPlayer
from tournaments.services import registration, singles

pytestmark = pytest.mark.django_db

P = registration.PlayerData


@pytest.fixture
def desk(client, organizer):
    client.force_login(organizer)
    return client


@pytest.fixture
def last_week(make_tournament):
    """A tournament of the organizer last week: its players are known."""
    before = make_tournament(name="La semaine dernière", date=datetime.date(2026, 11, 28))
    registration.register_team(
        tournament=before,
        player1=P("Amélie", "Lefèvre", "FFB123", "Les As de Trèfle"),
        player2=P("Jérôme", "Bérard", "", "Les As de Trèfle"),
        club="Les As de Trèfle",
    )
    return before


def text(response) -> str:
    return html.unescape(response.content.decode())


def url(name: str, tournament, *args) -> str:
    return reverse(f"tournaments:{name}", args=[tournament.slug, *args])


def test_the_team_form_asks_for_suggestions_as_names_are_typed(desk, tournament):
    page = text(desk.get(url("team_add", tournament)))
    suggest = url("suggest", tournament)
    assert f'hx-get="{suggest}"' in page
    assert 'id="suggest1"' in page and 'id="suggest2"' in page
    assert "js/desk.js" in page
    assert 'hx-vals="{"slot": "2"}"' in page


def test_three_letters_propose_the_known_player_with_licence_and_club(desk, tournament, last_week):
    answer = desk.get(
        url("suggest", tournament), {"slot": "1", "first_name1": "", "last_name1": "lef"}
    )
    page = text(answer)
    assert 'data-slot="1"' in page
    assert 'data-first="Amélie" data-last="Lefèvre" data-licence="FFB123"' in page
    assert 'data-club="Les As de Trèfle"' in page
    assert "vu(e) le 28/11/2026" in page


@pytest.mark.parametrize(
    ("params", "found"),
    [
        ({"slot": "2", "first_name2": "JÉR", "last_name2": ""}, True),
        ({"slot": "2", "first_name2": "jerome", "last_name2": "berard"}, True),
        ({"slot": "", "first_name": "", "last_name": "BERA"}, True),
        ({"slot": "1", "first_name1": "", "last_name1": "le"}, False),
        ({"slot": "1", "first_name1": "", "last_name1": "xyz"}, False),
        ({"slot": "9", "last_name9": "lefevre"}, False),
    ],
)
def test_suggestions_fold_accents_and_case(desk, tournament, last_week, params, found):
    page = text(desk.get(url("suggest", tournament), params))
    assert ("data-known" in page) is found


def test_another_organizers_players_are_never_proposed(client, last_week, django_user_model):
    from tests.factories import build_tournament

    other = django_user_model.objects.create_user("autre", password="Autre-mot-de-passe-1")
    theirs = build_tournament(owner=other, name="Chez l'autre")
    client.force_login(other)
    page = text(client.get(url("suggest", theirs), {"slot": "1", "last_name1": "lefevre"}))
    assert "data-known" not in page


def test_a_single_player_waits_then_two_are_paired_by_hand(desk, tournament):
    add = url("waiting_add", tournament)
    assert "Ajouter un joueur venu seul" in text(desk.get(url("manage", tournament)))
    for first, last in (("Loïc", "Quéré"), ("Zoé", "Ségur"), ("Léa", "Noël")):
        response = desk.post(add, {"first_name": first, "last_name": last}, follow=True)
        assert f"{first} {last} attend un partenaire." in text(response)
    page = text(response)
    assert "3 joueurs seuls en attente d'un partenaire" in page
    # Beside the draw button too: pair them before drawing.
    assert "3 joueurs seuls attendent encore un partenaire" in page
    loic, zoe, lea = WaitingPlayer.objects.order_by("pk")
    done = desk.post(url("waiting_pair", tournament), {"players": [loic.pk, zoe.pk]}, follow=True)
    assert "Équipe n° 1 formée : Loïc Quéré & Zoé Ségur." in text(done)
    assert "1 joueur seul en attente d'un partenaire" in text(done)
    assert list(WaitingPlayer.objects.all()) == [lea]


def test_pairing_needs_exactly_two_ticked(desk, tournament):
    for last in ("Quéré", "Ségur", "Noël"):
        singles.add_waiting_player(tournament=tournament, player=P("Léa", last))
    ids = list(WaitingPlayer.objects.values_list("pk", flat=True))
    for chosen in (ids[:1], ids):
        done = desk.post(url("waiting_pair", tournament), {"players": chosen}, follow=True)
        assert "Cochez exactement deux joueurs" in text(done)
    assert not Team.objects.exists()


def test_all_singles_are_paired_at_random(desk, tournament):
    for last in ("Quéré", "Ségur", "Noël", "Thébault", "Évrard"):
        singles.add_waiting_player(tournament=tournament, player=P("Léa", last))
    done = desk.post(url("waiting_pair_random", tournament), follow=True)
    assert "2 équipes formées au hasard : n° 1, 2." in text(done)
    assert WaitingPlayer.objects.count() == 1
    assert "1 joueur seul en attente" in text(done)


def test_a_waiting_player_is_taken_out_of_the_queue(desk, tournament):
    waiting = singles.add_waiting_player(tournament=tournament, player=P("Léa", "Noël"))
    done = desk.post(url("waiting_remove", tournament, waiting.pk), follow=True)
    assert "Léa Noël n'attend plus." in text(done)
    assert not WaitingPlayer.objects.exists()
    assert "en attente d'un partenaire" not in text(done)


def test_the_same_single_twice_is_refused_next_to_the_name(desk, tournament):
    singles.add_waiting_player(tournament=tournament, player=P("Léa", "Noël"))
    response = desk.post(url("waiting_add", tournament), {"first_name": "lea", "last_name": "NOEL"})
    page = text(response)
    field = page[page.index('id="field-last_name"') :]
    assert "attend déjà un partenaire" in field[: field.index("</div>")]


def test_a_duplicate_team_is_refused_with_a_clear_message(desk, tournament):
    data = {
        "first_name1": "Amélie",
        "last_name1": "Lefèvre",
        "first_name2": "Jérôme",
        "last_name2": "Bérard",
    }
    desk.post(url("team_add", tournament), data)
    again = {
        **data,
        "first_name1": "Jérôme",
        "last_name1": "BERARD",
        "first_name2": "amelie",
        "last_name2": "lefevre",
    }
    page = text(desk.post(url("team_add", tournament), again))
    assert "Cette équipe est déjà inscrite (n° 1)." in page
    assert tournament.teams.count() == 1


def test_my_players_are_listed_searched_and_forgotten(desk, last_week):
    directory = reverse("tournaments:directory")
    assert directory in text(desk.get(reverse("tournaments:dashboard")))
    page = text(desk.get(directory))
    assert "2 joueurs déjà inscrits" in page and "Amélie Lefèvre" in page
    found = text(desk.get(directory, {"q": "bera"}))
    assert "Jérôme Bérard" in found and "Amélie Lefèvre" not in found
    amelie = KnownPlayer.objects.get(last_name="Lefèvre")
    done = desk.post(reverse("tournaments:directory_forget", args=[amelie.pk]), follow=True)
    assert "Amélie Lefèvre ne sera plus proposé(e) à l'accueil." in text(done)
    assert KnownPlayer.objects.count() == 1
