"""The waiting list's offers as use-cases: a place freed is offered to the
first waiting team until a deadline; confirmed in time it is the team's;
declined or past its deadline it goes to the next team; the desk confirms
for a team on the phone; the worker's task ends the offers past their
deadline; the offer's mail is queued by the messages feature (or mailed by
the calendar when that feature is left out)."""

from __future__ import annotations

import datetime
import re
from urllib.parse import urlsplit

import pytest
from django.core import mail, signing
from django.urls import Resolver404, resolve, reverse
from django.utils import timezone, translation

from tests.tournaments.features.calendar.builders import (
    announce,
    offers_queued,
    pair,
    text,
)
from tournaments.display.hall import day_and_time
from tournaments.features.calendar import display as words
from tournaments.features.calendar import domain as rules
from tournaments.features.calendar.display import Action
from tournaments.features.calendar.models import PreRegistration
from tournaments.features.calendar.services import line, offers, preregistration, tasks
from tournaments.features.messages import queries as messages_queries
from tournaments.features.messages.services import consent as messages_consent

pytestmark = pytest.mark.django_db
S = PreRegistration.Status


def links_in(body: str) -> dict[str, PreRegistration | None]:
    """The registration each of a mail's offer and cancel links names, by
    the link's kind. Read from the links, not compared with links made
    again: a signed token carries the second it was made in, and the mail's
    may have been made in the second before."""
    read = {
        "preregistration_offer": offers.registration_for_offer_token,
        "preregistration_cancel": preregistration.registration_for_token,
    }
    named = {}
    for url in re.findall(r"https?://\S+", body):
        try:
            match = resolve(urlsplit(url).path)
        except Resolver404:
            continue
        if match.url_name in read:
            named[match.url_name] = read[match.url_name](match.kwargs["token"])
    return named


def full_with_one_waiting(organizer, *, waiting_language="fr", **announced):
    tournament = announce(organizer, max_teams=1, **announced)
    first = pair(tournament, 1)
    waiting = pair(tournament, 2, language=waiting_language)
    later = pair(tournament, 3)
    return tournament, first, waiting, later


def overdue(registration) -> None:
    PreRegistration.objects.filter(pk=registration.pk).update(
        offered_until=timezone.now() - datetime.timedelta(seconds=1)
    )


def status(registration) -> str:
    registration.refresh_from_db()
    return registration.status


def test_a_cancellation_offers_the_place_until_the_option_s_deadline(organizer, clock):
    tournament, first, waiting, later = full_with_one_waiting(organizer, offer_hours=6)
    # The cancellation at 37 s past a minute, on the test's clock.
    clock.now = clock.now.replace(second=37, microsecond=0) + datetime.timedelta(minutes=1)
    preregistration.cancel_preregistration(registration=first)
    assert [status(r) for r in (first, waiting, later)] == [S.CANCELLED, S.OFFERED, S.WAITING]
    # Six hours, cut to the minute.
    assert waiting.offered_until - clock.now == datetime.timedelta(hours=6, seconds=-37)
    assert waiting.offered_until.second == 0
    assert tournament.changes.filter(action=Action.PREREG_OFFERED).count() == 1


def test_confirmed_in_time_the_team_plays(organizer):
    _tournament, first, waiting, later = full_with_one_waiting(organizer)
    preregistration.cancel_preregistration(registration=first)
    done = offers.take_offer(registration=waiting)
    assert done.outcome == rules.TAKEN and status(waiting) == S.CONFIRMED
    again = offers.take_offer(registration=waiting)
    assert again.outcome == rules.ALREADY and status(later) == S.WAITING


def test_past_its_deadline_the_place_goes_to_the_next_team_and_a_late_answer_is_told(organizer):
    tournament, first, waiting, later = full_with_one_waiting(organizer)
    preregistration.cancel_preregistration(registration=first)
    overdue(waiting)
    done = offers.take_offer(registration=waiting)
    assert done.outcome == rules.LATE
    assert [status(waiting), status(later)] == [S.LAPSED, S.OFFERED]
    assert tournament.changes.filter(action=Action.PREREG_LAPSED).count() == 1


def test_a_team_still_waiting_has_nothing_to_confirm(organizer):
    _tournament, _first, _waiting, later = full_with_one_waiting(organizer)
    assert offers.take_offer(registration=later).outcome == rules.NOT_OFFERED
    assert status(later) == S.WAITING


def test_declined_with_the_cancel_link_the_place_goes_to_the_next_team(organizer):
    _tournament, first, waiting, later = full_with_one_waiting(organizer)
    preregistration.cancel_preregistration(registration=first)
    preregistration.cancel_preregistration(registration=waiting)
    assert [status(waiting), status(later)] == [S.CANCELLED, S.OFFERED]


