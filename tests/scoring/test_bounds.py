"""The largest marque a team can get from one deal under a profile, and so
from a partie of N deals (scoring.bounds): the bound is reached by a deal
the engine accepts (tight), and no deal or partie the engine accepts gives
more (property tests over the whole input space the engine reads)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring import PRESETS, Rules, ScoringError, partie_totals, random_deal, score_deal, score_game
from scoring.announcements import feasible_team_totals
from scoring.bounds import (
    Usual,
    deal_bound,
    partie_bound,
    partie_sum_bound,
    total_step,
    usual_partie,
)
from scoring.rules import MIN_BID

SETTINGS = settings(
    database=None, deadline=None, max_examples=200, suppress_health_check=[HealthCheck.too_slow]
)

PROFILES = [
    ("ffb-belote", {}),
    ("ffb-belote", {"classic_capot": "flat", "classic_made": "82"}),
    ("ffb-coinche", {"capot_value": 252, "rounding": "none", "chute_capot": "full"}),
    ("ffb-coinche", {"capot_bid_coinched": "contract_only", "capot_bonus": False}),
    ("contree-faits-annonces", {"capot_bid_coinched": "contract_only", "capot_bonus": False}),
    ("contree-annonces", {"annonces_belote": True}),
    ("ffb-belote", {"announcements": False}),
    ("ffb-belote", {"chute_capot": "full", "rounding": "nearest"}),
    ("ffb-coinche", {}),
    ("ffb-coinche", {"sa_ta": True}),
    ("ffb-coinche", {"coinche_count": "contract_only"}),
    ("ffb-coinche", {"coinche_count": "points_multiplied", "surcoinche_factor": 3}),
    ("contree-faits-annonces", {}),
    ("contree-faits-annonces", {"coinche_count": "points_multiplied"}),
    ("contree-faits-annonces", {"rounding": "complement"}),
    ("contree-faits", {}),
    ("contree-faits", {"capot_bid_failed": "chute", "chute_capot": "flat"}),
    ("contree-annonces", {"sa_ta": True}),
    # issue 62: la générale
    ("ffb-coinche", {"generale": "flat"}),
    ("ffb-coinche", {"generale": "contract", "rounding": "none"}),
    ("contree-faits-annonces", {"generale": "contract"}),
    ("contree-faits", {"generale": "flat", "belote_protected": True}),
    ("contree-annonces", {"generale": "contract", "annonces_belote": True}),
    ("contree-annonces", {"generale": "flat"}),
]


def _rules(preset: str, overrides: dict) -> Rules:
    return Rules.from_preset(preset, **overrides)


# (preset, overrides, the most one team marks in a deal, worked out by hand)
BOUNDS = [
    # a capot (252) and its belote (20)
    ("ffb-belote", {"announcements": False}, 272),
    # and four carrés (200 + 150 + 100 + 100)
    ("ffb-belote", {}, 822),
    # a capot bid at 820, surcoinched: (250 + 550 + 20 + 820) × 4
    ("ffb-coinche", {}, 6560),
    # at TA: a bid of 880, four belotes: (250 + 550 + 80 + 880) × 4
    ("ffb-coinche", {"sa_ta": True}, 7040),
    # a capot bid surcoinched: 500 × 4 + the belote (coinched, a defence
    # capot is any coinched deal, SPEC §6: (160 + 270) × 4 + 20 = 1740)
    ("contree-faits-annonces", {}, 2020),
    # a capot bid surcoinched: 500 × 4 + the belote
    ("contree-faits", {}, 2020),
    # a 270 surcoinched: 270 × 4, points beyond the bid do not count
    ("contree-annonces", {}, 1080),
    # issue 62: the capot's 250 flat, its belote and four carrés (250 + 20 + 550)
    ("ffb-belote", {"classic_capot": "flat"}, 820),
    # a capot bid at 820 surcoinched on the capot's 252: (252 + 550 + 20 + 820) × 4 = 6568
    ("ffb-coinche", {"capot_value": 252}, 6570),
    # the belote marked besides 270 × 4
    ("contree-annonces", {"annonces_belote": True}, 1100),
    # la générale: below a coinche's capot bid at 820 (6,560), which it cannot pass
    ("ffb-coinche", {"generale": "contract"}, 6560),
    # a générale surcoinched counted as a contract of 500: 160 + 500 × 4 + the belote
    ("contree-faits-annonces", {"generale": "contract"}, 2180),
    # flat: 500 × 4 + the belote, as the capot bid's (2,020)
    ("contree-faits", {"generale": "flat"}, 2020),
    # points annoncés: 500 × 4 (1,080 before), 160 + 500 × 4 + its belote marked
    ("contree-annonces", {"generale": "flat"}, 2000),
    ("contree-annonces", {"generale": "contract", "annonces_belote": True}, 2180),
]


@pytest.mark.parametrize(("preset", "overrides", "marque"), BOUNDS)
def test_the_most_a_team_marks_in_a_deal(preset, overrides, marque):
    assert deal_bound(_rules(preset, overrides)).marque == marque


@pytest.mark.parametrize(("preset", "overrides"), PROFILES)
def test_the_bound_is_reached_by_a_deal_the_engine_accepts(preset, overrides):
    rules = _rules(preset, overrides)
    bound = deal_bound(rules)
    assert score_deal(bound.deal, rules).a == bound.marque
    for deals in (1, 4, 12):
        game = score_game([bound.deal] * deals, rules, {"deals": deals})
        assert game.totals[0] == partie_bound(rules, deals)


@st.composite
def any_deal(draw, rules: Rules) -> dict:
    """Any deal the engine reads, over every field's whole range."""
    trump = draw(st.sampled_from(sorted(rules._table.trumps)))
    deal: dict = {"taker": draw(st.sampled_from("AB")), "trump": trump}
    if rules.counting != "belote":
        low, high, step = rules.bid_limits(trump)
        bids = [*range(low, high + 1, step), "capot"]
        if rules.generale != "off":
            bids += ["generale"] * 8  # often enough to meet its every case
        deal["bid"] = draw(st.sampled_from(bids))
        deal["coinche"] = draw(st.integers(0, 2))
    capot = draw(st.sampled_from([None, "A", "B"]))
    if capot and draw(st.booleans()):
        deal["generale"] = capot  # one player alone: a capot too
    elif capot:
        deal["capot"] = capot
    else:
        deal["points"] = {"A": draw(st.integers(0, 162))}
    deal["belote"] = {"A": draw(st.integers(0, 4)), "B": draw(st.integers(0, 4))}
    if rules.announcements:
        side = draw(st.sampled_from("AB"))
        deal["announcement_points"] = {side: draw(st.sampled_from(sorted(feasible_team_totals())))}
    return deal


