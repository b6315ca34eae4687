"""The concours checker on generated concours: thousands of them hold
together with 0 differences, and a tampered file (a marque, a table, a
seed, a total, a ranking, the pools, a bracket) is caught with the right
sentence and exit status 1. Pure: no database."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

import scoring
from checker import FORMAT
from checker.__main__ import main
from checker.check import check
from checker.generate import CLUB_OPTIONS, generate, small_concours
from tests.checker import schema

#: Generated concours checked by the suite: thousands, as issue 27 asks
#: (about 2 ms each, generation included: 10 s on one core of the CI machine).
CONCOURS = 5_000


def find(seed_from: int, wanted) -> dict:
    """The first generated concours (from `seed_from`) that `wanted` accepts."""
    for seed in range(seed_from, seed_from + 2_000):
        doc = small_concours(seed)
        if wanted(doc):
            return doc
    raise AssertionError("no generated concours fits")


def test_thousands_of_generated_concours_have_no_difference():
    seen: dict[str, int] = {}
    differences = []
    for seed in range(CONCOURS):
        doc = small_concours(seed)
        differences.extend(f"concours {seed}: {s}" for s in check(doc))
        for rnd in doc["rounds"]:
            seen[rnd["draw"]["kind"]] = seen.get(rnd["draw"]["kind"], 0) + 1
            seen["byes"] = seen.get("byes", 0) + len(rnd["byes"])
            for table in rnd["tables"]:
                seen["penalties"] = seen.get("penalties", 0) + len(table["penalties"])
                seen[table["entry"]] = seen.get(table["entry"], 0) + 1
                seen[table["status"]] = seen.get(table["status"], 0) + 1
        seen["withdrawn"] = seen.get("withdrawn", 0) + sum(t["withdrawn"] for t in doc["teams"])
        for option in CLUB_OPTIONS:  # a club's count (SPEC §7.1, §7.2)
            base = scoring.PRESET_VERSIONS[doc["rules"]["preset"]][doc["rules"]["version"]]
            if doc["rules"][option] != getattr(base, option):
                seen[option] = seen.get(option, 0) + 1
        seen["pool splits"] = seen.get("pool splits", 0) + bool(doc["pools"])
        seen["swaps"] = seen.get("swaps", 0) + sum(len(r["draw"]["swaps"]) for r in doc["rounds"])
        seen["fixed"] = seen.get("fixed", 0) + sum(bool(r["draw"]["fixed"]) for r in doc["rounds"])
    assert differences == []
    # Every kind of draw and every event is covered, many times.
    for what in (
        "random",
        "ranking",
        "rotation",
        "pools",
        "bracket",
        "byes",
        "penalties",
        "totals",
        "deals",
        "withdrawn",
        "pool splits",
        "swaps",
        "fixed",
        "in_progress",
        *CLUB_OPTIONS,
    ):
        assert seen.get(what, 0) >= 20, (what, seen)


def test_the_same_arguments_generate_the_same_file():
    assert generate(teams=9, parties=4, seed=7) == generate(teams=9, parties=4, seed=7)
    assert generate(teams=9, parties=4, seed=7) != generate(teams=9, parties=4, seed=8)


def with_deals(doc: dict) -> bool:
    return any(t["deals"] for r in doc["rounds"] for t in r["tables"])


def test_a_changed_marque_is_caught_at_its_deal():
    doc = find(0, with_deals)
    rnd, table = next((r, t) for r in doc["rounds"] for t in r["tables"] if t["deals"])
    entry = table["deals"][0]
    a, b = entry["marques"]["A"], entry["marques"]["B"]
    entry["marques"]["A"] = a + 10
    assert check(doc) == [
        f"Partie {rnd['number']}, table {table['number']}, donne {entry['number']} : "
        f"la marque est {a + 10}–{b} dans le fichier, le moteur donne {a}–{b}."
    ]


def test_a_changed_deal_is_caught_by_its_marque_and_a_refused_one_is_said():
    doc = find(0, lambda d: with_deals(d) and d["rules"]["preset"] == "ffb-coinche")
    rnd, table = next((r, t) for r in doc["rounds"] for t in r["tables"] if t["deals"])
    where = f"Partie {rnd['number']}, table {table['number']}, donne"
    played = next(e for e in table["deals"] if e["deal"]["taker"])
    flipped = copy.deepcopy(doc)
    tables = flipped["rounds"][doc["rounds"].index(rnd)]["tables"]
    entry = next(e for t in tables for e in t["deals"] if e == played)
    entry["deal"]["taker"] = "A" if played["deal"]["taker"] == "B" else "B"
    assert any(s.startswith(f"{where} {played['number']} : la marque est") for s in check(flipped))
    entry["deal"]["taker"] = None  # passed, yet with a bid and points
    assert any(
        s.startswith(f"{where} {played['number']} : le moteur refuse la donne")
        for s in check(flipped)
    )


def test_a_changed_total_is_caught_at_its_table():
    doc = find(0, with_deals)
    rnd, table = next((r, t) for r in doc["rounds"] for t in r["tables"] if t["deals"])
    table["totals"]["B"] += 100
    sentences = check(doc)
    a, b = table["totals"]["A"], table["totals"]["B"]
    assert (
        f"Partie {rnd['number']}, table {table['number']} : les totaux sont {a}–{b} dans "
        f"le fichier, les donnes et les pénalités font {a}–{b - 100}."
    ) in sentences


def random_draw_of(doc: dict) -> dict | None:
    return next((r for r in doc["rounds"] if r["draw"]["kind"] == "random"), None)


def test_a_changed_seed_is_caught_at_the_tables_it_moves():
    doc = find(0, lambda d: (r := random_draw_of(d)) is not None and len(r["tables"]) >= 3)
    rnd = random_draw_of(doc)
    rnd["draw"]["seed"] += 1
    sentences = check(doc)
    assert sentences
    assert all(s.startswith(f"Partie {rnd['number']}") for s in sentences[:1])
    assert f"le tirage au hasard (numéro {rnd['draw']['seed']}) y place" in sentences[0]


@pytest.mark.parametrize("kind", ["ranking", "rotation", "random", "pools"])
def test_a_changed_table_is_caught_in_every_kind_of_draw(kind):
    def fits(doc: dict) -> bool:
        return any(r["draw"]["kind"] == kind and len(r["tables"]) >= 2 for r in doc["rounds"])

    doc = find(100, fits)
    rnd = next(r for r in doc["rounds"] if r["draw"]["kind"] == kind and len(r["tables"]) >= 2)
    first, second = rnd["tables"][0], rnd["tables"][1]
    first["b"], second["b"] = second["b"], first["b"]  # two teams swapped by hand
    sentences = check(doc)
    words = {"ranking": "selon le classement", "rotation": "par rotation"}
    words |= {"random": "au hasard", "pools": "des poules"}
    assert any(
        s.startswith(f"Partie {rnd['number']}, table {first['number']} : le tirage {words[kind]}")
        for s in sentences
    ), sentences


def test_a_changed_ranking_is_caught():
    doc = find(0, lambda d: any(r["standings"] for r in d["rounds"]))
    rnd = next(r for r in doc["rounds"] if r["standings"])
    line = rnd["standings"][0]
    line["points_for"] += 1
    assert any(
        s.startswith(f"Partie {rnd['number']}, classement :") and "en points" in s
        for s in check(doc)
    )


def test_a_changed_pool_seed_is_caught():
    doc = find(0, lambda d: d["pools"] is not None and d["pools"]["seed"] is not None)
    doc["pools"]["seed"] += 1
    sentences = check(doc)
    assert any(s.startswith("Poule ") and "l'ordre tiré" in s for s in sentences), sentences


def test_a_changed_bracket_winner_is_caught():
    def fits(doc: dict) -> bool:
        return any(m["settled"] == "played" for b in doc["brackets"] for m in b["matches"])

    doc = find(0, fits)
    played = [b for b in doc["brackets"] if any(m["settled"] == "played" for m in b["matches"])]
    bracket = played[0]
    match = next(m for m in bracket["matches"] if m["settled"] == "played")
    match["winner"] = match["b"] if match["winner"] == match["a"] else match["a"]
    assert any(s.startswith(f"Tableau « {bracket['kind']} »") for s in check(doc))


def test_a_file_that_is_not_a_concours_file_is_one_sentence():
    assert check({"format": "autre"}) == [
        f"Ce n'est pas un fichier de concours (« format » : « {FORMAT} » attendu)."
    ]
    broken = small_concours(3)
    del broken["rounds"][0]["tables"]
    (sentence,) = check(broken)
    assert sentence.startswith("Le fichier de concours est mal formé")


def test_the_command_exits_0_on_a_true_file_and_1_with_each_sentence(tmp_path, capsys):
    path = tmp_path / "concours.json"
    made = ["generate", "--teams", "8", "--parties", "3", "--seed", "5", "--out", str(path)]
    assert main(made) == 0
    assert main([str(path)]) == 0
    assert capsys.readouterr().out == ""
    doc = json.loads(path.read_text(encoding="utf-8"))
    tampered = copy.deepcopy(doc)
    tampered["rounds"][0]["tables"][0]["totals"]["A"] += 1
    path.write_text(json.dumps(tampered), encoding="utf-8")
    assert main([str(path)]) == 1
    assert "les totaux sont" in capsys.readouterr().out


def test_python_m_tournaments_checker_runs_without_django(tmp_path):
    path = tmp_path / "concours.json"
    root = Path(__file__).resolve().parents[2]
    command = [sys.executable, "-m", "checker"]
    subprocess.run(
        [*command, "generate", "--teams", "6", "--parties", "2", "--seed", "1", "--out", path],
        check=True,
        cwd=root,
    )
    done = subprocess.run([*command, str(path)], cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout
    probe = "import sys, checker.__main__; print('django' in sys.modules)"
    alone = subprocess.run([sys.executable, "-c", probe], cwd=root, capture_output=True, text=True)
    assert alone.stdout.strip() == "False"


def test_the_former_command_python_m_tournaments_checker_still_runs_the_checker(tmp_path):
    """Earlier releases' guides print `python -m tournaments.checker FILE`:
    it says what `python -m checker FILE` says, with the same exit status."""
    path = tmp_path / "concours.json"
    doc = small_concours(3)
    doc["rounds"][0]["tables"][0]["totals"]["A"] += 1
    path.write_text(json.dumps(doc), encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    runs = [
        subprocess.run(
            [sys.executable, "-m", name, "--lang", "en", str(path)],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=60,
        )
        for name in ("checker", "tournaments.checker")
    ]
    assert [run.returncode for run in runs] == [1, 1]
    assert "recomputed" in runs[0].stdout
    assert runs[1].stdout == runs[0].stdout


def test_teams_exchanged_by_hand_after_the_draw_are_replayed_then_a_forgotten_one_is_caught():
    doc = find(0, lambda d: any(r["draw"]["swaps"] for r in d["rounds"]))
    assert check(doc) == []
    rnd = next(r for r in doc["rounds"] if r["draw"]["swaps"])
    rnd["draw"]["swaps"] = []
    assert any(s.startswith(f"Partie {rnd['number']}") for s in check(doc))


def test_generated_files_follow_the_documented_schema():
    for seed in range(150):
        assert schema.validate(small_concours(seed)) == [], seed


def test_the_schema_refuses_what_the_format_does_not_say():
    doc = small_concours(1)
    doc["rounds"][0]["draw"]["kind"] = "coin flip"
    doc["teams"][0].pop("name")
    found = schema.validate(doc)
    assert any("$.rounds[0].draw.kind" in line for line in found)
    assert any(line.startswith("$.teams[0]: missing 'name'") for line in found)


def test_the_schema_documents_every_rules_option_and_every_deal_field():
    """The schema says what a rules profile and a deal hold (no reference
    to a text outside the repository): the engine's options, each with its
    values, and a deal's fields; a field it does not name is refused."""
    from scoring.options import OPTIONS

    defs = schema.load()
    rules = defs["properties"]["rules"]["properties"]
    assert {o.name for o in OPTIONS} | {"preset", "version", "counting"} == set(rules)
    for option in OPTIONS:
        said = rules[option.name]
        assert said.get("type") == "boolean" or set(said["enum"]) == set(option.values)
        assert said["description"]
    assert "SPEC" not in schema.SCHEMA_PATH.read_text(encoding="utf-8")
    doc = find(0, with_deals)
    table = next(t for r in doc["rounds"] for t in r["tables"] if t["deals"])
    table["deals"][0]["deal"]["atout"] = "H"
    assert any(line.endswith("unexpected 'atout'") for line in schema.validate(doc))


