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
from tournaments.infra.journal import sealing

NONCE = "0123456789abcdef" * 2
CODE = "KM7Q-3ZPW-H9TD"
OWN = "k" * 64


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
    for name in ("IDENTITY", "REPLACES", "STANDBY", "HERE", "REPLACED_KEY", "OWN_KEY"):
        monkeypatch.setattr(standby, name, "")
    standby.start(tmp_path, identity="b2", standby="http://s:1")
    assert standby.ping() == {"hall": "b2", "replaces": ""}
    assert standby.page() == {"hall": "b2", "standby": "http://s:1"}
    standby.took_over(tmp_path, "a1", key="k" * 64)
    assert standby.ping() == {"hall": "b2", "replaces": "a1"}
    monkeypatch.setattr(standby, "REPLACED_KEY", "")
    standby.start(tmp_path, identity="b2")  # restarted
    assert standby.ping() == {"hall": "b2", "replaces": "a1"}
    assert standby.REPLACED_KEY == "k" * 64  # its proof still made
    assert (tmp_path / standby.REPLACED_KEY_FILE).stat().st_mode & 0o077 == 0


def test_the_pages_may_connect_to_their_origin_and_the_standby_only():
    policy = {"default-src": ["'self'"], "script-src": ["'self'"]}
    widened = standby.csp_with(policy, "http://192.168.1.21:8000")
    assert widened == policy | {"connect-src": ["'self'", "http://192.168.1.21:8000"]}
    assert policy == {"default-src": ["'self'"], "script-src": ["'self'"]}  # not changed in place
    anywhere = standby.csp_with(policy, "http:", "https:")  # a table's page, its player typing
    assert anywhere["connect-src"] == ["'self'", "http:", "https:"]


def test_a_table_page_holds_its_own_number_and_key_on_the_hall_only(monkeypatch):
    monkeypatch.setattr(standby, "IDENTITY", "")
    monkeypatch.setattr(standby, "OWN_KEY", OWN)
    assert standby.page_proof() == {}
    monkeypatch.setattr(standby, "IDENTITY", "a1")
    monkeypatch.setattr(standby, "OWN_KEY", "")  # no code (no journal): no takeover to prove
    assert standby.page_proof() == {}
    monkeypatch.setattr(standby, "OWN_KEY", OWN)
    first, second = standby.page_proof(), standby.page_proof()
    assert re.fullmatch(r"[0-9a-f]{32}", first["nonce"])
    assert first["key"] == standby.page_key(first["nonce"], OWN)
    # Each page its own number: a key read from one phone proves nothing on another.
    assert first["nonce"] != second["nonce"] and first["key"] != second["key"]


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
def test_the_desk_qr_code_opens_this_laptop(client, organizer, monkeypatch):
    """Issue 50: never the first laptop's address (dead: a phone's browser
    has nothing of it on plain HTTP), always a page this laptop serves:
    « Ma table », which asks the team's code and opens its table (issue 60)."""
    monkeypatch.setattr(standby, "REPLACES", "a1")
    client.force_login(organizer)
    text = client.get(reverse("tournaments:dashboard")).content.decode()
    section = text.split('<section class="phones-here')[1].split("</section>")[0]
    assert '<p class="phones-here-url">http://testserver/</p>' in section
    qr = hall_display.phones_qr("http://testserver/", opens="http://testserver/ma-table/")
    assert qr.svg in section
    assert qr.svg != hall_display.phones_qr("http://testserver/").svg
    assert "/reprise/" not in section


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


@pytest.fixture
def first_laptop():
    """The first laptop's takeover key and its table page's key (made from
    the organizer's code, never on the stick); then this test is the second
    laptop, which made the same key from the code typed."""
    key = sealing.phones_key(sealing.key(CODE, "a1"))
    return key, standby.page_key(NONCE, key)


@pytest.mark.parametrize(
    ("replaces", "here", "nonce", "has_key", "proven"),
    [
        ("a1", "http://b.lan:8001", NONCE, True, True),
        ("", "http://b.lan:8001", NONCE, True, False),  # took nothing over
        ("a1", "http://b.lan:8001", NONCE, False, False),  # no takeover key on the stick
        ("a1", "", NONCE, True, False),  # its address unknown
        ("a1", "http://b.lan:8001", "", True, False),
        ("a1", "http://b.lan:8001", NONCE[:-1], True, False),
        ("a1", "http://b.lan:8001", NONCE.upper(), True, False),
        ("a1", "http://b.lan:8001", NONCE + "0", True, False),
    ],
)
def test_the_ping_proves_the_takeover_for_its_own_address_only(
    monkeypatch, first_laptop, replaces, here, nonce, has_key, proven
):
    taken, page = first_laptop
    monkeypatch.setattr(standby, "IDENTITY", "b2")
    monkeypatch.setattr(standby, "REPLACES", replaces)
    monkeypatch.setattr(standby, "REPLACED_KEY", taken if has_key else "")
    monkeypatch.setattr(standby, "HERE", here)
    answer = standby.ping(nonce)
    assert ("proof" in answer) is proven
    if proven:
        # What the first laptop's page checks, with the key it holds.
        key = page.encode()
        assert answer["proof"] == hmac.new(key, b"http://b.lan:8001", hashlib.sha256).hexdigest()
        assert answer["proof"] != hmac.new(key, b"http://evil.lan:1", hashlib.sha256).hexdigest()


def test_the_page_key_comes_from_the_organizers_code_the_hall_and_the_pages_number():
    key = standby.page_key(NONCE, sealing.phones_key(sealing.key(CODE, "a1")))
    assert key != standby.page_key(NONCE[::-1], sealing.phones_key(sealing.key(CODE, "a1")))
    assert key != standby.page_key(NONCE, sealing.phones_key(sealing.key(CODE, "a2")))
    other = "KM7Q-3ZPW-H9TE"
    assert key != standby.page_key(NONCE, sealing.phones_key(sealing.key(other, "a1")))
    # Not the stick's key itself, which seals what the stick carries.
    assert sealing.phones_key(sealing.key(CODE, "a1")) != sealing.key(CODE, "a1").hex()
    with pytest.raises(ValueError):
        standby.page_key(NONCE, "")


def test_the_ping_asked_with_a_number_proves_through_the_view(client, monkeypatch, first_laptop):
    monkeypatch.setattr(standby, "IDENTITY", "b2")
    monkeypatch.setattr(standby, "REPLACES", "a1")
    monkeypatch.setattr(standby, "REPLACED_KEY", first_laptop[0])
    monkeypatch.setattr(standby, "HERE", "http://b.lan:8001")
    answer = client.get(reverse("tournaments:hall_ping"), {"n": NONCE}).json()
    assert answer == standby.ping(NONCE) and "proof" in answer
    assert "proof" not in client.get(reverse("tournaments:hall_ping")).json()
