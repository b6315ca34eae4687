"""The way out of a lock-out on the hall (issue 35, item 10), as the evening
goes: someone on the hall's Wi-Fi has typed ten wrong passwords for the
organizer's account; the organizer, on her phone (390 px, a browser the
account does not know), types the right one and is refused, and reads
where to go; on the laptop that runs the server she types it again and is
in. The phone's address reaches the app as a proxy would pass it on
(X-Forwarded-For from 127.0.0.1, a trusted proxy here): the browser itself
can only speak from 127.0.0.1, which is the laptop's. On a real hall
server: tests/hall/test_lockout_on_the_laptop.py.

Set BROWSER_SCREENSHOTS to a folder to keep the screenshots."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.session import log_in
from tests.browser.shots import DESK, PHONE, shot
from tests.factories import PASSWORD
from tournaments.views.auth import MAX_CHECKS_PER_ACCOUNT

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_laptop_signs_in_while_the_phone_is_locked_out(
    live_server, open_page, organizer, settings, faults
):
    """Browser: 390 px layout, axe."""
    settings.HALL = True
    settings.TRUSTED_PROXIES = ["127.0.0.1/32"]
    guesser = Client()
    for n in range(MAX_CHECKS_PER_ACCOUNT):
        wrong = {"username": "orga", "password": f"faux-{n}"}
        assert guesser.post(reverse("login"), wrong, REMOTE_ADDR=f"10.0.4.{n}").status_code == 200

    phone = open_page(
        viewport=PHONE,
        has_touch=True,
        is_mobile=True,
        extra_http_headers={"X-Forwarded-For": "192.168.1.30"},
    )
    phone.goto(live_server.url + "/compte/connexion/")
    phone.locator("#id_username").fill("orga")
    phone.locator("#id_password").fill(PASSWORD)
    phone.locator("#id_password").press("Enter")
    expect(phone.locator(".errorlist")).to_contain_text("Trop d'essais manqués")
    port = live_server.url.rsplit(":", 1)[1]
    expect(phone.locator(".laptop-login")).to_contain_text(
        "Bloqué par des essais qui ne sont pas les vôtres ? L'ordinateur de la salle n'est pas "
        "bloqué : connectez-vous sur l'ordinateur qui fait tourner le serveur, à cette adresse :"
    )
    address = f"http://127.0.0.1:{port}/"
    expect(phone.locator(".laptop-address")).to_have_text(address)
    shot(phone, "lockout-phone")
    # The refusal is the page's answer (429): Chromium logs it, and only it.
    refused = faults.expected(429)
    assert len(refused) == 1 and "/compte/connexion/" in refused[0].url, faults.answers

    laptop = open_page(viewport=DESK)
    log_in(laptop, live_server.url, form=True)  # the laptop signs in where the phone is locked out
    laptop.goto(live_server.url + "/organisation/")
    expect(laptop.locator(".who")).to_have_text("orga")
    shot(laptop, "lockout-laptop")