def test_a_team_seated_twice_is_said():
    doc = find(0, lambda d: len(d["rounds"][0]["tables"]) >= 2)
    rnd = doc["rounds"][0]
    rnd["tables"][1]["a"] = rnd["tables"][0]["a"]
    number = next(t["number"] for t in doc["teams"] if t["id"] == rnd["tables"][0]["a"])
    assert f"Partie 1 : l'équipe n° {number} joue 2 fois." in check(doc)


def test_a_ranking_draw_after_a_correction_says_the_correction_may_explain_it():
    def fits(doc: dict) -> bool:
        return any(r["draw"]["kind"] == "ranking" and len(r["tables"]) >= 2 for r in doc["rounds"])

    doc = find(200, fits)
    rnd = next(r for r in doc["rounds"] if r["draw"]["kind"] == "ranking" and len(r["tables"]) >= 2)
    first, second = rnd["tables"][0], rnd["tables"][1]
    first["b"], second["b"] = second["b"], first["b"]
    earlier = next(r for r in doc["rounds"] if r["number"] < rnd["number"] and r["tables"])
    earlier["tables"][0]["corrected"] = True
    assert any("des tables corrigées" in s for s in check(doc))


def test_a_table_said_finished_too_early_is_caught():
    doc = find(0, lambda d: d["end"].get("deals", 0) >= 2 and with_deals(d))
    rnd, table = next((r, t) for r in doc["rounds"] for t in r["tables"] if len(t["deals"]) >= 2)
    dropped = table["deals"].pop()
    table["totals"]["A"] -= dropped["marques"]["A"]
    table["totals"]["B"] -= dropped["marques"]["B"]
    assert (
        f"Partie {rnd['number']}, table {table['number']} : la table est « terminée » dans le "
        "fichier, ses donnes la disent « en cours »."
    ) in check(doc)


