"""A backup file is checked against what the app itself accepts before
anything is written: each malformed file below is refused with one French
sentence, the command exits non-zero without a traceback, and the database
is left as it was. Marques are never read from the file: the engine
rescores every deal. The owner is the one the command names, never the
file's."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.utils import translation

from tests.factories import (
    PASSWORD,
    add_teams,
    build_tournament,
    coinche_values,
    owned_transaction,
)
from tournaments.management.commands import import_tournament as import_command
from tournaments.models import Change, Deal, Penalty, Player, Round, Seat, Table, Team, Tournament
from tournaments.queries.standings import tournament_standings
from tournaments.services import backup, errors, penalties, rounds, scores
from tournaments.services.backup import export_tournament, import_tournament

pytestmark = pytest.mark.django_db

REFUSAL = re.compile(r"^Sauvegarde refusée, rien n'a été importé : [^\n]+\.$")
ROOT = Path(__file__).resolve().parents[3]


def played(owner) -> Tournament:
    """Five teams (one bye a partie): partie 1 closed with a table played deal
    by deal (and a penalty), a table typed as totals only, the bye; partie 2
    under way."""
    tournament = build_tournament(owner=owner)
    add_teams(tournament, 5)
    first = rounds.draw_round(tournament=tournament, method="random", seed=1)
    deals_table, totals_table = first.tables.filter(team_b__isnull=False).order_by("number")
    for points in (97, 120, 81, 60, 140, 100, 97, 90, 101, 110, 85, 130):
        scores.record_deal(table=deals_table, values=coinche_values(points_a=points))
    penalties.add_penalty(
        table=deals_table, team=deals_table.team_b, points=-50, reason="Renonce", by=owner
    )
    scores.record_totals(table=totals_table, total_a=1830, total_b=1210)
    rounds.close_round(round=first, by=owner)
    second = rounds.draw_round(tournament=tournament, method="ranking")
    table = second.tables.filter(team_b__isnull=False).first()
    for _ in range(3):
        scores.record_deal(table=table, values=coinche_values())
    return tournament


def snapshot(tournament: Tournament):
    standings = [
        (str(s.entrant), s.row.rank, s.row.played, s.row.won, s.row.points_for, s.row.byes)
        for s in tournament_standings(tournament)
    ]
    tables = sorted(
        (t.round.number, t.number, str(t.team_a), str(t.team_b), t.total_a, t.total_b, t.status)
        for t in Table.objects.filter(round__tournament=tournament).select_related(
            "round", "team_a__player1", "team_a__player2", "team_b__player1", "team_b__player2"
        )
    )
    marques = list(
        Deal.objects.filter(table__round__tournament=tournament)
        .order_by("table__round__number", "table__number", "number")
        .values_list("marque_a", "marque_b", "outcome", "pot")
    )
    return standings, tables, marques


@pytest.fixture(scope="module")
def played_backup(django_db_setup, django_db_blocker) -> str:
    """The text of the played tournament's backup file, made once for the
    module (in French, by the organizer `orga`) in a transaction rolled back
    at once: the tournament itself is gone, so the file may be restored."""
    with django_db_blocker.unblock(), translation.override("fr"), owned_transaction():
        owner = get_user_model().objects.create_user("orga", password=PASSWORD)
        text = json.dumps(export_tournament(played(owner)), cls=DjangoJSONEncoder)
        transaction.set_rollback(True)
    return text


@pytest.fixture
def document(played_backup, organizer) -> dict:
    """The played tournament's backup as read back from its file, a copy of
    each test's own; the database holds only the organizer."""
    return json.loads(played_backup)


def nothing_imported() -> bool:
    return not any(
        model.objects.exists()
        for model in (Tournament, Player, Team, Round, Table, Seat, Deal, Penalty, Change)
    )


def import_file(tmp_path, content: bytes | dict, owner: str = "orga") -> str:
    """Run the command on `content`; returns its refusal (it must refuse)."""
    path = tmp_path / "sauvegarde.json"
    if isinstance(content, dict):
        content = json.dumps(content, ensure_ascii=False).encode("utf-8")
    path.write_bytes(content)
    with pytest.raises(CommandError) as error:
        call_command("import_tournament", str(path), owner=owner, stdout=StringIO())
    assert error.value.returncode != 0
    return str(error.value)


