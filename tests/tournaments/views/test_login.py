"""The organizer login slows down password guessing."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from tests.factories import PASSWORD
from tournaments.views.auth import MAX_CHECKS_PER_ACCOUNT, MAX_FAILURES

pytestmark = pytest.mark.django_db


@pytest.mark.shared_cache
def test_repeated_failures_lock_the_login_even_with_the_right_password(client, organizer):
    url = reverse("login")
    for _ in range(MAX_FAILURES):
        response = client.post(url, {"username": "orga", "password": "mauvais"})
        assert response.status_code == 200
    response = client.post(url, {"username": "orga", "password": PASSWORD})
    assert response.status_code == 429
    assert "Trop d’essais" in html.unescape(response.text).replace("'", "’")
    assert "_auth_user_id" not in client.session


@pytest.mark.shared_cache
def test_a_success_before_the_limit_resets_the_count(client, organizer):
    url = reverse("login")
    for _ in range(MAX_FAILURES - 1):
        client.post(url, {"username": "orga", "password": "mauvais"})
    assert client.post(url, {"username": "orga", "password": PASSWORD}).status_code == 302
    client.logout()
    for _ in range(MAX_FAILURES - 1):
        client.post(url, {"username": "orga", "password": "mauvais"})
    assert client.post(url, {"username": "orga", "password": PASSWORD}).status_code == 302


def _attempt(client, username, password, address="10.0.0.1", **extra):
    return client.post(
        reverse("login"),
        {"username": username, "password": password},
        REMOTE_ADDR=address,
        **extra,
    )


@pytest.mark.shared_cache
def test_look_alike_letters_count_on_the_same_account(client, organizer):
    """Full-width `ｏrga` is `orga` for authentication, so for the throttle."""
    for name in ["orga", "ｏrga", "ｏｒｇａ", "ORGA", " orga"]:
        assert _attempt(client, name, "mauvais").status_code == 200
    assert _attempt(client, "ｏrga", PASSWORD).status_code == 429
    assert _attempt(client, "orga", PASSWORD).status_code == 429


@pytest.mark.shared_cache
def test_an_address_s_failures_do_not_lock_another_address(client, organizer):
    for _ in range(MAX_FAILURES):
        _attempt(client, "orga", "mauvais", address="10.0.0.1")
    assert _attempt(client, "orga", PASSWORD, address="10.0.0.1").status_code == 429
    assert _attempt(client, "orga", PASSWORD, address="10.0.0.2").status_code == 302


@pytest.mark.shared_cache
def test_the_account_allows_few_checks_to_unknown_browsers_but_not_to_its_own(
    client, organizer, django_user_model
):
    from django.test import Client

    laptop = Client()
    assert _attempt(laptop, "orga", PASSWORD, address="192.168.1.10").status_code == 302
    laptop.post(reverse("logout"))  # the device cookie stays, as in a browser
    # Attackers from many addresses use the account's checks (the laptop's
    # right password took none).
    for index in range(MAX_CHECKS_PER_ACCOUNT):
        assert _attempt(client, "orga", "mauvais", address=f"10.0.1.{index}").status_code == 200
    assert _attempt(client, "orga", "mauvais", address="10.0.2.1").status_code == 429
    # The right password from a browser the account does not know: refused.
    assert _attempt(Client(), "orga", PASSWORD, address="10.0.2.2").status_code == 429
    # The organizer's laptop, known by its cookie, gets in at once.
    assert _attempt(laptop, "orga", PASSWORD, address="192.168.1.10").status_code == 302


@pytest.mark.shared_cache
def test_a_forged_device_cookie_is_an_unknown_browser(client, organizer):
    from tournaments.views.auth import DEVICE_COOKIE

    client.cookies[DEVICE_COOKIE] = "forged:value"
    for index in range(MAX_CHECKS_PER_ACCOUNT):
        _attempt(client, "orga", "mauvais", address=f"10.0.3.{index}")
    assert _attempt(client, "orga", PASSWORD, address="10.0.4.1").status_code == 429


@pytest.mark.shared_cache
def test_behind_a_trusted_proxy_the_client_address_comes_from_the_proxy(
    client, organizer, settings
):
    """Everybody behind the TLS proxy shares its address: without the
    setting, one neighbour's mistakes would lock the hall out."""
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    for _ in range(MAX_FAILURES):
        _attempt(client, "orga", "mauvais", address="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.9")
    # Another client behind the same proxy is not locked out...
    response = _attempt(
        client, "orga", PASSWORD, address="127.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.7"
    )
    assert response.status_code == 302
    client.logout()
    # ...and the guesser cannot pick a new address by writing the header itself.
    forged = "198.51.100.7, 203.0.113.9"
    response = _attempt(client, "orga", PASSWORD, address="127.0.0.1", HTTP_X_FORWARDED_FOR=forged)
    assert response.status_code == 429


