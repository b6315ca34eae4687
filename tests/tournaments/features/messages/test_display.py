"""The desk's line about the messages (display.outbox_line), in both languages."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone, translation

from tournaments.features.messages.display import Outbox, outbox_line

EVENING = datetime.datetime(2026, 11, 28, 20, 4, tzinfo=datetime.UTC)  # 21 h 04 in Paris


@pytest.mark.parametrize(
    ("language", "box", "line"),
    [
        ("fr", Outbox(0, 3, 0, 5, "", EVENING), "3 envoyés, le dernier à 21 h 04"),
        ("en", Outbox(0, 3, 0, 5, "", EVENING), "3 sent, the last at 21:04"),
        (
            "fr",
            Outbox(12, 1, 2, 5, "Pas de connexion au serveur", EVENING),
            "12 messages en attente d'envoi — pas de connexion · 1 envoyé, le dernier à 21 h 04"
            " · 2 refusés",
        ),
        ("fr", Outbox(0, 0, 0, 5, "", None), ""),
    ],
)
def test_the_desk_says_what_waits_and_when_the_last_one_left(language, box, line, settings):
    settings.TIME_ZONE = "Europe/Paris"
    with translation.override(language), timezone.override("Europe/Paris"):
        assert outbox_line(box) == line
