"""Places held until the address is confirmed (issue 35, item 3): a team
registered online holds its place for `HOLD`; confirmed from its mail it
keeps it, unconfirmed it expires and the waiting list moves up as after a
cancellation. A concours holds `MAX_HELD` places unconfirmed at once, a
mailbox `HELD_PER_MAILBOX` in one concours. Only confirmed teams go into
the file and to the desk; the same pair from two mailboxes is one team."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tournaments.features.calendar.builders import announce, pair
from tournaments.features.calendar import queries as queries
from tournaments.features.calendar.display import Action
from tournaments.features.calendar.domain import HOLD_MINUTES
from tournaments.features.calendar.models import PreRegistration
from tournaments.features.calendar.services import announcements as calendar
from tournaments.features.calendar.services import preregistration
from tournaments.features.calendar.services.preregistration import (
    HELD_PER_MAILBOX,
    HOLD,
    MAX_HELD,
    Outcome,
    TooManyHeld,
)
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db

CONFIRMED = PreRegistration.Status.CONFIRMED
WAITING = PreRegistration.Status.WAITING
OFFERED = PreRegistration.Status.OFFERED
CANCELLED = PreRegistration.Status.CANCELLED
EXPIRED = PreRegistration.Status.EXPIRED


def overdue(*registrations: PreRegistration) -> None:
    """Their hold ended a second ago."""
    PreRegistration.objects.filter(pk__in=[r.pk for r in registrations]).update(
        held_until=timezone.now() - datetime.timedelta(seconds=1)
    )


def status_of(registration: PreRegistration) -> str:
    registration.refresh_from_db()
    return registration.status


def test_a_registration_online_holds_its_place_for_half_an_hour():
    assert HOLD == datetime.timedelta(minutes=HOLD_MINUTES) == datetime.timedelta(minutes=30)


def test_a_held_place_counts_as_taken_until_it_expires(organizer):
    tournament = announce(organizer, max_teams=2)
    before = timezone.now()
    held = pair(tournament, 1, confirmed=False)
    assert held.is_held and held.status == CONFIRMED
    assert before + HOLD <= held.held_until <= timezone.now() + HOLD
    assert queries.confirmed_count(tournament) == 1
    overdue(held)
    # An overdue hold's place is free at once, before anything ends it.
    assert queries.confirmed_count(tournament) == 0
    assert preregistration.release_expired_holds(tournament=tournament) == []
    assert status_of(held) == EXPIRED
    assert tournament.changes.filter(action=Action.PREREG_EXPIRED).count() == 1
    assert preregistration.release_expired_holds(tournament=tournament) == []
    assert tournament.changes.filter(action=Action.PREREG_EXPIRED).count() == 1


def test_an_expired_hold_s_place_is_offered_to_the_waiting_list(organizer):
    tournament = announce(organizer, max_teams=1)
    held = pair(tournament, 1, confirmed=False)
    waiting = pair(tournament, 2)
    later = pair(tournament, 3, confirmed=False)
    assert (status_of(waiting), status_of(later)) == (WAITING, WAITING)
    overdue(held)
    moved = preregistration.release_expired_holds(tournament=tournament)
    assert moved == [waiting]
    assert [status_of(r) for r in (held, waiting, later)] == [EXPIRED, OFFERED, WAITING]


@pytest.mark.parametrize(
    ("hold_over", "outcome", "status", "takes_place"),
    [
        (False, Outcome.CONFIRMED, CONFIRMED, True),
        (True, Outcome.EXPIRED, EXPIRED, False),
    ],
)
def test_confirming_keeps_the_place_within_the_hold_only(
    organizer, hold_over, outcome, status, takes_place
):
    tournament = announce(organizer, max_teams=5)
    held = pair(tournament, 1, confirmed=False)
    if hold_over:
        overdue(held)
    done = preregistration.confirm_preregistration(registration=held)
    assert (done.outcome, done.registration.status) == (outcome, status)
    assert done.first_of_mailbox and done.registration.confirmed_at is not None
    assert queries.confirmed_count(tournament) == int(takes_place)
    # The address is confirmed either way: the mailbox may get its mails.
    assert queries.mailbox_confirmed("equipe1@example.org")
    again = preregistration.confirm_preregistration(registration=held)
    assert again.outcome == Outcome.ALREADY and not again.first_of_mailbox


def test_a_cancelled_registration_has_nothing_to_confirm(announced):
    tournament = announced
    held = pair(tournament, 1, confirmed=False)
    preregistration.cancel_preregistration(registration=held)
    done = preregistration.confirm_preregistration(registration=held)
    assert done.outcome == Outcome.CANCELLED and done.registration.status == CANCELLED


def test_a_held_registration_of_a_begun_concours_no_longer_confirms(announced):
    tournament = announced
    held = pair(tournament, 1, confirmed=False)
    type(tournament).objects.filter(pk=tournament.pk).update(status="running")
    with pytest.raises(TournamentError) as refused:
        preregistration.confirm_preregistration(registration=held)
    assert "closes" in refused.value.message
    held.refresh_from_db()
    assert held.is_held


def test_a_concours_holds_few_places_unconfirmed(organizer):
    tournament = announce(organizer, max_teams=100)
    for index in range(MAX_HELD):
        pair(tournament, index, confirmed=False)
    with pytest.raises(TooManyHeld) as refused:
        pair(tournament, 999, confirmed=False)
    assert "attendent la confirmation" in refused.value.message
    assert tournament.preregistrations.count() == MAX_HELD
    # A confirmation makes room.
    first = tournament.preregistrations.first()
    preregistration.confirm_preregistration(registration=first)
    assert pair(tournament, 999, confirmed=False).is_held


def test_a_mailbox_holds_few_places_in_a_concours_and_more_are_not_written(organizer, announced):
    tournament = announced
    victim = {"email": "victime@example.org"}
    held = [pair(tournament, index, confirmed=False, **victim) for index in range(5)]
    assert all(r is not None for r in held[:HELD_PER_MAILBOX])
    assert held[HELD_PER_MAILBOX:] == [None] * (5 - HELD_PER_MAILBOX)
    assert tournament.preregistrations.count() == HELD_PER_MAILBOX
    # Another concours, or an address confirmed, is not bound by them.
    assert pair(announce(organizer, name="Autre"), 9, confirmed=False, **victim) is not None


def test_the_file_and_the_desk_take_confirmed_teams_only_each_pair_once(announced):
    tournament = announced
    confirmed = pair(tournament, 1)
    pair(tournament, 2, confirmed=False)
    twin = pair(tournament, 1, email="partenaire@example.org")
    assert twin.pk != confirmed.pk and twin.status == CONFIRMED
    lines = queries.preregistrations_csv(tournament).decode("utf-8-sig").splitlines()
    assert len(lines) == 2 and "Lefèvre1" in lines[1]
    (team,) = calendar.take_in_preregistrations(tournament=tournament)
    confirmed.refresh_from_db()
    assert confirmed.team == team and status_of(twin) == CANCELLED
    taken = tournament.changes.get(action=Action.PREREGS_TAKEN)
    assert taken.after == {"teams": [team.number], "linked": 0, "twins": 1}


def test_the_organizer_list_says_what_is_held_twice_and_expired(organizer):
    tournament = announce(organizer, max_teams=1)
    first = pair(tournament, 1)
    held = pair(tournament, 2, confirmed=False)
    twin = pair(tournament, 1, email="partenaire@example.org", confirmed=False)
    gone = pair(tournament, 3, confirmed=False)
    overdue(gone)
    preregistration.release_expired_holds(tournament=tournament)
    lists = queries.preregistrations(tournament)
    assert lists.confirmed == [first] and lists.held == []
    assert lists.waiting == [held, twin] and lists.cancelled == []
    assert lists.expired == 1 and lists.twice == {first.pair_key}


def test_an_edited_poster_tells_confirmed_addresses_only(announced):
    tournament = announced
    told = pair(tournament, 1)
    pair(tournament, 2, confirmed=False)
    values = {
        "name": tournament.name,
        "date": tournament.date,
        "postcode": "71000",
        "entry_fee_cents": tournament.entry_fee_cents,
        "hall": "Foyer rural",
    }
    edited = calendar.edit_announcement(tournament=tournament, **values)
    assert edited.to_tell == [told]


OPERATIONS = st.lists(
    st.tuples(st.sampled_from(["register", "confirm", "cancel", "expire"]), st.integers(0, 7)),
    max_size=14,
)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(limit=st.integers(1, 3), operations=OPERATIONS)
def test_whatever_happens_the_first_teams_in_line_play_and_no_more(organizer, limit, operations):
    """Registrations, confirmations, cancellations and expiries in any
    order: the teams in the line are those not ended, the first `limit` of
    them (in order of registration) play or are offered a place, the
    others wait."""
    tournament = announce(organizer, max_teams=limit, name=f"Concours {limit}-{len(operations)}")
    made: list[PreRegistration] = []
    for operation, index in operations:
        if operation == "register":
            registration = pair(tournament, len(made), confirmed=False)
            made.append(registration)
            continue
        if not made:
            continue
        target = made[index % len(made)]
        if operation == "confirm":
            preregistration.confirm_preregistration(registration=target)
        elif operation == "cancel":
            preregistration.cancel_preregistration(registration=target)
        else:
            overdue(*(r for r in made if r.pk == target.pk))
            preregistration.release_expired_holds(tournament=tournament)
        line = list(tournament.preregistrations.active().order_by("pk"))
        # The first `limit` play or are offered the place freed (until a
        # deadline: test_offers.py), the others wait.
        taking = [CONFIRMED if r.status == OFFERED else r.status for r in line]
        assert taking == [CONFIRMED] * min(limit, len(line)) + [WAITING] * max(0, len(line) - limit)
    for registration in made:
        registration.refresh_from_db()
        if registration.status == EXPIRED:
            assert registration.cancelled_at is not None
