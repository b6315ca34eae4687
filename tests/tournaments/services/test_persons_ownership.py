"""Whose record a person is (issue 35): the organizer who registered them
first owns it, and only that organizer's box shows them. Another
organizer's box never shows, un-withdraws or rates them; it lets that
organizer's concours count on the page and in the cote of a person shown,
if the site trusts that organizer. Only approved organizers' concours feed
the pages and the cote."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from tests import factories
from tests.tournaments.services.test_persons import finished_concours
from tournaments.features.contributions import queries as proposed
from tournaments.features.contributions import services as contributions
from tournaments.models import Cote, Person, Player
from tournaments.queries import persons as queries
from tournaments.services import errors, persons, registration, trust

pytestmark = pytest.mark.django_db

LICENCE = {"Lefèvre0": ("V-0001", "Belote Club de Mâcon")}
TODAY = timezone.localdate()


@pytest.fixture
def other(django_user_model):
    return django_user_model.objects.create_user("voisin", password=factories.PASSWORD)


def _her() -> Person:
    (person,) = Person.objects.filter(licence="V-0001")
    return person


def _page(person: Person) -> list[str]:
    """The concours on her public page ([] when she has none)."""
    if queries.shown_person(person.pk) is None:
        return []
    return sorted(p.tournament.name for p in queries.person_concours(person))


@pytest.mark.parametrize(
    ("at_owner", "other_approved", "at_other", "accepted", "page", "games"),
    [
        # Another organizer's tick never shows a person who did not agree.
        ("never", False, True, False, [], None),
        ("never", True, True, False, [], None),
        # Nor brings back one who withdrew, nor rates them.
        ("withdrew", False, True, False, [], None),
        ("withdrew", True, True, False, [], None),
        # A person shown: an unapproved organizer's results reach neither
        # the page nor the cote; an approved one's, only where she ticked,
        # and only once the record's owner accepted them (issue 61).
        ("agreed", False, True, False, ["Chez le club"], 1),
        ("agreed", True, False, False, ["Chez le club"], 1),
        ("agreed", True, True, False, ["Chez le club"], 1),
        ("agreed", True, True, True, ["Chez le club", "Chez le voisin"], 2),
    ],
)
def test_only_the_owners_box_shows_and_a_trusted_organizers_box_adds_a_concours(
    organizer, other, at_owner, other_approved, at_other, accepted, page, games
):
    finished_concours(
        organizer,
        name="Chez le club",
        shown={"Lefèvre0"} if at_owner != "never" else set(),
        people=LICENCE,
        day=TODAY - datetime.timedelta(days=20),
    )
    if at_owner == "withdrew":
        persons.withdraw_person(person=_her(), by=organizer)
    withdrawn_at = _her().withdrawn_at
    finished_concours(
        other,
        name="Chez le voisin",
        shown={"Lefèvre0"} if at_other else set(),
        people=LICENCE,
        approved=other_approved,
    )
    if accepted:
        (waiting,) = proposed.contributions_to_decide(organizer)
        contributions.decide_contribution(contribution=waiting, accept=True, by=organizer)
    her = _her()
    assert her.owner == organizer
    # Found again, never a second record: linked to hers only once she is accepted.
    assert Person.objects.filter(licence="V-0001").count() == 1
    assert _page(her) == page
    assert her.withdrawn_at == withdrawn_at
    cote = Cote.objects.filter(person=her).first()
    assert (cote.games if cote else None) == games


def test_an_unapproved_account_cannot_take_a_licence_before_its_club(organizer, other):
    """An account nobody approved publishes a licence first: its record is
    its own and shows nobody; the club, approved, registers her later and
    owns the record its box shows."""
    finished_concours(other, name="Squat", shown={"Lefèvre0"}, people=LICENCE, approved=False)
    finished_concours(organizer, name="Chez le club", shown={"Lefèvre0"}, people=LICENCE)
    records = Person.objects.filter(licence="V-0001").order_by("pk")
    assert [r.owner for r in records] == [other, organizer]
    squatted, real = records
    assert _page(squatted) == [] and _page(real) == ["Chez le club"]


def test_an_approved_accounts_players_show_once_approved_and_not_before(organizer):
    finished_concours(organizer, name="Chez le club", shown={"Lefèvre0"}, approved=False)
    person = Player.objects.get(last_name="Lefèvre0").person
    assert _page(person) == [] and not Cote.objects.exists()
    assert trust.approve_organizers(users=[organizer], by=None) == 1
    assert _page(person) == ["Chez le club"] and Cote.objects.get().person == person
    assert trust.withdraw_approvals(users=[organizer], by=None) == 1
    assert _page(person) == [] and not Cote.objects.exists()


def test_ticking_the_box_of_a_person_who_withdrew_is_refused_by_the_box(organizer, other):
    tournament = finished_concours(
        organizer, name="Chez le club", shown={"Lefèvre0"}, people=LICENCE
    )
    persons.withdraw_person(person=_her(), by=organizer)
    team = tournament.teams.get(player1__last_name="Lefèvre0")
    with pytest.raises(errors.TournamentError, match="a retiré son accord") as refused:
        registration.update_team(
            team=team,
            player1=registration.PlayerData("Amélie", "Lefèvre0", "V-0001", "Mâcon", True),
            player2=registration.PlayerData("Jérôme", "Bérard0", club="Belote Club de Mâcon"),
            by=organizer,
        )
    assert refused.value.field == "shown1"
    team.refresh_from_db()
    assert team.player1.club == "Belote Club de Mâcon"  # nothing changed
    assert not _her().shown


def test_unticking_at_a_trusted_organizer_whose_concours_is_on_her_page_withdraws_her(
    organizer, other
):
    finished_concours(organizer, name="Chez le club", shown={"Lefèvre0"}, people=LICENCE)
    theirs = finished_concours(other, name="Chez le voisin", shown={"Lefèvre0"}, people=LICENCE)
    (waiting,) = proposed.contributions_to_decide(organizer)
    contributions.decide_contribution(contribution=waiting, accept=True, by=organizer)
    player = theirs.players.get(last_name="Lefèvre0")
    persons.set_player_shown(player=player, shown=False, by=other)
    her = _her()
    assert not her.shown and her.withdrawn_at is not None
    # Only the organizer who registered her can show her again.
    with pytest.raises(errors.TournamentError):
        persons.show_again(person=her, by=other)


def test_unticking_at_a_trusted_organizer_not_yet_accepted_withdraws_nothing(organizer, other):
    finished_concours(organizer, name="Chez le club", shown={"Lefèvre0"}, people=LICENCE)
    theirs = finished_concours(other, name="Chez le voisin", shown={"Lefèvre0"}, people=LICENCE)
    player = theirs.players.get(last_name="Lefèvre0")
    assert player.person is None  # apart, asked of the record's owner
    persons.set_player_shown(player=player, shown=False, by=other)
    her = _her()
    assert her.shown and her.withdrawn_at is None


def test_an_unapproved_organizer_does_not_manage_another_clubs_player(organizer, other):
    finished_concours(organizer, name="Chez le club", shown={"Lefèvre0"}, people=LICENCE)
    finished_concours(other, name="Intrus", shown={"Lefèvre0"}, people=LICENCE, approved=False)
    assert not queries.persons_managed(other).filter(licence="V-0001").exists()
    assert not queries.persons_owned(other).filter(licence="V-0001").exists()


def test_on_the_hall_laptop_every_account_is_the_clubs_own(organizer, settings):
    settings.HALL = True
    finished_concours(organizer, name="À la salle", shown={"Lefèvre0"}, approved=False)
    person = Player.objects.get(last_name="Lefèvre0").person
    assert _page(person) == ["À la salle"]
