"""Consent everywhere a team registers (issue 40, item 1): the desk's
form, a registration file's optional columns, the online pre-registration;
each kept by the one service the door uses (`give_consent`), and the
results of those who ticked, and of those only, sent to a real SMTP
server on 127.0.0.1; an address not confirmed gets its second message
only once confirmed."""

from __future__ import annotations

import html

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.factories import add_deal, build_tournament
from tests.tournaments.features.calendar.builders import announce
from tests.tournaments.features.calendar.builders import team as prereg_team
from tournaments.features.calendar.services import announcements as calendar
from tournaments.features.calendar.services import preregistration
from tournaments.features.messages.models import Consent, Message
from tournaments.features.messages.services import notices, outbox, sending
from tournaments.models import Round, Tournament
from tournaments.services import rounds, team_file

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(client, organizer):
    client.force_login(organizer)
    return client


@pytest.fixture
def concours(organizer) -> Tournament:
    return build_tournament(owner=organizer, parties=1, end_deals=1, claims_window=False)


def play_to_the_end(tournament: Tournament) -> None:
    rnd = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=3)
    for table in rnd.tables.filter(team_b__isnull=False):
        add_deal(table)
    rounds.close_round(round=rnd)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED


def send() -> sending.Report:
    outbox.queue_due()
    return sending.send_due()


def text(response) -> str:
    return html.unescape(response.content.decode())


def desk_team(index: int, **extra) -> dict:
    return {
        "first_name1": "Amélie",
        "last_name1": f"Lefèvre{index}",
        "first_name2": "Jérôme",
        "last_name2": f"Bérard{index}",
        **extra,
    }


def add_at_the_desk(client, tournament, index: int, **extra):
    return client.post(
        reverse("tournaments:team_add", args=[tournament.slug]), desk_team(index, **extra)
    )


def test_the_desk_form_offers_the_address_and_the_ticks(desk, concours):
    page = text(desk.get(reverse("tournaments:team_add", args=[concours.slug])))
    assert "E-mail de l'équipe pour ses messages (facultatif)" in page
    assert "L'équipe veut recevoir son résultat par e-mail" in page
    assert 'name="messages_email"' in page


def test_the_desk_edit_form_has_no_messages_fields(desk, concours):
    add_at_the_desk(desk, concours, 1)
    team = concours.teams.get()
    page = text(desk.get(reverse("tournaments:team_edit", args=[concours.slug, team.pk])))
    assert 'name="messages_email"' not in page


@pytest.mark.parametrize(
    ("extra", "field", "message"),
    [
        (
            {"messages_result": "on"},
            "messages_email",
            "Donnez l'e-mail où envoyer ce qui est coché.",
        ),
        (
            {"messages_email": "anne@example.org"},
            "messages_result",
            "Cochez ce que l'équipe veut recevoir à cette adresse, ou laissez l'e-mail vide.",
        ),
        (
            {"messages_email": "anne@", "messages_result": "on"},
            "messages_email",
            "Saisissez une adresse de courriel valide.",
        ),
    ],
)
def test_a_half_filled_agreement_is_said_next_to_its_field_and_registers_nothing(
    desk, concours, extra, field, message
):
    response = add_at_the_desk(desk, concours, 1, **extra)
    assert response.status_code == 200
    assert response.context["form"].errors[field] == [message]
    assert not concours.teams.exists()
    assert not Consent.objects.exists()


def test_the_desk_ticks_are_kept_as_the_doors_are_and_only_those_who_ticked_get_mail(
    desk, concours, smtp
):
    add_at_the_desk(desk, concours, 1, messages_email="anne@example.org", messages_result="on")
    add_at_the_desk(desk, concours, 2)  # no address, no tick
    add_at_the_desk(desk, concours, 3, messages_email="", messages_table="")
    add_at_the_desk(desk, concours, 4)
    assert concours.teams.count() == 4
    consent = Consent.objects.get()
    assert (consent.source, consent.team.number, consent.email) == (
        Consent.Source.DESK,
        1,
        "anne@example.org",
    )
    assert (consent.wants_result, consent.wants_table, consent.language) == (True, False, "fr")
    play_to_the_end(concours)
    assert send().sent == 1
    (mail,) = smtp.inbox.received
    assert mail["To"] == "anne@example.org"
    assert "Voici le résultat de votre équipe" in mail.get_content()
    assert send().sent == 0  # exactly once


def test_an_address_given_at_the_desk_gets_a_second_message_only_once_confirmed(
    desk, concours, smtp
):
    add_at_the_desk(desk, concours, 1, messages_email="anne@example.org", messages_result="on")
    for index in (2, 3, 4):
        add_at_the_desk(desk, concours, index)
    play_to_the_end(concours)
    send()
    notices.send_notice(tournament=concours, text="La remise des lots est à 19 h.")
    report = send()
    assert (report.sent, report.waiting) == (0, 1)
    waiting = Message.objects.get(kind=Message.Kind.ORGANIZER)
    assert waiting.reason == "Adresse pas encore confirmée : ce message attend sa confirmation."
    first = smtp.inbox.received[0].get_content()
    confirm = next(line for line in first.splitlines() if "/messages/confirmer/" in line)
    assert desk.post("/" + confirm.split("/", 3)[3]).status_code == 200
    assert send().sent == 1
    assert len(smtp.inbox.to("anne@example.org")) == 2


def csv(*lines: str) -> bytes:
    return ("\n".join(lines) + "\n").encode()


HEADER = "nom1;prenom1;nom2;prenom2;email;resultat_par_email;table_par_email"


