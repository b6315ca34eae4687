"""The organizer login slows down password guessing."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from tests.factories import PASSWORD
from tournaments.views.auth import MAX_FAILURES

pytestmark = pytest.mark.django_db


def test_repeated_failures_lock_the_login_even_with_the_right_password(client, organizer):
    url = reverse("login")
    for _ in range(MAX_FAILURES):
        response = client.post(url, {"username": "orga", "password": "mauvais"})
        assert response.status_code == 200
    response = client.post(url, {"username": "orga", "password": PASSWORD})
    assert response.status_code == 429
    assert "Trop d’essais" in html.unescape(response.text).replace("'", "’")
    assert "_auth_user_id" not in client.session


def test_a_success_before_the_limit_resets_the_count(client, organizer):
    url = reverse("login")
    for _ in range(MAX_FAILURES - 1):
        client.post(url, {"username": "orga", "password": "mauvais"})
    assert client.post(url, {"username": "orga", "password": PASSWORD}).status_code == 302
    client.logout()
    for _ in range(MAX_FAILURES - 1):
        client.post(url, {"username": "orga", "password": "mauvais"})
    assert client.post(url, {"username": "orga", "password": PASSWORD}).status_code == 302
