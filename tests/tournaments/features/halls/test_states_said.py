"""The words of a concours played in several halls (tournaments/features/halls/display.py)."""

from __future__ import annotations

import datetime
from types import SimpleNamespace

import pytest
from django.utils import timezone, translation

from tournaments.features.halls.display import hall_status, provisional_reason, ranking_label

AT = timezone.make_aware(datetime.datetime(2026, 12, 5, 17, 42))


def hall(document, closed=0, teams=0):
    return SimpleNamespace(
        document=document, received_at=None if document is None else AT, closed=closed, teams=teams
    )


@pytest.mark.parametrize(
    ("state", "french", "english"),
    [
        (hall(None), "attendue", "awaited"),
        (
            hall({}, closed=4, teams=24),
            "reçue à 17 h 42 : 24 équipes, 4 parties sur 4",
            "received at 17:42: 24 teams, 4 parties of 4",
        ),
        (
            hall({}, closed=3, teams=1),
            "incomplète : 3 parties sur 4 (reçue à 17 h 42, 1 équipe)",
            "incomplete: 3 parties of 4 (received at 17:42, 1 team)",
        ),
        # One partie in the singular (« 1 parties sur 4 » before).
        (
            hall({}, closed=1, teams=6),
            "incomplète : 1 partie sur 4 (reçue à 17 h 42, 6 équipes)",
            "incomplete: 1 partie of 4 (received at 17:42, 6 teams)",
        ),
        (
            hall({}, closed=0, teams=6),
            "incomplète : 0 parties sur 4 (reçue à 17 h 42, 6 équipes)",
            "incomplete: 0 parties of 4 (received at 17:42, 6 teams)",
        ),
    ],
)
def test_each_halls_state_in_words(state, french, english):
    with timezone.override("Europe/Paris"), translation.override("fr"):
        assert hall_status(state, 4) == french
    with timezone.override("Europe/Paris"), translation.override("en"):
        assert hall_status(state, 4) == english


def test_the_ranking_says_why_it_is_still_provisional():
    with translation.override("fr"):
        assert ranking_label(True) == "Classement provisoire"
        assert ranking_label(False) == "Classement définitif"
        assert provisional_reason(1, 2) == "1 salle sur 2 a envoyé son fichier."
        assert provisional_reason(3, 3) == "Une salle n'a pas fini toutes ses parties."
