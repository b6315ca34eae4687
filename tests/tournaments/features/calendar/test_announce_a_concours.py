"""The calendar's pages: the home's « Prochains concours » by département,
the organizer's announcement form, a team's pre-registration from the
concours's page with its mail and cancel link (a forged one refused, a
second cancel harmless), the throttle, the list and its file, and a bad
input answered next to its field in French and in English."""

from __future__ import annotations

import datetime
import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.features.calendar.builders import (
    announce,
    confirm,
    field_errors,
    link_in,
    offers_queued,
    pair,
    team,
    text,
)
from tournaments.features.calendar.models import PreRegistration
from tournaments.features.calendar.views.preregistration import MAX_PER_CLIENT
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_the_home_lists_the_coming_concours_by_date_and_departement(client, organizer):
    later = announce(organizer, name="Concours de Noël", postcode="21000", town="Dijon")
    sooner = announce(
        organizer,
        name="Concours du lundi",
        date=timezone.localdate() + datetime.timedelta(days=2),
        preset="ffb-coinche",
    )
    page = text(client.get(reverse("tournaments:home")))
    coming = page[page.index("Prochains concours") :]
    assert coming.index("Concours du lundi") < coming.index("Concours de Noël")
    # Each card says the game: belote or coinche is a visitor's first question.
    assert coming.index("Coinche FFB") < coming.index("Concours de Noël")
    assert coming.index("Belote classique FFB") > coming.index("Concours de Noël")
    only_21 = text(client.get(reverse("tournaments:home") + "?departement=21"))
    section = only_21[only_21.index("Prochains concours") :]
    assert "Concours de Noël" in section and "Concours du lundi" not in section
    assert reverse("tournaments:concours", args=[later.slug]) in only_21
    assert reverse("tournaments:concours", args=[sooner.slug]) in page


def test_an_organizer_announces_a_concours(client, organizer):
    client.force_login(organizer)
    day = timezone.localdate() + datetime.timedelta(days=20)
    data = {
        "name": "Concours du comité",
        "date": day.isoformat(),
        "start_time": "14:00",
        "hall": "Salle des fêtes",
        "address": "1 place de la Mairie",
        "postcode": "71000",
        "town": "Mâcon",
        "preset": "ffb-belote",
        "format": "pairs",
        "entry_fee": "10",
        "lots": "Un jambon",
        "contact": "M. Quéré",
        "max_teams": "24",
    }
    response = client.post(reverse("tournaments:announce"), data)
    tournament = Tournament.objects.get(name="Concours du comité")
    assert response["Location"] == reverse("tournaments:preregistrations", args=[tournament.slug])
    assert tournament.announcement.max_teams == 24 and tournament.entry_fee_cents == 1000
    page = text(client.get(reverse("tournaments:concours", args=[tournament.slug]), follow=True))
    assert "10,00\u00a0€ par équipe, à payer sur place" in page
    assert "Paiement sur place" in page and "24 places disponibles" in page


@pytest.mark.parametrize(
    ("language", "postcode", "message"),
    [
        ("fr", "7100", "Un code postal a cinq chiffres"),
        ("en", "7100", "A postcode has five digits"),
        ("fr", "", "Ce champ est obligatoire"),
    ],
)
def test_a_bad_postcode_is_told_next_to_its_field(client, organizer, language, postcode, message):
    client.force_login(organizer)
    client.cookies["django_language"] = language
    day = timezone.localdate() + datetime.timedelta(days=20)
    data = {
        "name": "X",
        "date": day.isoformat(),
        "start_time": "14:00",
        "hall": "Salle",
        "address": "Rue",
        "postcode": postcode,
        "town": "Mâcon",
        "preset": "ffb-belote",
        "format": "pairs",
        "contact": "M. Quéré",
    }
    response = client.post(reverse("tournaments:announce"), data)
    assert response.status_code == 422
    assert message in field_errors(response, "postcode")
    assert not Tournament.objects.exists()


