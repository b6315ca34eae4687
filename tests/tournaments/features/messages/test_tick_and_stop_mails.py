"""The messages feature's pages: after a check-in at the door, the team
gives an address and ticks its result (a bad address or nothing ticked
says so next to the field and keeps nothing); a forged or stale welcome is
« not found »; the stop link answers without an account, in one tap, and
twice the same; the confirm link; hostile tokens never a 500; the desk's
page counts what waits and queues the sending without sending."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from tests.factories import add_teams
from tests.tournaments.features.messages.conftest import agree
from tournaments.features.door import services as door
from tournaments.features.messages.models import Consent, Mailbox, Message
from tournaments.features.messages.services import outbox
from tournaments.models import Team, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall(tournament, clock) -> Tournament:
    """The concours of today, its door open, on the test's clock (pinned: a
    run across midnight stays on its day)."""
    Tournament.objects.filter(pk=tournament.pk).update(features=["door"], date=timezone.localdate())
    tournament.refresh_from_db()
    add_teams(tournament, 2)
    return tournament


def checked_in(client, hall) -> tuple[Team, str]:
    """The first team checked in at the door, and the welcome page's link to messages."""
    team = hall.teams.get(number=1)
    key = door.door_key(hall)
    answer = client.post(f"/pointage/{key}/1/?q={team.player1.last_name[:4]}")
    page = client.get(answer["Location"]).content.decode()
    link = re.search(r'href="(/messages/pointage/[^"]+)"', page).group(1)
    return team, link


def test_after_the_check_in_the_team_ticks_its_result(client, hall):
    team, link = checked_in(client, hall)
    page = client.get(link)
    assert page.status_code == 200
    assert "Recevoir notre résultat à la fin du concours" in page.content.decode()
    done = client.post(link, {"email": " Anne@Example.org ", "wants_result": "on"})
    assert done.status_code == 200
    assert "Anne@Example.org" in done.content.decode()
    consent = Consent.objects.get()
    assert (consent.team, consent.mailbox.key, consent.wants_result, consent.wants_table) == (
        team,
        "anne@example.org",
        True,
        False,
    )
    assert consent.source == Consent.Source.DOOR


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"email": "pas-une-adresse", "wants_result": "on"}, "Saisissez une adresse"),
        ({"email": "anne@example.org"}, "Cochez ce que vous voulez recevoir."),
        ({"email": "", "wants_result": "on"}, "Ce champ est obligatoire."),
    ],
)
def test_a_bad_answer_says_why_and_keeps_nothing(client, hall, data, said):
    _team, link = checked_in(client, hall)
    page = client.post(link, data)
    assert page.status_code == 422
    assert said in page.content.decode()
    assert not Consent.objects.exists()


def test_in_english_the_form_speaks_english(client, hall):
    _team, link = checked_in(client, hall)
    client.cookies["django_language"] = "en"
    page = client.get(link).content.decode()
    assert "Receive our result at the end of the concours" in page
    client.post(link, {"email": "ann@example.org", "wants_result": "on"})
    assert Consent.objects.get().language == "en"


@pytest.mark.parametrize("welcome", ["x", "1", "A" * 300])
def test_a_forged_welcome_is_not_found(client, hall, welcome):
    key = door.door_key(hall)
    assert client.get(f"/messages/pointage/{key}/{welcome}/").status_code == 404
    assert client.post(f"/messages/pointage/{key}/{welcome}/", {}).status_code == 404


def test_opening_the_stop_link_stops_nothing_and_shows_one_big_button(client, hall):
    # A mail scanner or a link preview opens every link of a mail: a GET
    # must leave the player's messages as they were.
    consent = agree(hall.teams.get(number=1), "anne@example.org")
    for _ in range(2):
        page = client.get(f"/messages/arreter/{consent.token}/")
        assert page.status_code == 200
        html = page.content.decode()
        assert 'method="post"' in html and "door.css" in html  # 64 px, 1.4rem
        assert "Ne plus recevoir de messages de ce concours" in html
        assert "vous ne recevrez plus" not in html
    consent.refresh_from_db()
    assert consent.stopped_at is None


def test_the_button_stops_the_concours_twice_the_same_then_offers_the_site(client, hall):
    consent = agree(hall.teams.get(number=1), "anne@example.org")
    link = f"/messages/arreter/{consent.token}/{consent.mailbox.token}/"  # as mailed
    for _ in range(2):
        page = client.post(link, {"stop": "1"})
        assert page.status_code == 200
        assert "vous ne recevrez plus de message du concours" in page.content.decode()
        assert "ni d'aucun concours de ce site" in page.content.decode()
    consent.refresh_from_db()
    assert consent.stopped_at is not None
    assert Mailbox.objects.get().stopped_at is None  # this concours only, until asked
    page = client.get(link).content.decode()  # opened again: said done, nothing asked twice
    assert "vous ne recevrez plus de message du concours" in page
    page = client.post(link, {"everywhere": "1"}).content.decode()
    assert "ce site ne vous enverra plus aucun message" in page
    assert Mailbox.objects.get().stopped_at is not None
    for token in ("x", "A" * 300, "'; drop table x; --"):
        assert client.get(f"/messages/arreter/{token}/").status_code == 404
        assert client.post(f"/messages/arreter/{token}/{token}/").status_code == 404
        assert client.post(f"/messages/arreter/{token}/").status_code == 404
        assert client.get(f"/messages/confirmer/{token}/").status_code == 404


