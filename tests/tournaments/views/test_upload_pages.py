"""Files read in the background (issue 35): the « being processed » page
while a file waits for its task, its outcome once read, the laptop's 202
and the address it asks again, the account's rate, and a task that runs
twice or fails. The tasks wait here (Django's dummy backend keeps them)
until a test runs them, as the worker would."""

from __future__ import annotations

import datetime
import io
import json
from html import unescape

import pytest
from django.conf import settings
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.features.halls.builders import declare, hall_file, post_hall, raw, upload
from tests.tournaments.services.test_publication import finished_backup, signed
from tests.tournaments.views.test_publication_pages import post_upload
from tournaments.features.halls import services as hall_services
from tournaments.features.halls.display import Action
from tournaments.features.halls.models import MergedHall
from tournaments.models import Tournament, Upload
from tournaments.services import publication as publication_services
from tournaments.services import uploads

pytestmark = pytest.mark.django_db

WAITING = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}


@pytest.fixture
def hosted(client, organizer, make_tournament):
    tournament = make_tournament(name="Concours des deux salles", date=datetime.date(2026, 12, 5))
    client.force_login(organizer)
    declare(client, tournament)
    return tournament


def halls_of(tournament) -> list[MergedHall]:
    return list(MergedHall.objects.filter(merge__tournament=tournament))


def run_tasks() -> None:
    """What the worker does: every waiting upload's task."""
    for upload_id in Upload.objects.filter(state=Upload.State.WAITING).values_list("pk", flat=True):
        uploads.process_upload.call(upload_id)


@override_settings(TASKS=WAITING)
def test_a_file_waits_on_its_page_which_then_shows_the_outcome(client, organizer, hosted):
    vic = halls_of(hosted)[0]
    answer = upload(client, hosted, vic, raw(hall_file(organizer, name="Vic")))
    page_url = answer.url
    assert answer.status_code == 302 and page_url.startswith("/organisation/envois/")
    page = unescape(client.get(page_url).content.decode())
    assert 'role="status"' in page and 'aria-live="polite"' in page
    assert 'data-upload-state="waiting"' in page and 'hx-trigger="every 2s"' in page
    assert "en cours de traitement" in page and "Actualiser la page" in page
    vic.refresh_from_db()
    assert vic.document is None
    run_tasks()
    page = unescape(client.get(page_url).content.decode())
    assert 'data-upload-state="done"' in page and "hx-trigger" not in page
    assert "Fichier de « Salle des fêtes de Vic » reçu." in page
    assert reverse("tournaments:halls_manage", args=[hosted.slug]) in page
    vic.refresh_from_db()
    assert vic.document is not None and Upload.objects.get().body == b""


@override_settings(TASKS=WAITING)
def test_a_refusal_found_by_the_task_is_a_sentence_on_the_page(client, organizer, hosted):
    vic = halls_of(hosted)[0]
    doc = hall_file(organizer, name="Vic")
    doc["rounds"][0]["tables"][0]["totals"]["A"] += 10
    page_url = upload(client, hosted, vic, raw(doc)).url
    run_tasks()
    page = unescape(client.get(page_url).content.decode())
    assert 'data-upload-state="refused"' in page and "le vérificateur y trouve" in page


def test_with_tasks_run_at_once_the_outcome_comes_back_as_before(client, organizer, hosted):
    vic = halls_of(hosted)[0]
    answer = upload(client, hosted, vic, raw(hall_file(organizer, name="Vic")))
    assert answer.url == reverse("tournaments:halls_manage", args=[hosted.slug])
    assert "Fichier de « Salle des fêtes de Vic » reçu." in unescape(
        client.get(answer.url).content.decode()
    )


@override_settings(TASKS=WAITING)
def test_someone_elses_upload_page_is_not_found(client, organizer, hosted, django_user_model):
    vic = halls_of(hosted)[0]
    page_url = upload(client, hosted, vic, raw(hall_file(organizer, name="Vic"))).url
    client.force_login(django_user_model.objects.create_user("autre"))
    assert client.get(page_url).status_code == 404


@override_settings(TASKS=WAITING)
def test_a_task_run_twice_records_the_file_once(client, organizer, hosted):
    vic = halls_of(hosted)[0]
    upload(client, hosted, vic, raw(hall_file(organizer, name="Vic")))
    upload_id = Upload.objects.get().pk
    assert uploads.process_upload.call(upload_id) == Upload.State.DONE
    assert uploads.process_upload.call(upload_id) == "already done"
    assert hosted.changes.filter(action=Action.HALL_FILE).count() == 1


