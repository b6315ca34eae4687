"""One real bad input for every message key of the engine, with the params it gives.

Shared by the engine's message tests (tests/scoring/test_messages.py) and the
Django side's sentence tests (tests/tournaments/display/test_errors.py). Each
case triggers its key for real — a bad deal, partie, profile or input line —
except the two the engine cannot reach from outside (an internal error and a
defensive check), which say how they are reached.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from scoring import Rules, ScoringError, cli, score_deal, score_game
from scoring import announcements as announcements_module
from scoring.cards import RANK_INDEX, SUITS

BELOTE = Rules.from_preset("ffb-belote")
COINCHE = Rules.from_preset("ffb-coinche")
BELOTE_SA_TA = Rules.from_preset("ffb-belote", sa_ta=True)
WITHOUT_ANNOUNCEMENTS = Rules.from_preset("ffb-belote", announcements=False)

OK = {"taker": "A", "trump": "H", "points": {"A": 100}}
OK_COINCHE = {**OK, "bid": 80}
PRESET_NAMES = [
    "ffb-belote",
    "ffb-coinche",
    "contree-faits-annonces",
    "contree-faits",
    "contree-annonces",
]
OPTION_NAMES = [
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
SUITS_ONLY = '"S", "H", "D", "C"'


@dataclass(frozen=True)
class ErrorCase:
    """``trigger`` returns the ScoringError raised, or (command line keys) the
    SPEC §8 error object the command line prints."""

    key: str
    code: str
    trigger: Callable[[], ScoringError | dict[str, Any]]
    params: dict[str, Any] = field(default_factory=dict)
    deal: int | None = None


def _raised(call: Callable[[], object]) -> ScoringError:
    with pytest.raises(ScoringError) as caught:
        call()
    return caught.value


def deal(d: Any, rules: Rules = BELOTE) -> Callable[[], ScoringError]:
    return lambda: _raised(lambda: score_deal(d, rules))


def game(deals: Any, end: Any = None) -> Callable[[], ScoringError]:
    return lambda: _raised(lambda: score_game(deals, BELOTE, end))


def preset(name: Any, **overrides: Any) -> Callable[[], ScoringError]:
    return lambda: _raised(lambda: Rules.from_preset(name, **overrides))


def rules_json(obj: Any) -> Callable[[], ScoringError]:
    return lambda: _raised(lambda: Rules.from_json(obj))


def command_line_rules(text: str, settings: list[str]) -> Callable[[], ScoringError]:
    def trigger() -> ScoringError:
        result = cli.command_line_rules(text, settings)
        assert isinstance(result, ScoringError)
        return result

    return trigger


def line(text: str) -> Callable[[], dict[str, Any]]:
    def trigger() -> dict[str, Any]:
        output, ok = cli.process_deal_line(text, BELOTE)
        assert not ok
        return json.loads(output)

    return trigger


def partie(obj: Any) -> Callable[[], dict[str, Any]]:
    def trigger() -> dict[str, Any]:
        output, ok = cli.process_game(obj, BELOTE)
        assert not ok
        return output

    return trigger


def partie_input(data: bytes) -> Callable[[], dict[str, Any]]:
    def trigger() -> dict[str, Any]:
        out = io.BytesIO()
        assert cli.run_game(data, out, BELOTE) == 1
        return json.loads(out.getvalue())

    return trigger


def internal_error() -> dict[str, Any]:
    """A bug inside the engine: the command line prints an error object."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cli, "evaluate", lambda d, t: 1 / 0)
        patch.setattr(cli.sys, "stderr", io.StringIO())
        output, ok = cli.process_deal_line(json.dumps(OK), BELOTE)
    assert not ok
    return json.loads(output)


def belotes_against_announcements() -> ScoringError:
    """The last defence of announcements.py: no deal reaches it (every case is
    refused earlier), so its check is called with card masks that do."""

    def card(suit: str, rank: str) -> int:
        return 1 << (SUITS.index(suit) * 8 + RANK_INDEX[rank])

    used_a = card("S", "K") | card("H", "K")
    used_b = card("S", "Q") | card("H", "Q")
    return _raised(lambda: announcements_module._check_belotes("TA", (2, 2), used_a, used_b))