def test_the_worker_s_task_ends_the_offers_past_their_deadline(organizer):
    tournament, first, waiting, later = full_with_one_waiting(organizer)
    preregistration.cancel_preregistration(registration=first)
    assert tasks.lapse_due_offers.call(tournament.pk) == {"offered": 0}
    overdue(waiting)
    assert tasks.lapse_due_offers.call(tournament.pk) == {"offered": 1}
    assert [status(waiting), status(later)] == [S.LAPSED, S.OFFERED]


def test_an_offer_s_mail_is_queued_once_in_the_team_s_language(organizer):
    tournament, first, waiting, _later = full_with_one_waiting(organizer, waiting_language="en")
    preregistration.cancel_preregistration(registration=first)
    (message,) = offers_queued()
    assert message.to == waiting.email and message.language == "en"
    assert message.subject.startswith("A place freed up")
    assert "confirm before" in message.body
    assert links_in(message.body) == {
        "preregistration_offer": waiting,
        "preregistration_cancel": waiting,
    }
    # Settled again: no second message for the same offer.
    preregistration.release_expired_holds(tournament=tournament)
    assert len(offers_queued()) == 1


def test_an_offer_s_agreement_says_a_place_freed_and_is_not_counted_as_an_e_mail_given(
    organizer,
):
    tournament, first, waiting, _later = full_with_one_waiting(organizer)
    preregistration.cancel_preregistration(registration=first)
    (message,) = offers_queued()
    consent = message.consent
    assert (consent.preregistration_id, consent.wants_waiting) == (waiting.pk, True)
    assert (consent.wants_result, consent.wants_table) == (False, False)
    assert messages_queries.outbox(tournament).consents == 0


@pytest.mark.parametrize(
    ("language", "label"),
    [("fr", "mardi 1 décembre à 18 h 07"), ("en", "Tuesday 1 December at 18:07")],
)
def test_an_offer_s_deadline_is_its_day_and_its_clock_time(language, label):
    moment = datetime.datetime(2026, 12, 1, 17, 7, tzinfo=datetime.UTC)  # 18 h 07 in Paris
    with translation.override(language):
        assert day_and_time(moment) == label


@pytest.mark.parametrize(
    ("outcome", "answered", "language", "shown"),
    [
        (rules.TAKEN, False, "fr", {"ask": True}),  # the offer runs: the button
        (rules.TAKEN, True, "fr", ("status", "C'est confirmé")),
        (rules.ALREADY, True, "fr", ("status", "C'est confirmé")),  # a second tap
        (rules.ALREADY, False, "en", ("status", "Confirmed: your team is registered")),
        (rules.NOT_OFFERED, False, "fr", ("status", "aucune place ne lui est proposée")),
        (rules.LATE, True, "fr", ("alert", "le délai pour confirmer est passé")),
        (rules.LATE, False, "en", ("alert", "Sorry")),
    ],
)
def test_the_offer_s_page_says_the_domain_s_outcome(outcome, answered, language, shown):
    with translation.override(language):
        page = words.offer_page(outcome, answered=answered)
    if isinstance(shown, dict):
        assert page == shown
    else:
        role, sentence = shown
        assert page["role"] == role and sentence in page["notice"]


def test_an_offer_to_an_address_not_confirmed_or_stopped_queues_no_mail(organizer):
    tournament = announce(organizer, max_teams=1)
    first = pair(tournament, 1)
    unconfirmed = pair(tournament, 2, confirmed=False)
    preregistration.cancel_preregistration(registration=first)
    assert status(unconfirmed) == S.OFFERED and not offers_queued()
    stopped = pair(tournament, 3)
    mailbox = messages_consent.mailbox_for(stopped.email)
    mailbox.stopped_at = timezone.now()
    mailbox.save()
    preregistration.cancel_preregistration(registration=unconfirmed)
    assert status(stopped) == S.OFFERED and not offers_queued()


def test_the_desk_confirms_for_a_team_on_the_phone(client, organizer):
    tournament, first, waiting, _later = full_with_one_waiting(organizer)
    client.force_login(organizer)
    page = reverse("tournaments:preregistrations", args=[tournament.slug])
    desk = reverse("tournaments:preregistration_desk", args=[tournament.slug, first.pk])
    client.post(desk, {"action": "withdraw"})
    assert status(first) == S.CANCELLED and status(waiting) == S.OFFERED
    shown = text(client.get(page))
    assert "Places libérées proposées, en attente de réponse (1)" in shown
    assert "place proposée : réponse avant le" in shown
    take = reverse("tournaments:preregistration_desk", args=[tournament.slug, waiting.pk])
    answer = text(client.post(take, {"action": "take"}, follow=True))
    assert "place confirmée, l'équipe est inscrite" in answer
    assert status(waiting) == S.CONFIRMED
    assert tournament.changes.get(action=Action.PREREG_MOVED_UP).by == organizer