def test_a_team_preregisters_confirms_from_its_mail_and_a_second_click_changes_nothing(
    client, organizer
):
    tournament = announce(organizer)
    url = reverse("tournaments:concours", args=[tournament.slug])
    first = client.post(url, team())
    again = client.post(url, team())
    assert first["Location"] == again["Location"]
    assert tournament.preregistrations.count() == 1
    (message,) = mail.outbox
    assert message.to == ["equipe1@example.org"]
    assert message.subject.startswith("Confirmez votre pré-inscription au concours du ")
    assert "Paiement sur place" in message.body
    page = text(client.get(first["Location"]))
    assert "Dernière étape : confirmez votre adresse e-mail" in page
    assert "retenue 30 minutes" in page
    (registration,) = tournament.preregistrations.all()
    assert registration.is_held
    # A mail program that opens the link confirms nothing; the button does.
    assert "Confirmer" in text(client.get(link_in(message, "confirmer")))
    registration.refresh_from_db()
    assert registration.is_held
    assert "votre équipe est inscrite" in text(confirm(client, message))
    registration.refresh_from_db()
    assert not registration.is_held and registration.status == PreRegistration.Status.CONFIRMED
    assert "votre équipe est inscrite" in text(confirm(client, message))  # twice: the same
    assert len(mail.outbox) == 1


@pytest.mark.parametrize(
    ("language", "data", "field", "message"),
    [
        ("fr", team(email="pas-un-mail"), "email", "Saisissez une adresse de courriel valide"),
        ("en", team(email="pas-un-mail"), "email", "Enter a valid email address"),
        ("fr", team(last_name2=""), "last_name2", "Ce champ est obligatoire"),
        ("en", team(last_name2=""), "last_name2", "This field is required"),
        ("fr", team(first_name2="Amélie", last_name2="Lefèvre1"), "last_name2", "même nom"),
        ("en", team(first_name2="Amélie", last_name2="Lefèvre1"), "last_name2", "same name"),
    ],
)
def test_a_bad_preregistration_is_told_next_to_its_field(
    client, organizer, language, data, field, message
):
    tournament = announce(organizer)
    client.cookies["django_language"] = language
    response = client.post(reverse("tournaments:concours", args=[tournament.slug]), data)
    assert response.status_code == 422
    assert message in field_errors(response, field)
    assert not tournament.preregistrations.exists() and not mail.outbox


def test_the_cancel_link_asks_first_then_cancels_and_offers_the_place_on(client, organizer):
    tournament = announce(organizer, max_teams=1)
    url = reverse("tournaments:concours", args=[tournament.slug])
    client.post(url, team(1))
    waiting = client.post(url, team(2))
    assert waiting["Location"].endswith("?attente=1")
    assert "Le concours est complet" in mail.outbox[1].body
    confirm(client, mail.outbox[0])
    assert "liste d'attente" in text(confirm(client, mail.outbox[1]))
    link = link_in(mail.outbox[0])
    assert "Oui, annuler" in text(client.get(link))  # a mail program's visit cancels nothing
    assert tournament.preregistrations.filter(status=PreRegistration.Status.CANCELLED).count() == 0
    assert "Pré-inscription annulée" in text(client.post(link))
    (moved,) = offers_queued()  # the messages feature queues the offer's mail
    assert moved.to == "equipe2@example.org" and "Une place s'est libérée" in moved.subject
    assert "n'était plus en cours" in text(client.post(link))
    assert len(mail.outbox) == 2 and len(offers_queued()) == 1
    statuses = list(tournament.preregistrations.values_list("status", flat=True))
    assert statuses == [PreRegistration.Status.CANCELLED, PreRegistration.Status.OFFERED]


