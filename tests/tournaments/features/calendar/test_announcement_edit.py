"""The poster corrected: the organizer changes the announcement of a
concours; the teams registered or waiting are told of a new date, time or
place by mail, a maximum raised brings waiting teams in, a maximum under
the teams already in is refused next to its field and changes nothing,
and a concours started is no longer corrected here."""

from __future__ import annotations

import datetime

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.features.calendar.builders import (
    announce,
    field_errors,
    offers_queued,
    pair,
    text,
)
from tournaments.features.calendar.display import Action
from tournaments.features.calendar.models import PreRegistration
from tournaments.features.calendar.services import announcements as calendar
from tournaments.features.calendar.services import preregistration
from tournaments.models import Tournament
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db

CONFIRMED = PreRegistration.Status.CONFIRMED
WAITING = PreRegistration.Status.WAITING


def poster(tournament: Tournament, **changes) -> dict:
    """The edit form as the organizer finds it, with `changes` typed in."""
    a = tournament.announcement
    data = {
        "name": tournament.name,
        "date": tournament.date.isoformat(),
        "start_time": a.start_time.strftime("%H:%M"),
        "hall": a.hall,
        "address": a.address,
        "postcode": a.postcode,
        "town": a.town,
        "entry_fee": "10",
        "lots": a.lots,
        "contact": a.contact,
        "max_teams": "" if a.max_teams is None else str(a.max_teams),
    }
    data.update(changes)
    return data


def url(tournament: Tournament) -> str:
    return reverse("tournaments:announce_edit", args=[tournament.slug])


def test_the_form_opens_with_what_the_poster_says(client, organizer):
    tournament = announce(organizer, max_teams=2)
    client.force_login(organizer)
    page = text(client.get(url(tournament)))
    assert 'value="Salle des fêtes"' in page and 'value="10"' in page
    assert 'value="2"' in page and 'name="preset"' not in page


def test_a_new_time_is_mailed_to_every_team_registered_or_waiting(client, organizer):
    tournament = announce(organizer, max_teams=1)
    pair(tournament, 1)
    pair(tournament, 2)  # waits
    cancelled = pair(tournament, 3)
    preregistration.cancel_preregistration(registration=cancelled)
    client.force_login(organizer)
    response = client.post(url(tournament), poster(tournament, start_time="14:30"))
    assert response.status_code == 302
    tournament.announcement.refresh_from_db()
    assert tournament.announcement.start_time == datetime.time(14, 30)
    assert sorted(m.to[0] for m in mail.outbox) == ["equipe1@example.org", "equipe2@example.org"]
    waiting = next(m for m in mail.outbox if m.to == ["equipe2@example.org"])
    assert "14 h 30" in waiting.body and "toujours en liste d'attente" in waiting.body
    told = text(client.get(response["Location"]))
    assert "2 équipe(s) inscrite(s) ou en attente prévenue(s)" in told
    change = tournament.changes.get(action=Action.ANNOUNCEMENT_EDITED)
    assert change.before == {"start_time": "14:00"} and change.after == {"start_time": "14:30"}


def test_new_lots_tell_nobody(client, organizer, announced):
    tournament = announced
    pair(tournament, 1)
    client.force_login(organizer)
    client.post(url(tournament), poster(tournament, lots="Deux jambons"))
    assert tournament.announcement.__class__.objects.get().lots == "Deux jambons"
    assert not mail.outbox


def test_a_maximum_raised_offers_the_waiting_team_a_place(client, organizer):
    tournament = announce(organizer, max_teams=1)
    pair(tournament, 1)
    waiting = pair(tournament, 2)
    client.force_login(organizer)
    response = client.post(url(tournament), poster(tournament, max_teams="2"))
    waiting.refresh_from_db()
    assert waiting.status == PreRegistration.Status.OFFERED
    told = text(client.get(response["Location"]))
    assert "Une place proposée à 1 équipe(s) en attente, jusqu'à son délai." in told
    assert "sortie(s) de la liste d'attente" not in told
    (moved,) = offers_queued()  # the messages feature queues the offer's mail
    assert moved.to == "equipe2@example.org" and "place s'est libérée" in moved.subject


def test_the_maximum_removed_brings_every_waiting_team_in_at_once(client, organizer):
    """No maximum: places are unlimited, so no place is offered with a
    deadline that could lapse; the waiting teams play and are told so."""
    tournament = announce(organizer, max_teams=1)
    pair(tournament, 1)
    waiting = [pair(tournament, 2), pair(tournament, 3)]
    client.force_login(organizer)
    response = client.post(url(tournament), poster(tournament, max_teams=""))
    assert response.status_code == 302
    for registration in waiting:
        registration.refresh_from_db()
        assert (registration.status, registration.offered_until) == (CONFIRMED, None)
    assert not offers_queued()
    assert sorted(m.to[0] for m in mail.outbox) == ["equipe2@example.org", "equipe3@example.org"]
    assert all("sort de la liste d'attente et est inscrite" in m.body for m in mail.outbox)
    told = text(client.get(response["Location"]))
    assert "2 équipe(s) sortie(s) de la liste d'attente, prévenue(s) par e-mail." in told
    actions = tournament.changes.filter(action=Action.PREREG_MOVED_UP)
    assert actions.count() == 2


@pytest.mark.parametrize(
    ("language", "message"),
    [("fr", "2 équipes sont déjà inscrites"), ("en", "2 teams are already registered")],
)
def test_a_maximum_under_the_teams_in_is_refused_next_to_its_field(
    client, organizer, language, message
):
    tournament = announce(organizer, max_teams=3)
    pair(tournament, 1)
    pair(tournament, 2)
    client.force_login(organizer)
    client.cookies["django_language"] = language
    response = client.post(url(tournament), poster(tournament, max_teams="1", hall="Autre"))
    assert response.status_code == 422
    assert message in field_errors(response, "max_teams")
    tournament.refresh_from_db()
    assert tournament.announcement.max_teams == 3 and tournament.announcement.hall != "Autre"
    assert not mail.outbox


def test_a_past_date_is_refused(announced):
    tournament = announced
    with pytest.raises(TournamentError) as refused:
        calendar.edit_announcement(
            tournament=tournament,
            name=tournament.name,
            date=timezone.localdate() - datetime.timedelta(days=1),
            postcode="71000",
        )
    assert refused.value.field == "date"


def test_a_concours_started_is_not_corrected_here(announced):
    tournament = announced
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    with pytest.raises(TournamentError, match="a commencé"):
        calendar.edit_announcement(
            tournament=tournament, name="Autre", date=tournament.date, postcode="71000"
        )
    assert Tournament.objects.get(pk=tournament.pk).name == tournament.name


def test_another_organizer_cannot_edit_it(client, organizer, django_user_model):
    tournament = announce(organizer)
    other = django_user_model.objects.create_user("autre", "autre@example.org", "x-pass-123456")
    client.force_login(other)
    assert client.get(url(tournament)).status_code == 404
    assert client.post(url(tournament), poster(tournament, hall="Pirate")).status_code == 404
    assert tournament.announcement.__class__.objects.get().hall == "Salle des fêtes"
