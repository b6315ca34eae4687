"""The rule options of the tournament form speak words, not raw values."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

RAW = ("true", "false", "nearest", "bid_only", "complement", "flat")


def options_shown(html: str) -> list[str]:
    return [o.strip() for o in re.findall(r"<option[^>]*>([^<]*)</option>", html)]


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_rule_options_show_their_labels(client, organizer, tournament, language):
    client.force_login(organizer)
    client.cookies["django_language"] = language
    page = client.get(reverse("tournaments:edit", args=[tournament.slug])).text
    shown = options_shown(page)
    assert shown and not any(value in RAW for value in shown)
    if language == "fr":
        assert "avec annonces" in shown and "à la dizaine la plus proche" in shown
    else:
        assert "à la dizaine la plus proche" not in shown and "avec annonces" not in shown
