"""The audit action is a plain string: the list of actions and their labels
live in code (`Change.Action`, and each feature's own), so a new action needs
no migration."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.db import models

from tournaments.features.door.display import Action as DoorAction
from tournaments.models import Change
from tournaments.models.audit import action_label, register_actions

ROOT = Path(__file__).resolve().parents[3]


def test_the_action_column_has_no_database_choices() -> None:
    assert Change._meta.get_field("action").choices is None


def test_every_action_the_code_writes_is_in_the_list_with_a_label() -> None:
    used = set()
    for path in (ROOT / "tournaments").rglob("*.py"):
        if "migrations" in path.parts:
            continue
        used |= set(re.findall(r"Change\.Action\.([A-Z_]+)", path.read_text()))
    assert used, "no action found: the scan is broken"
    known = {a.name for a in Change.Action}
    assert used <= known
    for action in Change.Action:
        assert str(action.label) and str(action.label) != action.value


@pytest.mark.django_db
def test_an_action_shows_its_label_and_an_unknown_one_is_refused(make_tournament) -> None:
    tournament = make_tournament()
    change = Change.objects.create(tournament=tournament, action=Change.Action.DRAW)
    assert change.get_action_display() == str(Change.Action.DRAW.label)
    with pytest.raises(ValueError):
        Change.objects.create(tournament=tournament, action="pirater")
    assert Change.objects.filter(action="pirater").count() == 0


def test_a_feature_labels_its_own_actions_and_takes_no_name_already_used() -> None:
    for action in DoorAction:
        assert action.value not in Change.Action.values
        assert action_label(action.value) == action.label
    register_actions(DoorAction)  # `ready()` again: the same labels, kept once

    class Taken(models.TextChoices):
        DRAW = "draw", "Tirage d'une autre extension"

    with pytest.raises(ValueError):
        register_actions(Taken)
    assert action_label("draw") == Change.Action.DRAW.label


@pytest.mark.django_db
def test_a_features_action_is_stored_under_its_name_and_shows_its_label(make_tournament) -> None:
    tournament = make_tournament()
    change = Change.objects.create(tournament=tournament, action=DoorAction.TEAM_CHECKED_IN)
    assert Change.objects.get(pk=change.pk).action == "team_checked_in"
    assert change.get_action_display() == str(DoorAction.TEAM_CHECKED_IN.label)