def tables_of(doc):
    return [t for t in doc["tables"] if t["team_b_id"] is not None]


def first_deal_table(doc):
    ids = {d["table_id"] for d in doc["deals"]}
    return next(t for t in doc["tables"] if t["id"] in ids)


def change(doc, path, value):
    """Set doc[path…] = value (path of keys and indexes); returns doc."""
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return doc


def drop(doc, path):
    target = doc
    for key in path[:-1]:
        target = target[key]
    del target[path[-1]]
    return doc


def a_seated_twice(doc):
    tables = [t for t in tables_of(doc) if t["round_id"] == doc["rounds"][0]["id"]]
    tables[1]["team_a_id"] = tables[0]["team_a_id"]
    return doc


def a_deal_on_the_bye(doc):
    bye = next(t for t in doc["tables"] if t["team_b_id"] is None)
    doc["deals"].append({**doc["deals"][0], "table_id": bye["id"], "number": 1})
    return doc


def too_many_teams(doc):
    team = doc["teams"][0]
    limit = backup.MAX_ROWS["teams"]
    doc["teams"] = [{**team, "id": 10**6 + i, "number": i + 1} for i in range(limit + 1)]
    return doc


def a_penalty_for_another_table(doc):
    penalty = doc["penalties"][0]
    table = next(t for t in doc["tables"] if t["id"] == penalty["table_id"])
    playing = (table["team_a_id"], table["team_b_id"])
    penalty["team_id"] = next(t["id"] for t in doc["teams"] if t["id"] not in playing)
    return doc


def deal_of(doc, **values):
    doc["deals"][0].update(values)
    return doc