def test_a_cancel_link_after_the_concours_says_so_without_a_button(client, organizer):
    tournament = announce(organizer, max_teams=1)
    client.post(reverse("tournaments:concours", args=[tournament.slug]), team(1))
    link = link_in(mail.outbox[0])
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    page = text(client.get(link))
    assert "ne s'annule plus en ligne" in page and "Oui, annuler" not in page
    results = reverse("tournaments:results_page", args=[tournament.slug])
    assert f'href="{results}"' in client.get(link).content.decode()
    assert "ne s'annule plus en ligne" in text(client.post(link))
    (registration,) = tournament.preregistrations.all()
    assert registration.status == PreRegistration.Status.CONFIRMED


def test_a_forged_cancel_link_is_refused_in_words(client, organizer):
    registration = pair(announce(organizer))
    response = client.post(
        reverse("tournaments:preregistration_cancel", args=[f"{registration.pk}:forged"])
    )
    assert response.status_code == 404
    assert "pas valable" in text(response)
    registration.refresh_from_db()
    assert registration.status == PreRegistration.Status.CONFIRMED


def test_the_public_form_is_throttled_per_connection(client, announced):
    tournament = announced
    url = reverse("tournaments:concours", args=[tournament.slug])
    for index in range(MAX_PER_CLIENT):
        assert client.post(url, team(index)).status_code == 302
    response = client.post(url, team(999))
    assert response.status_code == 429 and "Trop d'inscriptions" in text(response)
    assert tournament.preregistrations.count() == MAX_PER_CLIENT


def test_the_organizer_sees_the_lists_exports_them_and_takes_them_in(client, organizer):
    tournament = announce(organizer, max_teams=1)
    pair(tournament, 1)
    pair(tournament, 2)
    client.force_login(organizer)
    page = text(client.get(reverse("tournaments:preregistrations", args=[tournament.slug])))
    assert "Inscrites (1)" in page and "Liste d'attente (1)" in page
    csv = client.get(reverse("tournaments:preregistrations_csv", args=[tournament.slug]))
    lines = csv.content.decode("utf-8-sig").splitlines()
    assert lines[0].startswith("nom1;prenom1;nom2;prenom2") and len(lines) == 2
    client.post(reverse("tournaments:preregistrations_take_in", args=[tournament.slug]))
    (taken,) = tournament.teams.all()
    assert not taken.present and taken.player1.last_name == "Lefèvre1"


def test_another_organizer_sees_no_list(client, organizer, django_user_model):
    tournament = announce(organizer)
    client.force_login(django_user_model.objects.create_user("autre", password="x-Y-z-12345"))
    url = reverse("tournaments:preregistrations", args=[tournament.slug])
    assert client.get(url).status_code == 404


def test_the_cash_box_marks_the_teams_that_preregistered(client, organizer, django_user_model):
    from tournaments.services import registration as registration_services

    tournament = announce(organizer)
    Tournament.objects.filter(pk=tournament.pk).update(features=["cash"])
    pair(tournament, 1)
    client.force_login(organizer)
    client.post(reverse("tournaments:preregistrations_take_in", args=[tournament.slug]))
    registration_services.register_team(
        tournament=tournament,
        player1=registration_services.PlayerData("Zoé", "Dupré"),
        player2=registration_services.PlayerData("Loïc", "Hébert"),
    )
    page = text(client.get(reverse("tournaments:cash", args=[tournament.slug])))
    unpaid = page[page.index("Équipes qui n'ont pas payé") :]
    assert unpaid.count("pré-inscrite en ligne, paie sur place") == 1
    assert unpaid.index("Lefèvre1") < unpaid.index("pré-inscrite en ligne") < unpaid.index("Dupré")


