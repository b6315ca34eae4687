"""Messages sent to a real SMTP server on 127.0.0.1: exactly once, the
server down then up, a refused address, no consent, the stop link, the
language, the confirmation before a second message."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from django.test import override_settings

from tests.factories import qualified_tournament
from tests.tournaments.features.messages.conftest import SmtpServer, agree, smtp_settings
from tournaments.features.messages.models import Mailbox, Message
from tournaments.features.messages.services import outbox, sending

pytestmark = pytest.mark.django_db


def send() -> sending.Report:
    outbox.queue_due()
    return sending.send_due()


def link(body: str, marker: str) -> str:
    return re.search(rf"(http://\S+/messages/{marker}/\S+/)", body).group(1)


def path_of(url: str) -> str:
    return "/" + url.split("/", 3)[3]


def test_the_result_is_sent_once_however_often_the_sender_runs(finished, smtp):
    team = finished.teams.get(number=1)
    agree(team, "anne@example.org")
    for _ in range(3):
        call_command("send_messages", stdout=io.StringIO())
    assert len(smtp.inbox.to("anne@example.org")) == 1
    message = Message.objects.get()
    assert (message.state, message.attempts) == (Message.State.SENT, 1)
    assert message.sent_at is not None


def test_a_message_sent_is_not_queued_again_when_the_moment_comes_back(finished, smtp):
    agree(finished.teams.get(number=1), "anne@example.org")
    assert outbox.queue_results(finished) == 1
    assert outbox.queue_results(finished) == 0
    send()
    assert outbox.queue_results(finished) == 0
    assert Message.objects.count() == 1


def test_the_server_down_keeps_the_message_with_its_reason_then_sends_it_when_up(finished):
    server = SmtpServer()  # not started: nothing listens on its port
    agree(finished.teams.get(number=2), "bruno@example.org")
    with smtp_settings(server.port):
        report = send()
        message = Message.objects.get()
        assert (message.state, report.sent, report.waiting) == (Message.State.QUEUED, 0, 1)
        assert message.reason.startswith("Pas de connexion au serveur de courriel")
        server.start()
        try:
            report = send()
        finally:
            server.stop()
    message.refresh_from_db()
    assert (message.state, report.sent, message.reason) == (Message.State.SENT, 1, "")
    assert len(server.inbox.to("bruno@example.org")) == 1


def test_a_refused_address_says_why_and_is_not_tried_again_the_others_leave(finished, smtp):
    smtp.inbox.refuse.add("faux@example.org")
    agree(finished.teams.get(number=1), "faux@example.org")
    agree(finished.teams.get(number=2), "vrai@example.org")
    report = send()
    assert (report.sent, report.refused) == (1, 1)
    refused = Message.objects.get(to="faux@example.org")
    assert refused.state == Message.State.REFUSED
    assert refused.reason.startswith("550")
    send()
    refused.refresh_from_db()
    assert refused.attempts == 1
    assert len(smtp.inbox.received) == 1


def test_nobody_who_did_not_tick_gets_anything(finished, smtp):
    agree(finished.teams.get(number=1), "anne@example.org", result=False)
    send()
    assert smtp.inbox.received == []
    assert not Message.objects.exists()


def test_the_result_says_place_points_parties_and_links_and_its_stop_link_works(
    finished, smtp, client
):
    team = finished.teams.get(number=1)
    agree(team, "anne@example.org")
    send()
    (mail,) = smtp.inbox.to("anne@example.org")
    body = mail.get_content()
    assert mail["Subject"] == "Votre résultat — Concours de la Saint-Éloi"
    assert "Place :" in body and "Points :" in body and "Parties gagnées :" in body
    assert f"/t/{finished.slug}/equipes/{team.number}/" in body
    stop = link(body, "arreter")
    assert mail["List-Unsubscribe"].strip() == f"<{stop}>"
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"  # RFC 8058
    assert client.post(path_of(stop), {"List-Unsubscribe": "One-Click"}).status_code == 200
    # A new moment for the same concours (a second agreement from the
    # same address, the results queued again) sends nothing more.
    agree(finished.teams.get(number=2), "anne@example.org")
    send()
    assert len(smtp.inbox.to("anne@example.org")) == 1


def test_the_stop_link_then_everywhere_stops_other_concours_too(finished, organizer, smtp, client):
    agree(finished.teams.get(number=1), "anne@example.org")
    send()
    stop = link(smtp.inbox.received[0].get_content(), "arreter")
    client.post(path_of(stop), {"everywhere": "1"})
    assert Mailbox.objects.get(key="anne@example.org").stopped_at is not None
    other = qualified_tournament(
        owner=organizer, teams=4, parties=1, name="Autre concours", claims_window=False
    )
    agree(other.teams.get(number=1), "anne@example.org")
    send()
    assert len(smtp.inbox.received) == 1


def test_a_message_queued_then_stopped_never_leaves(finished, smtp, client):
    consent = agree(finished.teams.get(number=1), "anne@example.org")
    outbox.queue_results(finished)
    client.post(f"/messages/arreter/{consent.token}/", {"stop": "1"})
    report = sending.send_due()
    assert smtp.inbox.received == []
    assert Message.objects.get().state == Message.State.STOPPED
    assert report.waiting == 0


def test_an_english_player_reads_english(finished, smtp):
    agree(finished.teams.get(number=1), "ann@example.org", language="en")
    send()
    (mail,) = smtp.inbox.received
    body = mail.get_content()
    assert mail["Subject"] == "Your result — Concours de la Saint-Éloi"
    assert "Place:" in body and "Points:" in body and "Parties won:" in body
    assert "Stop receiving messages:" in body


def test_an_address_not_confirmed_gets_one_message_until_it_confirms(
    finished, organizer, smtp, client
):
    other = qualified_tournament(
        owner=organizer, teams=4, parties=1, name="Autre concours", claims_window=False
    )
    agree(finished.teams.get(number=1), "anne@example.org")
    agree(other.teams.get(number=1), "anne@example.org")
    report = send()
    assert (report.sent, report.waiting) == (1, 1)
    waiting = Message.objects.get(state=Message.State.QUEUED)
    assert "confirmée" in waiting.reason
    confirm = link(smtp.inbox.received[0].get_content(), "confirmer")
    assert client.get(path_of(confirm)).status_code == 200  # a mail scanner: nothing
    assert send().sent == 0
    assert client.post(path_of(confirm)).status_code == 200  # the page's button
    report = send()
    assert report.sent == 1
    assert len(smtp.inbox.to("anne@example.org")) == 2


def test_a_claimed_message_is_not_sent_by_a_second_sender(finished, smtp):
    agree(finished.teams.get(number=1), "anne@example.org")
    outbox.queue_results(finished)
    message = Message.objects.get()
    from django.utils import timezone

    assert sending._claim(message, timezone.now())
    assert not sending._claim(message, timezone.now())
    assert sending.send_due().sent == 0
    assert smtp.inbox.received == []


def test_nothing_leaves_while_the_claims_window_is_open_then_the_result_does(organizer, smtp):
    from tournaments.services import claims

    tournament = qualified_tournament(owner=organizer, teams=4, parties=1, claims_window=True)
    agree(tournament.teams.get(number=1), "anne@example.org")
    assert send().sent == 0
    claims.close_claims(round=tournament.rounds.get())
    assert send().sent == 1
    assert len(smtp.inbox.received) == 1


def test_the_organizer_s_message_goes_once_a_mailbox_to_those_who_agreed(finished, smtp):
    from tournaments.features.messages.services import notices

    agree(finished.teams.get(number=1), "anne@example.org")
    agree(finished.teams.get(number=2), "anne@example.org")  # one mailbox, two teams
    agree(finished.teams.get(number=3), "bruno@example.org")
    stopped = agree(finished.teams.get(number=4), "carla@example.org")
    from tournaments.features.messages.services import consent as consents

    consents.stop(consent=stopped)
    shown = notices.preview(tournament=finished, text="La salle change : salle Jean-Moulin.")
    assert (shown.recipients, shown.left_today) == (2, notices.PER_DAY)
    assert "La salle change : salle Jean-Moulin." in shown.body
    notices.send_notice(tournament=finished, text="La salle change : salle Jean-Moulin.")
    sending.send_due()
    organizer = [m for m in smtp.inbox.received if "organisateur" in m["Subject"]]
    assert sorted(m["To"] for m in organizer) == ["anne@example.org", "bruno@example.org"]
    assert "salle Jean-Moulin" in organizer[0].get_content()


def test_the_organizer_s_messages_stop_at_the_day_s_limit_and_nothing_is_queued(finished):
    from tournaments.features.messages.services import notices
    from tournaments.services.errors import TournamentError

    agree(finished.teams.get(number=1), "anne@example.org")
    for n in range(notices.PER_DAY):
        notices.send_notice(tournament=finished, text=f"Message {n}")
    queued = Message.objects.count()
    with pytest.raises(TournamentError, match="c'est le maximum"):
        notices.send_notice(tournament=finished, text="Un de trop")
    assert Message.objects.count() == queued == notices.PER_DAY
    assert notices.preview(tournament=finished, text="x").left_today == 0


def test_a_team_that_asked_gets_its_table_once_a_partie_and_never_after_it_closed(organizer, smtp):
    from tests.factories import add_teams, build_tournament
    from tournaments.features.messages.services import consent as consents
    from tournaments.models import Round
    from tournaments.services import rounds

    tournament = build_tournament(owner=organizer, parties=2, end_deals=1)
    add_teams(tournament, 4)
    team = tournament.teams.get(number=1)
    consents.give_consent(
        tournament=tournament,
        team=team,
        email="anne@example.org",
        wants=consents.Wants(table=True),
        source="desk",
    )
    rnd = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=1)
    tournament.refresh_from_db()
    send()
    send()
    (mail,) = smtp.inbox.received
    table = (
        rnd.tables.get(team_a=team)
        if rnd.tables.filter(team_a=team)
        else rnd.tables.get(team_b=team)
    )
    assert mail["Subject"] == f"Partie 1 : table {table.number}"
    assert f"votre équipe joue à la table {table.number}" in mail.get_content()
    # Partie 2 drawn while the hall is offline, then closed before the link comes back.
    from tests.factories import add_deal

    for t in rnd.tables.filter(team_b__isnull=False):
        add_deal(t)
    rounds.close_round(round=rnd)
    rnd2 = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANKING, seed=2)
    outbox.queue_due()
    for t in rnd2.tables.filter(team_b__isnull=False):
        add_deal(t)
    rounds.close_round(round=rnd2)
    report = sending.send_due()
    assert report.stopped == 1 and len(smtp.inbox.received) == 1
    late = Message.objects.get(ref="2")
    assert (late.state, late.reason) == (
        Message.State.STOPPED,
        "Partie finie : message devenu inutile.",
    )


def hall_default_mailer(folder):
    """The hall laptop's mailer without mail settings (config/settings.py `_mailer`)."""
    return override_settings(
        HALL=True,
        MAILERS={
            "default": {
                "BACKEND": "tournaments.infra.mail_files.EmailBackend",
                "OPTIONS": {"file_path": str(folder)},
            }
        },
    )