# Each malformed file: how it is made, and what its refusal must say.
MALFORMED = {
    "bad JSON": (lambda doc: b"{pas du json", "pas du JSON"),
    "not UTF-8": (lambda doc: b'\xff\xfe{"format": 1}', "UTF-8"),
    "nesting 100 000 deep": (lambda doc: b"[" * 100_000, "imbriqué"),
    "a list, not a backup": (lambda doc: b"[]", "format"),
    "wrong format tag": (lambda doc: change(doc, ["format"], "autre/chose"), "format"),
    "wrong version": (lambda doc: change(doc, ["version"], 99), "version 99"),
    "version as a string": (lambda doc: change(doc, ["version"], "2"), "version"),
    "slug with a slash": (
        lambda doc: change(doc, ["tournament", "slug"], "mon tournoi/../admin"),
        "identifiant d'adresse",
    ),
    "slug with an accent": (
        lambda doc: change(doc, ["tournament", "slug"], "tournoi-d-été"),
        "identifiant d'adresse",
    ),
    "unknown preset": (
        lambda doc: change(doc, ["tournament", "rules"], {"preset": "belote-martienne"}),
        "Règles inconnues",
    ),
    "bad option value": (
        lambda doc: change(doc, ["tournament", "rules", "rounding"], "au hasard"),
        "refusée",
    ),
    "unknown option": (
        lambda doc: change(doc, ["tournament", "rules", "triche"], True),
        "inconnue",
    ),
    "rules as a number": (lambda doc: change(doc, ["tournament", "rules"], 42), "règles"),
    "unknown ranking criterion": (
        lambda doc: change(doc, ["tournament", "ranking_criteria"], ["au_pif"]),
        "Critère",
    ),
    "impossible date": (lambda doc: change(doc, ["tournament", "date"], "2026-13-45"), "date"),
    "parties 10**30": (lambda doc: change(doc, ["tournament", "parties"], 10**30), "parties"),
    "bye points 10**30": (
        lambda doc: change(doc, ["tournament", "bye_points"], 10**30),
        "exempt",
    ),
    "negative bye points": (
        lambda doc: change(doc, ["tournament", "bye_points"], -5),
        "exempt",
    ),
    "match points 10**6": (
        lambda doc: change(doc, ["tournament", "match_points_win"], 10**6),
        "points de match",
    ),
    "target without a score": (
        lambda doc: change(
            change(doc, ["tournament", "end_mode"], "target"), ["tournament", "end_target"], None
        ),
        "score à atteindre",
    ),
    "unknown status": (lambda doc: change(doc, ["tournament", "status"], "pirate"), "état"),
    "missing section": (lambda doc: drop(doc, ["teams"]), "« teams »"),
    "missing tournament name": (lambda doc: drop(doc, ["tournament", "name"]), "« name »"),
    "missing player name": (lambda doc: drop(doc, ["players", 0, "last_name"]), "« last_name »"),
    "players not a list": (lambda doc: change(doc, ["players"], {"a": 1}), "liste"),
    "a player not an object": (lambda doc: change(doc, ["players", 0], "Amélie"), "objet"),
    "parties as a string": (
        lambda doc: change(doc, ["tournament", "parties"], "4"),
        "nombre entier",
    ),
    "team number as a string": (
        lambda doc: change(doc, ["teams", 0, "number"], "3"),
        "nombre entier",
    ),
    "team number negative": (lambda doc: change(doc, ["teams", 0, "number"], -3), "numéro"),
    "presence as a string": (
        lambda doc: change(doc, ["teams", 0, "present"], "oui"),
        "vrai ou faux",
    ),
    "team name of 500 characters": (
        lambda doc: change(doc, ["teams", 0, "name"], "A" * 500),
        "nom d'équipe",
    ),
    "empty last name": (lambda doc: change(doc, ["players", 0, "last_name"], ""), "nom"),
    "NUL byte in a name": (
        lambda doc: change(doc, ["players", 0, "last_name"], "Lef\x00èvre"),
        "caractère nul",
    ),
    "NUL byte in the audit trail": (
        lambda doc: change(doc, ["changes", 0, "after"], {"name": "\x00"}),
        "caractère nul",
    ),
    "unknown team status": (lambda doc: change(doc, ["teams", 0, "status"], "zombie"), "statut"),
    "same player twice in a team": (
        lambda doc: change(doc, ["teams", 0, "player2_id"], doc["teams"][0]["player1_id"]),
        "deux fois",
    ),
    "team number used twice": (
        lambda doc: change(doc, ["teams", 1, "number"], doc["teams"][0]["number"]),
        "numéro",
    ),
    "unknown player id": (lambda doc: change(doc, ["teams", 0, "player1_id"], 999_999), "999999"),
    "unknown team id": (lambda doc: change(doc, ["tables", 0, "team_a_id"], 999_999), "999999"),
    "team id as a string": (
        lambda doc: change(doc, ["tables", 0, "team_a_id"], str(doc["tables"][0]["team_a_id"])),
        "nombre entier",
    ),
    "unknown round id": (lambda doc: change(doc, ["tables", 0, "round_id"], 999_999), "999999"),
    "unknown table id of a deal": (
        lambda doc: change(doc, ["deals", 0, "table_id"], 999_999),
        "999999",
    ),
    "same team at both sides": (
        lambda doc: change(doc, ["tables", 0, "team_b_id"], doc["tables"][0]["team_a_id"]),
        "deux fois",
    ),
    "a team seated twice in a partie": (a_seated_twice, "deux fois"),
    "table totals 10**30": (
        lambda doc: change(doc, ["tables", 0, "total_a"], 10**30),
        "total",
    ),
    "malformed table link": (
        lambda doc: change(doc, ["tables", 0, "entry_key"], "../../admin"),
        "lien",
    ),
    "claimed totals of another shape": (
        lambda doc: change(doc, ["tables", 0, "claimed_totals"], {"by": "Z", "totals": "beaucoup"}),
        "totaux",
    ),
    "impossible deal (card points 500)": (
        lambda doc: deal_of(doc, points_a=500, points_b=None),
        "donne 1",
    ),
    "deal with an unknown trump": (lambda doc: deal_of(doc, trump="X"), "atout"),
    "deal with a coinche of 7": (lambda doc: deal_of(doc, coinche=7), "coinche"),
    "announcements of 10**30 points": (
        lambda doc: deal_of(doc, announcements={"announcement_points": {"A": 10**30, "B": 0}}),
        "donne 1",
    ),
    "deal number used twice": (
        lambda doc: change(doc, ["deals", 1, "number"], doc["deals"][0]["number"]),
        "donne",
    ),
    "a deal at the bye": (a_deal_on_the_bye, "exempt"),
    "penalty of 10**9 points": (
        lambda doc: change(doc, ["penalties", 0, "points"], 10**9),
        "points",
    ),
    "penalty to a team of another table": (a_penalty_for_another_table, "ne joue pas"),
    "unknown action in the trail": (
        lambda doc: change(doc, ["changes", 0, "action"], "pirater"),
        "action",
    ),
    "impossible time in the trail": (
        lambda doc: change(doc, ["changes", 0, "at"], "hier soir"),
        "historique",
    ),
    "too many teams": (too_many_teams, "trop"),
    "a lot of an unknown special ranking": (
        lambda doc: change(doc, ["lots"], [{**LOT, "category_id": 999}]),
        "ne renvoie à rien",
    ),
    "a lot given 0 times": (
        lambda doc: change(doc, ["lots"], [{**LOT, "quantity": 0}]),
        "quantité",
    ),
    "a lot worth 10**30 €": (
        lambda doc: change(doc, ["lots"], [{**LOT, "value": str(10**30)}]),
        "lots",
    ),
    "a swap with a team of nowhere": (
        lambda doc: change(
            doc,
            ["lot_swaps"],
            [{"category_id": None, "first": 999_999, "second": 999_998, "applied": True}],
        ),
        "échange",
    ),
    "a special ranking with members of nowhere": (
        lambda doc: change(
            doc,
            ["categories"],
            [
                {
                    "id": 1,
                    "name": "Féminine",
                    "kind": "other",
                    "prize_rule": "by_rank",
                    "prize_top": 3,
                    "teams": [999_999],
                    "players": [],
                }
            ],
        ),
        "membres",
    ),
}

