"""The checker speaks French by default and English when given the English
catalogue: the same differences, each in natural English, every msgid of
the checker translated in the catalogue, and the command line's --lang en.
Pure: no database (the catalogue is the compiled locale/en django.mo)."""

from __future__ import annotations

import ast
import copy
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation import gettext

from checker import replay
from checker.__main__ import main
from checker.check import check
from checker.generate import small_concours
from checker.halls import MergeError, merge
from checker.words import LOCALE, catalogue, french
from tests.test_translations import entries
from tournaments.display.errors import engine_error

ROOT = Path(__file__).resolve().parents[2]
CHECKER = ROOT / "checker"
ENGLISH = catalogue("en")


def find(wanted) -> dict:
    for seed in range(2_000):
        doc = small_concours(seed)
        if not replay.is_melee(doc) and wanted(doc):
            return doc
    raise AssertionError("no generated concours fits")


def number_of(doc: dict, team_id: int) -> int:
    return next(team["number"] for team in doc["teams"] if team["id"] == team_id)


def a_changed_total() -> tuple[dict, str, str]:
    doc = find(lambda d: any(t["deals"] for r in d["rounds"] for t in r["tables"]))
    rnd, table = next((r, t) for r in doc["rounds"] for t in r["tables"] if t["deals"])
    table["totals"]["B"] += 100
    r, t, a, b = rnd["number"], table["number"], table["totals"]["A"], table["totals"]["B"]
    return (
        doc,
        f"Partie {r}, table {t} : les totaux sont {a}–{b} dans le fichier, les donnes et les "
        f"pénalités font {a}–{b - 100}.",
        f"Round {r}, table {t}: the totals are {a}–{b} in the file, the deals and penalties "
        f"add up to {a}–{b - 100}.",
    )


def a_changed_marque() -> tuple[dict, str, str]:
    doc = find(lambda d: any(t["deals"] for r in d["rounds"] for t in r["tables"]))
    rnd, table = next((r, t) for r in doc["rounds"] for t in r["tables"] if t["deals"])
    entry = table["deals"][0]
    a, b = entry["marques"]["A"], entry["marques"]["B"]
    entry["marques"]["A"] += 10
    where = f"{rnd['number']}, table {table['number']}"
    return (
        doc,
        f"Partie {where}, donne {entry['number']} : la marque est {a + 10}–{b} dans le "
        f"fichier, le moteur donne {a}–{b}.",
        f"Round {where}, deal {entry['number']}: the score is {a + 10}–{b} in the file, the "
        f"engine gives {a}–{b}.",
    )


def a_table_said_in_play() -> tuple[dict, str, str]:
    doc = find(
        lambda d: any(t.get("status") == replay.COMPLETE for r in d["rounds"] for t in r["tables"])
    )
    rnd, table = next(
        (r, t) for r in doc["rounds"] for t in r["tables"] if t.get("status") == replay.COMPLETE
    )
    table["status"] = replay.IN_PROGRESS
    r, t = rnd["number"], table["number"]
    return (
        doc,
        f"Partie {r}, table {t} : la table est « en cours » dans le fichier, ses donnes la "
        "disent « terminée ».",
        f"Round {r}, table {t}: the table is “in progress” in the file, its deals say “complete”.",
    )


def a_changed_ranking() -> tuple[dict, str, str]:
    doc = find(lambda d: any(r["standings"] for r in d["rounds"]))
    rnd = next(r for r in doc["rounds"] if r["standings"])
    line = rnd["standings"][0]
    line["points_for"] += 1
    team, said = number_of(doc, line["entrant"]), line["points_for"]
    return (
        doc,
        f"Partie {rnd['number']}, classement : l'équipe n° {team} a {said} en points dans le "
        f"fichier, recalculé {said - 1}.",
        f"Round {rnd['number']}, ranking: team no. {team} has {said} for points in the file, "
        f"recomputed {said - 1}.",
    )


