"""The explanation of a deal's marques (scoring.explain): it always arrives at
the figures score_deal gives, and it says the steps of the worked examples of
SPEC §10 and of the seed texts the way they are worked out there."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring
from scoring import OPTIONS, PRESETS, Rules, explain_deal, random_deal, score_deal, score_game

SETTINGS = settings(
    database=None,
    deadline=None,
    max_examples=400,
    suppress_health_check=[HealthCheck.too_slow],
)


@st.composite
def rule_profiles(draw: st.DrawFn) -> Rules:
    """Any preset with any applicable options changed."""
    preset = draw(st.sampled_from(tuple(PRESETS)))
    version = draw(st.sampled_from(tuple(scoring.PRESET_VERSIONS[preset])))
    counting = PRESETS[preset].counting
    overrides = {
        option.name: draw(st.sampled_from(option.values))
        for option in OPTIONS
        if counting in option.applies_to and draw(st.booleans())
    }
    return Rules.from_preset(preset, version, **overrides)


@SETTINGS
@given(rule_profiles(), st.randoms(use_true_random=False))
def test_the_explanation_arrives_at_the_marques_of_score_deal(
    rules: Rules, rng: random.Random
) -> None:
    for _ in range(20):
        deal = random_deal(rng, rules)
        score = score_deal(deal, rules)
        explanation = explain_deal(deal, rules)
        assert (explanation.a, explanation.b) == (score.a, score.b), deal
        assert (explanation.outcome, explanation.pot) == (score.outcome, score.pot), deal
        marques = {
            s.params["side"]: s.params["value"] for s in explanation.steps if s.key == "marque"
        }
        if score.outcome != "passed":
            assert marques == {"A": score.a, "B": score.b}


@SETTINGS
@given(rule_profiles(), st.randoms(use_true_random=False))
def test_with_the_pending_pot_the_explanation_arrives_at_the_partie_marques(
    rules: Rules, rng: random.Random
) -> None:
    deals = [random_deal(rng, rules) for _ in range(12)]
    if rules.counting == "belote":  # litiges, so that pots are carried
        deals[::3] = [
            {"taker": "A", "trump": "S", "points": {"A": 81, "B": 81}} for _ in deals[::3]
        ]
    game = score_game(deals, rules)
    pending = 0
    for deal, scored in zip(deals, game.deals, strict=True):
        explanation = explain_deal(deal, rules, pot=pending)
        assert (explanation.a, explanation.b) == (scored.a, scored.b)
        assert explanation.pot_won == scored.pot_won
        pending = scored.pot


def test_an_invalid_deal_is_refused_as_score_deal_refuses_it() -> None:
    with pytest.raises(scoring.ScoringError) as error:
        explain_deal(
            {"taker": "A", "trump": "H", "points": {"A": 100, "B": 100}}, PRESETS["ffb-belote"]
        )
    assert error.value.code == "points"


# -- the steps of the worked examples ----------------------------------------------


def term_text(terms: list[list[Any]]) -> str:
    return " + ".join(f"{value} {kind}" if kind != "cards" else str(value) for kind, value in terms)


def summary(step: scoring.Step) -> str:
    """A step in a few words, to compare with the way the texts work it out."""
    p = step.params
    if step.key == "contract":
        bid = "capot" if p["capot_bid"] else (p["bid"] or "")
        factor = f" ×{p['factor']}" if p["factor"] > 1 else ""
        return f"contract {p['taker']} {bid} {p['trump']}{factor}".replace("  ", " ")
    if step.key == "test":
        verdict = "made" if p["made"] else "chute"
        if p["tie_is_chute"]:
            verdict = "tie is a chute"
        elif p["tie"] and p["bid"] is None:
            verdict = "tie"
        goal = "all tricks" if p["capot_bid"] else p["bid"]
        goal = "" if goal is None else f" for {goal}"
        return (
            f"test {term_text(p['taker_terms'])} = {p['taker_total']}{goal}"
            f" vs {p['defence_total']}: {verdict}"
        )
    if step.key == "marque":
        inner = term_text(p["terms"]) or "0"
        text = f"{p['factor']} × ({inner})" if p["factor"] > 1 else inner
        if p["lead"]:  # contract_only: what is added unmultiplied, first
            text = f"{term_text(p['lead'])} + {text}"
        if p["extra"]:
            text += " + " + term_text(p["extra"])
        if p["value"] != p["raw"]:
            text += f" = {p['raw']} → {p['value']}"
        elif (
            p["raw"] != (p["terms"] or [[0, 0]])[0][1]
            or len(p["terms"]) > 1
            or p["extra"]
            or p["lead"]
        ):
            text += f" = {p['value']}"
        return f"{p['side']}: {text}"
    if step.key == "announcements":
        return f"announcements {p['points']['A']}/{p['points']['B']}" + (
            " cancelled" if p["cancelled"] else ""
        )
    if step.key == "litige":
        return f"pot {term_text(p['terms'])} → {p['pot']}"
    if step.key == "uncoinched":
        return f"uncoinched {p['side']}: {term_text(p['terms'])} = {p['raw']} → {p['value']}"
    if step.key == "complement":
        return f"complement {p['cards']} → {p['rounded']}, defence {p['defence']}"
    if step.key == "belote":
        return f"belote {p['side']} {p['fate']}"
    if step.key == "capot":
        return f"capot {p['side']}"
    if step.key == "scale":
        return f"scale {p['scale']}"
    if step.key == "pot_won":
        return f"pot {p['pot']} to {p['side']}: {p['a']}–{p['b']}"
    return step.key


TIERCE_A_DIAMONDS = {"kind": "tierce", "high": "A", "suit": "D"}
CINQUANTE_SPADES = {"kind": "cinquante", "high": "K", "suit": "S"}


def rules(preset: str, **overrides: Any) -> Rules:
    return Rules.from_preset(preset, **overrides)


# (test id, rules, deal, the steps in a few words)
EXAMPLES = [
    (
        "spec_1_made_each_team_marks_its_total",
        rules("ffb-belote"),
        {"taker": "A", "trump": "H", "points": {"A": 97, "B": 65}},
        ["contract A H", "test 97 = 97 vs 65: made", "A: 97", "B: 65"],
    ),
    (
        "spec_2_chute_the_takers_keep_their_belote",
        rules("ffb-belote"),
        {"taker": "A", "trump": "H", "points": {"A": 70, "B": 92}, "belote": {"A": 1}},
        [
            "contract A H",
            "test 70 + 20 belote = 90 vs 92: chute",
            "belote A kept",
            "A: 20 belote",
            "B: 162 chute",
        ],
    ),
    (
        "spec_3_litige_the_takers_total_goes_to_the_pot",
        rules("ffb-belote"),
        {"taker": "B", "trump": "S", "points": {"A": 81, "B": 81}},
        ["contract B S", "test 81 = 81 vs 81: tie", "pot 81 → 81", "B: 0", "A: 81"],
    ),
    (
        "spec_4_a_capot_takes_the_defence_announcements",
        rules("ffb-belote"),
        {"taker": "A", "trump": "H", "capot": "A", "announcements": {"B": [TIERCE_A_DIAMONDS]}},
        [
            "contract A H",
            "capot A",
            "announcements 0/20",
            "test 252 = 252 vs 20: made",
            "A: 252 + 20 announcements_other = 272",
            "B: 0",
        ],
    ),
    (
        "spec_5_nearest_rounding",
        rules("ffb-belote", rounding="nearest"),
        {"taker": "A", "trump": "D", "points": {"A": 106, "B": 56}},
        ["contract A D", "test 106 = 106 vs 56: made", "A: 106 = 106 → 110", "B: 56 = 56 → 60"],
    ),
    (
        "spec_6_coinche_made_adds_the_bid",
        rules("ffb-coinche"),
        {"taker": "A", "bid": 90, "trump": "H", "points": {"A": 97, "B": 65}},
        [
            "contract A 90 H",
            "test 97 = 97 for 90 vs 65: made",
            "A: 97 + 90 contract = 187 → 190",
            "B: 65 = 65 → 70",
        ],
    ),
    (
        "spec_7_coinche_chute_160_plus_the_bid",
        rules("ffb-coinche"),
        {"taker": "A", "bid": 100, "trump": "S", "points": {"A": 97, "B": 65}},
        [
            "contract A 100 S",
            "test 97 = 97 for 100 vs 65: chute",
            "A: 0",
            "B: 160 chute + 100 contract = 260",
        ],
    ),
    (
        "spec_8_coinched_made_doubles",
        rules("ffb-coinche"),
        {"taker": "B", "bid": 80, "trump": "C", "coinche": 1, "points": {"A": 60, "B": 102}},
        [
            "contract B 80 C ×2",
            "test 102 = 102 for 80 vs 60: made",
            "B: 2 × (160 base + 80 contract) = 480",
            "A: 0",
        ],
    ),
    (
        "spec_9_surcoinched_chute_keeps_the_belote_single",
        rules("ffb-coinche"),
        {
            "taker": "A",
            "bid": 120,
            "trump": "H",
            "coinche": 2,
            "belote": {"A": 1},
            "points": {"A": 95, "B": 67},
        },
        [
            "contract A 120 H ×4",
            "test 95 + 20 belote = 115 for 120 vs 67: chute",
            "belote A kept",
            "A: 20 belote",
            "B: 4 × (160 chute + 120 contract) = 1120",
        ],
    ),
    (
        "spec_10_all_trump_capot_bid",
        rules("ffb-coinche", sa_ta=True),
        {"taker": "A", "bid": "capot", "trump": "TA", "capot": "A", "belote": {"A": 2}},
        [
            "contract A capot TA",
            "scale ffb",
            "capot A",
            "test 252 + 40 belote = 292 for all tricks vs 0: made",
            "A: 252 + 40 belote + 250 capot_contract = 542 → 540",
            "B: 0",
        ],
    ),
    (
        "spec_11_a_tie_at_coinche_is_a_chute",
        rules("ffb-coinche"),
        {"taker": "A", "bid": 80, "trump": "S", "points": {"A": 81, "B": 81}},
        [
            "contract A 80 S",
            "test 81 = 81 for 80 vs 81: tie is a chute",
            "A: 0",
            "B: 160 chute + 80 contract = 240",
        ],
    ),
    (
        "spec_12_coinched_made_takes_the_defence_announcements",
        rules("ffb-coinche"),
        {
            "taker": "A",
            "bid": 100,
            "trump": "H",
            "coinche": 1,
            "points": {"A": 118, "B": 44},
            "announcements": {"B": [CINQUANTE_SPADES]},
        },
        [
            "contract A 100 H ×2",
            "announcements 0/50",
            "test 118 = 118 for 100 vs 94: made",
            "A: 2 × (160 base + 50 announcements_other + 100 contract) = 620",
            "B: 0",
        ],
    ),
    # 002 « 105 devient 100, l'adversaire a 60 ».
    (
        "seed_002_complement_105_becomes_100",
        rules("ffb-belote", rounding="complement"),
        {"taker": "A", "trump": "S", "points": {"A": 105, "B": 57}},
        [
            "contract A S",
            "test 105 = 105 vs 57: made",
            "complement 105 → 100, defence 60",
            "A: 100",
            "B: 60",
        ],
    ),
    # 004 « AC marque 0 point et BD 80. 80 points sont remis en jeu. »
    (
        "seed_004_a_rounded_tie_puts_80_in_the_pot",
        rules("ffb-belote", rounding="nearest"),
        {"taker": "A", "trump": "C", "points": {"A": 81, "B": 81}},
        ["contract A C", "test 81 = 81 vs 81: tie", "pot 81 → 80", "A: 0", "B: 81 = 81 → 80"],
    ),
    # 000 « en cas de 90 demandé, le contre rapporte 180 ».
    (
        "seed_000_points_annonces_contre_doubles_the_bid",
        PRESETS["contree-annonces"],
        {"taker": "A", "bid": 90, "trump": "S", "coinche": 1, "points": {"A": 120}},
        [
            "contract A 90 S ×2",
            "test 120 = 120 for 90 vs 42: made",
            "A: 2 × (90 contract) = 180",
            "B: 0",
        ],
    ),
    # 000 « une équipe qui annonce 80 points et totalise 110 … 190 points marqués ».
    (
        "seed_000_faits_plus_annonces_adds_the_bid",
        PRESETS["contree-faits-annonces"],
        {"taker": "A", "bid": 80, "trump": "H", "points": {"A": 110, "B": 52}},
        [
            "contract A 80 H",
            "test 110 = 110 for 80 vs 52: made",
            "A: 110 + 80 contract = 190",
            "B: 52 = 52 → 50",
        ],
    ),
    # 000 « Le contre vaut 320 points … s'ajouter la belote … soit 340 ».
    (
        "seed_000_points_faits_contre_320_plus_belote",
        PRESETS["contree-faits"],
        {
            "taker": "B",
            "bid": 100,
            "trump": "D",
            "coinche": 1,
            "points": {"B": 120},
            "belote": {"B": 1},
        },
        [
            "contract B 100 D ×2",
            "test 120 + 20 belote = 140 for 100 vs 42: made",
            "B: 2 × (160 base) + 20 belote = 340",
            "A: 0",
        ],
    ),
    # 000 « qui annonce un capot et ne le réalise pas perd sa belote ».
    (
        "seed_000_a_failed_capot_bid_loses_its_belote",
        PRESETS["contree-faits-annonces"],
        {"taker": "A", "bid": "capot", "trump": "S", "points": {"A": 150}, "belote": {"A": 1}},
        [
            "contract A capot S",
            "test 150 + 20 belote = 170 for all tricks vs 12: chute",
            "belote A lost",
            "A: 0",
            "B: 500 capot_bid",
        ],
    ),
    # 003: the belote is added after doubling (belote_multiplied = false).
    (
        "seed_003_belote_added_after_doubling",
        rules("ffb-coinche", belote_multiplied=False),
        {
            "taker": "A",
            "bid": 80,
            "trump": "H",
            "coinche": 1,
            "points": {"A": 100},
            "belote": {"A": 1},
        },
        [
            "contract A 80 H ×2",
            "test 100 + 20 belote = 120 for 80 vs 62: made",
            "belote A not_multiplied",
            "A: 2 × (160 base + 80 contract) + 20 belote = 500",
            "B: 0",
        ],
    ),
]


@pytest.mark.parametrize(
    ("profile", "deal", "expected"),
    [pytest.param(*case[1:], id=case[0]) for case in EXAMPLES],
)
def test_the_worked_examples_are_explained_step_by_step(
    profile: Rules, deal: dict, expected: list[str]
) -> None:
    explanation = explain_deal(deal, profile)
    assert [summary(step) for step in explanation.steps] == expected


def test_the_next_deal_explains_that_it_wins_the_pot() -> None:
    # SPEC §10 ex. 3: 81–0 with a pot of 81, then A made 100/62: 181–62.
    deal = {"taker": "A", "trump": "H", "points": {"A": 100, "B": 62}}
    explanation = explain_deal(deal, PRESETS["ffb-belote"], pot=81)
    assert summary(explanation.steps[-1]) == "pot 81 to A: 181–62"
    assert (explanation.a, explanation.b, explanation.pot_won) == (181, 62, 81)


def test_a_passed_deal_leaves_the_pot_waiting() -> None:
    explanation = explain_deal({"taker": None}, PRESETS["ffb-belote"], pot=81)
    assert explanation.keys() == ["passed", "pot_waits"]
    assert (explanation.a, explanation.b, explanation.pot_won) == (0, 0, 0)


def test_equal_announcements_cancel_out() -> None:
    # SPEC §3: two tierces to the king, neither in trumps: nobody scores.
    deal = {
        "taker": "A",
        "trump": "S",
        "points": {"A": 100},
        "announcements": {
            "A": [{"kind": "tierce", "high": "K", "suit": "H"}],
            "B": [{"kind": "tierce", "high": "K", "suit": "D"}],
        },
    }
    step = explain_deal(deal, PRESETS["ffb-belote"]).step("announcements")
    assert step is not None and step.params["cancelled"] and step.params["scorer"] is None


def test_announcements_left_out_of_the_contract_test_are_named() -> None:
    # 002 « les annonces ne servent pas à prendre »: 70 + 50 would make it, 70 alone does not.
    profile = rules("ffb-belote", announcements_count_for_contract=False)
    deal = {"taker": "A", "trump": "S", "points": {"A": 70}, "announcement_points": {"A": 50}}
    explanation = explain_deal(deal, profile)
    test = explanation.step("test")
    assert test is not None and test.params["excluded"] == 50 and not test.params["made"]
    assert (explanation.a, explanation.b) == (0, 162 + 50)


def test_the_funbelote_all_trump_scale_is_named() -> None:
    profile = rules("ffb-coinche", sa_ta=True, ta_scale="funbelote")
    deal = {"taker": "A", "bid": 80, "trump": "TA", "points": {"A": 100}}
    step = explain_deal(deal, profile).step("scale")
    assert step is not None and step.params["values"]["J"] == 14 and step.params["values"]["Q"] == 1


def test_the_surcoinche_factor_of_the_profile_is_used() -> None:
    profile = rules("ffb-coinche", surcoinche_factor=3)
    deal = {"taker": "A", "bid": 80, "trump": "H", "coinche": 2, "points": {"A": 100}}
    explanation = explain_deal(deal, profile)
    assert explanation.step("contract").params["factor"] == 3
    assert summary(explanation.step("marque", side="A")) == "A: 3 × (160 base + 80 contract) = 720"


def test_the_command_line_explains_json_lines() -> None:
    root = Path(__file__).resolve().parents[2]
    stdin = "\n".join(
        [
            json.dumps({"taker": "A", "bid": 90, "trump": "H", "points": {"A": 97, "B": 65}}),
            json.dumps({"taker": "A", "trump": "H", "points": {"A": 100, "B": 100}}),
        ]
    )
    result = subprocess.run(
        [sys.executable, "-m", "scoring", "explain", "--rules", "ffb-coinche"],
        input=stdin + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root), "PYTHONIOENCODING": "utf-8"},
        timeout=60,
        check=False,
    )
    assert result.returncode == 1
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert (first["A"], first["B"]) == (190, 70)
    marque = next(step for step in first["steps"] if step["key"] == "marque")
    assert (marque["raw"], marque["value"]) == (187, 190)
    assert second["error"]["code"] == "bid"
