"""The journal on a real SQLite database (infra/journal): a database brought
back from the snapshot plus the journal is the database, row for row, after
deals, a savepoint rolled back, a write outside a transaction and a
rotation; a medium gone refuses the write and changes nothing, and takes
writes again once back; a snapshot and a journal that do not belong
together, or a damaged line, are refused rather than mixed."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import OperationalError, connection, connections, transaction

from tests import factories, migrated
from tests.tournaments.infra.sealed import CODE, KEY, SEAL
from tournaments.infra.journal import carried, codec, codes, files, replay, writer
from tournaments.models import Deal, Team, Tournament
from tournaments.services.scores import write_deal
from tournaments.services.table_versions import lock_table


def dump(path: str | Path) -> list[str]:
    with closing(sqlite3.connect(path)) as database:
        return list(database.iterdump())


def replayed(folder: Path, tmp_path: Path) -> list[str]:
    """The database made from `folder` alone, dumped."""
    plan = replay.plan(folder, seal=SEAL)
    copy = tmp_path / "replayed.sqlite3"
    copy.unlink(missing_ok=True)
    with closing(sqlite3.connect(plan.snapshot)) as source, closing(sqlite3.connect(copy)) as to:
        source.backup(to)
        codes.reveal_rows(to, plan.key)
        to.commit()
    backend = type(connections["default"])
    other = backend({**connection.settings_dict, "NAME": str(copy)}, alias="replay")
    try:
        replay.apply(plan, other)
    finally:
        other.close()
    return dump(copy)


def play_a_little(owner=None) -> Tournament:
    owner = owner or get_user_model().objects.create_user("orga", password="x")
    tournament = factories.build_tournament(owner=owner)
    factories.add_teams(tournament, 4)
    table = factories.first_table(factories.draw_random_round(tournament))
    factories.add_deal(table)
    with transaction.atomic():
        Team.objects.filter(tournament=tournament).update(name="Gardée")
        try:
            with transaction.atomic():
                Team.objects.filter(tournament=tournament).update(name="Annulée")
                # record_deal's own steps: the use-case, durable, refuses a transaction.
                write_deal(lock_table(table), values=factories.coinche_values())
                raise RuntimeError
        except RuntimeError:
            pass
    Tournament.objects.filter(pk=tournament.pk).update(name="Hors transaction")
    return tournament


def test_snapshot_plus_journal_is_the_database_row_for_row(journal, tmp_path):
    play_a_little()
    assert {t.name for t in Team.objects.all()} == {"Gardée"}
    assert Deal.objects.count() == 1
    assert replayed(journal.folder, tmp_path) == dump(connection.settings_dict["NAME"])
    # The stick holds the whole database: its files are the organizer's alone.
    assert all(p.stat().st_mode & 0o077 == 0 for p in journal.folder.iterdir())


def test_after_rotations_the_two_newest_pairs_stay_and_still_replay(journal, tmp_path):
    owner = get_user_model().objects.create_user("orga", password="x")
    for _ in range(3):
        play_a_little(owner)
        journal.rotate()
    play_a_little(owner)
    snapshots = sorted(p.name[:9] for p in journal.folder.glob("*.sqlite3"))
    journals = sorted(p.name[:9] for p in journal.folder.glob("*.journal"))
    assert snapshots == ["h1-000003", "h1-000004"] and journals == snapshots
    assert replayed(journal.folder, tmp_path) == dump(connection.settings_dict["NAME"])


def test_with_the_medium_gone_a_write_is_refused_and_changes_nothing(journal, tmp_path):
    tournament = play_a_little()
    stick = journal.folder.parent
    stick.rename(tmp_path / "pulled-out")
    with pytest.raises(OperationalError):
        Tournament.objects.filter(pk=tournament.pk).update(name="Perdu ?")
    with pytest.raises(writer.JournalUnavailable), transaction.atomic():
        Tournament.objects.filter(pk=tournament.pk).update(name="Perdu ?")
    assert Tournament.objects.get(pk=tournament.pk).name == "Hors transaction"
    assert writer.trouble() == journal.folder

    (tmp_path / "pulled-out").rename(stick)  # plugged in again
    assert writer.trouble() is None
    Tournament.objects.filter(pk=tournament.pk).update(name="Après")
    assert replayed(journal.folder, tmp_path) == dump(connection.settings_dict["NAME"])


def test_the_red_line_goes_as_soon_as_the_stick_is_back_without_a_write(journal, tmp_path):
    """A process of the server that only showed pages (no write refused, so
    its journal is not broken) saw the medium gone: the stick plugged back
    in, its next page says nothing wrong, not a few seconds later."""
    play_a_little()
    stick = journal.folder.parent
    stick.rename(tmp_path / "pulled-out")
    writer._probed[0] = (0.0, True)  # the last probe was long ago
    assert writer.trouble() == journal.folder
    assert not journal.broken
    (tmp_path / "pulled-out").rename(stick)
    assert writer.trouble() is None


def test_a_snapshot_of_another_pair_is_refused(journal, tmp_path):
    play_a_little()
    snapshot = next(journal.folder.glob("*.sqlite3"))
    snapshot.rename(snapshot.with_name("h1-000001-00000000.sqlite3"))
    with pytest.raises(
        replay.JournalDamaged, match="instantané 1 est laissé de côté : introuvable"
    ):
        replay.plan(journal.folder, seal=SEAL)


def test_a_segment_of_another_hall_is_refused(journal, tmp_path):
    play_a_little()
    segment = journal.folder / files.segment_name("h1", 1)
    lines = segment.read_text().splitlines()
    header = json.loads(lines[0]) | {"hall": "autre"}
    header.pop("h")
    segment.write_text("\n".join([codec.seal(header["prev"], header, KEY)[0], *lines[1:]]) + "\n")
    with pytest.raises(replay.JournalDamaged, match="n'appartient pas"):
        replay.plan(journal.folder, seal=SEAL)


def test_a_line_cut_short_at_the_end_was_never_acknowledged(journal, tmp_path):
    play_a_little()
    expected = replayed(journal.folder, tmp_path)
    segment = journal.folder / files.segment_name("h1", 1)
    with segment.open("a") as handle:
        handle.write('{"n": 999, "s": [["DELETE FROM')
    assert replayed(journal.folder, tmp_path) == expected

    lines = segment.read_text().splitlines()
    lines[2] = lines[2][:10]  # damaged in the middle: nothing guessed
    segment.write_text("\n".join(lines) + "\n")
    with pytest.raises(replay.JournalDamaged, match="ligne 3"):
        replay.plan(journal.folder, seal=SEAL)


def test_a_folder_without_a_journal_is_said_in_words(tmp_path):
    with pytest.raises(replay.JournalDamaged, match="aucun journal"):
        replay.plan(tmp_path)
    with pytest.raises(replay.JournalDamaged, match="introuvable"):
        replay.plan(tmp_path / "absent")


@pytest.mark.parametrize(
    ("language", "page", "desk"),
    [
        ("fr", "qu'il rebranche la clé", "rien n'est enregistré, ni aux tables ni ici"),
        ("en", "plug the stick back in", "nothing is saved, at the tables or here"),
    ],
)
def test_the_stick_gone_is_said_in_words(rf, db, language, page, desk):
    from html import unescape

    from django.contrib.auth.models import AnonymousUser
    from django.utils import translation

    from tournaments.display.hall import stick_line
    from tournaments.infra.middleware import unavailable_response

    request = rf.post("/saisie/x/donne/")
    request.user = AnonymousUser()
    with translation.override(language):
        response = unavailable_response(request, writer.JournalUnavailable("gone"))
        kind, notice = stick_line(
            folder="E:\\sauvegardes\\reprise", trouble=True, apart=True, several=False, seconds=0
        )
    assert response.status_code == 503 and response["Retry-After"]
    assert page in unescape(response.content.decode()).replace("’", "'")
    assert kind == "trouble" and desk in notice and "E:\\sauvegardes\\reprise" in notice


def test_the_models_make_the_schema_the_migrations_make(db):
    """A database from a stick must have exactly the app's schema
    (`carried.app_shape`, made from the models in memory, at once): the
    migrations make that very schema, read as SQLite describes it."""
    with closing(sqlite3.connect(f"file:{migrated.template()}?mode=ro", uri=True)) as made:
        assert carried.shape(made) == carried.app_shape()


@pytest.mark.parametrize(
    "change",
    [
        "CREATE TRIGGER t AFTER INSERT ON tournaments_deal BEGIN SELECT 1; END",
        "CREATE VIEW v AS SELECT 1",
        'DROP INDEX "tournaments_deal_table_id_e5a709c7"',
        "CREATE UNIQUE INDEX extra ON tournaments_team (name)",
        "ALTER TABLE tournaments_team ADD COLUMN extra text",
    ],
)
def test_a_schema_changed_in_any_way_is_not_the_apps(db, tmp_path, change):
    copy = tmp_path / "copie.sqlite3"
    shutil.copyfile(migrated.template(), copy)
    with closing(sqlite3.connect(copy)) as changed:
        changed.execute(change)
        assert carried.shape(changed) != carried.app_shape()


def test_a_replay_run_twice_gives_the_same_database(journal, tmp_path):
    play_a_little()
    assert replayed(journal.folder, tmp_path) == replayed(journal.folder, tmp_path)


def test_a_table_carrying_a_check_that_refuses_every_row_is_not_the_apps(db, tmp_path):
    """Issue 61: CHECK (0) written into a table's schema (PRAGMA
    writable_schema) passed the schema's check, then refused every deal."""
    copy = tmp_path / "copie.sqlite3"
    shutil.copyfile(migrated.template(), copy)
    with closing(sqlite3.connect(copy)) as changed:
        changed.execute("PRAGMA writable_schema = ON")
        changed.execute(
            "UPDATE sqlite_master SET sql = substr(sql, 1, length(sql) - 1) || ', CHECK (0))' "
            "WHERE type = 'table' AND name = 'tournaments_deal'"
        )
        changed.commit()
    with closing(sqlite3.connect(copy)) as changed:
        (sql,) = changed.execute(
            "SELECT sql FROM sqlite_master WHERE name = 'tournaments_deal'"
        ).fetchone()
        assert sql.endswith(", CHECK (0))") and changed.execute(
            "PRAGMA integrity_check"
        ).fetchall() == [("ok",)]
        assert carried.shape(changed) != carried.app_shape()


