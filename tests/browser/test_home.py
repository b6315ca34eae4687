"""A visitor finds the demo tournament in French, then reads it in English."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db(transaction=True)


def test_home_lists_the_demo_in_french_and_switches_to_english(live_server, page):
    call_command("demo", stdout=StringIO())
    page.goto(live_server.url + "/")
    assert page.locator("html").get_attribute("lang") == "fr"
    page.get_by_role("heading", name="Tournois").wait_for()
    page.get_by_role("link", name="Concours de coinche de Saint-Éloi (démo)").wait_for()
    page.get_by_role("link", name="EN", exact=True).click()
    page.get_by_role("heading", name="Tournaments").wait_for()
    assert page.locator("html").get_attribute("lang") == "en"
    page.get_by_role("link", name="Concours de coinche de Saint-Éloi (démo)").click()
    page.get_by_role("heading", name="Ranking").wait_for()