LOT = {
    "category_id": None,
    "position": 1,
    "name": "Jambon",
    "value": "35.00",
    "quantity": 1,
    "last": False,
}


@pytest.mark.parametrize("case", list(MALFORMED), ids=list(MALFORMED))
def test_a_malformed_backup_is_refused_in_one_sentence_and_imports_nothing(
    case, document, tmp_path
):
    make, expected = MALFORMED[case]
    content = make(json.loads(json.dumps(document)))
    message = import_file(tmp_path, content)
    assert REFUSAL.match(message), message
    assert expected.lower() in message.lower(), message
    assert "Traceback" not in message and "Error" not in message
    assert nothing_imported()


def test_a_tournament_already_here_is_refused(document, tmp_path, organizer):
    build_tournament(owner=organizer, name="Autre")
    Tournament.objects.update(slug=document["tournament"]["slug"])
    message = import_file(tmp_path, document)
    assert REFUSAL.match(message) and "existe déjà" in message
    assert Tournament.objects.count() == 1 and not Deal.objects.exists()


def test_a_table_link_already_used_here_is_refused(document, tmp_path, organizer):
    other = build_tournament(owner=organizer, name="Autre")
    add_teams(other, 2)
    table = rounds.draw_round(tournament=other, method="random").tables.get()
    document["tables"][0]["entry_key"] = table.entry_key
    message = import_file(tmp_path, document)
    assert REFUSAL.match(message) and "lien" in message
    assert Tournament.objects.count() == 1


def test_a_huge_file_is_refused_before_it_is_read(document, tmp_path, monkeypatch):
    path = tmp_path / "énorme.json"
    limit = backup.MAX_BYTES
    with path.open("wb") as handle:
        handle.write(b'{"format": "belote-tournois/backup", "pad": "')
        handle.seek(limit + 1024)
        handle.write(b'"}')
    # What the command reads of the file, counted (not timed: a loaded
    # machine is slow, and reading 20 MB is quick).
    read: list[int] = []

    class Counted:
        def __init__(self, handle) -> None:
            self.handle = handle

        def fileno(self) -> int:
            return self.handle.fileno()

        def read(self, size: int = -1) -> bytes:
            data = self.handle.read(size)
            read.append(len(data))
            return data

    monkeypatch.setattr(
        import_command, "read_backup", lambda handle: backup.read_backup(Counted(handle))
    )
    with pytest.raises(CommandError) as error:
        call_command("import_tournament", str(path), owner="orga", stdout=StringIO())
    assert sum(read) == 0  # refused from its size, not a byte read
    assert REFUSAL.match(str(error.value)) and "20 Mo" in str(error.value)
    assert nothing_imported()