@override_settings(TASKS=WAITING)
def test_a_task_that_fails_unexpectedly_leaves_a_sentence(
    client, organizer, hosted, monkeypatch, caplog
):
    vic = halls_of(hosted)[0]
    page_url = upload(client, hosted, vic, raw(hall_file(organizer, name="Vic"))).url

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(hall_services, "check_hall_file", broken)
    run_tasks()
    page = unescape(client.get(page_url).content.decode())
    assert "Le fichier n'a pas pu être lu (erreur du site) : rien n'a changé." in page
    vic.refresh_from_db()
    assert vic.document is None


@override_settings(TASKS=WAITING)
def test_an_upload_lost_with_its_worker_says_so(client, organizer, hosted):
    vic = halls_of(hosted)[0]
    page_url = upload(client, hosted, vic, raw(hall_file(organizer, name="Vic"))).url
    Upload.objects.update(created_at=timezone.now() - datetime.timedelta(minutes=16))
    page = unescape(client.get(page_url).content.decode())
    assert "n'a pas abouti" in page and "hx-trigger" not in page


@override_settings(TASKS=WAITING)
def test_the_outcome_is_said_in_the_language_of_the_upload(client, organizer, hosted):
    vic = halls_of(hosted)[0]
    doc = hall_file(organizer, name="Vic")
    doc["concours"]["date"] = "2020-01-01"
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page_url = upload(client, hosted, vic, raw(doc)).url
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"  # read later in French: still English
    run_tasks()
    page = unescape(client.get(page_url).content.decode())
    assert "File refused, nothing has changed: it is the file of another concours" in page


def test_one_account_uploads_a_few_files_an_hour(client, organizer, hosted, monkeypatch):
    monkeypatch.setattr(uploads, "MAX_PER_ACCOUNT", 2)
    vic = halls_of(hosted)[0]
    for _ in range(2):
        answer = upload(client, hosted, vic, b"{}")
        assert "pas un « Fichier du concours »" in unescape(answer.content.decode())
    answer = upload(client, hosted, vic, raw(hall_file(organizer, name="Vic")))
    assert answer.status_code == 422
    assert "Trop d'envois pour ce compte : 2 par heure au plus" in unescape(answer.content.decode())
    vic.refresh_from_db()
    assert vic.document is None and not Upload.objects.exists()


def test_a_backup_past_a_count_is_refused_in_the_request(client, organizer):
    client.force_login(organizer)
    sections = ("players", "rounds", "teams", "tables", "seats", "deals", "penalties")
    doc = {"format": "belote-tournois/backup", "version": 4, **{name: [] for name in sections}}
    doc["changes"] = [{}] * 50_001
    body = json.dumps(doc).encode()
    answer = client.post(
        reverse("tournaments:backup_upload"),
        {"file": io.BytesIO(body)},
    )
    assert answer.status_code == 422
    assert "50001, au plus 50000" in unescape(answer.content.decode())
    assert not Upload.objects.exists()


@override_settings(TASKS=WAITING)
def test_a_laptops_signed_hall_file_is_answered_202_and_asked_again(client, organizer, hosted):
    vic = halls_of(hosted)[0]
    secret = hall_services.new_hall_key(tournament=hosted, hall_id=vic.pk).secret
    values = signed(secret, raw(hall_file(organizer, name="Vic")))
    answer = post_hall(client, values)
    assert answer.status_code == 202, answer.content
    poll = answer.json()["poll"]
    assert "/envois/" in poll and answer.json()["status"].startswith("Fichier reçu")
    assert client.get(poll).status_code == 202
    assert post_hall(client, values).status_code == 409  # sent again while it waits
    run_tasks()
    done = client.get(poll)
    assert done.status_code == 201 and done.json()["hall"] == "Salle des fêtes de Vic"


@override_settings(TASKS=WAITING)
def test_a_laptops_signed_backup_is_published_by_the_task(client, organizer):
    secret = publication_services.create_key(owner=organizer).secret
    answer = post_upload(client, signed(secret, finished_backup(organizer)))
    assert answer.status_code == 202 and not Tournament.objects.filter(published=True).exists()
    run_tasks()
    done = client.get(answer.json()["poll"])
    assert done.status_code == 201
    assert Tournament.objects.get(slug=done.json()["slug"]).published
