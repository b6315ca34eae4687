"""Rule profiles in words (tournaments/display/rules.py): the French is the
engine's, word for word; the English has no French left."""

from __future__ import annotations

import functools
import itertools
import re

import pytest
from django.utils import translation

import scoring
from tournaments.display.rules import (
    option_choices,
    option_help,
    option_label,
    option_value_label,
    preset_label,
    rules_summary,
)

FRENCH_LETTERS = re.compile(r"[éèêàâçùûôîœ«»]")


def is_french(text: str) -> bool:
    """French letters, Contrée aside (the game's name in English too)."""
    return bool(FRENCH_LETTERS.search(re.sub("contrée", "", text, flags=re.IGNORECASE)))


# SPEC §7.2's club counts, summarised with the options they depend on only:
# their product with every other option would be twelve times as many
# profiles (some 170,000) for no other wording.
CLUB_COUNTS = ("annonces_chute", "coinche_defence", "coinche_base", "capot_bid_marque")
THEIR_OPTIONS = ("coinche_count", "chute_base", "rounding")


@functools.cache
def every_profile() -> list[scoring.Rules]:
    """Every profile the engine accepts: each version of each preset with each
    combination of the options its counting lets one change, SPEC §7.2's
    club counts combined with the options they depend on. Made when a test
    asks, once a process: made at import, it was most of the suite's
    collection (some 300,000 profiles, 16 of its 22 s of CPU), in every
    worker of every tier, those that run none of these tests too."""
    profiles = []
    for name, versions in scoring.PRESET_VERSIONS.items():
        for version, base in versions.items():
            settable = [o for o in scoring.OPTIONS if base.counting in o.applies_to]
            others = [o for o in settable if o.name not in CLUB_COUNTS]
            counts = [o for o in settable if o.name in CLUB_COUNTS + THEIR_OPTIONS]
            for chosen in (others, counts):
                for values in itertools.product(*(o.values for o in chosen)):
                    overrides = {o.name: v for o, v in zip(chosen, values, strict=True)}
                    profiles.append(scoring.Rules.from_preset(name, version, **overrides))
    return profiles


def test_there_are_many_profiles_to_summarise() -> None:
    assert len(every_profile()) > 1000


@pytest.mark.parametrize("option", scoring.OPTIONS, ids=lambda option: option.name)
def test_in_french_option_texts_are_the_engines(option: scoring.Option) -> None:
    with translation.override("fr"):
        assert option_label(option.name) == option.label
        assert option_help(option.name) == option.help
        assert [option_value_label(option.name, v) for v in option.values] == list(
            option.value_labels
        )


@pytest.mark.parametrize("option", scoring.OPTIONS, ids=lambda option: option.name)
def test_in_english_option_texts_are_english(option: scoring.Option) -> None:
    with translation.override("en"):
        label, help_text = option_label(option.name), option_help(option.name)
        values = [option_value_label(option.name, v) for v in option.values]
    assert label != option.label and help_text != option.help
    assert not is_french(" ".join([label, help_text, *values]))
    assert len(set(values)) == len(values)


def test_a_value_label_accepts_the_forms_text_of_the_value() -> None:
    with translation.override("en"):
        assert option_value_label("announcements", "true") == option_value_label(
            "announcements", True
        )
        assert option_value_label("chute_base", "162") == "162"
        assert option_value_label("rounding", "nearest") == "to the nearest ten"
        assert option_choices("sa_ta") == [
            ("false", "suits only"),
            ("true", "no trump and all trump allowed"),
        ]


def test_an_unknown_value_is_shown_as_it_is_and_an_unknown_option_is_an_error() -> None:
    assert option_value_label("rounding", "up") == "up"
    with pytest.raises(KeyError):
        option_label("colour")


def test_every_preset_has_a_label_in_both_languages() -> None:
    for preset in scoring.PRESETS:
        with translation.override("fr"):
            french = preset_label(preset)
        with translation.override("en"):
            english = preset_label(preset)
        assert french != preset and english != french
        assert not is_french(english)
    with translation.override("fr"):
        assert preset_label("contree-faits") == "Contrée — points faits"


def test_in_french_the_summary_is_the_engines_for_every_profile() -> None:
    with translation.override("fr"):
        for rules in every_profile():
            assert rules_summary(rules) == scoring.summary_fr(rules)


def test_in_english_no_summary_is_french() -> None:
    with translation.override("en"):
        summaries = {rules_summary(rules) for rules in every_profile()}
    assert len(summaries) == len({scoring.summary_fr(rules) for rules in every_profile()})
    for summary in summaries:
        assert not is_french(summary), summary
    with translation.override("en"):
        assert rules_summary(scoring.Rules.from_preset("ffb-coinche", sa_ta=True)) == (
            "Coinche (FFB), version 1 — announcements, rounded to the nearest ten, "
            "no trump/all trump, double: (160 + bid) × 2, redouble ×4"
        )
        assert rules_summary(scoring.Rules.from_preset("contree-faits", 1)) == (
            "Contrée, points made, version 1 — belote only, rounded to the nearest ten, "
            "double: 160 × 2, redouble ×4"
        )


@pytest.mark.parametrize(
    ("preset", "picked"), [("contree-faits-annonces", 410), ("contree-faits", 160)]
)
def test_the_summary_says_the_failed_capot_bid_in_the_number_picked_by_example(
    preset: str, picked: int
) -> None:
    """Issue 60, item 10: a volunteer answers « Un capot demandé et manqué,
    avec 130 points faits : combien pour la défense ? » with 410 (or 160 at
    points faits); the summary says that number, the engine's, not « chute
    de 250 »."""
    from scoring import examples

    profile, refused = examples.profile_for(
        scoring.Rules.from_preset(preset), {"capot_bid_failed": picked}
    )
    assert not refused and profile.capot_bid_failed == "chute"
    with translation.override("fr"):
        summary = rules_summary(profile)
    assert f"capot demandé et manqué : {picked} pour la défense" in summary
    assert "chute de 250" not in summary
    with translation.override("en"):
        assert f"capot bid and failed: {picked} to the defence" in rules_summary(profile)
