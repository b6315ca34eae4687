"""Hypothesis properties derived from the spec (not from the code): they hold
for every valid deal under every rule profile."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import (
    CODES,
    OPTIONS,
    PRESET_VERSIONS,
    PRESETS,
    Rules,
    ScoringError,
    random_deal,
    score_deal,
    score_game,
    summary_fr,
)
from scoring.cli import process_deal_line

SETTINGS = settings(
    database=None,
    deadline=None,
    max_examples=200,
    suppress_health_check=[HealthCheck.too_slow],
)


@st.composite
def rule_profiles(draw: st.DrawFn, presets: tuple[str, ...] = tuple(PRESETS)) -> Rules:
    """Any version of any preset with any applicable options changed."""
    preset = draw(st.sampled_from(presets))
    version = draw(st.sampled_from(tuple(PRESET_VERSIONS[preset])))
    counting = PRESETS[preset].counting
    overrides = {
        option.name: draw(st.sampled_from(option.values))
        for option in OPTIONS
        if counting in option.applies_to and draw(st.booleans())
    }
    return Rules.from_preset(preset, version, **overrides)


def deals_under(rules: st.SearchStrategy[Rules]) -> st.SearchStrategy[tuple[Rules, dict]]:
    return st.tuples(rules, st.randoms(use_true_random=False)).map(
        lambda pair: (pair[0], random_deal(pair[1], pair[0]))
    )


ANY_DEAL = deals_under(rule_profiles())


def other(team: str) -> str:
    return "B" if team == "A" else "A"


def belote_points(deal: dict, team: str) -> int:
    return 20 * (deal.get("belote") or {}).get(team, 0)


def marque(score: Any, team: str) -> int:
    return score.a if team == "A" else score.b


@SETTINGS
@given(ANY_DEAL)
def test_random_deals_are_always_valid(case: tuple[Rules, dict]) -> None:
    rules, deal = case
    score = score_deal(deal, rules)
    assert score.outcome in ("made", "chute", "litige", "passed")
    assert score.a >= 0 and score.b >= 0 and score.pot >= 0


@SETTINGS
@given(ANY_DEAL)
def test_on_a_chute_the_takers_mark_at_most_their_belote(case: tuple[Rules, dict]) -> None:
    rules, deal = case
    score = score_deal(deal, rules)
    if score.outcome == "chute":
        taker = deal["taker"]
        assert marque(score, taker) <= belote_points(deal, taker)


@SETTINGS
@given(deals_under(rule_profiles(("ffb-coinche",))))
def test_a_coinched_made_contract_leaves_the_defence_at_most_its_belote(
    case: tuple[Rules, dict],
) -> None:
    rules, deal = case
    score = score_deal(deal, rules)
    if rules.coinche_count == "points_multiplied":
        return  # SPEC §7.1: the defence keeps its uncoinched marque
    if score.outcome == "made" and deal.get("coinche"):
        defence = other(deal["taker"])
        assert marque(score, defence) <= belote_points(deal, defence)


@SETTINGS
@given(ANY_DEAL)
def test_rounded_marques_are_multiples_of_ten(case: tuple[Rules, dict]) -> None:
    rules, deal = case
    score = score_deal(deal, rules)
    if rules.rounding != "none":
        assert score.a % 10 == 0 and score.b % 10 == 0 and score.pot % 10 == 0


@SETTINGS
@given(ANY_DEAL)
def test_card_points_total_162_or_252_with_a_capot(case: tuple[Rules, dict]) -> None:
    rules, deal = case
    score = score_deal(deal, rules)
    if score.outcome != "passed":
        capot = deal.get("capot") or deal.get("generale")  # a générale is a capot too
        assert sum(score.card_points) == (252 if capot else 162)


@SETTINGS
@given(deals_under(rule_profiles(("ffb-coinche", "contree-faits-annonces"))))
def test_coinching_a_chute_multiplies_the_defence_marque(case: tuple[Rules, dict]) -> None:
    rules, deal = case
    if deal.get("taker") is None or rules.coinche_count == "contract_only":
        return  # contract_only multiplies the contract alone (SPEC §7.1)
    if deal.get("bid") == "generale":
        return  # its belote and announcements are never multiplied: see below
    if rules.counting != "coinche":  # contrée adds the belotes outside the product
        deal.pop("belote", None)
    if rules.chute_base == 162 and rules.rounding != "none":
        return  # 162 × m is not a multiple of ten: rounding breaks exactness
    if rules.counting != "coinche" and deal.get("capot"):
        return  # coinched, a capot changes nothing in contrée (SPEC §6): see below
    defence = other(deal["taker"])
    plain = score_deal({**deal, "coinche": 0}, rules)
    if plain.outcome != "chute":
        return
    for level, factor in ((1, 2), (2, rules.surcoinche_factor)):
        coinched = score_deal({**deal, "coinche": level}, rules)
        assert coinched.outcome == "chute"
        assert marque(coinched, defence) == factor * marque(plain, defence)


@SETTINGS
@given(deals_under(st.just(PRESETS["ffb-belote"])))
def test_classic_belote_conserves_every_point(case: tuple[Rules, dict]) -> None:
    # FFB, to the point: made → each team marks its total; litige → the takers'
    # total goes to the pot; chute → 162 + all announcements + both belotes.
    rules, deal = case
    score = score_deal(deal, rules)
    if score.outcome == "passed":
        return
    extras = belote_points(deal, "A") + belote_points(deal, "B") + sum(score.announcements)
    cards = 162 if score.outcome == "chute" else sum(score.card_points)
    assert score.a + score.b + score.pot == cards + extras


def swap(deal: dict) -> dict:
    swapped: dict[str, Any] = {}
    for key, value in deal.items():
        if key in ("taker", "capot", "generale") and value in ("A", "B"):
            swapped[key] = other(value)
        elif key in ("points", "belote", "announcements", "announcement_points"):
            swapped[key] = {other(team): v for team, v in value.items()}
        else:
            swapped[key] = value
    return swapped


@SETTINGS
@given(ANY_DEAL)
def test_swapping_the_teams_swaps_the_marques(case: tuple[Rules, dict]) -> None:
    rules, deal = case
    score, mirrored = score_deal(deal, rules), score_deal(swap(deal), rules)
    assert (score.a, score.b, score.outcome, score.pot) == (
        mirrored.b,
        mirrored.a,
        mirrored.outcome,
        mirrored.pot,
    )


@SETTINGS
@given(deals_under(rule_profiles(("ffb-coinche",))))
def test_rounding_never_makes_a_coinche_contract(case: tuple[Rules, dict]) -> None:
    rules, deal = case
    score = score_deal(deal, rules)
    if score.outcome == "passed" or deal.get("bid") in ("capot", "generale"):
        return
    taker = deal["taker"]
    index = 0 if taker == "A" else 1
    total = score.card_points[index] + belote_points(deal, taker)
    if rules.announcements_count_for_contract:
        total += score.announcements[index]
    if total < deal["bid"]:
        assert score.outcome == "chute"


@SETTINGS
@given(deals_under(rule_profiles(("contree-faits-annonces", "contree-faits", "contree-annonces"))))
def test_a_contree_is_made_exactly_when_cards_and_belote_reach_the_bid(
    case: tuple[Rules, dict],
) -> None:
    rules, deal = case
    score = score_deal(deal, rules)
    if score.outcome == "passed" or rules.contract_test != "bid_only":
        return
    taker = deal["taker"]
    if deal["bid"] == "capot":
        expected = (deal.get("capot") or deal.get("generale")) == taker
    elif deal["bid"] == "generale":  # one player of the takers alone
        expected = deal.get("generale") == taker
    else:
        index = 0 if taker == "A" else 1
        expected = score.card_points[index] + belote_points(deal, taker) >= deal["bid"]
    assert (score.outcome == "made") == expected


@SETTINGS
@given(rule_profiles())
def test_rules_round_trip_through_json(rules: Rules) -> None:
    assert Rules.from_json(json.loads(json.dumps(rules.to_json()))) == rules
    assert summary_fr(rules).startswith(("Belote", "Coinche", "Contrée"))


@SETTINGS
@given(rule_profiles(("ffb-belote",)), st.randoms(use_true_random=False), st.integers(1, 30))
def test_a_partie_moves_pots_but_never_creates_or_loses_points(
    rules: Rules, rng: random.Random, count: int
) -> None:
    deals = [random_deal(rng, rules) for _ in range(count)]
    scores = [score_deal(deal, rules) for deal in deals]
    result = score_game(deals, rules)
    assert sum(d.a + d.b for d in result.deals) + result.deals[-1].pot == sum(
        s.a + s.b + s.pot for s in scores
    )
    assert result.totals == (sum(d.a for d in result.deals), sum(d.b for d in result.deals))


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(["A", "B", "H", "SA", "TA", "capot", "tierce", "carre", "K"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(["A", "B", "kind", "high", "suit", "preset", "rounding"]) | st.text(),
            children,
            max_size=4,
        )
    ),
    max_leaves=12,
)
FIELDS = [
    "taker",
    "trump",
    "bid",
    "coinche",
    "points",
    "capot",
    "belote",
    "announcements",
    "announcement_points",
    "rules",
]


def check_output(text: str, ok: bool) -> None:
    output = json.loads(text)
    assert isinstance(output, dict)
    if ok:
        assert output["outcome"] in ("made", "chute", "litige", "passed")
        assert all(type(output[key]) is int for key in ("A", "B", "pot"))
    else:
        assert set(output) == {"error"}
        assert output["error"]["code"] in CODES
        assert isinstance(output["error"]["message"], str) and output["error"]["message"]


@SETTINGS
@given(JSON_VALUES)
def test_any_json_line_gives_a_result_or_a_coded_error(value: Any) -> None:
    check_output(*process_deal_line(json.dumps(value), PRESETS["ffb-coinche"], {}))


@SETTINGS
@given(st.text(max_size=40) | st.binary(max_size=40))
def test_any_text_line_gives_a_result_or_a_coded_error(line: str | bytes) -> None:
    check_output(*process_deal_line(line, PRESETS["ffb-belote"], {}))


@SETTINGS
@given(ANY_DEAL, st.sampled_from(FIELDS), JSON_VALUES)
def test_a_valid_deal_with_one_field_garbled_never_crashes(
    case: tuple[Rules, dict], field: str, value: Any
) -> None:
    rules, deal = case
    deal = {**deal, field: value}
    check_output(*process_deal_line(json.dumps(deal), rules, {}))
    try:
        score_deal(deal, rules)
    except ScoringError as error:
        assert error.code in CODES


GENERALE = deals_under(
    rule_profiles(("ffb-coinche", "contree-faits-annonces", "contree-faits", "contree-annonces"))
)


@SETTINGS
@given(GENERALE)
def test_a_generale_goes_to_the_winner_of_the_deal_at_its_value(case: tuple[Rules, dict]) -> None:
    # issue 62: made exactly when one player of the takers took the eight
    # tricks alone; the winner marks flat 500 × m, contract 500 made uncoinched,
    # else 160 + 500 × m; belote and announcements added, never multiplied
    rules, deal = case
    if deal.get("bid") != "generale" or rules.generale == "off":
        return
    score = score_deal(deal, rules)
    taker = deal["taker"]
    made = deal.get("generale") == taker
    assert score.outcome == ("made" if made else "chute")
    m = (1, 2, rules.surcoinche_factor)[deal.get("coinche") or 0]
    value = 500 * m
    if rules.generale == "contract" and (m > 1 or not made):
        value += 160
    winner = taker if made else other(taker)
    extras = sum(score.announcements)
    if rules.counting != "contree-annonces" or rules.annonces_belote:
        extras += belote_points(deal, winner)
        if not made and rules.counting == "coinche" and not rules.belote_protected:
            extras += belote_points(deal, taker)  # a belote not imprenable, at coinche
    assert marque(score, winner) == value + extras


@SETTINGS
@given(GENERALE)
def test_a_generale_not_bid_scores_as_a_capot(case: tuple[Rules, dict]) -> None:
    rules, deal = case
    if "generale" not in deal or deal.get("bid") == "generale":
        return
    as_capot = {**{k: v for k, v in deal.items() if k != "generale"}, "capot": deal["generale"]}
    score, capot = score_deal(deal, rules), score_deal(as_capot, rules)
    assert (score.a, score.b, score.outcome) == (capot.a, capot.b, capot.outcome)
    assert score_deal(as_capot, rules.with_options(generale="off")) == capot


def test_coinched_a_defences_capot_changes_nothing_in_contree() -> None:
    """SPEC §6: coinched, the deal's winner marks what any coinched deal
    gives it, a capot or not (contree-faits-annonces, 80 coinché, capot of
    the defence: 0–480), while the same chute uncoinched marks the capot
    (chute_capot=full): so coinching does not double it. Hypothesis found
    this deal against the property above (480 against 2 × 330)."""
    rules = PRESETS["contree-faits-annonces"]
    deal = {"taker": "A", "trump": "S", "bid": 80, "capot": "B"}
    coinched = score_deal({**deal, "coinche": 1}, rules)
    assert (coinched.a, coinched.b) == (0, 480)
    assert score_deal(deal, rules).b != 480 // 2
