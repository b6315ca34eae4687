"""The calendar's use-cases: a concours announced, teams pre-registered
up to the maximum then waiting, a cancellation moving the first waiting
team up (once, even when two run at once), a forged link refused, and the
teams taken into the desk's registration on the day."""

from __future__ import annotations

import datetime

import pytest
from django.core import signing
from django.utils import timezone

from tests.tournaments.features.calendar.builders import announce, pair
from tests.tournaments.services.test_concurrency import run_together
from tournaments.features.calendar import domain as rules
from tournaments.features.calendar import queries as queries
from tournaments.features.calendar.display import Action
from tournaments.features.calendar.models import PreRegistration
from tournaments.features.calendar.services import announcements as calendar
from tournaments.features.calendar.services import line, preregistration
from tournaments.services.errors import TournamentError
from tournaments.services.registration import PlayerData

pytestmark = pytest.mark.django_db

CONFIRMED = PreRegistration.Status.CONFIRMED
WAITING = PreRegistration.Status.WAITING
OFFERED = PreRegistration.Status.OFFERED
CANCELLED = PreRegistration.Status.CANCELLED


@pytest.mark.parametrize(
    ("postcode", "departement"),
    [("71000", "71"), ("01000", "01"), ("20000", "2A"), ("20200", "2B"), ("97400", "974")],
)
def test_a_postcode_gives_its_departement(postcode, departement):
    assert rules.departement_of(rules.clean_postcode(postcode)) == departement


def test_a_concours_announced_is_published_with_its_announcement(organizer):
    tournament = announce(organizer, postcode="71 000", max_teams=2)
    assert tournament.published and tournament.venue == "Salle des fêtes"
    assert tournament.announcement.departement == "71"
    assert tournament.announcement.postcode == "71000"
    assert tournament.entry_fee_cents == 1000
    assert tournament.changes.filter(action=Action.ANNOUNCED).exists()
    assert list(queries.coming()) == [tournament.announcement]
    assert list(queries.coming("2A")) == []


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"postcode": "7100"}, "postcode", "cinq chiffres"),
        ({"postcode": " "}, "postcode", "code postal"),
        ({"date": datetime.date(2020, 1, 1)}, "date", "passé"),
    ],
)
def test_a_bad_announcement_is_refused_with_its_field_and_writes_nothing(
    organizer, fields, field, words
):
    with pytest.raises(TournamentError) as refused:
        announce(organizer, **fields)
    assert refused.value.field == field and words in refused.value.message
    assert not queries.coming().exists()


def test_teams_beyond_the_maximum_wait(organizer):
    tournament = announce(organizer, max_teams=1)
    first, second = pair(tournament, 1), pair(tournament, 2)
    assert (first.status, second.status) == (CONFIRMED, WAITING)


def test_a_pair_submitted_twice_from_one_mailbox_is_registered_once(announced):
    tournament = announced
    first = pair(tournament, 1)
    again = preregistration.preregister(
        tournament=tournament,
        player1=PlayerData("amelie", "LEFEVRE1"),
        player2=PlayerData("Jérôme", "Bérard1"),
        club="",
        email=" Equipe1@Example.org",
    )
    assert not again.created and again.registration.pk == first.pk
    assert tournament.preregistrations.count() == 1


def test_the_same_pair_from_another_mailbox_is_answered_as_a_new_team(organizer):
    """A stranger who registers a team again learns nothing: a place of
    its own, held then confirmed; the organizer's list marks both."""
    tournament = announce(organizer, max_teams=1)
    first = pair(tournament, 1)
    again = preregistration.preregister(
        tournament=tournament,
        player1=PlayerData("Amélie", "Lefèvre1"),
        player2=PlayerData("Jérôme", "Bérard1"),
        club="",
        email="curieux@example.org",
    )
    assert again.created and again.waiting and again.registration.pk != first.pk
    assert queries.preregistrations(tournament).twice == {first.pair_key}


def test_a_cancellation_offers_the_place_to_the_first_waiting_team(organizer):
    tournament = announce(organizer, max_teams=1)
    first, second, third = (pair(tournament, i) for i in (1, 2, 3))
    preregistration.cancel_preregistration(registration=first)
    statuses = dict(tournament.preregistrations.values_list("pk", "status"))
    assert statuses == {first.pk: CANCELLED, second.pk: OFFERED, third.pk: WAITING}


