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