def test_the_stop_page_speaks_english(client, hall):
    consent = agree(hall.teams.get(number=1), "anne@example.org", language="en")
    client.cookies["django_language"] = "en"
    page = client.get(f"/messages/arreter/{consent.token}/", HTTP_ACCEPT_LANGUAGE="en")
    assert "Receive no more messages from this concours" in page.content.decode()


def test_a_mail_program_s_one_click_post_stops_without_a_csrf_token(hall):
    from django.test import Client

    consent = agree(hall.teams.get(number=1), "anne@example.org")
    strict = Client(enforce_csrf_checks=True)
    answer = strict.post(f"/messages/arreter/{consent.token}/", {"List-Unsubscribe": "One-Click"})
    assert answer.status_code == 200
    consent.refresh_from_db()
    assert consent.stopped_at is not None


def test_the_desk_counts_what_waits_and_send_now_only_queues(client, organizer, finished):
    agree(finished.teams.get(number=1), "anne@example.org")
    agree(finished.teams.get(number=2), "bruno@example.org")
    outbox.queue_results(finished)
    client.force_login(organizer)
    page = client.get(f"/organisation/t/{finished.slug}/messages/").content.decode()
    assert "2 messages en attente d&#x27;envoi" in page or "2 messages en attente d'envoi" in page
    assert "anne@example.org" in page


def test_the_desk_is_the_organizer_s_only(client, finished, django_user_model):
    stranger = django_user_model.objects.create_user("autre", password="x" * 12)
    client.force_login(stranger)
    assert client.get(f"/organisation/t/{finished.slug}/messages/").status_code == 404
    assert client.post(f"/organisation/t/{finished.slug}/messages/envoyer/").status_code == 404
    assert not Message.objects.exists()


def test_the_organizer_previews_with_the_count_then_sends(client, organizer, finished):
    agree(finished.teams.get(number=1), "anne@example.org")
    agree(finished.teams.get(number=2), "bruno@example.org")
    client.force_login(organizer)
    url = f"/organisation/t/{finished.slug}/messages/annonce/"
    page = client.post(url, {"text": "Début à 14 h 30 au lieu de 14 h."})
    text = page.content.decode()
    assert page.status_code == 200
    assert "Envoyer à 2 joueurs" in text and "Début à 14 h 30" in text
    assert not Message.objects.exists()  # a preview queues nothing
    sent = client.post(url, {"text": "Début à 14 h 30 au lieu de 14 h.", "confirm": "1"})
    assert sent.status_code == 302
    assert Message.objects.filter(kind=Message.Kind.ORGANIZER).count() == 2


@pytest.mark.parametrize(
    ("text", "said"),
    [("", "Ce champ est obligatoire."), ("x" * 1001, "1000 caractères")],
)
def test_a_bad_organizer_message_says_why(client, organizer, finished, text, said):
    client.force_login(organizer)
    page = client.post(f"/organisation/t/{finished.slug}/messages/annonce/", {"text": text})
    assert page.status_code == 422
    assert said in page.content.decode()
    assert not Message.objects.exists()


def test_the_team_page_shares_its_address_by_the_phone_s_sheet_or_whatsapp_and_sms(
    client, finished
):
    from urllib.parse import quote

    page = client.get(f"/t/{finished.slug}/equipes/1/").content.decode()
    assert "js/share.js" in page and "data-share-button" in page
    url = f"http://testserver/t/{finished.slug}/equipes/1/"
    text = "Nos parties au concours « Concours de la Saint-Éloi » " + url
    assert f'href="https://wa.me/?text={quote(text, safe="")}"' in page
    assert f'href="sms:?&amp;body={quote(text, safe="")}"' in page
    client.cookies["django_language"] = "en"
    english = client.get(f"/t/{finished.slug}/equipes/1/").content.decode()
    assert "Share:" in english and "Our parties in the concours" in english


def test_without_the_mailbox_s_token_the_link_stops_its_concours_only(client, hall):
    """An agreement's token alone (its organizer's backup carries it, a
    file's author chose it) stops that concours, never the whole site: the
    second button needs the mailbox's token, which only a mail to the
    address carries."""
    consent = agree(hall.teams.get(number=1), "anne@example.org")
    for link in (
        f"/messages/arreter/{consent.token}/",
        f"/messages/arreter/{consent.token}/{consent.token}/",
        f"/messages/arreter/{consent.token}/{consent.mailbox.token[:-1]}/",
    ):
        page = client.post(link, {"everywhere": "1"}).content.decode()
        assert "vous ne recevrez plus de message du concours" in page
        assert "ni d'aucun concours de ce site" not in page
    consent.refresh_from_db()
    assert consent.stopped_at is not None
    assert Mailbox.objects.get().stopped_at is None


def test_the_confirm_link_confirms_from_its_button_only(client, hall):
    mailbox = agree(hall.teams.get(number=1), "anne@example.org").mailbox
    link = f"/messages/confirmer/{mailbox.token}/"
    for _ in range(2):  # a mail scanner, a link preview
        page = client.get(link).content.decode()
        assert 'method="post"' in page and "Confirmer mon adresse" in page
    mailbox.refresh_from_db()
    assert mailbox.confirmed_at is None
    page = client.post(link).content.decode()
    assert "Adresse confirmée" in page
    mailbox.refresh_from_db()
    assert mailbox.confirmed_at is not None
