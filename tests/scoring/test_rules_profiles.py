"""Rule profiles (SPEC §7): presets, option validation, JSON round trip,
version and French summary."""

from __future__ import annotations

import json
from typing import Any

import pytest

import scoring
from scoring import (
    OPTIONS,
    PRESET_VERSIONS,
    PRESETS,
    Rules,
    ScoringError,
    description_fr,
    summary_fr,
)

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
        assert PRESETS[name] is PRESET_VERSIONS[name][max(PRESET_VERSIONS[name])]


def test_every_preset_has_its_versions_and_the_latest_is_the_default() -> None:
    assert {name: list(versions) for name, versions in PRESET_VERSIONS.items()} == {
        "ffb-belote": [1],
        "ffb-coinche": [1],
        "contree-faits-annonces": [1, 2],
        "contree-faits": [1, 2],
        "contree-annonces": [1],
    }
    for name, versions in PRESET_VERSIONS.items():
        for number, rules in versions.items():
            assert (rules.preset, rules.version) == (name, number)
            assert Rules.from_preset(name, number) is rules
            assert Rules.from_json({"preset": name, "version": number}) is rules


@pytest.mark.parametrize("name", ["contree-faits-annonces", "contree-faits"])
def test_version_2_of_the_points_faits_presets_changes_only_the_defence_capot(name: str) -> None:
    # SPEC §6: chute_capot=full from version 2 on; chute_capot=flat gives version 1 back.
    first, second = PRESET_VERSIONS[name][1], PRESET_VERSIONS[name][2]
    assert {k: v for k, v in second.options().items() if first.options()[k] != v} == {
        "chute_capot": "full"
    }
    assert second.with_options(chute_capot="flat").options() == first.options()
    assert Rules.from_preset(name, chute_capot="flat").preset_match() == (name, 1)
    assert Rules.from_preset(name, 1, chute_capot="full").preset_match() == (name, 2)


# What the previous releases stored in a concours' « rules » column: every
# option listed, under the engine's one global version 1 (before presets had
# versions of their own).
STORED_BEFORE_PRESET_VERSIONS = {
    "preset": "contree-faits",
    "version": 1,
    "counting": "contree-faits",
    "announcements": False,
    "sa_ta": False,
    "ta_scale": "ffb",
    "rounding": "nearest",
    "chute_base": 160,
    "chute_capot": "flat",
    "litige": "chute",
    "belote_protected": False,
    "belote_multiplied": False,
    "surcoinche_factor": 4,
    "contract_test": "bid_only",
    "announcements_count_for_contract": True,
}


@pytest.mark.parametrize(
    "stored", [STORED_BEFORE_PRESET_VERSIONS, {"preset": "contree-faits", "version": 1}]
)
def test_a_profile_stored_as_version_1_replays_as_version_1(stored: dict) -> None:
    rules = Rules.from_json(stored)
    assert (rules.version, rules.chute_capot, rules.overrides()) == (1, "flat", {})
    assert rules.to_json() == {
        **STORED_BEFORE_PRESET_VERSIONS,
        "coinche_count": "multiplied",
        "capot_bid_failed": 500,
        # SPEC §7.2's club counts, at the values that mark as version 1 always did
        "annonces_chute": 160,
        "coinche_defence": "own",
        "coinche_base": 160,
        "capot_bid_marque": "flat",
        # issue 62's club counts, likewise
        "capot_bid_coinched": "multiplied",
        "classic_capot": "points",
        "classic_made": "ffb",
        "capot_value": 250,
        "annonces_belote": False,
        "capot_bonus": True,
        "generale": "off",
    }
    defence_capot = {"taker": "A", "bid": 80, "trump": "H", "capot": "B"}
    assert scoring.score_deal(defence_capot, rules).b == 160
    assert scoring.score_deal(defence_capot, Rules.from_json("contree-faits")).b == 250


