"""``python -m scoring`` in a real subprocess: JSON Lines in and out, per-line
rules, error objects with codes, exit statuses, French help."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scoring import CODES, PRESETS
from scoring.cli import process_deal_line, process_game

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "scoring", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )


def lines(result: subprocess.CompletedProcess[str]) -> list[dict]:
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_deal_scores_json_lines_and_exits_0_when_all_are_valid() -> None:
    stdin = "\n".join(
        [
            json.dumps({"taker": "A", "trump": "H", "points": {"A": 97, "B": 65}}),
            json.dumps({"taker": "B", "trump": "S", "points": {"A": 81, "B": 81}}),
            json.dumps({"taker": None}),
        ]
    )
    result = run("deal", stdin=stdin + "\n")
    assert result.returncode == 0, result.stderr
    assert [(o["A"], o["B"], o["outcome"], o["pot"]) for o in lines(result)] == [
        (97, 65, "made", 0),
        (81, 0, "litige", 81),
        (0, 0, "passed", 0),
    ]


def test_bad_lines_give_errors_in_place_and_exit_1() -> None:
    stdin = "\n".join(
        [
            "not json",
            "[1, 2]",
            json.dumps({"taker": "A", "trump": "H", "points": {"A": 100, "B": 63}}),
            json.dumps({"taker": "A", "trump": "H", "points": {"A": 97}}),
            json.dumps({"taker": "A", "trump": "H", "points": {"A": 97}, "rules": "nope"}),
            json.dumps({"taker": "A", "trump": "H", "points": {"A": 97}, "rules": 7}),
        ]
    )
    result = run("deal", stdin=stdin)
    assert result.returncode == 1
    outputs = lines(result)
    assert [o.get("error", {}).get("code") for o in outputs] == [
        "json",
        "json",
        "points",
        None,
        "rules",
        "rules",
    ]
    assert outputs[2]["error"]["message"] == (
        "Les points des deux équipes doivent faire 162 (ici 163)."
    )
    assert "Traceback" not in result.stderr


def test_a_line_rules_key_replaces_the_command_line_rules() -> None:
    deal = {"taker": "A", "trump": "H", "bid": 90, "points": {"A": 97}}
    stdin = "\n".join(
        [
            json.dumps(deal),
            json.dumps({**deal, "rules": {"preset": "ffb-coinche", "rounding": "none"}}),
            json.dumps({"taker": "A", "trump": "H", "points": {"A": 97}, "rules": "ffb-belote"}),
        ]
    )
    result = run("deal", "--rules", "ffb-coinche", stdin=stdin)
    assert result.returncode == 0, result.stdout
    assert [(o["A"], o["B"]) for o in lines(result)] == [(190, 70), (187, 65), (97, 65)]


def test_set_changes_an_option_from_the_command_line() -> None:
    deal = json.dumps({"taker": "A", "trump": "D", "points": {"A": 106}})
    result = run("deal", "--set", "rounding=nearest", stdin=deal)
    assert [(o["A"], o["B"]) for o in lines(result)] == [(110, 60)]


@pytest.mark.parametrize(
    "args",
    [("--rules", "nope"), ("--set", "colour=red"), ("--set", "rounding"), ("--set", "sa_ta=maybe")],
)
def test_unknown_command_line_rules_give_rules_errors(args: tuple[str, ...]) -> None:
    deal = json.dumps({"taker": "A", "trump": "H", "points": {"A": 97}})
    with_own = json.dumps({"taker": "A", "trump": "H", "points": {"A": 97}, "rules": "ffb-belote"})
    result = run("deal", *args, stdin=deal + "\n" + with_own + "\n")
    assert result.returncode == 1
    outputs = lines(result)
    assert outputs[0]["error"]["code"] == "rules"
    assert outputs[1]["A"] == 97


def test_partie_scores_a_partie_object() -> None:
    partie = {
        "rules": "ffb-belote",
        "end": {"deals": 2},
        "deals": [
            {"taker": "B", "trump": "S", "points": {"A": 81, "B": 81}},
            {"taker": "A", "trump": "H", "points": {"A": 100, "B": 62}},
        ],
    }
    result = run("partie", stdin=json.dumps(partie))
    assert result.returncode == 0, result.stdout
    assert lines(result) == [
        {
            "deals": [
                {"A": 81, "B": 0, "outcome": "litige", "totals": {"A": 81, "B": 0}, "pot": 81},
                {"A": 181, "B": 62, "outcome": "made", "totals": {"A": 262, "B": 62}, "pot": 0},
            ],
            "totals": {"A": 262, "B": 62},
            "finished": True,
            "winner": "A",
            "lost_pot": 0,
        }
    ]


def test_partie_reports_the_index_of_a_bad_deal() -> None:
    partie = {"deals": [{"taker": None}, {"taker": "A", "trump": "H", "points": {"A": 1}}]}
    result = run("partie", stdin=json.dumps(partie))
    assert result.returncode == 1
    assert lines(result) == [
        {
            "error": {
                "code": "points",
                "message": lines(result)[0]["error"]["message"],
                "deal": 1,
            }
        }
    ]


@pytest.mark.parametrize("stdin", ["", "[]", "nope", '{"deals": 3}', '{"rules": "x"}'])
def test_partie_refuses_what_is_not_a_partie(stdin: str) -> None:
    result = run("partie", stdin=stdin)
    assert result.returncode == 1
    assert lines(result)[0]["error"]["code"] in CODES
    assert "Traceback" not in result.stderr


def test_the_help_is_in_french_and_explains_fields_and_choices() -> None:
    main_help = run("--help")
    assert main_help.returncode == 0
    assert "Choix d'interprétation" in main_help.stdout
    deal_help = run("deal", "--help")
    assert "Champs d'une donne" in deal_help.stdout
    assert "announcement_points" in deal_help.stdout
    assert "usage : " in deal_help.stdout


def test_rules_prints_the_profile_and_its_summary() -> None:
    result = run("rules", "--rules", "ffb-coinche", "--set", "sa_ta=true")
    assert result.returncode == 0
    output = json.loads(result.stdout)
    assert output["summary"] == (
        "Coinche FFB, version 1 — annonces, arrondi à la dizaine, SA/TA, "
        "coinche : (160 + contrat) × 2, surcoinche ×4"
    )
    assert output["rules"]["sa_ta"] is True
    every = json.loads(run("rules", "--all").stdout)
    assert set(every["presets"]) == set(PRESETS)


def test_process_deal_line_accepts_bytes_and_text() -> None:
    line = b'{"taker": "A", "trump": "H", "points": {"A": 97}}\n'
    text, ok = process_deal_line(line, PRESETS["ffb-belote"])
    assert ok and json.loads(text)["A"] == 97
    text, ok = process_deal_line(line.decode(), PRESETS["ffb-belote"])
    assert ok and json.loads(text)["B"] == 65


def test_process_deal_line_survives_deep_nesting_and_huge_numbers() -> None:
    for line in ("[" * 100_000, '{"taker": "A", "bid": ' + "9" * 5000 + "}", "\ud800"):
        text, ok = process_deal_line(line, PRESETS["ffb-coinche"])
        assert not ok and json.loads(text)["error"]["code"] == "json"


def test_process_game_refuses_unknown_keys() -> None:
    output, ok = process_game({"deals": [], "colour": 1}, PRESETS["ffb-belote"])
    assert not ok and output["error"]["code"] == "json"


def test_rules_may_be_a_json_object_and_set_may_take_several_options() -> None:
    deal = json.dumps({"taker": "A", "trump": "TA", "bid": 90, "points": {"A": 97}})
    result = run(
        "deal",
        "--rules",
        '{"preset": "ffb-coinche", "sa_ta": true}',
        "--set",
        "rounding=none",
        "surcoinche_factor=3",
        stdin=deal,
    )
    assert result.returncode == 0, result.stdout
    assert [(o["A"], o["B"]) for o in lines(result)] == [(187, 65)]
