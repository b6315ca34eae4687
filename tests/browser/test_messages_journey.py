"""Messages to players (issue 40), as it happens in the hall: at the door a
player checks her team in on a 390 px phone, taps « Recevoir notre
résultat par e-mail », types her address and saves. The concours ends with
no internet: the desk (1366 px) reads « 1 message en attente d'envoi — pas
de connexion » on its dashboard and on the messages' page. The link comes
back, the sender runs, a real SMTP server on 127.0.0.1 receives the result,
and the link in the mail opens the team's page on the phone, with its
« Partager ». Every page is checked by the fixtures (axe-core, 44 px
targets, console, 5xx, overflow).

Set BROWSER_SCREENSHOTS to a folder to keep the screenshots."""

from __future__ import annotations

import re

import pytest
from django.test import override_settings
from django.utils import timezone
from playwright.sync_api import expect

from tests import factories
from tests.browser.session import log_in
from tests.browser.shots import DESK, PHONE, shot
from tests.tournaments.features.messages.conftest import SmtpServer, smtp_settings
from tournaments.features.door import services as door
from tournaments.features.messages.models import Consent
from tournaments.features.messages.services import outbox, sending
from tournaments.models import Round, Tournament
from tournaments.services import registration, rounds

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def hall(organizer) -> Tournament:
    tournament = factories.build_tournament(
        owner=organizer,
        name="Concours du Foyer rural",
        date=timezone.localdate(),
        parties=1,
        end_deals=1,
        claims_window=False,
    )
    Tournament.objects.filter(pk=tournament.pk).update(features=["door"])
    for first1, last1, first2, last2 in [
        ("Hélène", "Dupré", "Paul", "Marchand"),
        ("Marcel", "Aubry", "Jeanne", "Aubry"),
        ("Odette", "Lemaire", "Raymond", "Roux"),
        ("Lucien", "Garnier", "Yvette", "Blanc"),
    ]:
        registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData(first1, last1),
            player2=registration.PlayerData(first2, last2),
        )
    tournament.refresh_from_db()
    return tournament


def _play_to_the_end(tournament: Tournament) -> None:
    for team in tournament.teams.filter(checked_in_at=None):
        door.check_in(team=team)  # the other teams, at the desk
    rnd = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=1)
    for table in rnd.tables.filter(team_b__isnull=False):
        factories.add_deal(table)
    rounds.close_round(round=rnd)


def test_a_player_ticks_at_the_door_and_the_result_mail_s_link_opens_on_her_phone(
    live_server, open_page, organizer, hall, faults
):
    """Browser: keys and focus, 390 px layout, screen layout, axe."""
    server = SmtpServer()  # the hall has no internet: nothing listens yet
    with override_settings(PUBLIC_URL=live_server.url), smtp_settings(server.port):
        phone = open_page(viewport=PHONE, has_touch=True, is_mobile=True)
        phone.goto(live_server.url + f"/pointage/{door.door_key(hall)}/")
        phone.locator("#door-q").click()
        phone.keyboard.type("dup")
        phone.get_by_role("link", name="Hélène Dupré").click()
        phone.get_by_role("button", name="Oui, nous sommes là").click()
        ask = phone.get_by_role("link", name="Recevoir notre résultat par e-mail")
        expect(ask).to_be_visible()
        box = ask.bounding_box()
        assert box and box["height"] >= 44, box
        shot(phone, "messages-welcome")
        ask.click()
        expect(phone.get_by_role("heading", name="Recevoir notre résultat")).to_be_visible()
        expect(phone.get_by_label("Recevoir notre résultat à la fin du concours")).to_be_checked()
        phone.get_by_label("Votre e-mail").click()
        phone.keyboard.type("helene.dupre@example.org")
        shot(phone, "messages-consent")
        phone.get_by_role("button", name="Enregistrer").click()
        expect(phone.get_by_text("Les messages iront à helene.dupre@example.org")).to_be_visible()
        shot(phone, "messages-noted")
        consent = Consent.objects.get()
        assert consent.team.player1.last_name == "Dupré"

        _play_to_the_end(hall)
        outbox.queue_due()  # what the sender's task does first
        report = sending.send_due()  # no server: the message waits with its reason
        assert (report.sent, report.waiting) == (0, 1)
        desk = open_page(viewport=DESK)
        log_in(desk, live_server.url)
        desk.goto(f"{live_server.url}/organisation/t/{hall.slug}/")
        expect(desk.locator(".messages-line")).to_contain_text(
            "1 message en attente d'envoi — pas de connexion"
        )
        desk.get_by_role("link", name="Messages aux joueurs").click()
        expect(desk.locator(".messages-line")).to_contain_text(
            "1 message en attente d'envoi — pas de connexion"
        )
        expect(desk.get_by_text("helene.dupre@example.org")).to_be_visible()
        shot(desk, "messages-desk-waiting")

        server.start()  # the link is back
        try:
            assert sending.send_due().sent == 1
        finally:
            server.stop()
        desk.reload()
        expect(desk.locator(".messages-line")).to_contain_text("1 envoyé, le dernier à")
        shot(desk, "messages-desk-sent")
        (mail,) = server.inbox.received
        body = mail.get_content()
        assert mail["To"] == "helene.dupre@example.org"
        team_link = re.search(r"(http://\S+/equipes/\d+/)", body).group(1)
        assert team_link.startswith(live_server.url)
        phone.goto(team_link)
        expect(phone.get_by_role("heading", level=1)).to_contain_text("Dupré")
        expect(phone.locator("[data-share]")).to_be_visible()
        shot(phone, "messages-team-from-the-mail")

        # The mail asks her to confirm her address: opening the link (a mail
        # program's preview opens links too) confirms nothing; the button does.
        confirm_link = re.search(r"(http://\S+/messages/confirmer/\S+/)", body)
        assert confirm_link, body
        phone.goto(confirm_link.group(1))
        confirm = phone.get_by_role("button", name="Confirmer")
        expect(confirm).to_be_visible()
        consent.mailbox.refresh_from_db()
        assert consent.mailbox.confirmed_at is None
        shot(phone, "messages-confirm-asked")
        confirm.click()
        expect(phone.get_by_role("status")).to_contain_text("les prochains messages")
        consent.mailbox.refresh_from_db()
        assert consent.mailbox.confirmed_at is not None

        # The mail's last line stops them. Opening it stops nothing (a mail
        # program's preview opens links too): one big button does, then a
        # second one offers the whole site.
        stop_link = re.search(r"(http://\S+/messages/arreter/\S+/)", body)
        assert stop_link, body
        phone.goto(stop_link.group(1))
        stop = phone.get_by_role("button", name="Ne plus recevoir de messages de ce concours")
        expect(stop).to_be_visible()
        box = stop.bounding_box()
        assert box and box["height"] >= 44, box
        consent.refresh_from_db()
        assert consent.stopped_at is None
        shot(phone, "messages-stop-asked")
        stop.click()
        expect(phone.get_by_role("status")).to_contain_text(
            "vous ne recevrez plus de message du concours « Concours du Foyer rural »"
        )
        consent.refresh_from_db()
        assert consent.stopped_at is not None and consent.mailbox.stopped_at is None
        shot(phone, "messages-stop-done")
        # The link came in a mail to her address: it may stop the whole site's.
        phone.get_by_role("button", name="… ni d'aucun concours de ce site").click()
        expect(phone.get_by_role("status")).to_contain_text(
            "ce site ne vous enverra plus aucun message"
        )
        consent.mailbox.refresh_from_db()
        assert consent.mailbox.stopped_at is not None
