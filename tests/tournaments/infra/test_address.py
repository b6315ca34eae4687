"""The address phones use: PUBLIC_URL, else the laptop's local address,
never a loopback one when another exists.

The machine's real network addresses are never used here (this sandbox
forbids traffic to them): where the discovery matters, the candidates are
given to the function that reads them."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from tournaments.infra import address


@pytest.mark.parametrize(
    ("candidates", "expected"),
    [
        (["127.0.1.1", "192.168.1.20"], "192.168.1.20"),
        (["169.254.3.4", "10.0.0.7"], "10.0.0.7"),
        (["203.0.113.9", "172.16.5.5"], "172.16.5.5"),
        (["127.0.0.1", "::1", "fe80::1"], None),
        (["not-an-address", ""], None),
        ([], None),
    ],
)
def test_a_private_network_address_is_picked_never_loopback(candidates, expected) -> None:
    assert address.pick_lan_address(candidates) == expected


def test_public_url_wins(settings) -> None:
    settings.PUBLIC_URL = "http://belote.local:8000/"
    request = RequestFactory().get("/", HTTP_HOST="127.0.0.1:8000")
    assert address.public_address(request) == address.PublicAddress(
        "http://belote.local:8000", True, "setting"
    )


def test_a_laptop_opened_on_loopback_prints_its_network_address(settings, monkeypatch) -> None:
    settings.PUBLIC_URL = ""
    monkeypatch.setattr(address, "machine_addresses", lambda: ["127.0.1.1", "192.168.1.20"])
    request = RequestFactory().get("/", HTTP_HOST="127.0.0.1:8000")
    assert address.absolute("/saisie/x/", request) == "http://192.168.1.20:8000/saisie/x/"


def test_a_page_opened_from_the_network_keeps_that_address(settings) -> None:
    settings.PUBLIC_URL = ""
    settings.ALLOWED_HOSTS = ["*"]  # the hall server's setting
    request = RequestFactory().get("/", HTTP_HOST="192.168.1.20:8000")
    assert address.public_address(request).url == "http://192.168.1.20:8000"


def test_no_network_address_means_unreachable(settings, monkeypatch) -> None:
    settings.PUBLIC_URL = ""
    monkeypatch.setattr(address, "machine_addresses", lambda: ["127.0.0.1"])
    request = RequestFactory().get("/", HTTP_HOST="localhost:8000")
    found = address.public_address(request)
    assert not found.reachable and found.source == "loopback"


def test_a_link_made_without_a_request_on_the_hall_has_the_hall_s_port(
    settings, monkeypatch
) -> None:
    """Issue 54, item 2: the hall on port 8301, a result mail's links (made
    by the worker, without a request) went to port 8000."""
    settings.PUBLIC_URL = ""
    settings.HALL = True
    monkeypatch.setattr(address, "machine_addresses", lambda: ["192.168.1.20"])
    monkeypatch.setattr(address, "SERVED_AT", None)
    address.serve_at(address.public_address_for_port(8301))
    assert address.absolute("/t/x/equipes/1/") == "http://192.168.1.20:8301/t/x/equipes/1/"
    # The desk on the laptop itself gets the same address for its QR codes.
    request = RequestFactory().get("/", HTTP_HOST="127.0.0.1:8301")
    assert address.public_address(request).url == "http://192.168.1.20:8301"


@pytest.mark.parametrize(
    ("listen", "expected", "reachable"),
    [
        ("0.0.0.0", "http://192.168.1.20:8301", True),
        ("192.168.1.33", "http://192.168.1.33:8301", True),
        ("127.0.0.8", "http://127.0.0.8:8301", False),
    ],
)
def test_a_hall_told_one_address_to_listen_on_is_reached_there(
    settings, monkeypatch, listen, expected, reachable
) -> None:
    settings.PUBLIC_URL = ""
    monkeypatch.setattr(address, "machine_addresses", lambda: ["192.168.1.20"])
    found = address.public_address_for_port(8301, listen=listen)
    assert (found.url, found.reachable) == (expected, reachable)


@pytest.mark.parametrize(
    ("hosts", "expected"),
    [
        (["belote.example.org"], "https://belote.example.org"),
        (
            ["127.0.0.1", "localhost", "testserver", "belote.example.org"],
            "https://belote.example.org",
        ),
        ([".example.org", "*", "10.0.0.5"], None),
    ],
)
def test_a_hosted_site_s_mails_link_to_its_domain(settings, monkeypatch, hosts, expected) -> None:
    """A hosted site's worker has no request either: its domain name, over HTTPS."""
    settings.PUBLIC_URL = ""
    settings.HALL = False
    settings.ALLOWED_HOSTS = hosts
    monkeypatch.setattr(address, "SERVED_AT", None)
    monkeypatch.setattr(address, "machine_addresses", lambda: ["192.168.1.20"])
    found = address.public_address()
    assert found.url == (expected or "http://192.168.1.20:8000")
