"""The audit action is a plain string: the list of actions and their labels
live in code (`Change.Action`), so a new action needs no migration."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tournaments.models import Change

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