@pytest.mark.parametrize(
    ("trusted", "peer", "forwarded", "expected"),
    [
        ([], "10.0.0.5", "1.2.3.4", "10.0.0.5"),  # no trusted proxy: header ignored
        (["127.0.0.1"], "10.0.0.5", "1.2.3.4", "10.0.0.5"),  # peer is not the proxy
        (["127.0.0.1"], "127.0.0.1", "1.2.3.4", "1.2.3.4"),
        (["127.0.0.1"], "127.0.0.1", "6.6.6.6, 1.2.3.4", "1.2.3.4"),  # client's own entry
        (["127.0.0.0/8"], "127.0.0.1", "1.2.3.4, 127.0.0.5", "1.2.3.4"),  # two proxies
        (["127.0.0.1"], "127.0.0.1", "", "127.0.0.1"),
        (["127.0.0.1"], "127.0.0.1", "not-an-ip", "not-an-ip"),
    ],
)
def test_client_address(rf, settings, trusted, peer, forwarded, expected):
    from tournaments.views.common import client_address

    settings.TRUSTED_PROXIES = trusted
    request = rf.get("/", REMOTE_ADDR=peer, HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == expected


@pytest.mark.shared_cache
def test_successful_logins_from_many_unknown_browsers_lock_nobody_out(organizer):
    """Issue 21: a club sharing one account on several laptops signed in ten
    times in 15 minutes, and the eleventh was told « Trop d'essais
    manqués ». Only failed checks count."""
    from django.test import Client

    for index in range(MAX_CHECKS_PER_ACCOUNT + 2):
        laptop = Client()
        response = _attempt(laptop, "orga", PASSWORD, address=f"10.0.3.{index}")
        assert response.status_code == 302, index


@pytest.mark.shared_cache
@pytest.mark.parametrize(
    ("hall", "address", "status", "told"),
    [
        (True, "127.0.0.1", 302, False),  # the hall's laptop: the way out
        (True, "::1", 302, False),
        (True, "192.168.1.30", 429, True),  # a phone on the hall's Wi-Fi: told where
        (True, "127.0.0.2", 429, True),  # no browser's address: not the laptop
        (False, "127.0.0.1", 429, False),  # hosted: behind its proxy, the mail's link
    ],
)
def test_on_the_hall_the_laptop_itself_is_spared_by_the_accounts_lock(
    client, organizer, settings, hall, address, status, told
):
    settings.HALL = hall
    for index in range(MAX_CHECKS_PER_ACCOUNT):
        assert _attempt(client, "orga", "mauvais", address=f"10.0.3.{index}").status_code == 200
    response = _attempt(client, "orga", PASSWORD, address=address)
    assert response.status_code == status
    text = " ".join(html.unescape(response.text).split())
    assert ("L'ordinateur de la salle n'est pas bloqué" in text) is told
    assert ("Recevoir un lien de connexion par e-mail" in text) is (status == 429 and not told)


@pytest.mark.shared_cache
def test_wrong_passwords_on_the_hall_laptop_still_count_on_its_address(client, organizer, settings):
    settings.HALL = True
    for _ in range(MAX_FAILURES):
        assert _attempt(client, "orga", "mauvais", address="127.0.0.1").status_code == 200
    assert _attempt(client, "orga", PASSWORD, address="127.0.0.1").status_code == 429


def test_signing_in_lands_on_my_tournaments(client, organizer):
    """Issue 60, item 8: it landed on the public home, one more click every time."""
    response = client.post(reverse("login"), {"username": "orga", "password": PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == reverse("tournaments:dashboard")
    assert "Mes tournois" in client.get(response["Location"]).text


def test_signing_in_from_a_page_goes_back_to_it(client, organizer):
    page = reverse("tournaments:directory")
    response = client.post(
        reverse("login") + f"?next={page}", {"username": "orga", "password": PASSWORD}
    )
    assert response["Location"] == page