def preview(client, tournament, data: bytes):
    upload = SimpleUploadedFile("equipes.csv", data, content_type="text/csv")
    return client.post(
        reverse("tournaments:team_import", args=[tournament.slug]),
        {"file": upload, "preview": "1"},
    )


def confirm_import(client, tournament, response):
    data = response.context["confirm_form"]["data"].value()
    return client.post(
        reverse("tournaments:team_import", args=[tournament.slug]),
        {"data": data, "confirm": "1"},
        follow=True,
    )


def test_the_files_columns_keep_who_ticked_and_faulty_cells_are_said_by_line(desk, concours, smtp):
    data = csv(
        HEADER,
        "Un;Anne;Un;Bruno;anne@example.org;oui;",
        "Deux;Carole;Deux;Denis;;;",
        "Trois;Elise;Trois;Fabien;pas-une-adresse;oui;",
        "Quatre;Gina;Quatre;Hugo;;oui;",
        "Cinq;Ines;Cinq;Jules;jules@example.org;non;non",
        "Six;Karine;Six;Louis;louis@example.org;;x",
    )
    response = preview(desk, concours, data)
    assert response.status_code == 200
    page = text(response)
    assert "Colonne « email » : Saisissez une adresse de courriel valide." in page
    assert "Donnez l'e-mail où envoyer ce qui est coché." in page
    # An address without a tick (the calendar's list has its teams' ones) keeps nothing.
    assert response.context["plan"].faulty_lines == [4, 5]
    confirm_import(desk, concours, response)
    assert sorted(concours.teams.values_list("player1__last_name", flat=True)) == [
        "Cinq",
        "Deux",
        "Six",
        "Un",
    ]
    kept = {c.email: (c.source, c.wants_result, c.wants_table) for c in Consent.objects.all()}
    assert kept == {
        "anne@example.org": (Consent.Source.FILE, True, False),
        "louis@example.org": (Consent.Source.FILE, False, True),
    }
    play_to_the_end(concours)
    assert send().sent == 1
    assert [m["To"] for m in smtp.inbox.received] == ["anne@example.org"]


def test_the_model_file_names_the_messages_columns(desk):
    response = desk.get(reverse("tournaments:import_model_csv"))
    header = response.content.decode("utf-8-sig").splitlines()[0]
    assert header.endswith(";email;resultat_par_email;table_par_email")
    assert team_file.parse_teams(response.content).ok


def test_the_prereg_ticks_follow_the_team_taken_in_and_its_result_is_sent(client, organizer, smtp):
    tournament = announce(organizer, preset="ffb-coinche")
    page = text(client.get(reverse("tournaments:concours", args=[tournament.slug]), follow=True))
    assert "Recevoir notre résultat par e-mail à la fin du concours" in page
    # No « une place libérée » box: an offer of a place is mailed without a tick,
    # under the pre-registration's own agreement (services/outbox._offer_consent).
    assert "Sur liste d'attente" not in page
    for index, ticks in ((1, {"messages_result": "on"}), (2, {}), (3, {}), (4, {})):
        response = client.post(
            reverse("tournaments:concours", args=[tournament.slug]),
            prereg_team(index, **ticks),
        )
        assert response.status_code == 302
    consent = Consent.objects.get()
    assert (consent.source, consent.email, consent.team) == (
        Consent.Source.PREREGISTRATION,
        "equipe1@example.org",
        None,
    )
    for registration in tournament.preregistrations.all():
        preregistration.confirm_preregistration(registration=registration)
    tournament.claims_window = False
    tournament.release_draws = False
    tournament.parties = 1
    tournament.end_deals = 1
    tournament.save()
    calendar.take_in_preregistrations(tournament=tournament)
    tournament.teams.update(present=True)
    play_to_the_end(tournament)
    assert send().sent == 1
    # The inbox also holds the pre-registrations' own mails (their confirmations).
    results = [m for m in smtp.inbox.received if "Voici le résultat" in m.get_content()]
    (mail,) = results
    assert mail["To"] == "equipe1@example.org"
    assert "confirmer" not in mail.get_content()  # the pre-registration confirmed it
    consent.refresh_from_db()
    assert consent.team.player1.last_name == "Lefèvre1"


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_desk_and_its_file_give_the_desk_s_language(desk, concours, language):
    # The volunteer types what the team says: its messages in the desk's
    # language (French unless the desk was switched to English).
    desk.cookies["django_language"] = language
    add_at_the_desk(desk, concours, 1, messages_email="anne@example.org", messages_result="on")
    response = preview(desk, concours, csv(HEADER, "Deux;Carole;Deux;Denis;cd@example.org;oui;"))
    confirm_import(desk, concours, response)
    kept = {c.email: (c.source, c.language) for c in Consent.objects.all()}
    assert kept == {
        "anne@example.org": (Consent.Source.DESK, language),
        "cd@example.org": (Consent.Source.FILE, language),
    }


def test_a_team_pre_registering_in_english_reads_english(client, organizer):
    tournament = announce(organizer, preset="ffb-coinche")
    client.cookies["django_language"] = "en"
    response = client.post(
        reverse("tournaments:concours", args=[tournament.slug]),
        prereg_team(1, messages_result="on"),
    )
    assert response.status_code == 302
    assert Consent.objects.get().language == "en"


def test_a_language_the_messages_are_not_written_in_falls_back_to_french():
    from django.utils import translation

    from tournaments.features.messages.services import consent as consents

    with translation.override("de"):
        assert consents.page_language() == "fr"
    with translation.override("en"):
        assert consents.page_language() == "en"
    with translation.override(None):
        assert consents.page_language() == "fr"
