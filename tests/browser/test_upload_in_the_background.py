"""A hall's file read in the background (issue 35), in a real browser: the
organizer, from the keyboard, first uploads a hostile file (600 parties),
refused next to the field at once with the limit it passes; then the
hall's real file, answered at once with its « being processed » page,
which the task worker (django-tasks-db's, in a thread here as in the
hall) reads; the page shows the outcome by itself, in its live region,
and its link leads back to the halls, the file received. The page is
looked at on a phone's width too. The page fixtures fail on any 5xx,
console error, axe violation or element wider than the screen. Set
BROWSER_SCREENSHOTS to a folder to keep the screenshots."""

from __future__ import annotations

import datetime
import json

import pytest
from django.test import override_settings
from playwright.sync_api import Page, expect

from bench import hostile
from tests import factories
from tests.browser.session import log_in
from tests.browser.test_simultaneous_halls import DESK, PHONE, VIC, press, shot
from tests.tournaments.features.halls.builders import hall_file
from tournaments.features.halls import services as halls
from tournaments.infra.tasks import WorkerThread

pytestmark = pytest.mark.django_db(transaction=True)

DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


@override_settings(TASKS=DATABASE_TASKS)
def test_a_halls_file_waits_on_its_page_then_the_page_shows_it_received(
    live_server, page: Page, faults, organizer, tmp_path
):
    """Browser: 390 px layout, htmx swaps, axe."""
    tournament = factories.build_tournament(
        owner=organizer, name="Concours des deux salles", date=datetime.date(2026, 12, 5)
    )
    halls.declare_halls(tournament=tournament, names=[VIC, "Lembeye"], planned=2, by=organizer)
    huge = hostile.concours_file(parties=600, deals=1)
    huge["concours"]["date"] = tournament.date.isoformat()
    (tmp_path / "huge.json.gz").write_bytes(hostile.gzipped(huge))
    (tmp_path / "vic.json").write_text(
        json.dumps(hall_file(organizer, name="Vic", teams=4)), encoding="utf-8"
    )
    url = live_server.url
    page.set_viewport_size(DESK)
    log_in(page, url)
    page.goto(f"{url}/organisation/t/{tournament.slug}/salles/")
    vic = page.locator(".hall", has_text=VIC)
    button = vic.get_by_role("button", name=f"Déposer le fichier de « {VIC} »")

    # A hostile file: refused at once, next to its field, with the limit.
    vic.locator("input[type=file]").set_input_files(str(tmp_path / "huge.json.gz"))
    press(page, button)
    expect(vic.locator(".errorlist")).to_contain_text("il compte 600 parties, au plus 36")
    shot(page, "upload-refused")
    # A form refused answers 422, which Chromium logs: that one is expected.
    expected = faults.expected(422, "/fichier/")
    assert len(expected) == 1, faults.answers

    # The hall's file: answered at once, read in the background.
    vic = page.locator(".hall", has_text=VIC)
    vic.locator("input[type=file]").set_input_files(str(tmp_path / "vic.json"))
    press(page, vic.get_by_role("button", name=f"Déposer le fichier de « {VIC} »"))
    expect(page.get_by_role("heading", name="Fichier envoyé")).to_be_visible()
    state = page.get_by_role("status")
    expect(state).to_contain_text("Fichier reçu : il est en cours de traitement.")
    expect(page.get_by_role("link", name="Actualiser la page")).to_be_visible()
    shot(page, "upload-waiting")
    page.set_viewport_size(PHONE)
    shot(page, "upload-waiting-phone")
    page.set_viewport_size(DESK)

    worker = WorkerThread().start()
    try:
        expect(state).to_contain_text(f"Fichier de « {VIC} » reçu.", timeout=30_000)
    finally:
        worker.stop()
    shot(page, "upload-done")
    press(page, page.get_by_role("link", name="Retour aux salles du concours"))
    expect(page.locator(".hall", has_text=VIC).locator(".hall-status")).to_contain_text("reçue à")
