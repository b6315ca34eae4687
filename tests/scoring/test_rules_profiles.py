"""Rule profiles (SPEC §7): presets, option validation, JSON round trip,
version and French summary."""

from __future__ import annotations

import json
from typing import Any

import pytest

import scoring
from scoring import OPTIONS, PRESETS, Rules, ScoringError

PRESET_NAMES = [
    "ffb-belote",
    "ffb-coinche",
    "contree-faits-annonces",
    "contree-faits",
    "contree-annonces",
]


def test_the_five_presets_exist_with_their_counting() -> None:
    assert list(PRESETS) == PRESET_NAMES
    assert [PRESETS[name].counting for name in PRESET_NAMES] == [
        "belote",
        "coinche",
        "contree-faits-annonces",
        "contree-faits",
        "contree-annonces",
    ]
    for name in PRESET_NAMES:
        assert PRESETS[name].preset == name
        assert PRESETS[name].version == scoring.RULES_VERSION


@pytest.mark.parametrize(
    ("preset", "option", "value"),
    [
        ("ffb-belote", "announcements", True),
        ("ffb-belote", "rounding", "none"),
        ("ffb-belote", "chute_base", 162),
        ("ffb-belote", "litige", "pot"),
        ("ffb-coinche", "announcements", True),
        ("ffb-coinche", "rounding", "nearest"),
        ("ffb-coinche", "chute_base", 160),
        ("ffb-coinche", "surcoinche_factor", 4),
        ("ffb-coinche", "contract_test", "ffb"),
        ("ffb-coinche", "belote_multiplied", True),
        ("contree-faits", "announcements", False),
        ("contree-faits", "rounding", "nearest"),
        ("contree-faits", "contract_test", "bid_only"),
        ("contree-faits", "belote_protected", False),
    ],
)
def test_presets_have_the_spec_defaults(preset: str, option: str, value: Any) -> None:
    assert getattr(PRESETS[preset], option) == value


def test_every_preset_plays_ffb_defaults_for_the_shared_options() -> None:
    for rules in PRESETS.values():
        assert (rules.sa_ta, rules.ta_scale, rules.chute_capot) == (False, "ffb", "flat")


def test_options_describe_every_option_of_the_spec_for_a_form() -> None:
    names = [option.name for option in OPTIONS]
    assert names == [
        "announcements",
        "sa_ta",
        "ta_scale",
        "rounding",
        "chute_base",
        "chute_capot",
        "litige",
        "belote_protected",
        "belote_multiplied",
        "surcoinche_factor",
        "contract_test",
        "announcements_count_for_contract",
    ]
    for option in OPTIONS:
        assert option.label and option.help.endswith(".")
        assert len(option.value_labels) == len(option.values)
        assert set(option.applies_to) <= set(scoring.COUNTINGS)
        json.dumps(option.to_json())
        for rules in PRESETS.values():
            assert getattr(rules, option.name) in option.values


@pytest.mark.parametrize(
    ("preset", "overrides"),
    [
        ("nope", {}),
        (None, {}),
        ("ffb-belote", {"colour": True}),
        ("ffb-belote", {"rounding": "up"}),
        ("ffb-belote", {"sa_ta": 1}),
        ("ffb-belote", {"sa_ta": "true"}),
        ("ffb-coinche", {"surcoinche_factor": 2}),
        ("ffb-coinche", {"surcoinche_factor": True}),
        ("ffb-coinche", {"chute_base": 161}),
        ("ffb-coinche", {"litige": "pot"}),
        ("ffb-belote", {"contract_test": "bid_only"}),
        ("ffb-belote", {"surcoinche_factor": 3}),
        ("contree-faits", {"announcements": True}),
        ("contree-annonces", {"belote_protected": True}),
    ],
)
def test_an_unknown_preset_option_or_value_is_refused(preset: Any, overrides: dict) -> None:
    with pytest.raises(ScoringError) as caught:
        Rules.from_preset(preset, **overrides)
    assert caught.value.code == "rules"
    assert caught.value.message


def test_setting_a_fixed_option_to_its_own_value_is_accepted() -> None:
    assert Rules.from_preset("ffb-coinche", litige="chute") == PRESETS["ffb-coinche"]


def test_overrides_change_only_their_option() -> None:
    rules = Rules.from_preset("ffb-coinche", sa_ta=True, surcoinche_factor=3)
    assert rules.overrides() == {"sa_ta": True, "surcoinche_factor": 3}
    assert rules.preset == "ffb-coinche"


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_rules_round_trip_through_json(name: str) -> None:
    rules = Rules.from_preset(name, sa_ta=True, rounding="complement")
    text = json.dumps(rules.to_json())
    assert Rules.from_json(json.loads(text)) == rules
    assert Rules.from_json(name) == PRESETS[name]


@pytest.mark.parametrize(
    "obj",
    [
        {"rounding": "none"},
        {"preset": "ffb-belote", "version": 2},
        {"preset": "ffb-belote", "version": True},
        {"preset": "ffb-belote", "counting": "coinche"},
        ["ffb-belote"],
        42,
        "unknown",
    ],
)
def test_bad_rules_json_is_refused(obj: Any) -> None:
    with pytest.raises(ScoringError) as caught:
        Rules.from_json(obj)
    assert caught.value.code == "rules"


def test_the_summary_names_the_counting_and_its_options() -> None:
    rules = Rules.from_preset("ffb-coinche", sa_ta=True)
    assert (
        rules.summary_fr() == "Coinche FFB — annonces, arrondi à la dizaine, SA/TA, surcoinche ×4"
    )
    assert PRESETS["ffb-belote"].summary_fr() == (
        "Belote classique FFB — annonces, au point près, litige en réserve"
    )


def test_the_description_is_one_french_paragraph_mentioning_each_option() -> None:
    text = PRESETS["ffb-belote"].description_fr()
    assert "\n" not in text
    assert "Arrondi de la marque : au point près." in text


def test_rules_are_frozen_and_hashable() -> None:
    rules = PRESETS["ffb-belote"]
    with pytest.raises(AttributeError):
        rules.rounding = "nearest"  # type: ignore[misc]
    assert len({rules, Rules.from_preset("ffb-belote")}) == 1
