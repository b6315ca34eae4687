"""The standby laptop's address as the organizer types it (`hall --secours`),
the ping's words, and the desk of a laptop that took the hall over: its
address big, with its QR code (infra/standby.py, issue 39)."""

from __future__ import annotations

import hashlib
import hmac
import re

import pytest
from django.urls import reverse

from tournaments.display import hall as hall_display
from tournaments.infra import standby
from tournaments.views import offline


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
    for name in ("IDENTITY", "REPLACES", "STANDBY", "FORMER", "HERE"):
        monkeypatch.setattr(standby, name, "")
    standby.start(tmp_path, identity="b2", standby="http://s:1")
    assert standby.ping() == {"hall": "b2", "replaces": ""}
    assert standby.page() == {"hall": "b2", "standby": "http://s:1"}
    standby.took_over(tmp_path, "a1")
    assert standby.ping() == {"hall": "b2", "replaces": "a1"}
    standby.start(tmp_path, identity="b2")  # restarted
    assert standby.ping() == {"hall": "b2", "replaces": "a1"}
    assert standby.FORMER == ""  # its address unknown


@pytest.mark.parametrize(
    ("recorded", "former"),
    [
        ("http://salle.lan:8000", "http://salle.lan:8000"),
        ("http://192.168.1.20:8000/", "http://192.168.1.20:8000"),
        ("javascript:alert(1)", ""),
        ("http://salle.lan:8000/autre/", ""),
        ("", ""),
    ],
)
def test_the_address_of_the_laptop_taken_over_is_kept_too(tmp_path, monkeypatch, recorded, former):
    for name in ("IDENTITY", "REPLACES", "STANDBY", "FORMER", "HERE"):
        monkeypatch.setattr(standby, name, "")
    standby.took_over(tmp_path, "a1", recorded)
    assert former == standby.FORMER
    monkeypatch.setattr(standby, "FORMER", "?")
    standby.start(tmp_path, identity="b2")  # restarted
    assert former == standby.FORMER
    (tmp_path / standby.FORMER_FILE).write_text(recorded, encoding="ascii")  # written by hand
    standby.start(tmp_path, identity="b2")
    assert former == standby.FORMER


def test_a_laptop_that_took_nothing_over_has_no_former_address(tmp_path, monkeypatch):
    for name in ("IDENTITY", "REPLACES", "STANDBY", "HERE"):
        monkeypatch.setattr(standby, name, "")
    monkeypatch.setattr(standby, "FORMER", "?")
    (tmp_path / standby.FORMER_FILE).write_text("http://salle.lan:8000", encoding="ascii")
    standby.start(tmp_path, identity="b2")
    assert standby.FORMER == ""


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


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("former", "opens"),
    [
        ("http://salle.lan:8000", "http://salle.lan:8000/reprise/#vers=http://testserver"),
        ("", "http://testserver/"),
    ],
)
def test_the_desk_qr_code_opens_the_first_laptops_resume_page_when_its_address_is_known(
    client, organizer, monkeypatch, former, opens
):
    monkeypatch.setattr(standby, "REPLACES", "a1")
    monkeypatch.setattr(standby, "FORMER", former)
    client.force_login(organizer)
    text = client.get(reverse("tournaments:dashboard")).content.decode()
    section = text.split('<section class="phones-here')[1].split("</section>")[0]
    assert f'data-opens="{opens}"' in section
    assert '<p class="phones-here-url">http://testserver/</p>' in section  # typed by a new phone
    assert hall_display.phones_qr("http://testserver/", former).svg in section
    assert (
        hall_display.phones_qr("http://testserver/", former).svg
        != hall_display.phones_qr("http://testserver/", "http://autre.lan:1").svg
    )


def test_the_qr_code_of_the_resume_page_names_the_new_address_as_an_origin():
    qr = hall_display.phones_qr("http://192.168.1.21:8001/", "http://salle.lan:8000")
    assert qr.url == "http://192.168.1.21:8001/"
    assert qr.opens == "http://salle.lan:8000/reprise/#vers=http://192.168.1.21:8001"


