"""The hall laptop without a mail server hands its players' messages to the
hosted site it publishes to (issue 40): the site sends each once, with its
own links, and the laptop never sends them. Both instances are this one
database: the hall's concours is deleted once sent, as if played on another
machine (tests/tournaments/services/test_publication.py does the same)."""

from __future__ import annotations

import datetime
import gzip
import json

import pytest
from django.test import override_settings
from django.utils import timezone

from tests.factories import qualified_tournament
from tests.mail import free_port
from tests.tournaments.features.messages.conftest import agree, smtp_settings
from tests.tournaments.features.messages.test_sending import hall_default_mailer
from tests.tournaments.services.test_publication import receive, signed
from tournaments import hooks
from tournaments.features.messages import display, queries
from tournaments.features.messages.models import Consent, Mailbox, Message
from tournaments.features.messages.services import outbox, sending, tasks
from tournaments.models import Tournament, email_key
from tournaments.services import publication
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db

SITE = "https://concours.example.org"


@pytest.fixture
def finished(organizer) -> Tournament:
    """A finished concours of 4 teams played a week ago (a finished concours
    dated after today is refused), final: no claims window."""
    day = timezone.localdate() - datetime.timedelta(days=7)
    return qualified_tournament(owner=organizer, teams=4, parties=1, claims_window=False, date=day)


def hall_publishes(tournament: Tournament, folder, capture) -> bytes:
    """On the laptop without mail settings: the results queued (and kept
    waiting), the concours packed and sent, the site took it."""
    with hall_default_mailer(folder):
        tasks.send_due_messages.call()
        body = publication.packed_backup(tournament)
        with capture(execute=True):
            hooks.announce(hooks.CONCOURS_SENT, tournament=tournament, by=tournament.owner)
    return body


def site_takes(body: bytes, organizer, smtp) -> Tournament:
    """On the hosted site: the upload received, then its worker's sending."""
    secret = publication.create_key(owner=organizer).secret
    with smtp_settings(smtp.port), override_settings(PUBLIC_URL=SITE):
        tournament = receive(**signed(secret, body))
        tasks.send_due_messages.call()
    return tournament


def test_the_site_sends_the_results_the_hall_could_not_once_with_its_links(
    finished, organizer, smtp, tmp_path, django_capture_on_commit_callbacks
):
    anne = agree(finished.teams.get(number=1), "anne@example.org")
    agree(finished.teams.get(number=2), "bob@example.org")
    body = hall_publishes(finished, tmp_path, django_capture_on_commit_callbacks)

    handed = Message.objects.filter(tournament=finished)
    assert {m.state for m in handed} == {Message.State.STOPPED}
    assert all(display.handed_over(m.reason) for m in handed)
    line = display.outbox_line(queries.outbox(finished))
    assert "2 confiés au site en ligne, qui les envoie" in line
    with smtp_settings(smtp.port):  # the laptop, even with a server now, sends nothing
        assert sending.send_due().sent == 0
        tasks.send_due_messages.call()
    assert smtp.inbox.received == []
    token = anne.token
    finished.delete()

    site = site_takes(body, organizer, smtp)
    assert sorted(m["To"] for m in smtp.inbox.received) == ["anne@example.org", "bob@example.org"]
    (mail,) = smtp.inbox.to("anne@example.org")
    text = mail.get_content()
    assert f"{SITE}/t/{site.slug}/" in text
    assert f"{SITE}/" in text and token in text  # the hall's stop link works here
    assert Consent.objects.get(tournament=site, email="anne@example.org").token == token

    again = site_takes(body, organizer, smtp)  # published again: the copy replaced
    assert again.slug == site.slug
    assert len(smtp.inbox.received) == 2
    assert Message.objects.filter(tournament=again, state=Message.State.SENT).count() == 2
    assert outbox.queue_due() == 0


def test_a_stopped_agreement_and_a_message_the_hall_sent_are_not_sent_by_the_site(
    finished, organizer, smtp, tmp_path, django_capture_on_commit_callbacks
):
    agree(finished.teams.get(number=1), "anne@example.org")
    bob = agree(finished.teams.get(number=2), "bob@example.org")
    agree(finished.teams.get(number=3), "carol@example.org")
    Consent.objects.filter(pk=bob.pk).update(stopped_at=timezone.now())
    with hall_default_mailer(tmp_path):
        outbox.queue_due()
    Message.objects.filter(to="anne@example.org").update(
        state=Message.State.SENT, sent_at=timezone.now()
    )  # sent while the hall had a server
    body = hall_publishes(finished, tmp_path, django_capture_on_commit_callbacks)
    finished.delete()

    site = site_takes(body, organizer, smtp)
    assert [m["To"] for m in smtp.inbox.received] == ["carol@example.org"]
    assert Consent.objects.get(tournament=site, email="bob@example.org").stopped_at is not None
    assert Message.objects.get(tournament=site, to="anne@example.org").state == (Message.State.SENT)


def test_a_token_another_concours_holds_is_made_anew(
    finished, organizer, smtp, tmp_path, django_capture_on_commit_callbacks
):
    anne = agree(finished.teams.get(number=1), "anne@example.org")
    body = hall_publishes(finished, tmp_path, django_capture_on_commit_callbacks)
    finished.delete()
    elsewhere = qualified_tournament(owner=organizer, teams=2, parties=1, name="Autre")
    other = agree(elsewhere.teams.get(number=1), "dan@example.org")
    Consent.objects.filter(pk=other.pk).update(token=anne.token)

    site = site_takes(body, organizer, smtp)
    taken = Consent.objects.get(tournament=site)
    assert taken.token != anne.token
    (mail,) = smtp.inbox.received
    assert taken.token in mail.get_content()


