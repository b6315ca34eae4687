"""A waiting team's offer of a place, through a real SMTP server on
127.0.0.1: sent once however often the sender runs, in the team's language
(French, English); its deadline passed, the next team's offer leaves; an
offer that ended before its mail left is never sent."""

from __future__ import annotations

import datetime
import io
import re

import pytest
from django.core.management import call_command
from django.utils import timezone, translation

from tests.tournaments.features.calendar.builders import announce, pair
from tournaments.display.hall import day_and_time
from tournaments.features.calendar.models import PreRegistration
from tournaments.features.calendar.services import preregistration, tasks
from tournaments.features.messages.models import Message

pytestmark = pytest.mark.django_db


def send_three_times() -> None:
    for _ in range(3):
        call_command("send_messages", stdout=io.StringIO())


def full(organizer, language: str = "fr"):
    tournament = announce(organizer, max_teams=1)
    first = pair(tournament, 1)
    second = pair(tournament, 2, language=language)
    third = pair(tournament, 3)
    return tournament, first, second, third


@pytest.mark.parametrize(
    ("language", "subject", "sentence"),
    [
        ("fr", "Une place s'est libérée — Concours de la Saint-Éloi", "confirmez avant le"),
        ("en", "A place freed up — Concours de la Saint-Éloi", "confirm before"),
    ],
)
def test_the_offer_is_sent_once_in_the_team_s_language(
    organizer, smtp, language, subject, sentence
):
    _tournament, first, second, _third = full(organizer, language)
    preregistration.cancel_preregistration(registration=first)
    send_three_times()
    (received,) = smtp.inbox.received
    assert received["To"] == second.email and received["Subject"] == subject
    body = received.get_content()
    assert sentence in body
    second.refresh_from_db()
    with translation.override(language):
        until = day_and_time(second.offered_until)  # « mardi 1 décembre à 18 h 17 »
    assert f"{sentence} {until}" in " ".join(body.split())
    assert re.search(r"http://\S+/preinscription/place/\S+/", body)
    assert re.search(r"http://\S+/preinscription/annuler/\S+/", body)
    assert re.search(r"http://\S+/messages/arreter/\S+/", body)


def test_past_the_deadline_the_next_team_s_offer_leaves(organizer, smtp):
    tournament, first, second, third = full(organizer)
    preregistration.cancel_preregistration(registration=first)
    send_three_times()
    PreRegistration.objects.filter(pk=second.pk).update(
        offered_until=timezone.now() - datetime.timedelta(seconds=1)
    )
    assert tasks.lapse_due_offers.call(tournament.pk) == {"offered": 1}
    send_three_times()
    assert [m["To"] for m in smtp.inbox.received] == [second.email, third.email]


def test_an_offer_ended_before_its_mail_left_is_never_sent(organizer, smtp):
    _tournament, first, second, _third = full(organizer)
    preregistration.cancel_preregistration(registration=first)
    preregistration.cancel_preregistration(registration=second)  # declined at once
    send_three_times()
    assert [m["To"] for m in smtp.inbox.received] == ["equipe3@example.org"]
    stale = Message.objects.get(to=second.email)
    assert stale.state == Message.State.STOPPED and "Place plus proposée" in stale.reason


def test_the_organizer_s_message_skips_a_team_offered_a_place_that_ticked_nothing(organizer, smtp):
    from tournaments.features.messages.models import Consent
    from tournaments.features.messages.services import consent as consents
    from tournaments.features.messages.services import notices, sending

    tournament, first, second, third = full(organizer)
    preregistration.cancel_preregistration(registration=first)
    assert Consent.objects.filter(preregistration_id=second.pk).exists()  # the offer's, no tick
    consents.give_consent(
        tournament=tournament,
        email=third.email,
        wants=consents.Wants(result=True),
        source=Consent.Source.PREREGISTRATION,
        preregistration=third,
    )
    text = "La salle change : salle Jean-Moulin."
    assert notices.preview(tournament=tournament, text=text).recipients == 1
    assert notices.send_notice(tournament=tournament, text=text).recipients == 1
    sending.send_due()
    sent = [m["To"] for m in smtp.inbox.received if "organisateur" in m["Subject"]]
    assert sent == [third.email]
