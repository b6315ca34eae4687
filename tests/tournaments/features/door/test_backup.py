"""Backups keep check-in at the door: the option, the poster's key (the
poster stuck by the door still opens the restored tournament) and each
team's time of check-in; a file written before them reads as no team
checked in."""

from __future__ import annotations

import json

import pytest

from tests.factories import add_teams
from tournaments.features.door import services as door
from tournaments.models import Tournament
from tournaments.services.backup import export_tournament, import_tournament

pytestmark = pytest.mark.django_db


def as_file(document: dict) -> dict:
    return json.loads(json.dumps(document, default=str))


def test_a_restore_keeps_the_check_ins_and_the_posters_key(make_tournament):
    tournament = make_tournament(check_in_enabled=True)
    teams = add_teams(tournament, 3)
    key = door.door_key(tournament)
    checked, _ = door.check_in(team=teams[1])
    document = as_file(export_tournament(tournament))
    tournament.delete()

    restored = import_tournament(document, owner=None)

    assert restored.check_in_enabled and restored.check_in_key == key
    assert door.tournament_for_door(key, client="1.2.3.4") == restored
    times = dict(restored.teams.values_list("number", "checked_in_at"))
    assert times == {teams[0].number: None, checked.number: checked.checked_in_at, 3: None}


def test_a_file_from_before_reads_as_nobody_checked_in(make_tournament):
    tournament = make_tournament()
    add_teams(tournament, 2)
    document = as_file(export_tournament(tournament))
    del document["tournament"]["check_in_key"]
    for team in document["teams"]:
        del team["checked_in_at"]
    tournament.delete()

    restored = import_tournament(document, owner=None)

    assert restored.check_in_key == ""
    assert not restored.teams.exclude(checked_in_at=None).exists()
    assert not Tournament.objects.get(pk=restored.pk).check_in_enabled
