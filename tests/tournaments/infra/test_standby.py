"""The standby laptop's address as the organizer types it (`hall --secours`),
the ping's words, and the desk of a laptop that took the hall over: its
address big, with its QR code (infra/standby.py, issue 39)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.infra import standby


@pytest.mark.parametrize(
    ("typed", "origin"),
    [
        ("http://192.168.1.21:8000", "http://192.168.1.21:8000"),
        ("http://192.168.1.21:8000/", "http://192.168.1.21:8000"),
        (" https://secours.lan ", "https://secours.lan"),
        ("http://[fe80::1]:8000", "http://[fe80::1]:8000"),
        ("192.168.1.21:8000", None),  # no scheme: a phone could not go there
        ("192.168.1.21", None),
        ("javascript:alert(1)", None),
        ("ftp://192.168.1.21", None),
        ("http://u:p@192.168.1.21:8000", None),
        ("http://192.168.1.21:8000/saisie/", None),
        ("http://192.168.1.21:8000/?x=1", None),
        ("http://192.168.1.21:port", None),
        ("http://", None),
        ("", None),
    ],
)
def test_the_standby_address_as_typed(typed, origin):
    assert standby.address(typed) == origin


def test_the_hall_taken_over_is_kept_in_the_data_folder(tmp_path, monkeypatch):
    for name in ("IDENTITY", "REPLACES", "STANDBY"):
        monkeypatch.setattr(standby, name, "")
    standby.start(tmp_path, identity="b2", standby="http://s:1")
    assert standby.ping() == {"hall": "b2", "replaces": ""}
    assert standby.page() == {"hall": "b2", "standby": "http://s:1"}
    standby.took_over(tmp_path, "a1")
    assert standby.ping() == {"hall": "b2", "replaces": "a1"}
    standby.start(tmp_path, identity="b2")  # restarted
    assert standby.ping() == {"hall": "b2", "replaces": "a1"}


def test_the_pages_may_connect_to_their_origin_and_the_standby_only():
    policy = {"default-src": ["'self'"], "script-src": ["'self'"]}
    widened = standby.csp_with(policy, "http://192.168.1.21:8000")
    assert widened == policy | {"connect-src": ["'self'", "http://192.168.1.21:8000"]}
    assert policy == {"default-src": ["'self'"], "script-src": ["'self'"]}  # not changed in place


def test_the_ping_is_read_by_any_origin_and_sets_no_cookie(client, monkeypatch):
    monkeypatch.setattr(standby, "IDENTITY", "b2")
    monkeypatch.setattr(standby, "REPLACES", "a1")
    response = client.get(reverse("tournaments:hall_ping"), HTTP_ORIGIN="http://salle.lan:8000")
    assert response.status_code == 200
    assert response.json() == {"hall": "b2", "replaces": "a1"}
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "Access-Control-Allow-Credentials" not in response
    assert not response.cookies
    assert client.post(reverse("tournaments:hall_ping")).status_code == 405


@pytest.mark.django_db
@pytest.mark.parametrize(("replaces", "shown"), [("a1", True), ("", False)])
def test_the_desk_of_a_laptop_that_took_over_shows_its_address_big(
    client, organizer, monkeypatch, replaces, shown
):
    monkeypatch.setattr(standby, "REPLACES", replaces)
    client.force_login(organizer)
    text = client.get(reverse("tournaments:dashboard")).content.decode()
    assert ("Téléphones : scannez ceci" in text) is shown
    assert ('<section class="phones-here' in text) is shown
    if shown:
        section = text.split('<section class="phones-here')[1].split("</section>")[0]
        assert "<svg" in section and "http://testserver/" in section