def test_another_organizer_cannot_answer_for_a_team(client, organizer, django_user_model):
    tournament, first, _waiting, _later = full_with_one_waiting(organizer)
    other = django_user_model.objects.create_user("autre", password="x-secret-1")
    client.force_login(other)
    desk = reverse("tournaments:preregistration_desk", args=[tournament.slug, first.pk])
    assert client.post(desk, {"action": "withdraw"}).status_code in (403, 404)
    assert status(first) == S.CONFIRMED


def test_without_the_messages_feature_the_calendar_mails_the_offer(
    organizer, request, django_capture_on_commit_callbacks
):
    from tournaments.features.calendar.signals import place_offered
    from tournaments.features.messages.services.moments import on_place_offered

    assert place_offered.disconnect(on_place_offered, dispatch_uid="messages offer")
    request.addfinalizer(
        lambda: place_offered.connect(on_place_offered, dispatch_uid="messages offer")
    )
    _tournament, first, waiting, _later = full_with_one_waiting(organizer)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        preregistration.cancel_preregistration(registration=first)
    (sent,) = mail.outbox
    assert sent.to == [waiting.email] and "Une place s'est libérée" in sent.subject
    assert "confirmez avant le" in sent.body
    assert links_in(sent.body)["preregistration_offer"] == waiting
    assert not offers_queued()


def offer_path(registration) -> str:
    return reverse("tournaments:preregistration_offer", args=[line.offer_token(registration)])


@pytest.mark.parametrize(
    ("language", "button", "done"),
    [
        ("fr", "Nous venons : je confirme la place", "C'est confirmé : votre équipe est inscrite"),
        ("en", "We are coming: I confirm the place", "Confirmed: your team is registered"),
    ],
)
def test_the_offer_s_link_asks_first_then_takes_the_place(
    client, organizer, language, button, done
):
    _tournament, first, waiting, later = full_with_one_waiting(organizer)
    preregistration.cancel_preregistration(registration=first)
    client.cookies["django_language"] = language
    page = text(client.get(offer_path(waiting)))  # a mail program's visit takes nothing
    assert button in page and status(waiting) == S.OFFERED
    assert done in text(client.post(offer_path(waiting)))
    assert status(waiting) == S.CONFIRMED and status(later) == S.WAITING
    assert done in text(client.post(offer_path(waiting)))  # twice: the same answer


def test_a_late_answer_is_told_kindly_and_the_next_team_has_the_offer(client, organizer):
    _tournament, first, waiting, later = full_with_one_waiting(organizer)
    preregistration.cancel_preregistration(registration=first)
    overdue(waiting)
    response = client.post(offer_path(waiting))
    assert response.status_code == 200
    assert "le délai pour confirmer est passé" in text(response)
    assert [status(waiting), status(later)] == [S.LAPSED, S.OFFERED]
    assert "Nous venons" in text(client.get(offer_path(later)))


# The signed tokens are made in the test: signed at collection, each xdist
# worker would sign at its own second and collect other tests.
# Each names the waiting team's own pk: only the salt, the type or the size is wrong.
FORGED = {
    "garbage": lambda r: "x",
    "its cancel link's token": lambda r: line.cancel_token(r),
    "its confirm link's token": lambda r: preregistration.confirm_token(r),
    "a string pk": lambda r: signing.dumps(str(r.pk), salt=line.OFFER_SALT),
    "huge": lambda r: "a" * 5000,
}


@pytest.mark.parametrize("forged", sorted(FORGED))
def test_a_forged_offer_link_is_a_404_and_takes_nothing(client, organizer, forged):
    _tournament, first, waiting, _later = full_with_one_waiting(organizer)
    preregistration.cancel_preregistration(registration=first)
    token = FORGED[forged](waiting)
    assert offers.registration_for_offer_token(line.offer_token(waiting)) == waiting
    response = client.post(reverse("tournaments:preregistration_offer", args=[token]))
    assert response.status_code == 404 and "n'est pas valable" in text(response)
    assert status(waiting) == S.OFFERED


def test_past_the_start_the_first_waiting_team_takes_the_place_at_once(organizer):
    """No time is left to offer it: the desk sees the team on the day."""
    tournament, first, waiting, later = full_with_one_waiting(
        organizer, date=timezone.localdate(), start_time=datetime.time(0, 0)
    )
    preregistration.cancel_preregistration(registration=first)
    assert [status(waiting), status(later)] == [S.CONFIRMED, S.WAITING]
    assert waiting.offered_until is None and not offers_queued()
    assert tournament.changes.filter(action=Action.PREREG_MOVED_UP).count() == 1
