"""The sentences for the engine's and the draw's refusals (tournaments/display/errors.py):
one for every engine key and every draw code, in French and in English, with
the sides named as the interface names them."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.utils import translation

import scoring
from scoring.messages import MESSAGES
from tests.scoring.error_cases import ERROR_CASES, ErrorCase
from tournaments.display.errors import (
    DRAW_SENTENCES,
    ENGINE_SENTENCES,
    engine_error,
    pairing_error,
)
from tournaments.domain.pairing import (
    DRAW_ERROR_CODES,
    DrawError,
    draw_random,
    draw_rotation,
    form_pairs,
)

LANGUAGES = ("fr", "en")
# Letters and words an English sentence never holds (a user value is quoted
# as “…” in English, so « » are French too). Contrée is the game's name in
# English too.
FRENCH = re.compile(
    r"[éèêàâçùûôîœ«»]|\b(?:de|des|du|le|la|les|et|ou|une|un|pas|est|équipe|donne|partie)\b",
    re.IGNORECASE,
)


def is_french(sentence: str) -> bool:
    return bool(FRENCH.search(re.sub("contrée", "", sentence, flags=re.IGNORECASE)))


TEAM_LETTER = re.compile(r"\b(?:équipe|team|side) [AB]\b", re.IGNORECASE)


def engine_exc(case: ErrorCase) -> scoring.ScoringError:
    return scoring.ScoringError(case.code, case.key, case.params, case.deal)


def in_language(language: str, call: Callable[[], str]) -> str:
    with translation.override(language):
        return call()


def refused_draw(call: Callable[[], object]) -> DrawError:
    with pytest.raises(DrawError) as caught:
        call()
    return caught.value


DRAW_CASES: dict[str, Callable[[], object]] = {
    "not_enough_teams": lambda: draw_random([7], seed=1),
    "not_enough_players": lambda: form_pairs([3], seed=1, partnered=()),
    "duplicate_team": lambda: draw_random([1, 2, 2, 3], seed=1),
    "duplicate_player": lambda: form_pairs([1, 2, 1, 3], seed=1, partnered=()),
    "invalid_previous": lambda: draw_rotation(
        ((1, 2), (2, 3)), [1, 2, 3, 4], byes={}, order=[1, 2, 3, 4]
    ),
}


def test_every_engine_key_has_a_sentence() -> None:
    assert set(ENGINE_SENTENCES) == set(MESSAGES)


def test_every_draw_code_has_a_sentence_and_a_real_case() -> None:
    assert set(DRAW_SENTENCES) == set(DRAW_ERROR_CODES) == set(DRAW_CASES)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("case", ERROR_CASES, ids=lambda case: case.key)
def test_every_engine_error_has_a_sentence_that_formats(case: ErrorCase, language: str) -> None:
    exc = engine_exc(case)
    sentence = in_language(language, lambda: engine_error(exc))
    assert sentence and "%(" not in sentence
    assert not TEAM_LETTER.search(sentence), sentence
    with_rules = in_language(
        language, lambda: engine_error(exc, rules=scoring.PRESETS["ffb-coinche"])
    )
    assert with_rules and "%(" not in with_rules


@pytest.mark.parametrize("case", ERROR_CASES, ids=lambda case: case.key)
def test_no_engine_sentence_is_french_in_english(case: ErrorCase) -> None:
    exc = engine_exc(case)
    french = in_language("fr", lambda: engine_error(exc))
    english = in_language("en", lambda: engine_error(exc))
    assert english != french
    assert not is_french(english), english


@pytest.mark.parametrize(
    ("language", "north_south", "east_west"),
    [("fr", "Nord-Sud", "Est-Ouest"), ("en", "North-South", "East-West")],
)
def test_sides_are_named_north_south_and_east_west(
    language: str, north_south: str, east_west: str
) -> None:
    exc = scoring.ScoringError("points", "points_capot", {"team": "B", "a": "100", "b": "null"})
    sentence = in_language(language, lambda: engine_error(exc))
    assert sentence.count(east_west) == 3 and sentence.count(north_south) == 2


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_callers_team_names_replace_the_sides(language: str) -> None:
    sides = {"A": "Les Ch'tis", "B": "Belote Club"}
    error = refused(
        {"taker": "A", "trump": "H", "points": {"A": 100, "B": 63}}, scoring.PRESETS["ffb-belote"]
    )
    sentence = in_language(language, lambda: engine_error(error, sides=sides))
    assert "Les Ch'tis" in sentence and "Belote Club" in sentence
    assert "100" in sentence and "63" in sentence and "163" in sentence


def refused(deal: dict, rules: scoring.Rules) -> scoring.ScoringError:
    with pytest.raises(scoring.ScoringError) as caught:
        scoring.score_deal(deal, rules)
    return caught.value


def test_a_refused_bid_speaks_of_the_bids_the_profile_allows() -> None:
    contree = scoring.PRESETS["contree-faits"]  # no announcements: 270 at most at a suit
    error = refused({"taker": "A", "trump": "H", "bid": 1000, "points": {"A": 100}}, contree)
    lowest, highest, step = contree.bid_limits("H")
    assert (lowest, highest, step) == (80, 270, 10)
    with translation.override("fr"):
        assert engine_error(error, rules=contree) == (
            "Contrat 1000 impossible : un multiple de 10 de 80 à 270, ou capot."
        )
    with translation.override("en"):
        assert engine_error(error) == (
            "Bid 1000 impossible: a multiple of 10 from 80 to 270, or capot."
        )


def test_option_errors_use_the_option_and_value_labels() -> None:
    with pytest.raises(scoring.ScoringError) as caught:
        scoring.Rules.from_preset("ffb-coinche", litige="pot")
    with translation.override("en"):
        sentence = engine_error(caught.value)
    assert "Tie" in sentence and "counts as a failed contract" in sentence


def test_an_unknown_key_falls_back_to_the_engines_message() -> None:
    exc = scoring.ScoringError("points", "points_sum", {"total": 163, "a": 100, "b": 63})
    exc.key = "from_a_newer_engine"
    with translation.override("en"):
        assert engine_error(exc) == exc.message


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("code", sorted(DRAW_CASES))
def test_every_draw_error_has_a_sentence(code: str, language: str) -> None:
    exc = refused_draw(DRAW_CASES[code])
    assert exc.code == code
    assert set(exc.params) == set(DRAW_ERROR_CODES[code])
    sentence = in_language(language, lambda: pairing_error(exc))
    assert sentence and "%(" not in sentence and code not in sentence
    if "count" in exc.params:
        assert str(exc.params["count"]) in sentence
    if language == "en":
        assert not is_french(sentence), sentence
        assert sentence != in_language("fr", lambda: pairing_error(exc))


def test_an_unknown_draw_code_still_gives_a_sentence() -> None:
    exc = DrawError("invalid_previous")
    exc.code = "from_a_newer_draw"
    with translation.override("en"):
        assert "from_a_newer_draw" in pairing_error(exc)