def test_cancelling_twice_changes_nothing_the_second_time(organizer):
    tournament = announce(organizer, max_teams=1)
    first, _second, third = (pair(tournament, i) for i in (1, 2, 3))
    preregistration.cancel_preregistration(registration=first)
    again = preregistration.cancel_preregistration(registration=first)
    assert again.already
    third.refresh_from_db()
    assert third.status == WAITING
    assert tournament.changes.filter(action=Action.PREREG_OFFERED).count() == 1


@pytest.mark.parametrize("status", ["running", "finished"])
def test_once_the_concours_has_begun_a_cancel_changes_nothing(organizer, status):
    """A stale cancel link would free a place nobody can take and tell the
    waiting team by mail that it plays."""
    tournament = announce(organizer, max_teams=1)
    first, second = pair(tournament, 1), pair(tournament, 2)
    type(tournament).objects.filter(pk=tournament.pk).update(status=status)
    with pytest.raises(TournamentError) as refused:
        preregistration.cancel_preregistration(registration=first)
    assert "ne s'annule plus en ligne" in refused.value.message
    statuses = dict(tournament.preregistrations.values_list("pk", "status"))
    assert statuses == {first.pk: CONFIRMED, second.pk: WAITING}
    assert not tournament.changes.filter(action=Action.PREREG_CANCELLED).exists()


def test_a_cancel_on_the_day_before_the_draw_still_gives_the_place_on(organizer):
    tournament = announce(organizer, max_teams=1, date=timezone.localdate())
    first, second = pair(tournament, 1), pair(tournament, 2)
    preregistration.cancel_preregistration(registration=first)
    second.refresh_from_db()  # offered, or given at once past the start (14:00)
    assert second.status in (OFFERED, CONFIRMED)


def test_a_waiting_team_that_cancels_frees_no_place(organizer):
    tournament = announce(organizer, max_teams=1)
    first, second = pair(tournament, 1), pair(tournament, 2)
    preregistration.cancel_preregistration(registration=second)
    first.refresh_from_db()
    assert first.status == CONFIRMED
    assert not tournament.changes.filter(action=Action.PREREG_OFFERED).exists()


def test_the_cancel_link_opens_its_registration_and_a_forged_one_nothing(announced):
    tournament = announced
    registration = pair(tournament)
    token = line.cancel_token(registration)
    assert preregistration.registration_for_token(token) == registration
    forged = signing.dumps(registration.pk, salt="tournaments.sign-in")  # another purpose
    assert preregistration.registration_for_token(forged) is None
    assert preregistration.registration_for_token(token[:-2] + "xx") is None
    assert preregistration.registration_for_token("") is None


def test_no_preregistration_once_the_day_is_past(announced):
    tournament = announced
    tournament.date = timezone.localdate() - datetime.timedelta(days=1)
    tournament.save()
    with pytest.raises(TournamentError, match="closes"):
        pair(tournament)


def preregistered_team_ids(tournament):
    """The teams that came from a pre-registration (the cash box marks them)."""
    return set(
        tournament.preregistrations.filter(team__isnull=False).values_list("team_id", flat=True)
    )


def test_the_day_the_preregistered_teams_join_the_desk_not_yet_checked_in(organizer):
    tournament = announce(organizer, max_teams=2)
    *_confirmed, waiting = (pair(tournament, i) for i in (1, 2, 3))
    teams = calendar.take_in_preregistrations(tournament=tournament, by=organizer)
    assert [t.number for t in teams] == [1, 2]
    assert not any(t.present for t in teams)
    assert preregistered_team_ids(tournament) == {t.pk for t in teams}
    waiting.refresh_from_db()
    assert waiting.team is None
    with pytest.raises(TournamentError, match="Aucune équipe"):
        calendar.take_in_preregistrations(tournament=tournament, by=organizer)