def test_a_hall_with_a_mail_server_keeps_sending_its_own(
    finished, organizer, smtp, django_capture_on_commit_callbacks
):
    agree(finished.teams.get(number=1), "anne@example.org")
    outbox.queue_due()
    with smtp_settings(free_port()):  # a server set, out of reach for now
        body = publication.packed_backup(finished)
        with django_capture_on_commit_callbacks(execute=True):
            hooks.announce(hooks.CONCOURS_SENT, tournament=finished, by=organizer)
    assert Message.objects.get().state == Message.State.QUEUED  # still the hall's
    finished.delete()

    site = site_takes(body, organizer, smtp)
    assert not Consent.objects.filter(tournament=site).exists()
    assert smtp.inbox.received == []


def document(body: bytes) -> dict:
    return json.loads(gzip.decompress(body))


def test_a_section_that_breaks_a_rule_refuses_the_file(
    finished, organizer, smtp, tmp_path, django_capture_on_commit_callbacks
):
    agree(finished.teams.get(number=1), "anne@example.org")
    data = document(hall_publishes(finished, tmp_path, django_capture_on_commit_callbacks))
    finished.delete()
    data["features"]["messages"]["consents"][0]["email"] = "pas une adresse"
    bad = gzip.compress(json.dumps(data).encode())
    with pytest.raises(TournamentError, match="messages aux joueurs, email"):
        site_takes(bad, organizer, smtp)
    data["features"] = ["pas", "un objet"]
    with pytest.raises(TournamentError, match="features"):
        site_takes(gzip.compress(json.dumps(data).encode()), organizer, smtp)
    assert not Tournament.objects.exists()


def test_a_feature_not_installed_here_is_left_aside(
    finished, organizer, smtp, tmp_path, django_capture_on_commit_callbacks
):
    data = document(hall_publishes(finished, tmp_path, django_capture_on_commit_callbacks))
    assert "features" not in data  # nobody agreed: nothing to carry
    finished.delete()
    data["features"] = {"ailleurs": {"quoi": 1}}
    site = site_takes(gzip.compress(json.dumps(data).encode()), organizer, smtp)
    assert site.published


def test_a_file_cannot_confirm_an_address_nor_flood_it_on_the_site(
    finished, organizer, smtp, tmp_path, django_capture_on_commit_callbacks
):
    """The attack: an organizer's file names a stranger's address for every
    team, marked confirmed, so that the shared site writes to it again and
    again. Only the site's own link confirms an address there: it gets one
    message (with its confirm link), and the next ones wait."""
    for number in (1, 2, 3):
        agree(finished.teams.get(number=number), f"team{number}@example.org")
    data = document(hall_publishes(finished, tmp_path, django_capture_on_commit_callbacks))
    finished.delete()
    for row in data["features"]["messages"]["consents"]:
        row["email"] = "victime@example.org"
        row["mailbox_confirmed_at"] = "2026-01-01T10:00:00+00:00"  # a key the site ignores
    site = site_takes(gzip.compress(json.dumps(data).encode()), organizer, smtp)
    assert [m["To"] for m in smtp.inbox.received] == ["victime@example.org"]
    assert Mailbox.objects.get(key=email_key("victime@example.org")).confirmed_at is None
    waiting = Message.objects.filter(tournament=site, state=Message.State.QUEUED)
    assert waiting.count() == 2
    assert all("confirmée" in m.reason for m in waiting)


def test_a_file_stops_only_its_own_concours_and_its_sent_marks_hold_nobody(
    finished, organizer, smtp, tmp_path, django_capture_on_commit_callbacks
):
    """The attack of issue 51: a file says anne stopped every message of the
    site and that a result went to bob already. Anne's mailbox is not
    stopped (the file's concours is), and the next concours's first message
    to bob leaves, with its confirm link."""
    agree(finished.teams.get(number=1), "anne@example.org")
    agree(finished.teams.get(number=2), "bob@example.org")
    data = document(hall_publishes(finished, tmp_path, django_capture_on_commit_callbacks))
    finished.delete()
    section = data["features"]["messages"]
    anne, bob = section["consents"]
    anne["mailbox_stopped_at"] = "2026-01-01T10:00:00+00:00"
    section["done"] = [{"consent": bob["id"], "kind": "result", "ref": "", "state": "sent"}]
    site = site_takes(gzip.compress(json.dumps(data).encode()), organizer, smtp)
    assert smtp.inbox.received == []
    assert Mailbox.objects.get(key="anne@example.org").stopped_at is None
    assert Consent.objects.get(tournament=site, email="anne@example.org").stopped_at is not None

    other = qualified_tournament(
        owner=organizer, teams=4, parties=1, name="Autre", date=site.date, claims_window=False
    )
    agree(other.teams.get(number=1), "anne@example.org")
    agree(other.teams.get(number=2), "bob@example.org")
    with smtp_settings(smtp.port), override_settings(PUBLIC_URL=SITE):
        tasks.send_due_messages.call()
    assert sorted(m["To"] for m in smtp.inbox.received) == ["anne@example.org", "bob@example.org"]
    assert "/messages/confirmer/" in smtp.inbox.to("bob@example.org")[0].get_content()
