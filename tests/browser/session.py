"""Signing in as the organizer in a journey, from the keyboard as a
volunteer does: the user name, the password, Enter; then « Mes tournois »."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.factories import PASSWORD


def log_in(page: Page, url: str, username: str = "orga", password: str = PASSWORD) -> None:
    page.goto(url + "/compte/connexion/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(password)
    page.locator("#id_password").press("Enter")
    page.wait_for_url(url + "/organisation/")