def test_the_exported_list_is_a_registration_file_the_laptop_imports(organizer, make_tournament):
    from tournaments.services import imports

    tournament = announce(organizer, max_teams=1)
    pair(tournament, 1, player1=PlayerData("Zoé", "Dupré", "12345"))
    pair(tournament, 2)  # waiting: not in the file
    laptop = make_tournament(name="Sur le portable")
    plan = imports.import_teams(tournament=laptop, data=queries.preregistrations_csv(tournament))
    (team,) = plan.imported
    assert (team.player1.last_name, team.player1.licence) == ("Dupré", "12345")
    assert team.club == "Les As de Trèfle"


def test_on_the_laptop_the_file_s_teams_check_in_like_the_others_and_are_known_preregistered(
    organizer, make_tournament
):
    """Issue 26.2: offline, the pre-registered teams come from the file, not
    yet present (the desk or the door checks them in as it does on the
    hosted instance), and the laptop knows they pre-registered (the cash
    box says so); a club's own file of teams stays as it was, present."""
    from tournaments.services import imports

    hosted = announce(organizer)
    pair(hosted, 1, player1=PlayerData("Zoé", "Dupré", "12345", shown=True))
    laptop = make_tournament(name="Sur le portable")
    (team,) = imports.import_teams(
        tournament=laptop, data=queries.preregistrations_csv(hosted)
    ).imported
    assert not team.present
    assert team.player1.shown and not team.player2.shown
    assert preregistered_team_ids(laptop) == {team.pk}
    club_file = "nom1;prenom1;nom2;prenom2\r\nHébert;Loïc;Quéré;Anne\r\n".encode()
    (plain,) = imports.import_teams(tournament=laptop, data=club_file).imported
    assert plain.present and preregistered_team_ids(laptop) == {team.pk}


@pytest.mark.django_db(transaction=True)
def test_two_cancellations_at_once_offer_two_waiting_teams_a_place_once_each(organizer):
    tournament = announce(organizer, max_teams=2)
    registrations = [pair(tournament, i) for i in range(1, 6)]

    def cancel(index: int):
        return preregistration.cancel_preregistration(registration=registrations[index])

    run_together(2, cancel)
    offered = tournament.changes.filter(action=Action.PREREG_OFFERED)
    assert sorted(c.after["team"] for c in offered) == sorted(
        r.players_label for r in registrations[2:4]
    )
    statuses = list(tournament.preregistrations.values_list("status", flat=True))
    assert statuses == [CANCELLED, CANCELLED, OFFERED, OFFERED, WAITING]


@pytest.mark.django_db(transaction=True)
def test_two_teams_registering_at_once_for_the_last_place_one_plays_one_waits(organizer):
    tournament = announce(organizer, max_teams=2)
    pair(tournament, 1)

    def register(index: int):
        return preregistration.preregister(
            tournament=tournament,
            player1=PlayerData("Zoé", f"Dupré{index}"),
            player2=PlayerData("Loïc", f"Hébert{index}"),
            club="",
            email=f"course{index}@example.org",
        )

    results = run_together(2, register)
    assert all(isinstance(r, preregistration.Registered) and r.created for r in results), results
    statuses = sorted(r.registration.status for r in results)
    assert statuses == [CONFIRMED, WAITING]


@pytest.mark.django_db(transaction=True)
def test_a_cancellation_and_a_registration_at_once_leave_the_place_to_the_waiting_team(
    organizer,
):
    """The freed place goes to the team that waited, whichever runs first;
    the newcomer plays only if there was room for both."""
    tournament = announce(organizer, max_teams=1)
    first, waiting = pair(tournament, 1), pair(tournament, 2)

    def work(index: int):
        if index == 0:
            return preregistration.cancel_preregistration(registration=first)
        return preregistration.preregister(
            tournament=tournament,
            player1=PlayerData("Zoé", "Dupré"),
            player2=PlayerData("Loïc", "Hébert"),
            club="",
            email="nouvelle@example.org",
        )

    cancelled, registered = run_together(2, work)
    assert isinstance(cancelled, preregistration.Cancelled), cancelled
    assert isinstance(registered, preregistration.Registered), registered
    waiting.refresh_from_db()
    assert waiting.status == OFFERED
    assert registered.registration.status == WAITING
    assert tournament.preregistrations.filter(status=OFFERED).count() == 1