def test_a_hall_without_mail_settings_keeps_the_messages_queued_and_says_why(
    finished, organizer, client, tmp_path
):
    agree(finished.teams.get(number=1), "anne@example.org")
    with hall_default_mailer(tmp_path / "courriels"):
        report = send()
        message = Message.objects.get()
        assert (message.state, message.attempts, report.sent) == (Message.State.QUEUED, 0, 0)
        assert report.unreachable == message.reason
        assert not (tmp_path / "courriels").exists() or not any((tmp_path / "courriels").iterdir())
        client.force_login(organizer)
        page = client.get(f"/organisation/t/{finished.slug}/messages/").content.decode()
    notice = "Aucun serveur de courriel n&#x27;est réglé sur ce portable : les messages attendent."
    assert notice in page
    assert "1 message en attente d&#x27;envoi — aucun serveur de courriel réglé" in page
    assert "envoyé" not in page.split("Message de l")[0]
    assert "Nouvel essai" not in page and "pas de connexion" not in page
    with hall_default_mailer(tmp_path / "courriels"):
        answer = client.post(f"/organisation/t/{finished.slug}/messages/envoyer/", follow=True)
    page = answer.content.decode()
    assert notice in page and "partent dans un instant" not in page


def test_the_messages_kept_on_a_hall_leave_once_smtp_is_set(finished, tmp_path):
    agree(finished.teams.get(number=2), "bruno@example.org")
    with hall_default_mailer(tmp_path):
        send()
    server = SmtpServer()
    server.start()
    try:
        with smtp_settings(server.port):
            report = send()
    finally:
        server.stop()
    message = Message.objects.get()
    assert (message.state, report.sent, message.reason) == (Message.State.SENT, 1, "")
    assert len(server.inbox.to("bruno@example.org")) == 1


def test_the_messages_come_from_the_organizer_s_club_named_once(finished, smtp):
    """Issue 54, item 2: the players read « belote-tournois@localhost » as
    the sender. The club named once stands for every concours of its
    organizer; before it is named, the concours's name does."""
    from email.utils import parseaddr

    from tournaments.features.messages.services.sender import set_sender

    agree(finished.teams.get(number=1), "anne@example.org")
    send()
    (first,) = smtp.inbox.to("anne@example.org")
    assert parseaddr(first["From"]) == (finished.name, "belote-tournois@localhost")
    assert first["Reply-To"] is None

    set_sender(owner=finished.owner, name="Foyer rural de Moncoutant", reply_to="foyer@example.org")
    other = qualified_tournament(
        owner=finished.owner, teams=4, parties=1, name="Second concours", claims_window=False
    )
    agree(other.teams.get(number=1), "bruno@example.org")
    send()
    (second,) = smtp.inbox.to("bruno@example.org")
    assert parseaddr(second["From"]) == ("Foyer rural de Moncoutant", "belote-tournois@localhost")
    assert second["Reply-To"] == "foyer@example.org"
