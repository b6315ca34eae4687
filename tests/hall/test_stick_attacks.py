"""The stick is data, never code (issue 50, section 1), for real: a real
first laptop (`manage.py hall`) writes its journal on a « stick » (a
folder): a phone types deals, the organizer signs in, the server is
restarted once (a second snapshot) and then killed (tests/hall/sticks.py). Copies of the stick's
`reprise/` folder are changed as someone who got hold of the stick would,
and `hall --reprendre <copy> --check` runs on a fresh data folder (the
second laptop): whatever is on the stick can at most restore what the hall
itself wrote, in a sentence, never a traceback.

The attacker knows the journal's format and, here, the organizer's code
too (tests/hall/test_stick_sealed.py: without it, nothing it changes is
taken): the lines it appends are sealed as the hall's own are (`seal`), so
what stops them is what they do, not a seal it could not compute."""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from tests.hall.sticks import (
    DEALS,
    SUPERUSERS,
    append,
    copy_of,
    lines,
    newest,
    query,
    reseal_snapshots,
    said,
    take_over,
)

# engine_free: both laptops are on SQLite whatever the run's database (the
# hall's; tests/hall/halls.py leaves DATABASE_URL and REDIS_URL out of their
# environment) and the test asks the run's database nothing, so CI's
# PostgreSQL + Redis tier ran its 18 tests (4 minutes) a second time alike.
pytestmark = [pytest.mark.attack, pytest.mark.engine_free]


def test_lines_appended_give_nobody_a_right(stick, tmp_path):
    copy = copy_of(stick, tmp_path)
    append(
        newest(copy, ".journal"),
        "INSERT INTO auth_user (password, is_superuser, username, first_name, last_name, "
        "email, is_staff, is_active, date_joined) VALUES ('pbkdf2_sha256$1$x$y', 1, 'mallory', "
        "'', '', '', 1, 1, '2026-11-26 10:00:00')",
    )
    append(
        newest(copy, ".journal"),
        "UPDATE auth_user SET is_superuser = 1 WHERE username = 'benevole'",
    )
    append(
        newest(copy, ".journal"),
        "INSERT INTO tournaments_tournament_co_organizers (tournament_id, user_id) SELECT t.id, "
        "u.id FROM tournaments_tournament t, auth_user u WHERE u.username = 'benevole'",
    )
    append(
        newest(copy, ".journal"),
        "UPDATE auth_user SET password = 'pbkdf2_sha256$1$x$y' WHERE username = 'orga'",
    )
    done, database = take_over(copy, tmp_path)
    assert done.returncode == 0, said(done)
    assert query(database, SUPERUSERS) == ["orga"]  # staff in the snapshot, as the hall made it
    assert query(database, "SELECT count(*) FROM tournaments_tournament_co_organizers") == [0]
    assert query(database, "SELECT password FROM auth_user WHERE username = 'orga'") != [
        "pbkdf2_sha256$1$x$y"
    ]
    # What the journal asked and was not given is said, by name.
    text = said(done)
    assert "ne sont pas repris" in text
    assert "mallory" in text and "benevole" in text and "orga" in text
    assert query(database, DEALS, stick[1]) == stick[3]


@pytest.mark.parametrize(
    "statement",
    [
        "ATTACH DATABASE '{outside}' AS x",
        "INSERT INTO auth_user_groups (user_id, group_id) SELECT id, 1 FROM auth_user",
        "DELETE FROM django_migrations",
        "INSERT INTO django_session VALUES ('k', 'x', '2099-01-01')",
        "PRAGMA writable_schema = 1",
        "VACUUM INTO '{outside}'",
        "CREATE TRIGGER t AFTER INSERT ON tournaments_deal BEGIN "
        "UPDATE auth_user SET is_superuser = 1; END",
        "INSERT INTO tournaments_team (name) VALUES ('a'); UPDATE auth_user SET is_superuser = 1",
    ],
)
def test_a_line_that_is_not_a_write_of_the_concours_is_refused_in_a_sentence(
    stick, tmp_path, statement
):
    outside = tmp_path / "dehors.sqlite3"
    copy = copy_of(stick, tmp_path)
    segment = newest(copy, ".journal")
    append(segment, statement.format(outside=outside))
    done, database = take_over(copy, tmp_path)
    assert done.returncode != 0
    assert f"ligne {len(lines(segment))} de {segment.name}" in said(done)
    assert not outside.exists()
    # Nothing left to serve: the second laptop's own database, or none (the
    # snapshot refused halfway is moved aside).
    assert not database.exists() or query(database, SUPERUSERS) == []
    # Up to the line refused, on purpose: everything the hall wrote, nothing more.
    done, database = take_over(copy, tmp_path / "partielle", "--partielle")
    assert done.returncode == 0, said(done)
    assert query(database, DEALS, stick[1]) == stick[3]
    assert query(database, "SELECT count(*) FROM sqlite_master WHERE type = 'trigger'") == [0]
    assert not outside.exists()


def test_no_secret_is_on_the_stick(stick, tmp_path):
    folder, _, sessions, _ = stick
    everything = b"".join(p.read_bytes() for p in folder.iterdir() if p.is_file())
    for session in sessions:
        assert session.encode() not in everything
    assert not (folder / "cle-secrete").exists()