def test_an_exchange_by_hand_that_is_logged_is_no_difference_and_an_unlogged_one_is_one():
    doc = find(0, lambda d: any(r["draw"]["swaps"] for r in d["rounds"]))
    rnd = next(r for r in doc["rounds"] if r["draw"]["swaps"])
    assert any(t.get("reason", {}).get("kind") == "swap" for t in rnd["tables"]) or any(
        r["kind"] == "swap" for r in rnd.get("bye_reasons", ())
    )
    assert check(doc) == []
    # The same seating with no exchange noted: one sentence, naming both teams.
    rnd["draw"]["swaps"] = []
    sentences = check(doc)
    assert len(sentences) == 1, sentences
    assert sentences[0].startswith(f"Partie {rnd['number']}")
    assert "sans noter d'échange à la main" in sentences[0]


def test_two_teams_exchanged_in_the_file_alone_are_one_sentence():
    doc = find(
        300,
        lambda d: any(
            len(r["tables"]) >= 3 and not r["draw"]["swaps"] and r["draw"]["kind"] == "ranking"
            for r in d["rounds"]
        ),
    )
    rnd = next(
        r
        for r in doc["rounds"]
        if len(r["tables"]) >= 3 and not r["draw"]["swaps"] and r["draw"]["kind"] == "ranking"
    )
    first, third = rnd["tables"][0], rnd["tables"][2]
    first["b"], third["b"] = third["b"], first["b"]
    # (The ranking after it moves too: those are sentences of their own.)
    sentences = [s for s in check(doc) if "le tirage" in s]
    assert len(sentences) == 1, sentences
    assert sentences[0].startswith(f"Partie {rnd['number']}, table {first['number']} : ")
    assert "le fichier les a échangées sans noter d'échange à la main" in sentences[0]


