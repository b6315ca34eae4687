"""The club's count by example (scoring.examples): each question's typical
deal marked under each value of its option, by the engine, for the form
that asks a club how it counts (issue 37, item 3)."""

from __future__ import annotations

import pytest

import scoring
from scoring import PRESETS, Rules, examples
from scoring.examples import QUESTIONS, answers, questions_for

FA = "contree-faits-annonces"


@pytest.mark.parametrize(
    ("preset", "key", "expected"),
    [
        # « Une coinche chutée à 90 : combien pour la défense ? » 500 or 340.
        (
            FA,
            "coinche_chute",
            [("multiplied", 500), ("contract_only", 340), ("points_multiplied", 500)],
        ),
        (
            FA,
            "coinche_made",
            [("multiplied", 500), ("contract_only", 340), ("points_multiplied", 380)],
        ),
        (FA, "capot_bid_failed", [(500, 500), ("chute", 410)]),
        (
            "ffb-coinche",
            "coinche_chute",
            [("multiplied", 500), ("contract_only", 340), ("points_multiplied", 500)],
        ),
        (
            "ffb-coinche",
            "coinche_made",
            [("multiplied", 500), ("contract_only", 340), ("points_multiplied", 380)],
        ),
        (
            "contree-faits",
            "coinche_made",
            [("multiplied", 320), ("contract_only", 320), ("points_multiplied", 200)],
        ),
        ("contree-faits", "capot_bid_failed", [(500, 500), ("chute", 160)]),
        (
            "contree-annonces",
            "coinche_made",
            [("multiplied", 180), ("contract_only", 180), ("points_multiplied", 180)],
        ),
    ],
)
def test_each_answer_is_the_engines_marque_of_the_typical_deal(
    preset: str, key: str, expected: list
) -> None:
    found = answers(PRESETS[preset], key)
    assert [(answer.value, answer.marque) for answer in found] == expected


def test_an_answer_keeps_the_profile_its_version_and_the_other_options() -> None:
    rules = Rules.from_preset(FA, 1, surcoinche_factor=3)
    for answer in answers(rules, "coinche_chute"):
        assert (answer.rules.version, answer.rules.surcoinche_factor) == (1, 3)
        assert answer.rules.coinche_count == answer.value


def test_the_answers_say_which_preset_they_make() -> None:
    chute = {a.value: a.rules.preset_match() for a in answers(PRESETS[FA], "coinche_chute")}
    assert chute == {"multiplied": (FA, 2), "contract_only": None, "points_multiplied": None}


def test_the_questions_a_counting_asks() -> None:
    keys = {name: [q.key for q in questions_for(rules)] for name, rules in PRESETS.items()}
    assert keys == {
        "ffb-belote": [],
        "ffb-coinche": ["coinche_chute", "coinche_made"],
        "contree-faits-annonces": ["coinche_chute", "coinche_made", "capot_bid_failed"],
        "contree-faits": ["coinche_chute", "coinche_made", "capot_bid_failed"],
        "contree-annonces": ["coinche_chute", "coinche_made", "capot_bid_failed"],
    }
    assert len(QUESTIONS) == 3
    with pytest.raises(ValueError):
        answers(PRESETS["ffb-belote"], "coinche_chute")
    with pytest.raises(ValueError):
        answers(PRESETS["ffb-coinche"], "capot_bid_failed")


@pytest.mark.parametrize("preset", list(scoring.PRESETS))
def test_each_value_is_found_again_from_the_marques_it_gives(preset):
    # A club that answers with one value's marques gets that value back, or
    # an earlier one that marks every question's deal the same.
    rules = scoring.Rules.from_preset(preset)
    asked = examples.questions_for(rules)
    for option in {q.option for q in asked}:
        keys = [q.key for q in asked if q.option == option]
        for value in scoring.OPTIONS[[o.name for o in scoring.OPTIONS].index(option)].values:
            profile = rules.with_options(**{option: value})
            chosen = {
                key: next(a.marque for a in examples.answers(rules, key) if a.value == value)
                for key in keys
            }
            found, conflicts = examples.profile_for(rules, chosen)
            assert conflicts == []
            for key in keys:
                deal = examples.QUESTIONS_BY_KEY[key].deal
                mine, theirs = scoring.score_deal(deal, profile), scoring.score_deal(deal, found)
                assert (mine.a, mine.b) == (theirs.a, theirs.b), (option, value, key)