@pytest.mark.django_db
def test_the_resume_page_is_whole_in_itself_kept_for_the_day_and_sets_no_cookie(
    client, monkeypatch
):
    monkeypatch.setattr(standby, "IDENTITY", "a1")
    response = client.get(reverse("tournaments:hall_resume"))
    assert response.status_code == 200
    assert response["Cache-Control"] == f"private, max-age={offline.RESUME_KEPT}"
    assert "Cookie" not in response.get("Vary", "")
    assert not response.cookies
    text = response.content.decode()
    assert 'data-hall="a1"' in text
    nonce = re.search(r'data-nonce="([0-9a-f]{32})"', text).group(1)
    assert f'data-key="{standby.page_key(nonce)}"' in text
    # Each copy its own number: a key read from one phone proves nothing on another.
    assert nonce not in client.get(reverse("tournaments:hall_resume")).content.decode()
    assert "<script src" not in text and '<link rel="stylesheet"' not in text
    policy = dict(
        part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";")
    )
    # Its own inline scripts and style only, by their hashes; any address's ping.
    scripts = re.findall(r"<script>(.*?)</script>", text, re.S)
    assert len(scripts) == len(offline.RESUME_SCRIPTS) == 4
    assert policy["script-src"].split() == [offline._sha256(s) for s in scripts]
    style = re.search(r"<style>(.*?)</style>", text, re.S).group(1)
    assert policy["style-src"] == offline._sha256(style)
    assert policy["connect-src"] == "http: https:"
    assert policy["default-src"] == "'none'"
    assert client.post(reverse("tournaments:hall_resume")).status_code == 405


@pytest.mark.parametrize(
    ("url", "origin"),
    [
        ("http://192.168.1.21:8000", "http://192.168.1.21:8000"),
        ("http://Portable-2.LAN:8000/", "http://portable-2.lan:8000"),
        ("http://salle.lan:80", "http://salle.lan"),
        ("https://salle.lan:443", "https://salle.lan"),
        ("http://[FE80::1]:8000", "http://[fe80::1]:8000"),
        ("salle.lan:8000", ""),
        ("", ""),
    ],
)
def test_this_halls_address_as_a_browser_names_its_origin(url, origin):
    assert standby.origin(url) == origin


NONCE = "0123456789abcdef" * 2


@pytest.mark.parametrize(
    ("replaces", "here", "nonce", "proven"),
    [
        ("a1", "http://b.lan:8001", NONCE, True),
        ("", "http://b.lan:8001", NONCE, False),  # took nothing over
        ("a1", "", NONCE, False),  # its address unknown
        ("a1", "http://b.lan:8001", "", False),
        ("a1", "http://b.lan:8001", NONCE[:-1], False),
        ("a1", "http://b.lan:8001", NONCE.upper(), False),
        ("a1", "http://b.lan:8001", NONCE + "0", False),
    ],
)
def test_the_ping_proves_the_takeover_for_its_own_address_only(
    monkeypatch, replaces, here, nonce, proven
):
    monkeypatch.setattr(standby, "IDENTITY", "b2")
    monkeypatch.setattr(standby, "REPLACES", replaces)
    monkeypatch.setattr(standby, "HERE", here)
    answer = standby.ping(nonce)
    assert ("proof" in answer) is proven
    if proven:
        key = standby.page_key(nonce).encode()
        assert answer["proof"] == hmac.new(key, b"http://b.lan:8001", hashlib.sha256).hexdigest()
        assert answer["proof"] != hmac.new(key, b"http://evil.lan:1", hashlib.sha256).hexdigest()


def test_the_page_key_comes_from_the_secret_key_and_the_pages_number(settings):
    key = standby.page_key(NONCE)
    assert key != standby.page_key(NONCE[::-1])
    settings.SECRET_KEY = "another laptop's key, not the stick's"
    assert standby.page_key(NONCE) != key


def test_the_ping_asked_with_a_number_proves_through_the_view(client, monkeypatch):
    monkeypatch.setattr(standby, "IDENTITY", "b2")
    monkeypatch.setattr(standby, "REPLACES", "a1")
    monkeypatch.setattr(standby, "HERE", "http://b.lan:8001")
    answer = client.get(reverse("tournaments:hall_ping"), {"n": NONCE}).json()
    assert answer == standby.ping(NONCE) and "proof" in answer
    assert "proof" not in client.get(reverse("tournaments:hall_ping")).json()