def test_each_table_carries_its_reason_and_a_changed_reason_is_caught():
    doc = find(0, lambda d: any(r["draw"]["kind"] == "ranking" for r in d["rounds"]))
    rnd = next(r for r in doc["rounds"] if r["draw"]["kind"] == "ranking")
    assert all(
        "reason" in t for r in doc["rounds"] if r["draw"]["kind"] != "bracket" for t in r["tables"]
    )
    table = rnd["tables"][0]
    table["reason"] = {"kind": "random", "numbers": []}
    sentences = check(doc)
    assert len(sentences) == 1, sentences
    assert sentences[0].startswith(f"Partie {rnd['number']}, table {table['number']} : ")
    assert "le fichier en donne pour raison « random »" in sentences[0]


def test_a_version_1_file_without_reasons_is_still_read():
    doc = small_concours(5)
    doc["version"] = 1
    for rnd in doc["rounds"]:
        rnd.pop("bye_reasons", None)
        for table in rnd["tables"]:
            table.pop("reason", None)
    assert check(doc) == []
    assert schema.validate(doc) == []
    doc["version"] = 4
    assert check(doc)[0].startswith("Fichier de concours en version 4")


def renumbered(rnd: dict) -> bool:
    """A partie whose tables are not numbered 1, 2… in order (a fixed team
    took its number)."""
    return [t["number"] for t in rnd["tables"]] != list(range(1, len(rnd["tables"]) + 1))


