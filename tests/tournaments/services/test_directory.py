"""The organizer's directory: every registration remembers its players,
and three letters typed at the desk propose them (services/directory.py)."""

from __future__ import annotations

import datetime

import pytest

from tests.factories import build_tournament
from tournaments.models import KnownPlayer
from tournaments.services import directory, imports, registration

pytestmark = pytest.mark.django_db

P = registration.PlayerData


def _register(tournament, first, second, **fields):
    return registration.register_team(
        tournament=tournament, player1=first, player2=second, **fields
    )


def test_a_registered_team_fills_its_organizers_directory(tournament):
    _register(
        tournament,
        P("Amélie", "Lefèvre", "FFB123", "Les As"),
        P("Jérôme", "Bérard", "", "Les As"),
        club="Les As",
    )
    known = {str(k): (k.licence, k.club, k.last_seen) for k in KnownPlayer.objects.all()}
    assert known == {
        "Amélie Lefèvre": ("FFB123", "Les As", tournament.date),
        "Jérôme Bérard": ("", "Les As", tournament.date),
    }
    assert set(KnownPlayer.objects.values_list("owner", flat=True)) == {tournament.owner_id}


def test_the_same_person_typed_otherwise_the_next_week_is_remembered_once(make_tournament):
    first = make_tournament(date=datetime.date(2026, 11, 28))
    second = make_tournament(date=datetime.date(2026, 12, 5))
    _register(first, P("Amélie", "Lefèvre", "FFB123", "Les As"), P("Jérôme", "Bérard"))
    _register(second, P("AMELIE", "LEFEVRE", "", "Trèfle"), P("Léa", "Noël"))
    amelie = KnownPlayer.objects.get(search_key="amelie lefevre")
    # The latest spelling and club; a blank licence does not erase the known one.
    assert (amelie.first_name, amelie.last_name) == ("AMELIE", "LEFEVRE")
    assert (amelie.licence, amelie.club) == ("FFB123", "Trèfle")
    assert amelie.last_seen == datetime.date(2026, 12, 5)
    assert KnownPlayer.objects.count() == 3


def test_an_older_concours_entered_late_only_fills_what_was_unknown(make_tournament):
    recent = make_tournament(date=datetime.date(2026, 12, 5))
    old = make_tournament(date=datetime.date(2025, 6, 1))
    _register(recent, P("Amélie", "Lefèvre", "", "Les As"), P("Jérôme", "Bérard"))
    _register(old, P("Amelie", "Lefevre", "FFB9", "Ancien club"), P("Jérôme", "Bérard"))
    amelie = KnownPlayer.objects.get(search_key="amelie lefevre")
    assert (amelie.first_name, amelie.club, amelie.licence) == ("Amélie", "Les As", "FFB9")
    assert amelie.last_seen == datetime.date(2026, 12, 5)


def test_each_organizer_has_a_directory_of_their_own(tournament, django_user_model):
    other = django_user_model.objects.create_user("autre", password="x" * 12)
    elsewhere = build_tournament(owner=other, name="Ailleurs")
    _register(tournament, P("Amélie", "Lefèvre"), P("Jérôme", "Bérard"))
    _register(elsewhere, P("Amélie", "Lefèvre"), P("Léa", "Noël"))
    assert KnownPlayer.objects.filter(owner=tournament.owner).count() == 2
    assert KnownPlayer.objects.filter(owner=other).count() == 2
    found = directory.suggestions(owner_id=other.pk, query="jer")
    assert found == []


def test_imported_teams_and_melee_players_are_remembered_too(make_tournament):
    tournament = make_tournament()
    imports.import_teams(
        tournament=tournament,
        data="nom1;prenom1;nom2;prenom2\nThébault;Hélène;Quéré;Loïc\n".encode(),
    )
    melee = make_tournament(format="melee", name="Mêlée")
    registration.register_player(tournament=melee, player=P("Zoé", "Ségur", "L42"))
    assert sorted(str(k) for k in KnownPlayer.objects.all()) == [
        "Hélène Thébault",
        "Loïc Quéré",
        "Zoé Ségur",
    ]