def test_a_snapshot_that_is_a_link_off_the_stick_is_not_taken(journal, tmp_path):
    """Issue 61: the snapshot replaced by a symbolic link to a file
    elsewhere on the laptop, the same bytes: refused, not followed."""
    play_a_little()
    snapshot = replay.plan(journal.folder, seal=SEAL).snapshot
    elsewhere = tmp_path / "ailleurs.sqlite3"
    shutil.move(snapshot, elsewhere)
    snapshot.symlink_to(elsewhere)
    with pytest.raises(replay.JournalDamaged, match="lien vers un autre fichier"):
        replay.plan(journal.folder, seal=SEAL)


def test_a_replayed_regexp_is_refused_before_python_runs_it(journal, tmp_path):
    """Issue 61: Django's REGEXP is Python: the replay's time bound (SQLite's
    progress handler) never runs while it backtracks (a pattern ran 420 s
    against a 300 s bound). A line calling it, or REPEAT, is refused."""
    play_a_little()
    plan = replay.plan(journal.folder, seal=SEAL)
    copy = tmp_path / "copie.sqlite3"
    with closing(sqlite3.connect(plan.snapshot)) as source, closing(sqlite3.connect(copy)) as to:
        source.backup(to)
    backend = type(connections["default"])
    other = backend({**connection.settings_dict, "NAME": str(copy)}, alias="replay")
    # (a + a)* backtracking: 2^22 steps, under a second; 2^40 would be hours.
    lines = [
        ("DELETE FROM tournaments_team WHERE ? REGEXP ?", ("a" * 22 + "!", "(a+)+$"), False),
        ("UPDATE tournaments_team SET name = REPEAT(?, ?)", ("x", 10), False),
    ]
    try:
        for line in lines:
            plan.transactions = [replay.Transaction("ligne 1 de h1-000009.journal", None, [line])]
            with pytest.raises(replay.JournalDamaged, match="refusée"):
                replay.apply(plan, other)
    finally:
        other.close()


