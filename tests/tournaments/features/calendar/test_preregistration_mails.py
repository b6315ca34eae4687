"""The mails of a pre-registration (issue 35, item 3): one mail asks to
confirm the address, and a mailbox that never confirmed gets no second
one that day; what strangers typed is only ever on « > » lines, never in
a subject, never a link; a team registered again is answered as a new
one; an address not confirmed gets no other mail."""

from __future__ import annotations

import datetime
import re

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.features.calendar.builders import (
    announce,
    confirm,
    field_errors,
    offers_queued,
    pair,
    team,
    text,
)
from tournaments.features.calendar.models import PreRegistration
from tournaments.features.calendar.services import announcements as calendar
from tournaments.features.calendar.views.preregistration import MAILS_CONFIRMED, MAILS_UNCONFIRMED

pytestmark = pytest.mark.django_db


def register(client, tournament, **fields):
    return client.post(reverse("tournaments:concours", args=[tournament.slug]), team(**fields))


def to(address: str) -> list:
    return [m for m in mail.outbox if m.to == [address]]


def test_a_mailbox_that_never_confirmed_gets_one_mail_then_the_rest_once_it_confirms(
    client, organizer
):
    assert MAILS_UNCONFIRMED == 1
    concours = [announce(organizer, name=f"Concours {n}") for n in range(3)]
    for index, tournament in enumerate(concours):
        assert (
            register(client, tournament, index=index, email="anne@example.org").status_code == 302
        )
    (first,) = to("anne@example.org")
    assert all(t.preregistrations.get().is_held for t in concours)
    # Anne confirms the first: the two others get their mails now.
    assert "votre équipe est inscrite" in text(confirm(client, first))
    assert len(to("anne@example.org")) == 3
    for message in to("anne@example.org")[1:]:
        confirm(client, message)
    assert not PreRegistration.objects.held().exists()


def test_a_confirmed_mailbox_gets_its_mails_up_to_the_days_share(client, organizer):
    pair(announce(organizer, name="Déjà confirmé"), 0, email="club@example.org")
    tournament = announce(organizer, max_teams=200)
    for index in range(MAILS_CONFIRMED + 2):
        client.post(
            reverse("tournaments:concours", args=[tournament.slug]),
            team(index + 1, email="club@example.org"),
            REMOTE_ADDR=f"127.0.1.{index}",
        )
        if index % 3 == 2:  # the club's secretary confirms as she goes
            PreRegistration.objects.held().update(confirmed_at=timezone.now())
    assert len(to("club@example.org")) == MAILS_CONFIRMED


#: What a stranger types, and what its mail line must show.
HOSTILE = [
    "Appelez vite le 0899 00 00 00",
    "Votre compte est bloqué",
    "« guillemets » et > chevron",
    "Nom-très-long-" * 5,
]


@pytest.mark.parametrize("typed", HOSTILE)
@pytest.mark.parametrize("language", ["fr", "en"])
def test_what_a_stranger_typed_is_only_on_quoted_lines(client, organizer, typed, language):
    tournament = announce(organizer)
    client.cookies["django_language"] = language
    response = register(client, tournament, last_name1=typed[:80], club=typed[:80])
    assert response.status_code == 302
    (message,) = mail.outbox
    assert typed[:20] not in message.subject and "Lefèvre" not in message.subject
    quoted = [line for line in message.body.splitlines() if typed[:20] in line]
    assert len(quoted) == 2 and all(line.startswith("> ") for line in quoted)
    said = (
        "Confirm your pre-registration" if language == "en" else "Confirmez votre pré-inscription"
    )
    assert message.subject.startswith(said)


@pytest.mark.parametrize(
    "stored",
    ["Salle\r\nSubject: gagné", "Salle\nhttp://arnaque.example", "Salle\x1b[2J", "Salle\u2028x"],
)
def test_an_organizer_text_stored_with_a_line_break_stays_on_its_quoted_line(
    client, organizer, stored
):
    tournament = announce(organizer)
    type(tournament).objects.filter(pk=tournament.pk).update(name=stored)
    type(tournament.announcement).objects.filter(pk=tournament.announcement.pk).update(
        hall=stored, contact=stored
    )
    register(client, tournament)
    (message,) = mail.outbox
    assert "Salle" not in message.subject
    for line in message.body.splitlines():
        if "Salle" in line or "arnaque" in line or "gagné" in line:
            assert line.startswith("> "), line


