"""The marque the phone computes while the hall's Wi-Fi is down
(static/js/marque.js, fed by display/provisional.py) against the server's
engine: thousands of random rows, typed as players type them, over random
rule profiles, in French and in English.

Responsible for catching a provisional marque that differs from the one the
server will record, or one shown for a row the server refuses. Rows the
phone cannot be sure of (declared announcements) may show none: that is
allowed, and measured (the phone must still compute the plain rows).
Runs the script in Node (Debian's nodejs, installed with the browser tests'
axe-core), the same file the page loads.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

import scoring
from scoring.announcements import resolve_items
from scoring.options import OPTIONS
from tests.js import marque_table
from tournaments.display import keys
from tournaments.display.labels import side_label, trump_sign
from tournaments.display.provisional import phone_profile
from tournaments.domain import deal_shapes
from tournaments.forms.entry import DealForm

RUNNER = Path(__file__).with_name("marque_runner.js")
NODE = shutil.which("node") or shutil.which("nodejs")
pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js runs static/js/marque.js")

ROWS_PER_LANGUAGE = 3000
NOISE = [
    "",
    " ",
    "x",
    "xx",
    "p",
    "q",
    "12a",
    "-5",
    "999",
    "163",
    "252",
    "162",
    "1",
    "0",
    "NS",
    "EO",
]
NOISE += ["NS NS", "nn", "ne", "ee", "♥", "c", "s", "a", "b", "TA", "sa", "constructor"]


def random_rules(rng: random.Random) -> scoring.Rules:
    preset = rng.choice(list(scoring.PRESETS))
    version = rng.choice(list(scoring.PRESET_VERSIONS[preset]))
    base = scoring.PRESET_VERSIONS[preset][version]
    overrides = {
        option.name: rng.choice(option.values)
        for option in OPTIONS
        if base.counting in option.applies_to and rng.random() < 0.6
    }
    return scoring.Rules.from_preset(preset, version, **overrides)


def side_typed(rng: random.Random, side: str) -> str:
    """A side as a player types it: a key, the short label, the full name."""
    letters = [k for k, v in keys.taker_keys().items() if v == side]
    choices = [*letters, *(k.upper() for k in letters), keys.side_shown(side), side_label(side)]
    return rng.choice(choices)


def trump_typed(rng: random.Random, trump: str) -> str:
    letters = [k for k, v in keys.trump_keys().items() if v == trump]
    return rng.choice([*letters, *(k.upper() for k in letters), trump_sign(trump)])


def cells_of(rng: random.Random, deal: dict[str, Any], rules: scoring.Rules) -> dict[str, str]:
    """The row a player types for an engine deal (SPEC §8)."""
    taker = deal.get("taker")
    if not taker:
        return {"taker": rng.choice(["p", "P", "passe"])}
    cells = {"taker": side_typed(rng, taker), "trump": trump_typed(rng, deal["trump"])}
    if rules.counting != "belote":
        bid = deal.get("bid")
        typed = {"capot": ["c", "C", "capot"], "generale": ["g", "G", "générale", "generale"]}
        cells["bid"] = rng.choice(typed[bid]) if bid in typed else str(bid)
        level = deal.get("coinche") or 0
        cells["coinche"] = {0: rng.choice(["", "0"]), 1: rng.choice(["x", "X", "×2"]), 2: "xx"}[
            level
        ]
    points = deal.get("points") or {}
    capot = deal.get("capot") or deal.get("generale")
    if taker in points:
        cells["points"] = str(points[taker])
    elif points:
        other = next(iter(points.values()))
        cells["points"] = str(162 - other) if not capot else str(252 - other)
    belote = deal.get("belote") or {}
    letters = [next(k for k, v in keys.taker_keys().items() if v == s) for s in ("A", "B")]
    cells["belote"] = letters[0] * belote.get("A", 0) + letters[1] * belote.get("B", 0)
    if deal.get("generale"):  # one player of that side alone: « GN »
        cells["capot"] = rng.choice("gG") + side_typed(rng, deal["generale"])
    elif capot:
        cells["capot"] = side_typed(rng, capot)
    if rules.announcements:
        if "announcements" in deal:
            declared = deal["announcements"]
            belotes = (belote.get("A", 0), belote.get("B", 0))
            a, b = resolve_items(declared, deal["trump"], belotes)
        else:
            a, b = (deal.get("announcement_points") or {}).get("A", 0), 0
            b = (deal.get("announcement_points") or {}).get("B", 0)
        cells["announce_a"] = str(a) if a else ""
        cells["announce_b"] = str(b) if b else ""
    return cells


def server_marque(cells: dict[str, str], rules: scoring.Rules) -> dict[str, Any] | None:
    """What the server's preview says of the row (views/grid.preview_response)."""
    form = DealForm(cells, rules=rules)
    if not form.is_valid() or not form.ready_for_preview():
        return None
    try:
        score = scoring.score_deal(deal_shapes.fields_to_engine(form.deal_values()), rules)
    except scoring.ScoringError:
        return None
    return {"a": score.a, "b": score.b, "outcome": score.outcome, "pot": score.pot}