def a_bye_nobody_had() -> tuple[dict, str, str]:
    def fits(doc: dict) -> bool:
        return any(r["draw"]["kind"] == "ranking" and not r["byes"] for r in doc["rounds"])

    doc = find(fits)
    rnd = next(r for r in doc["rounds"] if r["draw"]["kind"] == "ranking" and not r["byes"])
    rnd["byes"] = [doc["teams"][0]["id"]]
    team = doc["teams"][0]["number"]
    return (
        doc,
        f"Partie {rnd['number']} : le tirage selon le classement exempte personne, le fichier "
        f"l'équipe n° {team}.",
        f"Round {rnd['number']}: the draw by ranking gives a bye to nobody, the file to team "
        f"no. {team}.",
    )


def not_a_concours_file() -> tuple[dict, str, str]:
    return (
        {"format": "autre"},
        "Ce n'est pas un fichier de concours (« format » : « concours-belote » attendu).",
        "This is not a concours file (“format”: “concours-belote” expected).",
    )


@pytest.mark.parametrize(
    "difference",
    [
        a_changed_total,
        a_changed_marque,
        a_table_said_in_play,
        a_changed_ranking,
        a_bye_nobody_had,
        not_a_concours_file,
    ],
)
def test_a_difference_is_french_by_default_and_english_with_the_english_catalogue(difference):
    doc, in_french, in_english = difference()
    assert in_french in check(copy.deepcopy(doc)), check(doc)
    assert check(copy.deepcopy(doc)) == check(copy.deepcopy(doc), translate=french)
    english = check(doc, translate=ENGLISH)
    assert in_english in english, english
    assert len(english) == len(check(doc))
    assert not [s for s in english if " le fichier" in s or " : " in s], english


def test_a_replayed_draw_names_its_kind_and_seed_in_english():
    doc = find(lambda d: any(r["draw"]["kind"] == "random" for r in d["rounds"]))
    rnd = next(r for r in doc["rounds"] if r["draw"]["kind"] == "random")
    rnd["draw"]["seed"] += 1
    (first, *_rest) = check(doc, translate=ENGLISH)
    assert first.startswith(f"Round {rnd['number']}")
    assert f"the random draw (number {rnd['draw']['seed']})" in first


def two_halls_ranked_apart() -> list[tuple[str, dict]]:
    first = small_concours(3)
    second = copy.deepcopy(first)
    second["ranking"] = {**second["ranking"], "criteria": ["points_for"]}
    return [("Vic", first), ("Lembeye", second)]


@pytest.mark.parametrize(
    ("translate", "said"),
    [
        (french, "La salle « Lembeye » n'a pas le classement de la salle « Vic » : ce n'est pas"),
        (ENGLISH, "The hall “Lembeye” does not have the ranking of the hall “Vic”: it is not"),
    ],
)
def test_halls_that_are_not_one_concours_are_said_in_the_callers_language(translate, said):
    with pytest.raises(MergeError, match=said):
        merge(two_halls_ranked_apart(), translate=translate)


# -- the catalogue -----------------------------------------------------------------------------

#: The checker's marking functions: name -> position of the msgid (after a context).
MARKS = {"_": 0, "gettext_noop": 0, "pgettext": 1}


def checker_msgids() -> set[tuple[str, str]]:
    """(context, msgid) of every literal the checker's source marks."""
    found = set()
    for path in CHECKER.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            where = MARKS.get(node.func.id)
            if where is None or len(node.args) <= where:
                continue
            literal = node.args[where]
            if isinstance(literal, ast.Constant) and isinstance(literal.value, str):
                context = node.args[0].value if where else ""
                found.add((context, literal.value))
    return found


def test_every_msgid_of_the_checker_has_an_english_translation():
    msgids = checker_msgids()
    assert len(msgids) > 70  # the scan finds the sentences
    translated = {(context, msgid): msgstr for context, msgid, msgstr, _f in entries()}
    missing = sorted(m for m in msgids if not translated.get(m))
    assert not missing, missing
    compiled = LOCALE / "en/LC_MESSAGES/django.mo"
    assert compiled.exists(), "run manage.py compilemessages"