@pytest.mark.parametrize(("preset", "overrides"), PROFILES)
def test_no_deal_gives_a_team_more_than_the_bound(preset, overrides):
    rules = _rules(preset, overrides)
    highest, both = deal_bound(rules).marque, deal_bound(rules).both
    step = total_step(rules)

    @SETTINGS
    @given(any_deal(rules))
    def check(deal):
        try:
            score = score_deal(deal, rules)
        except ScoringError:
            assume(False)
        assert score.a <= highest and score.b <= highest
        assert score.a + score.b + score.pot <= both  # the pot it leaves included
        assert not (score.a % step or score.b % step or score.pot % step)  # the checker's tens

    check()


@pytest.mark.parametrize(("preset", "overrides"), PROFILES)
@settings(database=None, deadline=None, max_examples=60)
@given(seed=st.integers(0, 2**32 - 1), deals=st.integers(1, 16))
def test_no_partie_gives_a_team_more_than_n_times_the_bound(preset, overrides, seed, deals):
    rules = _rules(preset, overrides)
    rng = random.Random(seed)
    played = [random_deal(rng, rules) for _ in range(deals)]
    game = score_game(played, rules, {"deals": deals})
    for total in game.totals:
        assert 0 <= total <= partie_bound(rules, deals)
        assert total % total_step(rules) == 0
    assert sum(game.totals) <= partie_sum_bound(rules, deals)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_pot_won_after_a_tie_stays_within_two_deals_bound(preset):
    # A litige's pot goes to the next deal's winner on top of its marque.
    rules = Rules.from_preset(preset)
    bound = deal_bound(rules)
    tie = {"taker": "B", "trump": "H", "points": {"A": 81}, "belote": {"B": 1}}
    if rules.counting != "belote":
        tie.update(bid=80, coinche=0)
    try:
        score_deal(tie, rules)
    except ScoringError:
        pytest.skip("no such deal under this profile")
    game = score_game([tie, tie, bound.deal], rules, {"deals": 3})
    assert game.totals[0] <= partie_bound(rules, 3)
    assert sum(game.totals) <= partie_sum_bound(rules, 3)  # the pots counted once


