"""One concours in several halls merged from their concours files
(checker/halls.py, `python -m checker merge`)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checker import replay
from checker.generate import hall_files
from checker.halls import MergeError, merge
from tournaments.domain.standings import HEAD_TO_HEAD

FEWEST_FIRST = {"points_against", "chance"}


@pytest.mark.parametrize("seed", range(40))
def test_the_merged_ranking_orders_every_team_by_the_criteria_and_keeps_each_halls_order(seed):
    files = hall_files(halls=3, teams=2 + seed % 9, parties=1 + seed % 3, seed=seed, deals=2)
    halls = [(f"Salle {i}", f) for i, f in enumerate(files, start=1)]
    merged = merge(halls)
    assert len(merged.rows) == sum(len(replay.entrants(f)) for f in files)
    criteria = [c for c in files[0]["ranking"]["criteria"] if c != HEAD_TO_HEAD]
    # The fewest points conceded and the smallest lot rank first.
    keys = [
        tuple(
            -getattr(line.row, c) if c in FEWEST_FIRST else getattr(line.row, c) for c in criteria
        )
        for line in merged.rows
    ]
    assert keys == sorted(keys, reverse=True)
    for i, line in enumerate(merged.rows):
        if i and keys[i] == keys[i - 1]:
            assert line.rank == merged.rows[i - 1].rank
        else:
            assert line.rank == i + 1
    # Within a hall, its own ranking's order stands (head-to-head, which
    # cannot compare two halls, breaks the last ties only).
    every = files[0]["ranking"]["criteria"]
    if HEAD_TO_HEAD in every[:-1]:
        return
    for name, doc in halls:
        closed = sum(1 for r in doc["rounds"] if r["status"] == "closed")
        own = [row.entrant for row in replay.standings(doc, until=closed)]
        teams = {t["id"]: t["number"] for t in doc["teams"]}
        in_merged = [line.number for line in merged.rows if line.hall == name]
        if own:
            assert in_merged == [teams[e] for e in own]


def test_provisional_until_every_hall_has_closed_every_partie():
    files = hall_files(halls=2, teams=6, parties=2, seed=3, deals=1)
    for doc in files:
        for rnd in doc["rounds"]:
            rnd["status"] = "closed"
    assert not merge([("A", files[0]), ("B", files[1])]).provisional
    late = copy.deepcopy(files[1])
    late["rounds"][-1]["status"] = "playing"
    merged = merge([("A", files[0]), ("B", late)])
    assert merged.provisional
    assert [(h.name, h.closed, h.planned, h.complete) for h in merged.halls] == [
        ("A", 2, 2, True),
        ("B", 1, 2, False),
    ]
    # A hall that has not sent its second partie yet: planned parties said.
    assert merge([("A", files[0])], planned=3).provisional


def test_files_of_two_different_concours_are_not_merged():
    one = hall_files(halls=1, teams=4, parties=1, seed=1)[0]
    other = copy.deepcopy(one)
    other["ranking"]["criteria"] = ["wins", "points"]
    with pytest.raises(MergeError, match="pas le classement"):
        merge([("A", one), ("B", other)])
    with pytest.raises(MergeError, match="même nom"):
        merge([("A", one), ("A", one)])
    with pytest.raises(MergeError, match="Aucune salle"):
        merge([])


def test_twelve_halls_merge_on_the_command_line(tmp_path):
    """Twelve halls of 30 teams merged by `python -m checker
    merge`. How fast is bench/halls.py's figure (target 5 s), never a
    test's: a bound on a duration fails on a loaded machine. The run's own
    time-out only ends a hang."""
    files = hall_files(halls=12, teams=30, parties=4, seed=12, deals=12)
    paths = []
    for i, doc in enumerate(files, start=1):
        path = tmp_path / f"salle{i}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        paths.append(f"Salle {i}={path}")
    done = subprocess.run(
        [sys.executable, "-m", "checker", "merge", "--parties", "4", *paths],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Salle « Salle 1 » : 30 équipes")
    assert sum(1 for line in lines if line.startswith("Salle «")) == 12
    ranking = lines[lines.index(next(x for x in lines if x.startswith("Classement"))) + 1 :]
    assert len(ranking) == 360
    assert len(set(ranking)) == 360  # one line a team, none twice


def test_a_file_that_cannot_be_read_is_said(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "checker", "merge", str(bad)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and "ne se lit pas" in done.stdout


@pytest.mark.parametrize(
    ("ours", "theirs", "shared"),
    [
        (["Dupont – Martin"], ["Dupont – Martin"], ["Dupont – Martin"]),
        (["Martin – Dupont"], ["Dupont – Martin"], ["Martin – Dupont"]),  # players swapped
        (["dupont / MARTIN"], ["Dupont – Martin"], ["dupont / MARTIN"]),
        (["Lefèvre – Bérard"], ["Lefevre & Berard"], ["Lefèvre – Bérard"]),  # accents, signs
        # Issue 61: a blank that is no space, a bold capital, a zero width.
        (["Dupont\u3164Martin"], ["Dupont – Martin"], ["Dupont\u3164Martin"]),
        (["Dupont\u2800Martin"], ["Dupont Martin"], ["Dupont\u2800Martin"]),
        (["Dupont\uffa0Martin"], ["Dupont Martin"], ["Dupont\uffa0Martin"]),
        (
            ["\U0001d403upont – \U0001d40cartin"],
            ["Dupont – Martin"],
            ["\U0001d403upont – \U0001d40cartin"],
        ),
        (["Dup\u200bont – Mar\u2060tin"], ["Dupont – Martin"], ["Dup\u200bont – Mar\u2060tin"]),
        (["Dupont – Martin"], ["Dupont – Martinez"], []),
        (["Dupont – Martin", "Roux – Blanc"], ["Blanc – Roux", "Petit – Grand"], ["Roux – Blanc"]),
    ],
)
def test_a_team_plays_in_one_hall_only(ours, theirs, shared):
    from checker.halls import own_teams

    doc = {"teams": [{"name": name} for name in ours]}
    other = {"teams": [{"name": name} for name in theirs]}
    if not shared:
        own_teams("B", doc, [("A", other)])
        return
    with pytest.raises(MergeError) as refused:
        own_teams("B", doc, [("A", other)])
    assert all(f"« {name} »" in str(refused.value) for name in shared)
    assert "salle « A »" in str(refused.value)


def test_a_refusal_names_five_teams_then_counts_the_others():
    from checker.halls import own_teams

    teams = {"teams": [{"name": f"Équipe {n}"} for n in range(16)]}
    with pytest.raises(MergeError, match="et 11 autres"):
        own_teams("B", teams, [("A", copy.deepcopy(teams))])


@given(st.lists(st.text(alphabet="abcdéèçœ", min_size=1, max_size=8), min_size=1, max_size=4))
def test_a_teams_name_is_the_same_team_whatever_the_order_of_its_words(words):
    from checker.halls import team_key

    assert team_key(" – ".join(words)) == team_key(" / ".join(reversed(words)))


def test_files_of_generated_halls_each_have_teams_of_their_own():
    from checker.halls import own_teams

    files = hall_files(halls=3, teams=6, parties=1, seed=5, deals=1)
    for i, doc in enumerate(files):
        own_teams(str(i), doc, [(str(j), f) for j, f in enumerate(files) if j != i])
