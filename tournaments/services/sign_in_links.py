"""One-time sign-in links: the way in for an organizer whose account is
locked by somebody else's wrong passwords (views/auth.py counts them per
account for the browsers it does not know, 15 minutes).

A link is signed (the SECRET_KEY, a salt of its own), valid `LINK_MINUTES`,
and serves once: it names the account's last login, which using it
changes, under a row lock so that two clicks at once sign in one browser
at most. It checks no password, so the account's lock does not apply; the
mailbox is the proof. Must not: send the mail or decide who gets one
(views/sign_in_link.py), nor tell whether an address has an account."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User, update_last_login
from django.core import signing
from django.db import transaction

from tournaments.services.accounts import account_for_address

LINK_MINUTES = 15
SALT = "tournaments.sign-in-link"


def _last_login(user: User) -> str:
    return user.last_login.isoformat() if user.last_login else ""


def account_for_link(email: str) -> User | None:
    """The active account of `email` a link may be mailed to, if any."""
    user = account_for_address(email)
    return user if user is not None and user.is_active else None


def make_token(user: User) -> str:
    return signing.dumps({"u": user.pk, "l": _last_login(user)}, salt=SALT, compress=True)


def _read(token: str) -> dict[str, Any] | None:
    try:
        value = signing.loads(token, salt=SALT, max_age=LINK_MINUTES * 60)
    except signing.BadSignature:  # tampered with, or expired
        return None
    return value if isinstance(value, dict) else None


def user_for_token(token: str) -> User | None:
    """The account a link would sign in, or None (bad, expired, used)."""
    value = _read(token)
    if value is None:
        return None
    user = get_user_model().objects.filter(pk=value.get("u", 0), is_active=True).first()
    return user if user is not None and _last_login(user) == value.get("l") else None


@transaction.atomic(durable=True)
def use_token(token: str) -> User | None:
    """The account the link signs in, the link spent; None if it may not."""
    value = _read(token)
    if value is None:
        return None
    user = (
        get_user_model()
        .objects.select_for_update()
        .filter(pk=value.get("u", 0), is_active=True)
        .first()
    )
    if user is None or _last_login(user) != value.get("l"):
        return None
    update_last_login(type(user), user)  # the link is dead from now on
    return user