@pytest.mark.parametrize(
    "typed", ["http://arnaque.example", "www.arnaque.example", "ecrivez@arnaque.example"]
)
@pytest.mark.parametrize(
    ("language", "said"),
    [("fr", "pas d'adresse web"), ("en", "no web address")],
)
def test_a_name_holding_an_address_is_refused_next_to_its_field(
    client, organizer, typed, language, said
):
    tournament = announce(organizer)
    client.cookies["django_language"] = language
    response = register(client, tournament, last_name1=typed)
    assert response.status_code == 422
    assert said in field_errors(response, "last_name1")
    assert not tournament.preregistrations.exists() and not mail.outbox


def test_an_address_not_confirmed_gets_no_other_mail(client, organizer):
    tournament = announce(organizer, max_teams=1)
    first = pair(tournament, 1)
    held = pair(tournament, 2, confirmed=False)
    told = pair(tournament, 3)
    mail.outbox.clear()
    edited = calendar.edit_announcement(
        tournament=tournament,
        name=tournament.name,
        date=tournament.date,
        postcode="71000",
        entry_fee_cents=tournament.entry_fee_cents,
        hall="Foyer rural",
        max_teams=3,
    )
    assert sorted(r.pk for r in edited.moved_up) == sorted([held.pk, told.pk])
    assert edited.to_tell == [first]
    client.force_login(organizer)
    client.post(
        reverse("tournaments:announce_edit", args=[tournament.slug]),
        {
            "name": tournament.name,
            "date": tournament.date.isoformat(),
            "start_time": "15:00",
            "hall": "Foyer rural",
            "address": "2 rue de l'Église",
            "postcode": "71000",
            "town": "Mâcon",
            "contact": "Mme Bérard",
            "max_teams": "3",
        },
    )
    assert {m.to[0] for m in mail.outbox} == {"equipe1@example.org", "equipe3@example.org"}


def test_a_page_ends_the_overdue_holds_and_mails_the_place_s_offer(client, organizer):
    tournament = announce(organizer, max_teams=1)
    held = pair(tournament, 1, confirmed=False)
    waiting = pair(tournament, 2)
    mail.outbox.clear()
    PreRegistration.objects.filter(pk=held.pk).update(
        held_until=timezone.now() - datetime.timedelta(seconds=1)
    )
    page = text(client.get(reverse("tournaments:concours", args=[tournament.slug]), follow=True))
    assert "Complet : inscription en liste d'attente" in page
    assert not mail.outbox
    (moved,) = offers_queued()  # the messages feature queues the offer's mail
    assert moved.to == waiting.email and "Une place s'est libérée" in moved.subject
    assert "Lefèvre" not in moved.subject


def test_the_answer_to_a_team_registered_again_is_the_answer_to_a_new_team(client, organizer):
    tournament = announce(organizer, max_teams=5)
    pair(tournament, 1)
    mail.outbox.clear()
    again = register(client, tournament, index=1, email="curieux@example.org")
    fresh = register(client, tournament, index=2, email="curieux2@example.org")
    assert (again.status_code, again["Location"]) == (fresh.status_code, fresh["Location"])
    (to_again,), (to_fresh,) = to("curieux@example.org"), to("curieux2@example.org")
    assert to_again.subject == to_fresh.subject
    assert _without_names(to_again.body, 1) == _without_names(to_fresh.body, 2)
    assert _without_names(text(confirm(client, to_again)), 1) == _without_names(
        text(confirm(client, to_fresh)), 2
    )


def _without_names(page: str, index: int) -> str:
    """A mail or a page, the team's names and the signed links taken out."""
    page = re.sub(r"http://testserver/\S+", "LINK", page)
    page = re.sub(r"/preinscription/(confirmer|annuler)/[^\s\"/]+/", "LINK", page)
    page = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", page)
    return page.replace(f"Lefèvre{index}", "NAME").replace(f"Bérard{index}", "NAME")