def test_a_finished_concours_page_leads_to_its_results_a_coming_one_not(client, announced):
    tournament = announced
    page = reverse("tournaments:concours", args=[tournament.slug])
    results = f'href="{reverse("tournaments:results_page", args=[tournament.slug])}"'
    assert results not in client.get(page, follow=True).content.decode()
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    assert results in client.get(page, follow=True).content.decode()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("fr", "1 équipe pré-inscrite en ligne : à pointer à son arrivée."),
        ("en", "1 team pre-registered online: to be checked in on arrival."),
    ],
)
def test_the_laptop_imports_the_list_to_check_in_and_its_cash_box_knows(
    client, organizer, make_tournament, language, said
):
    """Offline (issue 26.2): the hosted list imported on the hall laptop
    says its teams are to be checked in, and the cash box marks them."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tournaments.features.calendar import queries as queries

    hosted = announce(organizer)
    pair(hosted, 1)
    laptop = make_tournament(name="Sur le portable", cash_enabled=True)
    client.force_login(organizer)
    client.cookies["django_language"] = language
    url = reverse("tournaments:team_import", args=[laptop.slug])
    upload = SimpleUploadedFile("preinscrits.csv", queries.preregistrations_csv(hosted))
    preview = client.post(url, {"file": upload, "preview": "1"})
    data = preview.context["confirm_form"]["data"].value()
    done = text(client.post(url, {"data": data, "confirm": "1"}, follow=True))
    assert said in done
    (taken,) = laptop.teams.all()
    assert not taken.present
    client.cookies["django_language"] = "fr"
    page = text(client.get(reverse("tournaments:cash", args=[laptop.slug])))
    assert page.count("pré-inscrite en ligne, paie sur place") == 1


@pytest.mark.parametrize(
    ("most", "taken", "said"),
    [
        (None, 3, ""),
        (2, 0, "2 places disponibles"),
        (1, 0, "1 place disponible"),
        (2, 1, "1 place restante sur 2"),
        (10, 1, "9 places restantes sur 10"),
        (2, 2, "Complet : inscription en liste d'attente"),
    ],
)
def test_the_places_left_are_said_in_plain_french(most, taken, said):
    """Issue 38 item 11: « 2 places restantes sur 2 » said nothing twice,
    and « place(s) » was no French for a player."""
    from tournaments.features.calendar.display import places_left

    assert places_left(most, taken) == said


@pytest.mark.parametrize("state", ["before", "during", "after"])
def test_an_announced_concours_has_one_public_page_before_during_and_after_its_day(
    client, organizer, state
):
    """Issue 38 item 11: one public page for one concours, its own
    (/t/<slug>/), before, during and after the day; the announcement's
    address (the poster's, the feeds', the mails') leads there for good
    (301). Before the day it holds the places left and the pre-registration
    form; during it, the parties; after it, the results."""
    from tests.factories import add_teams, draw_random_round

    tournament = announce(organizer, name="Concours de la fête", max_teams=24)
    Tournament.objects.filter(pk=tournament.pk).update(published=True)
    if state != "before":
        add_teams(tournament, 4)
        draw_random_round(tournament)
    if state == "after":
        Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()
    announced_at = reverse("tournaments:concours", args=[tournament.slug])
    answer = client.get(announced_at)
    assert answer.status_code == 301 and answer["Location"] == tournament.get_absolute_url()
    page = client.get(tournament.get_absolute_url())
    assert page.status_code == 200
    said = text(page)
    form = f'action="{announced_at}"'
    results = reverse("tournaments:results_page", args=[tournament.slug])
    shown = {
        "form": form in page.content.decode(),
        "places": "24 places disponibles" in said,
        "parties": "Partie 1" in said,
        "results": results in page.content.decode(),
    }
    assert shown == {
        "form": state == "before",
        "places": state == "before",
        "parties": state != "before",
        "results": state == "after",
    }


def test_before_the_day_each_visitor_gets_the_page_with_their_own_form(announced):
    """The concours's page holds the form before the day: it is never served
    from the page cache (a first visitor's CSRF token, an old count of the
    places), so a second visitor's pre-registration goes through."""
    tournament = announced
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    assert first.get(tournament.get_absolute_url()).status_code == 200
    page = second.get(tournament.get_absolute_url())
    assert not page.has_header("ETag")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())
    answer = second.post(
        reverse("tournaments:concours", args=[tournament.slug]),
        {**team(1), "csrfmiddlewaretoken": token.group(1)},
    )
    assert answer.status_code == 302 and tournament.preregistrations.count() == 1