def moved_fixed_team(doc: dict) -> bool:
    """A concours with a Swiss partie renumbered for a fixed team."""
    return any(renumbered(r) for r in doc["rounds"] if r["draw"]["kind"] != "bracket")


def test_a_fixed_team_moved_off_its_table_is_caught():
    doc = find(0, moved_fixed_team)
    assert check(doc) == []
    rnd = next(r for r in doc["rounds"] if r["draw"]["kind"] != "bracket" and renumbered(r))
    tampered = copy.deepcopy(doc)
    tampered_round = next(r for r in tampered["rounds"] if r["number"] == rnd["number"])
    tampered_round["draw"]["fixed"] = []  # as if nobody stayed at their table
    sentences = check(tampered)
    assert any(s.startswith(f"Partie {rnd['number']}") for s in sentences), sentences


def test_a_reason_follows_its_table_to_a_fixed_teams_number():
    def wanted(doc: dict) -> bool:
        return any(
            renumbered(r) and len({json.dumps(t["reason"]) for t in r["tables"]}) >= 2
            for r in doc["rounds"]
            if r["draw"]["kind"] != "bracket"
        )

    doc = find(0, wanted)
    assert check(doc) == []
    rnd = next(
        r
        for r in doc["rounds"]
        if r["draw"]["kind"] != "bracket"
        and renumbered(r)
        and len({json.dumps(t["reason"]) for t in r["tables"]}) >= 2
    )
    first, other = next(
        (a, b)
        for a in rnd["tables"]
        for b in rnd["tables"]
        if a["number"] < b["number"] and a["reason"] != b["reason"]
    )
    # Reasons left in the draw's order instead of following their tables.
    first["reason"], other["reason"] = other["reason"], first["reason"]
    sentences = check(doc)
    assert len(sentences) == 2, sentences
    assert sentences[0].startswith(f"Partie {rnd['number']}, table {first['number']} : ")
    assert "le fichier en donne pour raison" in sentences[0]


def no_longer_than(seconds: int):
    """Fails the test instead of letting a hung check hang the suite."""
    import contextlib
    import signal

    @contextlib.contextmanager
    def limit():
        def stop(*_):
            raise AssertionError(f"the check took more than {seconds} s")

        previous = signal.signal(signal.SIGALRM, stop)
        signal.alarm(seconds)
        try:
            yield
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)

    return limit()