def item(kind: str, high: str, suit: str | None = None) -> dict[str, str]:
    return {"kind": kind, "high": high} | ({"suit": suit} if suit else {})


def announced(a: Any = None, b: Any = None, **extra: Any) -> dict[str, Any]:
    declared = {team: items for team, items in (("A", a), ("B", b)) if items is not None}
    return {**OK, "announcements": declared, **extra}


ERROR_CASES: list[ErrorCase] = [
    # -- input, partie, command line --
    ErrorCase("deal_not_object", "json", deal([1, 2]), {"value": "une liste"}),
    ErrorCase("deal_unknown_field", "json", deal({**OK, "belotte": 1}), {"value": "« belotte »"}),
    ErrorCase("line_empty", "json", line("")),
    ErrorCase("line_unreadable", "json", line("nope")),
    ErrorCase("line_not_object", "json", line("[1]"), {"value": "une liste"}),
    ErrorCase("internal", "json", internal_error),
    ErrorCase("game_unreadable", "json", partie_input(b"")),
    ErrorCase("game_not_object", "json", partie([]), {"value": "une liste"}),
    ErrorCase("game_unknown_field", "json", partie({"x": 1}), {"value": "« x »"}),
    ErrorCase("game_deals_not_list", "json", game(3), {"value": "3"}),
    ErrorCase("game_deal_after_end", "json", game([OK, OK], {"deals": 1}), {"played": 1}, deal=1),
    ErrorCase("rules_in_deal", "rules", game([OK, {**OK, "rules": "ffb-belote"}]), deal=1),
    ErrorCase("game_end_invalid", "rules", game([], {"target": 0}), {"value": "un objet"}),
    ErrorCase(
        "cli_set_form",
        "rules",
        command_line_rules("ffb-belote", ["rounding"]),
        {"value": "« rounding »"},
    ),
    ErrorCase("cli_rules_unreadable", "rules", command_line_rules("{bad", [])),
    # -- rule profiles --
    ErrorCase(
        "rules_unknown_preset",
        "rules",
        preset("nope"),
        {"value": "« nope »", "presets": ", ".join(PRESET_NAMES), "choices": PRESET_NAMES},
    ),
    ErrorCase(
        "rules_unknown_option",
        "rules",
        preset("ffb-belote", colour="red"),
        {"value": "« colour »", "options": ", ".join(OPTION_NAMES), "choices": OPTION_NAMES},
    ),
    ErrorCase(
        "rules_bad_value",
        "rules",
        preset("ffb-belote", rounding="up"),
        {
            "value": "« up »",
            "option": "rounding",
            "label": "Arrondi de la marque",
            "allowed": "none, nearest, complement",
            "values": ["none", "nearest", "complement"],
        },
    ),
    ErrorCase(
        "rules_option_fixed",
        "rules",
        preset("ffb-coinche", litige="pot"),
        {
            "option": "litige",
            "label": "Litige (égalité)",
            "counting": "coinche",
            "counting_name": "Coinche FFB",
            "current": "chute",
            "current_value": "chute",
        },
    ),
    ErrorCase("rules_not_object", "rules", rules_json(3), {"value": "3"}),
    ErrorCase("rules_no_preset", "rules", rules_json({"rounding": "none"})),
    ErrorCase(
        "rules_version",
        "rules",
        rules_json({"preset": "ffb-belote", "version": 2}),
        {"value": "2", "preset": "« ffb-belote »", "versions": "1"},
    ),
    ErrorCase(
        "rules_counting_mismatch",
        "rules",
        rules_json({"preset": "ffb-belote", "counting": "coinche"}),
        {"value": "« coinche »", "preset": "« ffb-belote »", "counting": "belote"},
    ),
    # -- taker, trump, bid, coinche, capot --
    ErrorCase("taker_unknown", "taker", deal({**OK, "taker": "C"}), {"value": "« C »"}),
    ErrorCase(
        "passed_deal_filled",
        "taker",
        deal({"bid": 80, "points": {"A": 100}}, COINCHE),
        {"fields": "bid, points", "field_names": ["bid", "points"]},
    ),
    ErrorCase(
        "trump_not_played",
        "trump",
        deal({**OK, "trump": "SA"}),
        {
            "trump": "SA",
            "trump_name": "sans atout",
            "allowed": SUITS_ONLY,
            "trumps": ["S", "H", "D", "C"],
        },
    ),
    ErrorCase(
        "trump_missing",
        "trump",
        deal({"taker": "A", "points": {"A": 100}}),
        {"allowed": SUITS_ONLY, "trumps": ["S", "H", "D", "C"]},
    ),
    ErrorCase(
        "trump_unknown",
        "trump",
        deal({**OK, "trump": "X"}),
        {"value": "« X »", "allowed": SUITS_ONLY, "trumps": ["S", "H", "D", "C"]},
    ),
    ErrorCase("bid_in_classic", "bid", deal({**OK, "bid": 80})),
    ErrorCase(
        "bid_missing",
        "bid",
        deal(OK, COINCHE),
        {"value": "null", "min": 80, "max": 820, "step": 10, "trump": "H"},
    ),
    ErrorCase("bid_generale_not_played", "bid", deal({**OK, "bid": "generale"}, COINCHE)),
    ErrorCase(
        "bid_out_of_range",
        "bid",
        deal({**OK_COINCHE, "bid": 85}, COINCHE),
        {"bid": 85, "min": 80, "max": 820, "step": 10, "trump": "H"},
    ),
    ErrorCase(
        "coinche_invalid", "coinche", deal({**OK_COINCHE, "coinche": 3}, COINCHE), {"value": "3"}
    ),
    ErrorCase("coinche_in_classic", "coinche", deal({**OK, "coinche": 1})),
    ErrorCase("capot_invalid", "capot", deal({**OK, "capot": "C"}), {"value": "« C »"}),
    ErrorCase("generale_invalid", "capot", deal({**OK, "generale": "N"}), {"value": "« N »"}),
    ErrorCase(
        "generale_not_capot",
        "capot",
        deal({"taker": "A", "trump": "H", "capot": "B", "generale": "A"}),
        {"team": "A", "capot": "B"},
    ),
    # -- points --
    ErrorCase("points_missing", "points", deal({"taker": "A", "trump": "H"})),
    ErrorCase(
        "points_not_int",
        "points",
        deal({**OK, "points": {"A": 100.0}}),
        {"team": "A", "value": "100.0"},
    ),
    ErrorCase(
        "points_capot",
        "points",
        deal({**OK, "capot": "A"}),
        {"team": "A", "a": "100", "b": "null"},
    ),
    ErrorCase(
        "points_252_without_capot",
        "points",
        deal({**OK, "points": {"B": 252}}),
        {"team": "B"},
    ),
    ErrorCase(
        "points_out_of_range",
        "points",
        deal({**OK, "points": {"A": 170}}),
        {"team": "A", "value": 170},
    ),
    ErrorCase(
        "points_sum",
        "points",
        deal({**OK, "points": {"A": 100, "B": 63}}),
        {"total": 163, "a": 100, "b": 63},
    ),
    ErrorCase("points_one", "points", deal({**OK, "points": {"A": 1}}), {"a": 1, "b": 161}),
    ErrorCase(
        "team_object_expected",
        "points",
        deal({**OK, "points": [100]}),
        {"field": "points", "value": "une liste"},
    ),
    ErrorCase(
        "unknown_team",
        "belote",
        deal({**OK, "belote": {"C": 1}}),
        {"field": "belote", "value": "« C »"},
    ),
    # -- belote --
    ErrorCase(
        "belote_not_int", "belote", deal({**OK, "belote": {"B": -1}}), {"team": "B", "value": "-1"}
    ),
    ErrorCase(
        "belote_at_no_trump",
        "belote",
        deal({**OK, "trump": "SA", "belote": {"A": 1}}, BELOTE_SA_TA),
    ),
    ErrorCase(
        "belote_too_many_all_trump",
        "belote",
        deal({**OK, "trump": "TA", "belote": {"A": 3, "B": 2}}, BELOTE_SA_TA),
        {"count": 5, "max": 4},
    ),
    ErrorCase(
        "belote_too_many",
        "belote",
        deal({**OK, "belote": {"A": 1, "B": 1}}),
        {"count": 2, "max": 1},
    ),
    # -- announcements --
    ErrorCase(
        "announcements_both_forms",
        "announcement",
        deal(announced([], announcement_points={"A": 20})),
    ),
    ErrorCase(
        "announcements_not_played",
        "announcement",
        deal({**OK, "announcement_points": {"A": 20}}, WITHOUT_ANNOUNCEMENTS),
    ),
    ErrorCase(
        "announcements_not_object",
        "announcement",
        deal({**OK, "announcements": [1]}),
        {"value": "une liste"},
    ),
    ErrorCase(
        "announcements_not_list",
        "announcement",
        deal(announced(3)),
        {"team": "A", "value": "3"},
    ),
    ErrorCase(
        "announcement_not_object",
        "announcement",
        deal(announced(None, [item("tierce", "K", "S"), 3])),
        {"team": "B", "position": 2, "value": "3"},
    ),
    ErrorCase(
        "announcement_unknown_field",
        "announcement",
        deal(announced([{**item("tierce", "K", "S"), "colour": "S"}])),
        {"team": "A", "position": 1, "value": "« colour »"},
    ),
    ErrorCase(
        "announcement_unknown_kind",
        "announcement",
        deal(announced([item("quarte", "K", "S")])),
        {"team": "A", "position": 1, "value": "« quarte »"},
    ),
    ErrorCase(
        "announcement_unknown_high",
        "announcement",
        deal(announced([item("tierce", "R", "S")])),
        {"team": "A", "position": 1, "value": "« R »"},
    ),
    ErrorCase(
        "announcement_carre_suit",
        "announcement",
        deal(announced([item("carre", "K", "S")])),
        {"team": "A", "position": 1},
    ),
    ErrorCase(
        "announcement_unknown_suit",
        "announcement",
        deal(announced([item("tierce", "K", "Z")])),
        {"team": "A", "position": 1, "value": "« Z »"},
    ),
    ErrorCase(
        "announcement_too_low",
        "announcement",
        deal(announced([item("cinquante", "9", "S")])),
        {
            "team": "A",
            "position": 1,
            "kind": "cinquante",
            "kind_name": "cinquante",
            "size": 4,
            "high": "9",
            "suit": "S",
            "lowest": "10",
        },
    ),
    ErrorCase(
        "announcement_card_twice",
        "announcement",
        deal(announced([item("tierce", "K", "S"), item("carre", "K")])),
        {
            "team": "A",
            "first": "carré de K",
            "second": "tierce au K de S",
            "first_item": ["carre", "K", None],
            "second_item": ["tierce", "K", "S"],
        },
    ),
    ErrorCase(
        "announcements_too_many_cards",
        "announcement",
        deal(announced([item("cent", "A", suit) for suit in ("S", "H", "D")])),
        {"team": "A"},
    ),
    ErrorCase(
        "announcement_same_carre",
        "announcement",
        deal(announced([item("carre", "9")], [item("carre", "9")])),
        {"high": "9"},
    ),
    ErrorCase(
        "announcements_share_a_card",
        "announcement",
        deal(announced([item("tierce", "K", "S")], [item("tierce", "A", "S")])),
    ),
    ErrorCase(
        "belote_cards_announced",
        "announcement",
        deal(announced(None, [item("tierce", "K", "H")], belote={"A": 1})),
        {"team": "A", "count": 1},
    ),
    ErrorCase("belotes_and_announcements", "announcement", belotes_against_announcements),
    ErrorCase(
        "announcement_points_not_int",
        "announcement",
        deal({**OK, "announcement_points": {"B": "20"}}),
        {"team": "B", "value": "« 20 »"},
    ),
    ErrorCase(
        "announcement_points_impossible",
        "announcement",
        deal({**OK, "announcement_points": {"A": 30}}),
        {"team": "A", "value": "30"},
    ),
    ErrorCase(
        "announcement_points_both_teams",
        "announcement",
        deal({**OK, "announcement_points": {"A": 20, "B": 50}}),
        {"a": 20, "b": 50},
    ),
]