def test_reading_a_stream_stops_past_the_limit():
    class Endless:
        """A stream that never ends, counting what was read from it."""

        read_bytes = 0

        def read(self, size: int = -1) -> bytes:
            assert size > 0, "the whole stream must never be asked for"
            self.read_bytes += size
            return b" " * size

    stream = Endless()
    with pytest.raises(errors.TournamentError) as error:
        backup.read_backup(stream)
    assert "20 Mo" in error.value.message
    assert stream.read_bytes <= backup.MAX_BYTES + 1


def test_marques_in_the_file_are_ignored_and_recomputed(document, organizer):
    expected = [(d["marque_a"], d["marque_b"]) for d in document["deals"]]
    for deal in document["deals"]:
        deal["marque_a"], deal["marque_b"], deal["pot"] = 999_999, -999_999, 77
    restored = import_tournament(document, owner=organizer)
    marques = list(
        Deal.objects.filter(table__round__tournament=restored)
        .order_by("pk")
        .values_list("marque_a", "marque_b")
    )
    assert marques == expected
    assert max(Table.objects.values_list("total_a", flat=True)) < 10_000


def test_table_totals_of_a_table_with_deals_are_recomputed(document, organizer):
    table = first_deal_table(document)
    expected = (table["total_a"], table["total_b"])
    table["total_a"], table["total_b"] = 99_999, 0
    restored = import_tournament(document, owner=organizer)
    again = Table.objects.get(round__tournament=restored, number=table["number"], round__number=1)
    assert (again.total_a, again.total_b) == expected


def test_the_owner_is_the_commands_never_the_files(document, tmp_path, django_user_model):
    boss = django_user_model.objects.create_superuser("admin", password="x-Long-Password-1")
    mallory = django_user_model.objects.create_user("mallory", password="x-Long-Password-2")
    document["tournament"]["owner"] = "admin"
    document["tournament"]["co_organizers"] = ["admin", "mallory"]
    path = tmp_path / "sauvegarde.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    out = StringIO()
    call_command("import_tournament", str(path), owner="mallory", stdout=out)
    restored = Tournament.objects.get()
    assert restored.owner == mallory
    assert not restored.co_organizers.exists()
    assert boss not in Tournament.objects.managed_by(mallory) and restored.owner != boss


def test_the_command_needs_an_owner(document, tmp_path):
    path = tmp_path / "sauvegarde.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CommandError):
        call_command("import_tournament", str(path), stdout=StringIO())
    assert nothing_imported()


def test_an_unknown_owner_is_refused(document, tmp_path):
    message = import_file(tmp_path, document, owner="personne")
    assert "personne" in message
    assert nothing_imported()


def test_a_refusal_reads_in_english_in_the_english_interface(document):
    document["tournament"]["slug"] = "a b"
    with translation.override("en"), pytest.raises(errors.TournamentError) as error:
        import_tournament(document, owner=None)
    assert error.value.message.startswith("Backup refused, nothing was imported: ")
    assert "Sauvegarde" not in error.value.message


def test_a_played_tournament_comes_back_with_the_same_standings(organizer):
    tournament = played(organizer)
    before = snapshot(tournament)
    data = json.loads(json.dumps(export_tournament(tournament), cls=DjangoJSONEncoder))
    tournament.delete()
    restored = import_tournament(data, owner=organizer)
    assert snapshot(restored) == before
    # The table typed as totals only is still one (its totals are not recomputed).
    assert restored.rounds.get(number=1).tables.filter(totals_only=True).count() == 1


def test_the_real_command_exits_non_zero_without_a_traceback(tmp_path):
    """The command line itself, in a fresh process: one line on stderr."""
    bad = tmp_path / "cassé.json"
    bad.write_bytes(b"{pas du json")
    env = {**os.environ, "BELOTE_DATA_DIR": str(tmp_path / "data")}
    env.pop("DATABASE_URL", None)
    result = subprocess.run(
        [sys.executable, "manage.py", "import_tournament", str(bad), "--owner", "orga"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Sauvegarde refusée" in lines[0], result.stderr