def test_a_profile_keeps_its_version_through_json_and_new_options() -> None:
    rules = Rules.from_preset("contree-faits-annonces", 1, coinche_count="contract_only")
    assert Rules.from_json(json.loads(json.dumps(rules.to_json()))) == rules
    assert rules.with_options(surcoinche_factor=3).version == 1
    assert rules.overrides() == {"coinche_count": "contract_only"}
    assert rules.preset_match() is None


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
    for versions in PRESET_VERSIONS.values():
        rules = versions[1]
        assert (rules.sa_ta, rules.ta_scale, rules.chute_capot) == (False, "ffb", "flat")
        assert rules.coinche_count == "multiplied"
        assert (rules.annonces_chute, rules.coinche_defence, rules.coinche_base) == (
            160,
            "own",
            160,
        )
    assert [PRESETS[name].capot_bid_failed for name in PRESET_NAMES] == [
        "chute",
        "chute",
        500,
        500,
        500,
    ]
    assert [PRESETS[name].capot_bid_marque for name in PRESET_NAMES] == [
        "points",
        "points",
        "flat",
        "flat",
        "flat",
    ]


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
        "coinche_count",
        "capot_bid_failed",
        "annonces_chute",
        "coinche_defence",
        "coinche_base",
        "capot_bid_marque",
        "capot_bid_coinched",
        "classic_capot",
        "classic_made",
        "capot_value",
        "annonces_belote",
        "capot_bonus",
        "generale",
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
        {"preset": "contree-faits", "version": 0},
        {"preset": "contree-faits", "version": 3},
        {"preset": "contree-faits", "version": "2"},
        {"preset": "contree-faits", "version": 2.0},
        {"preset": "ffb-coinche", "coinche_count": "double"},
        {"preset": "ffb-coinche", "coinche_count": True},
        {"preset": "contree-faits", "capot_bid_failed": "500"},
        {"preset": "contree-faits", "capot_bid_failed": 410},
        {"preset": "ffb-coinche", "capot_bid_failed": 500},
        {"preset": "ffb-belote", "coinche_count": "contract_only"},
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
    assert summary_fr(rules) == (
        "Coinche FFB, version 1 — annonces, arrondi à la dizaine, SA/TA, "
        "coinche : (160 + contrat) × 2, surcoinche ×4"
    )
    assert summary_fr(PRESETS["ffb-belote"]) == (
        "Belote classique FFB, version 1 — annonces, au point près, litige en réserve"
    )


@pytest.mark.parametrize(
    ("preset", "overrides", "summary"),
    [
        (
            "contree-faits-annonces",
            {"coinche_count": "contract_only", "capot_bid_failed": "chute"},
            "Contrée, points faits + annoncés, version 2 — belote seule, arrondi à la dizaine, "
            "chute capot à 250, coinche : 160 + contrat × 2, surcoinche ×4, "
            "capot demandé et manqué : 410 pour la défense",
        ),
        (
            # issue 60: the marque the engine gives (no contract added at points faits)
            "contree-faits",
            {"capot_bid_failed": "chute"},
            "Contrée, points faits, version 2 — belote seule, arrondi à la dizaine, "
            "chute capot à 250, coinche : 160 × 2, surcoinche ×4, "
            "capot demandé et manqué : 160 pour la défense",
        ),
        (
            "contree-faits",
            {"version": 1},
            "Contrée, points faits, version 1 — belote seule, arrondi à la dizaine, "
            "coinche : 160 × 2, surcoinche ×4",
        ),
        (
            "contree-faits",
            {"coinche_count": "points_multiplied"},
            "Contrée, points faits, version 2 — belote seule, arrondi à la dizaine, "
            "chute capot à 250, coinche réussie : points × 2, surcoinche ×4",
        ),
        (
            "ffb-coinche",
            {"coinche_count": "points_multiplied", "rounding": "none"},
            "Coinche FFB, version 1 — annonces, au point près, "
            "coinche réussie : (points + contrat) × 2, surcoinche ×4",
        ),
        (
            "contree-annonces",
            {"coinche_count": "contract_only"},
            "Contrée, points annoncés, version 1 — belote seule, arrondi à la dizaine, "
            "coinche : contrat × 2, surcoinche ×4",
        ),
    ],
)
def test_the_summary_says_the_version_and_how_a_coinche_is_counted(
    preset: str, overrides: dict, summary: str
) -> None:
    assert summary_fr(Rules.from_preset(preset, **overrides)) == summary


def test_the_description_is_one_french_paragraph_mentioning_each_option() -> None:
    text = description_fr(PRESETS["ffb-belote"])
    assert "\n" not in text
    assert "Arrondi de la marque : au point près." in text


def test_rules_are_frozen_and_hashable() -> None:
    rules = PRESETS["ffb-belote"]
    with pytest.raises(AttributeError):
        rules.rounding = "nearest"  # type: ignore[misc]
    assert len({rules, Rules.from_preset("ffb-belote")}) == 1
