"""La générale (issue 62, SPEC §6 as docs/engine.md writes it): one player
bids to take the eight tricks alone. The sources' numbers under each value
of the option ``generale`` and what the engine gave before (a générale bid
refused, code ``bid``; the deal's ``"generale"`` refused, code ``json``:
the field did not exist), the belote and the announcements, what
``"generale": "A"`` means with and without a générale bid, and the command
line and « Pourquoi ? »."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scoring import PRESETS, Rules, ScoringError, explain_deal, score_deal
from tests.scoring.test_cli import lines, run

COINCHE = "ffb-coinche"
FA = "contree-faits-annonces"
F = "contree-faits"
AN = "contree-annonces"

MADE = {"taker": "A", "trump": "H", "bid": "generale", "generale": "A"}
BY_BOTH = {"taker": "A", "trump": "H", "bid": "generale", "capot": "A"}  # both took tricks
FAILED = {"taker": "A", "trump": "H", "bid": "generale", "points": {"A": 120}}
DEFENCE_CAPOT = {"taker": "A", "trump": "H", "bid": "generale", "capot": "B"}


def coinched(deal: dict[str, Any], level: int = 1) -> dict[str, Any]:
    return {**deal, "coinche": level}


# (id, preset, the option's value, deal, marques A–B). The four
# sources: 500 to the takers when bid and made; a failed générale 500 (or
# 160 + 500) to the defence; coinched 1,000 (or 160 + 500 × m).
SOURCES: list[tuple[str, str, str, dict[str, Any], tuple[int, int]]] = [
    ("flat_made", COINCHE, "flat", MADE, (500, 0)),
    ("flat_failed", COINCHE, "flat", FAILED, (0, 500)),
    ("flat_coinched_made", COINCHE, "flat", coinched(MADE), (1000, 0)),
    ("flat_coinched_failed", COINCHE, "flat", coinched(FAILED), (0, 1000)),
    ("flat_surcoinched", COINCHE, "flat", coinched(MADE, 2), (2000, 0)),
    ("contract_made", COINCHE, "contract", MADE, (500, 0)),
    ("contract_failed", COINCHE, "contract", FAILED, (0, 660)),
    ("contract_coinched_made", COINCHE, "contract", coinched(MADE), (1160, 0)),
    ("contract_coinched_failed", COINCHE, "contract", coinched(FAILED), (0, 1160)),
    ("contract_surcoinched", COINCHE, "contract", coinched(MADE, 2), (2160, 0)),
    ("contree_flat_made", FA, "flat", MADE, (500, 0)),
    ("contree_flat_failed", F, "flat", FAILED, (0, 500)),
    ("contree_contract_failed", FA, "contract", FAILED, (0, 660)),
    ("annonces_flat_coinched", AN, "flat", coinched(MADE), (1000, 0)),
    # a capot by both takers is not a générale: failed
    ("both_takers", COINCHE, "flat", BY_BOTH, (0, 500)),
    ("defence_capot", COINCHE, "contract", DEFENCE_CAPOT, (0, 660)),
]


@pytest.mark.parametrize(
    ("preset", "value", "deal", "expected"),
    [case[1:] for case in SOURCES],
    ids=[case[0] for case in SOURCES],
)
def test_the_sources_count_of_a_generale(
    preset: str, value: str, deal: dict[str, Any], expected: tuple[int, int]
) -> None:
    score = score_deal(deal, Rules.from_preset(preset, generale=value))
    assert (score.a, score.b) == expected
    assert score.outcome == ("made" if expected[0] else "chute")


@pytest.mark.parametrize("preset", [COINCHE, FA, F, AN])
def test_before_the_option_or_without_it_a_generale_bid_is_refused(preset: str) -> None:
    with pytest.raises(ScoringError) as caught:
        score_deal(MADE, PRESETS[preset])
    assert caught.value.code == "bid"
    assert "generale" in caught.value.message


def test_classic_belote_has_no_generale() -> None:
    with pytest.raises(ScoringError) as caught:
        Rules.from_preset("ffb-belote", generale="flat")
    assert caught.value.code == "rules"
    # one player's eight tricks there are a capot, as everywhere without a générale bid
    deal = {"taker": "A", "trump": "H", "generale": "A"}
    assert score_deal(deal, PRESETS["ffb-belote"]) == score_deal(
        {"taker": "A", "trump": "H", "capot": "A"}, PRESETS["ffb-belote"]
    )


# belote and announcements: added to the winner's value, never multiplied;
# the loser's announcements pass to the winner; (preset, overrides, deal, marques)
EXTRAS: list[tuple[str, str, dict[str, Any], dict[str, Any], tuple[int, int]]] = [
    # 004: « un capot demandé vaut 500 points et 520 avec belote et rebelote »
    ("belote_made", COINCHE, {"generale": "flat"}, {**MADE, "belote": {"A": 1}}, (520, 0)),
    (
        "belote_coinched",
        COINCHE,
        {"generale": "flat"},
        {**coinched(MADE), "belote": {"A": 1}},
        (1020, 0),
    ),
    # the defence (no trick) keeps its belote
    ("defence_belote", FA, {"generale": "flat"}, {**MADE, "belote": {"B": 1}}, (500, 20)),
    (
        "announcements_pass",
        COINCHE,
        {"generale": "flat"},
        {**coinched(MADE), "announcement_points": {"B": 50}},
        (1050, 0),
    ),
    (
        "failed_takers_announcements",
        COINCHE,
        {"generale": "contract"},
        {**FAILED, "announcement_points": {"A": 100}},
        (0, 760),
    ),
    # imprenable at coinche: the takers of a failed générale keep it
    ("failed_kept", COINCHE, {"generale": "flat"}, {**FAILED, "belote": {"A": 1}}, (20, 500)),
    # not imprenable: to the defence at coinche, lost at contrée (as a failed capot bid)
    (
        "failed_to_defence",
        COINCHE,
        {"generale": "flat", "belote_protected": False},
        {**FAILED, "belote": {"A": 1}},
        (0, 520),
    ),
    ("failed_lost", FA, {"generale": "flat"}, {**FAILED, "belote": {"A": 1}}, (0, 500)),
    # points annoncés: the belote is marked only with annonces_belote
    ("annonces_no_belote", AN, {"generale": "flat"}, {**MADE, "belote": {"A": 1}}, (500, 0)),
    (
        "annonces_belote",
        AN,
        {"generale": "flat", "annonces_belote": True},
        {**MADE, "belote": {"A": 1}},
        (520, 0),
    ),
]


@pytest.mark.parametrize(
    ("preset", "overrides", "deal", "expected"),
    [case[1:] for case in EXTRAS],
    ids=[case[0] for case in EXTRAS],
)
def test_belote_and_announcements_on_a_generale(
    preset: str, overrides: dict[str, Any], deal: dict[str, Any], expected: tuple[int, int]
) -> None:
    score = score_deal(deal, Rules.from_preset(preset, **overrides))
    assert (score.a, score.b) == expected


@pytest.mark.parametrize("value", ["off", "flat", "contract"])
@pytest.mark.parametrize(
    ("bid", "points"), [(100, None), ("capot", None), (80, {"A": 252}), (120, {"B": 0})]
)
def test_a_generale_not_bid_scores_as_a_capot(value: str, bid: Any, points: Any) -> None:
    rules = Rules.from_preset(COINCHE, generale=value)
    deal: dict[str, Any] = {"taker": "A", "trump": "S", "bid": bid}
    if points:
        deal["points"] = points
    alone = score_deal({**deal, "generale": "A"}, rules)
    assert alone == score_deal({**deal, "capot": "A"}, rules)
    assert alone == score_deal({**deal, "capot": "A"}, PRESETS[COINCHE])


@pytest.mark.parametrize(
    ("deal", "key"),
    [
        ({**MADE, "generale": "N"}, "generale_invalid"),
        ({**MADE, "capot": "B"}, "generale_not_capot"),
        ({**MADE, "points": {"A": 100}}, "points_capot"),
    ],
)
def test_a_generale_that_contradicts_the_deal_is_refused(deal: dict, key: str) -> None:
    with pytest.raises(ScoringError) as caught:
        score_deal(deal, Rules.from_preset(COINCHE, generale="flat"))
    assert caught.value.key == key


def test_a_passed_deal_carries_no_generale() -> None:
    with pytest.raises(ScoringError) as caught:
        score_deal({"taker": None, "generale": "A"}, PRESETS[COINCHE])
    assert caught.value.code == "taker"


def test_the_command_line_scores_a_generale() -> None:
    stdin = "\n".join(json.dumps(deal) for deal in (MADE, coinched(FAILED), MADE)) + "\n"
    result = run("deal", "--rules", COINCHE, "--set", "generale=contract", stdin=stdin)
    out = lines(result)
    assert [(line["A"], line["B"], line["outcome"]) for line in out] == [
        (500, 0, "made"),
        (0, 1160, "chute"),
        (500, 0, "made"),
    ]
    refused = lines(run("deal", "--rules", COINCHE, stdin=json.dumps(MADE) + "\n"))
    assert refused[0]["error"]["code"] == "bid"
    described = json.loads(run("rules", "--all").stdout)
    generale = next(o for o in described["options"] if o["name"] == "generale")
    assert generale["values"] == ["off", "flat", "contract"]
    summary = run("rules", "--rules", FA, "--set", "generale=flat").stdout
    assert "générale : 500" in summary


@pytest.mark.parametrize("value", ["flat", "contract"])
@pytest.mark.parametrize("deal", [MADE, coinched(FAILED, 2), BY_BOTH, {**MADE, "belote": {"A": 1}}])
def test_why_says_the_same_marques(value: str, deal: dict[str, Any]) -> None:
    rules = Rules.from_preset(COINCHE, generale=value)
    why, score = explain_deal(deal, rules), score_deal(deal, rules)
    assert (why.a, why.b, why.outcome) == (score.a, score.b, score.outcome)
    keys = [step.key for step in why.steps]
    assert "generale" in keys
    generale = next(step for step in why.steps if step.key == "generale")
    assert generale.params["made"] == (deal.get("generale") == "A")
