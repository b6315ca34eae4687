"""A concours played in several halls (issue 27), as pages: the organizer's
halls page (declare, upload, keys), the public merged ranking, the hall
laptop's signed endpoint (never a 500), and the attacks: a forged or
replayed hall key, another organizer's concours."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from tests import factories
from tests.tournaments.features.halls.builders import (
    RECEIVE,
    declare,
    hall_file,
    post_hall,
    raw,
    upload,
)
from tests.tournaments.services.test_publication import signed
from tests.tournaments.views.test_publication_pages import post_upload
from tournaments.features.halls import services
from tournaments.features.halls.models import MergedHall
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def hosted(organizer):
    return factories.build_tournament(owner=organizer, name="Concours des deux salles")


def test_the_organizer_declares_halls_uploads_a_file_and_reads_the_states(
    client, organizer, hosted
):
    client.force_login(organizer)
    page = client.get(reverse("tournaments:halls_manage", args=[hosted.slug]))
    assert page.status_code == 200 and "une seule salle" in page.content.decode()
    assert declare(client, hosted).status_code == 302
    vic, _lembeye = MergedHall.objects.order_by("position")
    answer = upload(client, hosted, vic, raw(hall_file(organizer, name="Vic")))
    assert answer.status_code == 302
    page = client.get(reverse("tournaments:halls_manage", args=[hosted.slug])).content.decode()
    assert "reçue à " in page and "4 équipes, 2 parties sur 2" in page
    assert "attendue" in page and "Classement provisoire" in page
    assert "1 salle sur 2 a envoyé son fichier." in page
    # The public page, linked from the concours's page.
    detail = client.get(reverse("tournaments:detail", args=[hosted.slug])).content.decode()
    public_url = reverse("tournaments:halls_public", args=[hosted.slug])
    assert public_url in detail
    client.logout()
    public = client.get(public_url).content.decode()
    assert "Classement provisoire" in public and "Salle des fêtes de Vic" in public
    assert "Déposer" not in public and "clé" not in public.lower()


def test_a_bad_file_is_said_next_to_the_field(client, organizer, hosted):
    client.force_login(organizer)
    declare(client, hosted)
    vic = MergedHall.objects.order_by("position").first()
    answer = upload(client, hosted, vic, b"pas du json")
    assert answer.status_code == 422
    html = answer.content.decode()
    field = html.split(f'id="field-hall{vic.pk}-file"')[1].split("</div>")[0]
    assert "il ne se lit pas en JSON" in field
    vic.refresh_from_db()
    assert vic.document is None


def test_a_changed_file_is_refused_in_english_next_to_the_field(client, organizer, hosted):
    client.force_login(organizer)
    client.cookies["django_language"] = "en"
    declare(client, hosted)
    vic = MergedHall.objects.order_by("position").first()
    doc = hall_file(organizer, name="Vic")
    doc["rounds"][0]["tables"][0]["totals"]["A"] += 5
    answer = upload(client, hosted, vic, raw(doc))
    assert answer.status_code == 422
    field = answer.content.decode().split(f'id="field-hall{vic.pk}-file"')[1].split("</div>")[0]
    assert "the file has been changed: Round 1, table 1: the totals are" in field, field
    assert "the deals and penalties add up to" in field
    assert "Partie" not in field and "dans le fichier" not in field


def test_bad_hall_lists_are_said_next_to_the_field(client, organizer, hosted):
    client.force_login(organizer)
    answer = declare(client, hosted, halls="Vic\nvic")
    assert answer.status_code == 422
    field = answer.content.decode().split('id="field-halls"')[1].split("</div>")[0]
    assert "écrite deux fois" in field
    assert not MergedHall.objects.exists()


def test_a_key_is_shown_once_then_the_hall_sends_its_file(client, organizer, hosted):
    client.force_login(organizer)
    declare(client, hosted)
    lembeye = MergedHall.objects.order_by("position").last()
    client.post(reverse("tournaments:hall_key", args=[hosted.slug, lembeye.pk]))
    page = client.get(reverse("tournaments:halls_manage", args=[hosted.slug])).content.decode()
    secret = page.split(f'id="hall-key-{lembeye.pk}" class="new-key" type="text" readonly value="')[
        1
    ].split('"')[0]
    assert secret.startswith("bs_") and RECEIVE in page
    again = client.get(reverse("tournaments:halls_manage", args=[hosted.slug])).content.decode()
    assert secret not in again
    client.logout()
    values = signed(secret, raw(hall_file(organizer, name="Lembeye")))
    answer = post_hall(client, values)
    assert answer.status_code == 201, answer.content
    assert answer.json()["hall"] == "Foyer rural de Lembeye"
    assert answer.json()["status"].startswith("reçue à ")
    # Replayed as it was: refused, said.
    replayed = post_hall(client, values)
    assert replayed.status_code == 409 and "déjà été reçu" in replayed.json()["error"]


@pytest.mark.parametrize(
    ("forge", "status"),
    [
        (lambda v: {**v, "secret": "bs_forged"}, 401),
        (lambda v: {**v, "signature": "f" * 64}, 400),
        (lambda v: {**v, "moment": "hier"}, 400),
        (lambda v: {**v, "body": b"{}"}, 400),
    ],
)
def test_a_forged_hall_upload_is_refused_in_a_sentence(client, organizer, hosted, forge, status):
    services.declare_halls(tournament=hosted, names=["Vic", "Lembeye"], planned=2, by=organizer)
    hall = MergedHall.objects.get(name="Lembeye")
    secret = services.new_hall_key(tournament=hosted, hall_id=hall.pk).secret
    answer = post_hall(client, forge(signed(secret, raw(hall_file(organizer, name="L")))))
    assert answer.status_code == status and answer.json()["error"]
    hall.refresh_from_db()
    assert hall.document is None


def test_a_hall_key_is_not_a_publication_key_nor_the_other_way(client, organizer, hosted):
    services.declare_halls(tournament=hosted, names=["Vic", "Lembeye"], planned=2, by=organizer)
    hall = MergedHall.objects.get(name="Vic")
    secret = services.new_hall_key(tournament=hosted, hall_id=hall.pk).secret
    # A hall's key does not publish a concours.
    answer = post_upload(client, signed(secret, raw(hall_file(organizer, name="V"))))
    assert answer.status_code == 401
    assert Tournament.objects.filter(published=True).count() == 1  # the hosted one only


def test_another_organizer_neither_sees_nor_feeds_the_halls(client, organizer, hosted):
    services.declare_halls(tournament=hosted, names=["Vic", "Lembeye"], planned=2, by=organizer)
    hall = MergedHall.objects.get(name="Vic")
    intruder = type(organizer).objects.create_user("intrus", password=factories.PASSWORD)
    own = factories.build_tournament(owner=intruder, name="Concours de l'intrus")
    client.force_login(intruder)
    body = raw(hall_file(organizer, name="V"))
    for slug in (hosted.slug, own.slug):  # their concours, or the hall under their own
        assert upload(client, Tournament.objects.get(slug=slug), hall, body).status_code == 404
        key = client.post(reverse("tournaments:hall_key", args=[slug, hall.pk]))
        assert key.status_code == 404
    assert client.get(reverse("tournaments:halls_manage", args=[hosted.slug])).status_code == 404
    hall.refresh_from_db()
    assert hall.document is None and hall.key_digest is None


def test_a_concours_in_one_hall_has_no_public_halls_page(client, hosted):
    assert client.get(reverse("tournaments:halls_public", args=[hosted.slug])).status_code == 404
    page = client.get(reverse("tournaments:detail", args=[hosted.slug])).content.decode()
    assert "toutes les salles" not in page


def test_the_public_page_of_an_unpublished_concours_is_hidden(client, organizer, hosted):
    services.declare_halls(tournament=hosted, names=["Vic", "Lembeye"], planned=2, by=organizer)
    Tournament.objects.filter(pk=hosted.pk).update(published=False)
    assert client.get(reverse("tournaments:halls_public", args=[hosted.slug])).status_code == 404


def test_the_endpoint_answers_json_to_a_get_or_garbage(client):
    assert client.get(RECEIVE).status_code == 405
    answer = client.post(RECEIVE, data=b"\x00\xff", content_type="application/json")
    assert answer.status_code == 401 and json.loads(answer.content)["error"]


def test_the_hall_laptops_send_refuses_a_key_that_is_not_a_halls(client, organizer, hosted):
    client.force_login(organizer)
    url = reverse("tournaments:hall_send", args=[hosted.slug])
    answer = client.post(url, {"url": "https://belote.example.fr", "key": "bp_publication"})
    assert answer.status_code == 422
    field = answer.content.decode().split('id="field-key"')[1].split("</div>")[0]
    assert "Ce n&#x27;est pas une clé de salle" in field


def test_the_hall_laptops_send_says_when_the_site_does_not_answer(client, organizer, hosted):
    import socket

    with socket.socket() as closed:  # a port nobody listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    client.force_login(organizer)
    url = reverse("tournaments:hall_send", args=[hosted.slug])
    answer = client.post(url, {"url": f"http://127.0.0.1:{port}", "key": "bs_unknown"})
    assert answer.status_code == 422
    assert "Le site en ligne ne répond pas" in answer.content.decode()


def test_the_endpoint_is_throttled_per_key_and_per_address(client, organizer, hosted, monkeypatch):
    from tournaments.views import uploads

    services.declare_halls(tournament=hosted, names=["Vic", "Lembeye"], planned=2, by=organizer)
    hall = MergedHall.objects.get(name="Vic")
    secret = services.new_hall_key(tournament=hosted, hall_id=hall.pk).secret
    monkeypatch.setattr(uploads, "MAX_PER_KEY", 2)
    codes = [post_hall(client, signed(secret, b"{}")).status_code for _ in range(3)]
    assert codes == [422, 422, 429]
    monkeypatch.setattr(uploads, "MAX_PER_KEY", 100)
    monkeypatch.setattr(uploads, "MAX_PER_CLIENT", 3)
    assert post_hall(client, signed("bs_other", b"{}")).status_code == 429
    hall.refresh_from_db()
    assert hall.document is None


def test_the_halls_pages_speak_english_too(client, organizer, hosted):
    services.declare_halls(tournament=hosted, names=["Vic", "Lembeye"], planned=2, by=organizer)
    vic = MergedHall.objects.get(name="Vic")
    services.receive_hall_file(hall=vic, raw=raw(hall_file(organizer, name="V")))
    client.cookies["django_language"] = "en"
    public = client.get(reverse("tournaments:halls_public", args=[hosted.slug])).content.decode()
    assert "Provisional ranking" in public and "1 hall of 2 has sent its file." in public
    assert "awaited" in public and re.search(
        r"received at \d+:\d\d: 4 teams, 2 parties of 2", public
    )
    client.force_login(organizer)
    page = client.get(reverse("tournaments:halls_manage", args=[hosted.slug])).content.decode()
    assert "Concours played in several halls" in page and "Send this hall's file" in page
    for french in ("attendue", "reçue", "Classement", "Toutes les salles", "Provisoire"):
        assert french not in public, french


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("fr", "Le fichier de concours est mal formé (à « teams[0] » : le champ « name » manque"),
        ("en", "The concours file is malformed (at “teams[0]”: the field “name” is missing"),
    ],
)
def test_a_file_out_of_its_format_is_refused_with_the_path_of_the_fault(
    client, organizer, hosted, language, said
):
    client.force_login(organizer)
    client.cookies["django_language"] = language
    declare(client, hosted)
    vic = MergedHall.objects.order_by("position").first()
    doc = hall_file(organizer, name="Vic")
    del doc["teams"][0]["name"]
    answer = upload(client, hosted, vic, raw(doc))
    assert answer.status_code == 422
    field = answer.content.decode().split(f'id="field-hall{vic.pk}-file"')[1].split("</div>")[0]
    assert said in field, field
    vic.refresh_from_db()
    assert vic.document is None