def test_no_sentence_of_the_checker_is_built_in_french_outside_the_catalogue():
    """A sentence said (say, MergeError, print) is never an f-string: its
    words come from a marked msgid."""
    built = []
    for path in CHECKER.glob("*.py"):
        if path.name == "generate.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and node.args:
                name = getattr(node.func, "attr", getattr(node.func, "id", ""))
                if name in {"say", "MergeError", "print"} and isinstance(
                    node.args[0], ast.JoinedStr
                ):
                    built.append(f"{path.name}: {ast.unparse(node.args[0])}")
    # The merged ranking's lines (rank, name, hall, points) have no words.
    assert built == [
        "__main__.py: f'{line.rank:>4}  {line.name} ({line.hall})  {line.row.points_for} points'"
    ], built


# -- the command line --------------------------------------------------------------------------


def tampered_file(tmp_path: Path) -> tuple[Path, dict]:
    doc, _french, in_english = a_changed_total()
    path = tmp_path / "concours.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path, {"english": in_english}


@pytest.mark.parametrize(
    ("lang", "said", "count"),
    [
        ([], "les totaux sont", " différence(s)."),
        (["--lang", "fr"], "les totaux sont", " différence(s)."),
        (["--lang", "en"], "the totals are", " difference(s)."),
    ],
)
def test_the_command_says_each_difference_in_the_language_asked(
    tmp_path, capsys, lang, said, count
):
    path, _expected = tampered_file(tmp_path)
    assert main([*lang, str(path)]) == 1
    printed = capsys.readouterr()
    assert said in printed.out and count in printed.err


def test_the_command_in_english_runs_without_django(tmp_path):
    path, expected = tampered_file(tmp_path)
    command = [sys.executable, "-m", "checker", "--lang", "en", str(path)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stdout.splitlines()[0] == expected["english"]
    assert done.stderr.strip() == f"{len(done.stdout.splitlines())} difference(s)."
    unread = subprocess.run(
        [*command[:-1], str(tmp_path / "absent.json")], cwd=ROOT, capture_output=True, text=True
    )
    assert unread.stdout.startswith(f"The file {tmp_path / 'absent.json'} cannot be read:")


def test_the_merge_command_speaks_english_too(tmp_path, capsys):
    files = []
    for name, doc in two_halls_ranked_apart():
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        files.append(f"{name}={path}")
    assert main(["merge", "--lang", "en", *files]) == 1
    assert "does not have the ranking of the hall" in capsys.readouterr().out
    assert main(["merge", "--lang", "en", files[0]]) == 0
    out = capsys.readouterr().out
    assert "Hall “Vic”:" in out and "ranking:" in out


def test_the_engines_refusal_is_quoted_in_the_words_the_caller_gives():
    doc = find(lambda d: any(t["deals"] for r in d["rounds"] for t in r["tables"]))
    rnd, table = next((r, t) for r in doc["rounds"] for t in r["tables"] if t["deals"])
    entry = next(e for e in table["deals"] if e["deal"]["taker"] is not None)
    entry["deal"]["taker"] = None  # passed, yet with a bid and points
    where = f"Round {rnd['number']}, table {table['number']}, deal {entry['number']}"
    refused = f"{where}: the engine refuses the deal ("
    quoted = next(s for s in check(doc, translate=ENGLISH) if s.startswith(refused))
    assert quoted.removeprefix(refused) == next(
        s.split("le moteur refuse la donne (")[1] for s in check(doc) if "le moteur refuse" in s
    )  # the engine's own (French) sentence, unless the caller words it
    with translation.override("en"):
        english = check(doc, translate=gettext, engine_words=engine_error)
    quoted = next(s for s in english if s.startswith(refused))
    assert not re.search(r"donne|partie|preneur|équipe", quoted, re.I), quoted


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ([], "Vérifie un fichier de concours"),
        (["--lang", "en"], "Checks a concours file: scores, totals, rankings, draws."),
        (["--lang=en"], "the language of the sentences (fr: French, en: English)"),
        (["merge", "--lang", "en"], "each hall's file (HALL=FILE)"),
    ],
)
def test_the_commands_help_is_in_the_language_asked(capsys, lang, said):
    with pytest.raises(SystemExit):
        main([*lang, "--help"])
    assert said in capsys.readouterr().out