@pytest.fixture
def known(tournament):
    _register(tournament, P("Amélie", "Lefèvre", "FFB1", "Les As"), P("Jérôme", "Bérard"))
    _register(tournament, P("Hélène", "Lefort"), P("Éric", "Évrard"))
    return tournament


@pytest.mark.parametrize(
    ("query", "names"),
    [
        ("lef", ["Amélie Lefèvre", "Hélène Lefort"]),
        ("LEFÈ", ["Amélie Lefèvre"]),
        ("lefe", ["Amélie Lefèvre"]),
        ("evr", ["Éric Évrard", "Amélie Lefèvre"]),
        ("ame lef", ["Amélie Lefèvre"]),
        ("hel", ["Hélène Lefort"]),
        ("ber", ["Jérôme Bérard"]),
        ("zzz", []),
    ],
)
def test_three_letters_propose_known_players_accents_and_case_aside(known, query, names):
    found = directory.suggestions(owner_id=known.owner_id, query=query)
    assert sorted(str(k) for k in found) == sorted(names)


@pytest.mark.parametrize("query", ["", "le", "l e", "  ", "--"])
def test_fewer_than_three_letters_propose_nothing(known, query):
    assert directory.suggestions(owner_id=known.owner_id, query=query) == []


def test_the_most_recently_seen_come_first_and_the_list_is_short(make_tournament):
    for day in range(1, 13):
        tournament = make_tournament(name=f"Concours {day}", date=datetime.date(2026, 1, day))
        _register(tournament, P("Léa", f"Martin{day:02d}"), P("Éric", f"Autre{day:02d}"))
    found = directory.suggestions(owner_id=tournament.owner_id, query="martin")
    assert len(found) == 8
    assert [k.last_name for k in found[:2]] == ["Martin12", "Martin11"]


def test_a_player_can_be_forgotten_and_their_registration_stays(known):
    amelie = KnownPlayer.objects.get(search_key="amelie lefevre")
    directory.forget_player(known=amelie)
    assert directory.suggestions(owner_id=known.owner_id, query="amelie") == []
    assert known.players.filter(first_name="Amélie").exists()


def test_a_licence_added_when_a_team_is_edited_is_remembered(tournament):
    team = _register(tournament, P("Amélie", "Lefèvre"), P("Jérôme", "Bérard"))
    registration.update_team(
        team=team, player1=P("Amélie", "Lefèvre", "FFB777"), player2=P("Jérôme", "Bérard")
    )
    assert KnownPlayer.objects.get(search_key="amelie lefevre").licence == "FFB777"


def test_a_co_organizer_is_proposed_only_the_players_of_shared_tournaments(
    client, make_tournament, django_user_model
):
    """Issue 22: a co-organizer of one of A's concours saw A's whole
    directory at the desk, licences and clubs included."""
    from django.urls import reverse

    shared = make_tournament(name="Concours partagé")
    other = make_tournament(name="Concours d'été", date=datetime.date(2026, 7, 14))
    _register(shared, P("Amélie", "Lefèvre", "FFB1", "Les As"), P("Jules", "Amiot"))
    _register(other, P("Amandine", "Secret", "FFB999", "Club privé"), P("Léon", "Amar"))
    helper = django_user_model.objects.create_user("benevole", password="x-Very-long-42")
    shared.co_organizers.add(helper)

    owner_sees = directory.suggestions_for(user=shared.owner, tournament=shared, query="ama")
    helper_sees = directory.suggestions_for(user=helper, tournament=shared, query="ama")
    assert {p.last_name for p in owner_sees} == {"Secret", "Amar"}
    assert {p.last_name for p in helper_sees} == set()
    assert {
        p.last_name for p in directory.suggestions_for(user=helper, tournament=shared, query="ami")
    } == {"Amiot"}
    client.force_login(helper)
    page = client.get(
        reverse("tournaments:suggest", kwargs={"slug": shared.slug}),
        {"first_name1": "Ama", "last_name1": "", "slot": "1"},
    ).content.decode()
    assert "FFB999" not in page and "Secret" not in page