def test_no_deal_gives_nothing():
    rules = Rules.from_preset("ffb-belote")
    assert partie_bound(rules, 0) == 0


@pytest.mark.parametrize(
    ("preset", "deals", "usual"),
    [
        # measured (scoring/partie_totals.py): 99 parties in 100 of 12
        # coinche deals give 3 000 to 7 210 in all, the sum widened down to
        # half of 12 ordinary deals at 80 (12 × 240 / 2 = 1 440); 600 to 4 970
        # to a team
        ("ffb-coinche", 12, Usual(1440, 7210, 600, 4970)),
        # classic belote: half of 12 litiges' 81
        ("ffb-belote", 12, Usual(486, 2844, 479, 1966)),
        ("contree-annonces", 12, Usual(480, 3080, 220, 2130)),
        ("ffb-coinche", 0, Usual(0, 0, 0, 0)),
    ],
)
def test_what_a_partie_usually_gives(preset, deals, usual):
    assert usual_partie(PRESETS[preset], deals) == usual


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_usual_totals_grow_with_the_deals_and_stay_possible(preset):
    rules = PRESETS[preset]
    before = usual_partie(rules, 1)
    for deals in range(2, 41):  # measured up to 24 deals, then extrapolated
        usual = usual_partie(rules, deals)
        assert 0 <= usual.sum_low <= usual.sum_high
        assert 0 <= usual.team_low <= usual.team_high <= partie_bound(rules, deals)
        assert usual.sum_high >= before.sum_high and usual.team_high >= before.team_high
        before = usual


def test_the_stored_totals_are_the_measuring_tools_and_it_measures_alike_twice():
    from tools import partie_totals as tool

    assert partie_totals.MAX_DEALS == tool.MAX_DEALS
    assert list(partie_totals.QUANTILES) == list(PRESETS)
    assert tool.measure("ffb-coinche", 30, 52) == tool.measure("ffb-coinche", 30, 52)


@pytest.mark.parametrize(
    ("preset", "overrides", "step"),
    [
        ("ffb-belote", {}, 1),
        ("ffb-belote", {"rounding": "nearest"}, 10),
        ("ffb-coinche", {}, 10),
        ("ffb-coinche", {"rounding": "none"}, 1),
        ("contree-faits", {"rounding": "complement"}, 10),
    ],
)
def test_every_total_is_a_multiple_of_ten_when_every_marque_is_rounded(preset, overrides, step):
    assert total_step(Rules.from_preset(preset, **overrides)) == step


@SETTINGS
@given(data=st.data(), preset=st.sampled_from(sorted(PRESETS)))
def test_a_partie_of_ordinary_deals_is_never_asked_about(data, preset):
    """Deals at the lowest bid, neither coinched nor capot, without
    announcements, any card points and belote: their sum always lies in
    the usual range."""
    rules = PRESETS[preset]
    count = data.draw(st.integers(1, 16))
    usual = usual_partie(rules, count)
    low, high = usual.sum_low, usual.sum_high
    total = 0
    for _ in range(count):
        trump = data.draw(st.sampled_from(sorted(rules._table.trumps)))
        deal = {"taker": data.draw(st.sampled_from("AB")), "trump": trump}
        deal["points"] = {"A": data.draw(st.integers(0, 162))}
        if rules.counting != "belote":
            deal["bid"], deal["coinche"] = MIN_BID, 0
        belote = data.draw(st.sampled_from([None, "A", "B"]))
        if belote:
            deal["belote"] = {belote: 1}
        try:
            score = score_deal(deal, rules)
        except ScoringError:
            assume(False)
        total += score.a + score.b
    assert low <= total <= high
