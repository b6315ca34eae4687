"""One-time sign-in links: signed, short-lived, spent on use
(services/sign_in_links.py; the journey on a real server is
tests/attacks/test_lockout_way_out.py)."""

from __future__ import annotations

import time

import pytest
from django.core import signing

from tournaments.services import sign_in_links

pytestmark = pytest.mark.django_db


class _SixteenMinutesAgo(signing.TimestampSigner):
    def timestamp(self) -> str:
        return signing.b62_encode(int(time.time()) - 16 * 60)


def test_a_link_signs_in_once(organizer):
    token = sign_in_links.make_token(organizer)
    assert sign_in_links.user_for_token(token) == organizer
    assert sign_in_links.use_token(token) == organizer
    assert sign_in_links.use_token(token) is None
    assert sign_in_links.user_for_token(token) is None


def test_an_expired_or_altered_link_signs_in_nobody(organizer):
    value = {"u": organizer.pk, "l": ""}
    old = _SixteenMinutesAgo(salt=sign_in_links.SALT).sign_object(value, compress=True)
    assert sign_in_links.use_token(old) is None
    token = sign_in_links.make_token(organizer)
    assert sign_in_links.use_token(token[:-2] + "xx") is None
    other_salt = signing.dumps(value, salt="another-purpose")
    assert sign_in_links.use_token(other_salt) is None
    assert sign_in_links.use_token(token) == organizer


def test_an_inactive_account_gets_no_link(organizer):
    organizer.email = "orga@example.org"
    organizer.is_active = False
    organizer.save()
    assert sign_in_links.account_for_link("orga@example.org") is None
