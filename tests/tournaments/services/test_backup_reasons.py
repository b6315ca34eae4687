"""Backups keep each table's reason (issue 27): a partie drawn by ranking
restored says the same « 1er contre 2e » as before; a file written before
the reasons is read with none; a tampered reason refuses the file."""

from __future__ import annotations

import json

import pytest

from tests.factories import add_teams, draw_random_round
from tournaments.services.backup import export_tournament, import_tournament
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db


def as_file(document: dict) -> dict:
    return json.loads(json.dumps(document, default=str))


def reasons(tournament) -> list:
    return [
        (t.round.number, t.number, t.reason)
        for t in tournament.rounds.get(number=1).tables.select_related("round").order_by("number")
    ]


def test_a_restore_keeps_every_tables_reason(make_tournament):
    tournament = make_tournament()
    add_teams(tournament, 5)  # one team rests: the bye has its reason too
    draw_random_round(tournament)
    before = reasons(tournament)
    assert before and all(reason.get("kind") for _r, _t, reason in before)
    document = as_file(export_tournament(tournament))
    tournament.delete()

    restored = import_tournament(document, owner=None)

    assert reasons(restored) == before


def test_a_file_from_before_the_reasons_reads_with_none(make_tournament):
    tournament = make_tournament()
    add_teams(tournament, 4)
    draw_random_round(tournament)
    document = as_file(export_tournament(tournament))
    for table in document["tables"]:
        del table["reason"]
    tournament.delete()

    restored = import_tournament(document, owner=None)

    assert [reason for _r, _t, reason in reasons(restored)] == [{}, {}]


@pytest.mark.parametrize("reason", [{"kind": "hacked"}, {"kind": "ranking", "numbers": ["1"]}, 7])
def test_a_tampered_reason_refuses_the_file(make_tournament, reason):
    tournament = make_tournament()
    add_teams(tournament, 4)
    draw_random_round(tournament)
    document = as_file(export_tournament(tournament))
    document["tables"][0]["reason"] = reason
    tournament.delete()

    with pytest.raises(TournamentError, match=r"illisible|objet JSON|attendu"):
        import_tournament(document, owner=None)