def phone_marques(profiles: list[dict], rows: list[tuple[int, dict]]) -> list[dict | None]:
    answer = subprocess.run(
        [NODE, str(RUNNER)],
        input=json.dumps({"profiles": profiles, "rows": rows}),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(answer.stdout)


def run_language(language: str, seed: int) -> tuple[int, int, int]:
    rng = random.Random(seed)
    with translation.override(language):
        profiles, all_rules, rows, noisy = [], [], [], []
        for _ in range(40):
            rules = random_rules(rng)
            all_rules.append(rules)
            profiles.append(phone_profile(rules))
        for _ in range(ROWS_PER_LANGUAGE):
            p = rng.randrange(len(all_rules))
            rules = all_rules[p]
            cells = cells_of(rng, scoring.random_deal(rng, rules), rules)
            mutated = rng.random() < 0.3
            if mutated:
                name = rng.choice(["taker", "trump", "bid", "points", "coinche", "belote", "capot"])
                cells[name] = rng.choice(NOISE)
            rows.append((p, cells))
            noisy.append(mutated)
        server = [server_marque(cells, all_rules[p]) for p, cells in rows]
    phone = phone_marques(profiles, rows)
    shown = agreed = 0
    for (p, cells), on_server, on_phone, mutated in zip(rows, server, phone, noisy, strict=True):
        if on_phone is not None:
            shown += 1
            assert on_phone == on_server, (language, all_rules[p].to_json(), cells, mutated)
        elif not mutated:
            # A clean row the server scores: the phone must score it too.
            assert on_server is None, (language, all_rules[p].to_json(), cells, on_server)
        agreed += on_phone == on_server
    return len(rows), shown, agreed


@pytest.mark.parametrize("language,seed", [("fr", 2311), ("en", 2312)])
def test_the_phone_marque_is_the_engine_marque(language, seed):
    rows, shown, agreed = run_language(language, seed)
    # Most rows get a provisional marque; every one shown equals the engine's.
    assert shown > rows * 0.6, (shown, rows)
    assert agreed > rows * 0.95, (agreed, rows)


def test_a_declared_announcement_gets_no_provisional_marque():
    rules = scoring.PRESETS["ffb-belote"]
    cells = {"taker": "n", "trump": "c", "points": "90", "announce_a": "tierce R♥"}
    with translation.override("fr"):
        profile = phone_profile(rules)
        assert server_marque(cells, rules) is not None
    assert phone_marques([profile], [(0, cells)]) == [None]


def test_a_plain_row_is_counted_as_the_sheet_says():
    rules = scoring.PRESETS["ffb-coinche"]
    with translation.override("fr"):
        profile = phone_profile(rules)
    cells = {"taker": "e", "trump": "k", "bid": "100", "points": "112", "coinche": "x"}
    # Made and coinched: 2 × (160 + 100) to Est-Ouest, nothing to Nord-Sud.
    assert phone_marques([profile], [(0, cells)]) == [
        {"a": 0, "b": 520, "outcome": "made", "pot": 0}
    ]


def test_the_generale_table_is_the_engines_and_the_servers():
    """tests/js/marque_generale.json, which Node holds marque.js to
    (tests/js/marque_generale.test.js): each case's marque is what
    `python -m scoring` gives its deal and what the server's form makes of
    its cells, and the phone profiles beside it are today's."""
    found = marque_table.table()
    cases = found["cases"]
    lines = "".join(
        json.dumps({**c["deal"], "rules": found["rules"][c["rules"]]}) + "\n" for c in cases
    )
    answer = subprocess.run(
        [sys.executable, "-m", "scoring", "deal"],
        input=lines,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    engine = [json.loads(line) for line in answer.stdout.splitlines()]
    assert len(engine) == len(cases), answer.stderr
    for case, scored in zip(cases, engine, strict=True):
        rules = marque_table.rules_of(found["rules"][case["rules"]])
        expected = case["marque"]
        said = None if "error" in scored else {k: scored[k] for k in ("outcome", "pot")}
        if said is not None:
            said = {"a": scored["A"], "b": scored["B"], **said}
        assert said == expected, (case["name"], scored)
        with translation.override("fr"):
            assert server_marque(case["cells"], rules) == expected, case["name"]
    stale = marque_table.text(marque_table.profiles())
    assert marque_table.PROFILES.read_text(encoding="utf-8") == stale, (
        "python -m tests.js.marque_table writes the phone's profiles again"
    )
