"""« Aide »: the day in ten steps, linked from the header of every page an
organizer sees, each step with a small picture taken from the app
(static/img/help/, made again by bin/help-shots), in French and English."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[3]
HELP_IMAGES = ROOT / "static" / "img" / "help"

pytestmark = pytest.mark.django_db


def test_every_organizer_page_links_to_the_help(client, organizer, tournament):
    client.force_login(organizer)
    help_url = reverse("tournaments:help")
    for url in (
        reverse("tournaments:dashboard"),
        reverse("tournaments:manage", args=[tournament.slug]),
        reverse("tournaments:team_import", args=[tournament.slug]),
        reverse("account"),
    ):
        assert f'href="{help_url}"' in client.get(url).text, url


def test_the_help_tells_the_day_in_ten_steps_with_pictures_of_the_app(client):
    page = client.get(reverse("tournaments:help")).text
    assert "Aide : la journée en dix étapes" in page
    steps = re.findall(r'<li id="etape-\d+">', page)
    images = re.findall(r'src="/static/img/help/([^"]+\.png)"', page)
    assert len(steps) == 10 and len(images) == 10
    for name in images:
        path = HELP_IMAGES / name
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name
        assert 5_000 < path.stat().st_size < 100_000, name  # small pictures


def test_the_help_in_english(client):
    client.cookies["django_language"] = "en"
    page = client.get(reverse("tournaments:help")).text
    assert "Help: the day in ten steps" in page and "The hall's screen" in page


def test_the_pictures_are_made_again_by_a_script():
    script = ROOT / "bin" / "help-shots"
    assert os.access(script, os.X_OK)
    assert "tests.browser.help_shots" in script.read_text()
