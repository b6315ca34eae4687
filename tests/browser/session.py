"""Signing in as the organizer in a journey. On this process's live server
a journey not about signing in gets the session the sign-in form gives (a
session of Django's, made for the account whose password is checked, its
cookie handed to the page's browser), then opens « Mes tournois »: typing
the form again in every journey cost two pages and a POST each time. The
journeys about signing in (the account's, the lockouts, the laptop's
address) type it from the keyboard as a volunteer does (`form=True`): the
user name, the password, Enter; so does a journey signing in to another
server (a hall laptop, the hosted site), whose database is not this
process's."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import authenticate
from django.test import Client
from playwright.sync_api import Page

from tests.factories import PASSWORD

#: The addresses of this process's live servers (tests/browser/conftest.py
#: adds the running test's): their database is the test's own.
LIVE_SERVERS: set[str] = set()


def log_in(
    page: Page, url: str, username: str = "orga", password: str = PASSWORD, *, form: bool = False
) -> None:
    if form or url not in LIVE_SERVERS:
        page.goto(url + "/compte/connexion/")
        page.locator("#id_username").fill(username)
        page.locator("#id_password").fill(password)
        page.locator("#id_password").press("Enter")
        page.wait_for_url(url + "/organisation/")
        return
    user = authenticate(username=username, password=password)
    assert user is not None, f"no account {username!r} with that password"
    client = Client()
    client.force_login(user, backend=user.backend)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": url}])
    page.goto(url + "/organisation/")
    page.wait_for_url(url + "/organisation/")