@pytest.mark.parametrize("value", [float("nan"), float("inf"), 1.5])
def test_a_number_that_is_not_an_integer_is_one_sentence_not_a_hang(value):
    """JSON allows NaN and Infinity; a NaN total made the ranking's sort go
    round for ever (a hall file uploaded on the site held a worker)."""
    doc = find(0, lambda d: len(d["rounds"][0]["tables"]) >= 2)
    doc["rounds"][0]["tables"][1]["totals"]["B"] = value
    with no_longer_than(10):
        sentences = check(doc)
    assert sentences == [
        f"Le fichier de concours est mal formé (« rounds[0].tables[1].totals.B » vaut {value} : "
        "un nombre entier est attendu)."
    ]


def run_checker(*argv: str) -> subprocess.CompletedProcess:
    root = Path(__file__).resolve().parents[2]
    command = [sys.executable, "-m", "checker", *argv]
    return subprocess.run(command, cwd=root, capture_output=True, text=True, timeout=60)


def test_odd_files_are_a_sentence_and_exit_1_never_a_traceback(tmp_path):
    odd = {
        "missing.json": None,
        "not-json.json": "pas du JSON",
        "array.json": "[1, 2]",
        "version-99.json": '{"format": "concours-belote", "version": 99}',
        "huge-number.json": '{"format": "concours-belote", "version": ' + "9" * 5000 + "}",
        "deep.json": "[" * 100_000 + "]" * 100_000,
        "nan.json": '{"format": "concours-belote", "version": 2, "rounds": NaN}',
    }
    for name, text in odd.items():
        path = tmp_path / name
        if text is not None:
            path.write_text(text, encoding="utf-8")
        done = run_checker(str(path))
        assert done.returncode == 1, (name, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr, (name, done.stderr)
        first = done.stdout.splitlines()[0]
        assert first.endswith("."), (name, first)


@pytest.mark.parametrize(
    "argv",
    [
        ["--teams", "1", "--parties", "3", "--seed", "1"],
        ["--teams", "8", "--parties", "0", "--seed", "1"],
        ["--teams", "8", "--parties", "3", "--seed", "1", "--deals", "0"],
        ["--teams", "100000000", "--parties", "3", "--seed", "1"],
        ["--teams", "8", "--parties", "3", "--seed", "1", "--deals", "100000000"],
        ["--teams", "8", "--parties", "100000", "--seed", "1"],
    ],
)
def test_the_generator_refuses_numbers_out_of_its_range_in_a_sentence(argv):
    done = run_checker("generate", *argv)
    assert done.returncode == 2, done.stdout[:200]
    assert "Traceback" not in done.stderr
    assert "entre" in done.stderr.splitlines()[-1]


def test_the_generator_says_a_file_it_cannot_write(tmp_path):
    target = tmp_path / "no-such-folder" / "concours.json"
    done = run_checker(
        "generate", "--teams", "6", "--parties", "2", "--seed", "1", "--out", str(target)
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith(f"Le fichier {target} ne s'écrit pas")


def test_a_team_deleted_from_the_list_is_named_before_the_file_is_said_malformed():
    doc = find(0, lambda d: len(d["rounds"][0]["tables"]) >= 1)
    seated = doc["rounds"][0]["tables"][0]["a"]
    doc["teams"] = [t for t in doc["teams"] if t["id"] != seated]
    sentences = check(doc)
    assert sentences[0] == f"Partie 1 : l'équipe {seated} n'est pas dans la liste."
    assert sentences[-1].startswith("Le fichier de concours est mal formé")


def test_a_bye_given_to_another_team_is_caught_in_its_sentence():
    def fits(doc: dict) -> bool:
        return any(
            r["byes"] and r["tables"] and not r["draw"]["swaps"] and r["draw"]["kind"] != "bracket"
            for r in doc["rounds"]
        )

    doc = find(0, fits)
    rnd = next(
        r
        for r in doc["rounds"]
        if r["byes"] and r["tables"] and not r["draw"]["swaps"] and r["draw"]["kind"] != "bracket"
    )
    table = rnd["tables"][0]
    rnd["byes"][0], table["a"] = table["a"], rnd["byes"][0]
    draw = [s for s in check(doc) if "le tirage" in s]
    assert len(draw) == 1, draw
    assert draw[0].startswith(f"Partie {rnd['number']}, table {table['number']} : ")
    assert "(exempte) ; le fichier les a échangées sans noter d'échange à la main." in draw[0]