def test_a_secret_key_left_on_the_stick_is_not_taken(stick, tmp_path):
    copy = copy_of(stick, tmp_path)
    (copy / "cle-secrete").write_text("cle-de-l-attaquant-0123456789", encoding="ascii")
    done, database = take_over(copy, tmp_path)
    assert done.returncode == 0, said(done)
    key = (database.parent / "secret-key").read_text().strip()
    assert key and key != "cle-de-l-attaquant-0123456789"
    assert query(database, "SELECT count(*) FROM django_session") == [0]


def flip(path: Path, pages: int) -> None:
    """One byte changed in `pages` pages of a SQLite file."""
    data = bytearray(path.read_bytes())
    size = 4096
    for page in range(1, min(pages, len(data) // size - 1) + 1):
        data[page * size + 1000] ^= 0xFF
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("damage", ["flipped", "cut"])
def test_a_damaged_newest_snapshot_falls_back_to_the_one_before(stick, tmp_path, damage):
    copy = copy_of(stick, tmp_path)
    snapshot = newest(copy, ".sqlite3")
    if damage == "flipped":
        flip(snapshot, 20)
    else:
        snapshot.write_bytes(snapshot.read_bytes()[: snapshot.stat().st_size // 2])
    done, database = take_over(copy, tmp_path)
    assert done.returncode == 0, said(done)
    assert "abîmé" in said(done) and "instantané précédent" in said(done)
    assert query(database, "PRAGMA integrity_check") == ["ok"]
    assert query(database, DEALS, stick[1]) == stick[3]


def test_a_trigger_planted_in_the_snapshot_never_runs(stick, tmp_path):
    copy = copy_of(stick, tmp_path)
    for snapshot in copy.glob("*.sqlite3"):
        with closing(sqlite3.connect(snapshot)) as db:
            db.execute(
                "CREATE TRIGGER t AFTER INSERT ON tournaments_deal BEGIN "
                "UPDATE auth_user SET is_superuser = 1; END"
            )
            db.commit()
    reseal_snapshots(copy)
    done, database = take_over(copy, tmp_path)
    assert done.returncode != 0
    assert "déclencheur" in said(done)
    assert query(database, SUPERUSERS) == []  # the second laptop's own database, untouched


def test_a_changed_acknowledged_line_is_named_not_dropped(stick, tmp_path):
    copy = copy_of(stick, tmp_path)
    segment = newest(copy, ".journal")
    text = segment.read_text().splitlines()
    # The last complete line (acknowledged: fsynced before its answer), one byte changed.
    last = len(text)
    text[-1] = "x" + text[-1][1:]
    segment.write_text("\n".join(text) + "\n")
    done, _ = take_over(copy, tmp_path)
    assert done.returncode != 0
    assert f"ligne {last} de {segment.name}" in said(done)
    assert re.search(r"à \d\d:\d\d:\d\d", said(done))  # when it was written


def test_a_value_changed_in_a_middle_line_is_caught(stick, tmp_path):
    copy = copy_of(stick, tmp_path)
    segment = newest(copy, ".journal")
    text = segment.read_text().splitlines()
    # A date written in the journal, of whatever year the stick was made in
    # (the current year's missed one made on the 31st of December).
    dated = re.compile(r'"20\d\d-(?=\d\d-\d\d)')
    index = next(i for i, line in enumerate(text[1:-1], start=1) if dated.search(line))
    text[index] = dated.sub('"2099-', text[index], count=1)
    segment.write_text("\n".join(text) + "\n")
    done, _ = take_over(copy, tmp_path)
    assert done.returncode != 0
    assert f"ligne {index + 1} de {segment.name}" in said(done)
    assert re.search(r"à \d\d:\d\d:\d\d", said(done))


def test_a_torn_last_line_was_never_acknowledged_and_is_left_out(stick, tmp_path):
    copy = copy_of(stick, tmp_path)
    with newest(copy, ".journal").open("a") as out:
        out.write('{"n":999,"t":"2026-11-26T10:00:00+00:00","s":[["DELETE FROM tourna')
    done, database = take_over(copy, tmp_path)
    assert done.returncode == 0, said(done)
    assert query(database, DEALS, stick[1]) == stick[3]


def test_a_stick_with_two_halls_names_both_and_asks_which(stick, tmp_path):
    copy = copy_of(stick, tmp_path)
    hall = newest(copy, ".journal").name[: -len("-000000.journal")]
    for path in list(copy.glob(f"{hall}-*")):
        other = path.name.replace(hall, "autre000", 1)
        shutil.copyfile(path, copy / other)
    for segment in copy.glob("autre000-*.journal"):
        records = lines(segment)
        records[0]["hall"] = "autre000"
        records[0]["snapshot"] = records[0]["snapshot"].replace(hall, "autre000", 1)
        segment.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    reseal_snapshots(copy)
    done, _ = take_over(copy, tmp_path)
    assert done.returncode != 0
    assert hall in said(done) and "autre000" in said(done) and "--journal" in said(done)
    done, database = take_over(copy, tmp_path / "choisi", "--journal", hall)
    assert done.returncode == 0, said(done)
    assert query(database, DEALS, stick[1]) == stick[3]