def as_the_previous_release_wrote_it(folder: Path) -> None:
    """The journal as the release before the code wrote it (format 2): the
    teams' codes in clear, each line chained by a plain SHA-256."""
    for snapshot in folder.glob("*.sqlite3"):
        with closing(sqlite3.connect(snapshot)) as db:
            codes.reveal_rows(db, KEY)
            db.commit()
    for segment in folder.glob("*.journal"):
        records = [json.loads(line) for line in segment.read_text().splitlines()]
        header = records[0] | {"journal": writer.UNSEALED_FORMAT}
        header["sha256"] = hashlib.sha256((folder / header["snapshot"]).read_bytes()).hexdigest()
        prev, out = header["prev"], []
        for record in [header, *records[1:]]:
            record.pop("h")
            if "s" in record:
                record["s"] = [list(codes.reveal_statement(tuple(s), KEY)) for s in record["s"]]
            body = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
            prev = codec.chained(None, prev, body)
            out.append(body[:-1] + f',"h":"{prev}"}}')
        segment.write_text("\n".join(out) + "\n")


def test_a_journal_of_the_previous_release_replays_only_when_the_organizer_says_so(
    journal, tmp_path
):
    """Unsealed, it proves nothing (anyone could have written it so): the
    takeover refuses it in a sentence, and takes it with --non-scellee."""
    play_a_little()
    expected = replayed(journal.folder, tmp_path)
    writer.stop()
    as_the_previous_release_wrote_it(journal.folder)
    with pytest.raises(replay.JournalDamaged, match=r"n'est pas scellé .* --non-scellee"):
        replay.plan(journal.folder, seal=SEAL)
    plan = replay.plan(journal.folder, seal=replay.Seal(CODE, unsealed=True))
    assert plan.key is None
    copy = tmp_path / "previous.sqlite3"
    with closing(sqlite3.connect(plan.snapshot)) as source, closing(sqlite3.connect(copy)) as to:
        source.backup(to)
    backend = type(connections["default"])
    other = backend({**connection.settings_dict, "NAME": str(copy)}, alias="previous")
    try:
        replay.apply(plan, other)
    finally:
        other.close()
    assert dump(copy) == expected


def test_a_wrong_code_is_said_and_nothing_is_read(journal, tmp_path):
    play_a_little()
    with pytest.raises(replay.JournalDamaged, match="n'est pas scellé par ce code"):
        replay.plan(journal.folder, seal=replay.Seal("ABCD-EFGH-JKMN"))
    with pytest.raises(replay.JournalDamaged, match="--code"):
        replay.plan(journal.folder)
