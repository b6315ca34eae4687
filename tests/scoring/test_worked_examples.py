"""Every worked example of SPEC §10 and of the seed texts, with its marques
re-derived by hand in the comments. Each case is named after the rule it
proves."""

from __future__ import annotations

from typing import Any

import pytest

import scoring
from scoring import Rules, score_deal, score_game

BELOTE = "ffb-belote"
COINCHE = "ffb-coinche"


def rules(preset: str, **overrides: Any) -> Rules:
    return Rules.from_preset(preset, **overrides)


TIERCE_A_DIAMONDS = {"kind": "tierce", "high": "A", "suit": "D"}
CINQUANTE_SPADES = {"kind": "cinquante", "high": "K", "suit": "S"}

# (test id, rules, deal, expected (A, B), expected outcome)
SPEC_EXAMPLES = [
    # 1. 97 > 65: each team marks its total.
    (
        "1_a_made_contract_marks_each_total",
        rules(BELOTE),
        {"taker": "A", "trump": "H", "points": {"A": 97, "B": 65}},
        (97, 65),
        "made",
    ),
    # 2. 70 + 20 = 90 < 92: takers keep their belote, defence 162.
    (
        "2_a_chute_leaves_the_takers_their_belote",
        rules(BELOTE),
        {"taker": "A", "trump": "H", "points": {"A": 70, "B": 92}, "belote": {"A": 1}},
        (20, 162),
        "chute",
    ),
    # 3. 81 = 81: the defence (A) marks 81, the takers 0 and 81 go to the pot.
    (
        "3_a_tie_puts_the_takers_total_in_the_pot",
        rules(BELOTE),
        {"taker": "B", "trump": "S", "points": {"A": 81, "B": 81}},
        (81, 0),
        "litige",
    ),
    # 4. 252 + B's 20 = 272; B (capot) keeps nothing.
    (
        "4_a_takers_capot_takes_the_defence_announcements",
        rules(BELOTE),
        {
            "taker": "A",
            "trump": "H",
            "capot": "A",
            "announcements": {"B": [TIERCE_A_DIAMONDS]},
        },
        (272, 0),
        "made",
    ),
    # 5. 106 → 110, 56 → 60.
    (
        "5_nearest_rounding_rounds_each_marque_5_up",
        rules(BELOTE, rounding="nearest"),
        {"taker": "A", "trump": "D", "points": {"A": 106, "B": 56}},
        (110, 60),
        "made",
    ),
    # 6. 97 ≥ 90 and 97 > 65: 97 + 90 = 187 → 190; 65 → 70.
    (
        "6_a_made_coinche_contract_adds_the_bid",
        rules(COINCHE),
        {"taker": "A", "bid": 90, "trump": "H", "points": {"A": 97, "B": 65}},
        (190, 70),
        "made",
    ),
    # 7. 97 < 100: defence 160 + 100.
    (
        "7_a_coinche_chute_gives_160_plus_the_bid",
        rules(COINCHE),
        {"taker": "A", "bid": 100, "trump": "S", "points": {"A": 97, "B": 65}},
        (0, 260),
        "chute",
    ),
    # 8. B: 102 ≥ 80 and 102 > 60, coinched: 2 × (160 + 80) = 480.
    (
        "8_a_coinched_made_contract_doubles_160_plus_the_bid",
        rules(COINCHE),
        {"taker": "B", "bid": 80, "trump": "C", "coinche": 1, "points": {"A": 60, "B": 102}},
        (0, 480),
        "made",
    ),
    # 9. 95 + 20 = 115 < 120, surcoinched: 4 × (160 + 120) = 1120; belote kept, not ×4.
    (
        "9_a_surcoinched_chute_quadruples_and_keeps_the_belote_single",
        rules(COINCHE),
        {
            "taker": "A",
            "bid": 120,
            "trump": "H",
            "coinche": 2,
            "belote": {"A": 1},
            "points": {"A": 95, "B": 67},
        },
        (20, 1120),
        "chute",
    ),
    # 10. 252 + 2 × 20 + 250 = 542 → 540.
    (
        "10_an_all_trump_capot_bid_counts_two_belotes",
        rules(COINCHE, sa_ta=True),
        {"taker": "A", "bid": "capot", "trump": "TA", "capot": "A", "belote": {"A": 2}},
        (540, 0),
        "made",
    ),
    # 11. 81 is not more than 81: chute, 160 + 80.
    (
        "11_a_tie_at_coinche_is_a_chute",
        rules(COINCHE),
        {"taker": "A", "bid": 80, "trump": "S", "points": {"A": 81, "B": 81}},
        (0, 240),
        "chute",
    ),
    # 12. 118 ≥ 100, 118 > 44 + 50: made; 2 × (160 + 50 + 100) = 620.
    (
        "12_a_coinched_made_contract_takes_the_defence_announcements",
        rules(COINCHE),
        {
            "taker": "A",
            "bid": 100,
            "trump": "H",
            "coinche": 1,
            "points": {"A": 118, "B": 44},
            "announcements": {"B": [CINQUANTE_SPADES]},
        },
        (620, 0),
        "made",
    ),
]


@pytest.mark.parametrize(
    ("profile", "deal", "marques", "outcome"),
    [pytest.param(*case[1:], id=case[0]) for case in SPEC_EXAMPLES],
)
def test_spec_worked_example(profile: Rules, deal: dict, marques: tuple, outcome: str) -> None:
    score = score_deal(deal, profile)
    assert (score.a, score.b) == marques
    assert score.outcome == outcome


def test_3_the_next_made_deal_wins_the_pot() -> None:
    # 81–0 with a pot of 81, then A made 100/62: 100 + 81 = 181.
    deals = [
        {"taker": "B", "trump": "S", "points": {"A": 81, "B": 81}},
        {"taker": "A", "trump": "H", "points": {"A": 100, "B": 62}},
    ]
    result = score_game(deals, rules(BELOTE))
    assert [(d.a, d.b, d.pot) for d in result.deals] == [(81, 0, 81), (181, 62, 0)]
    assert result.totals == (262, 62)


# Examples from the seed texts (file and quote in each id's comment).
SEED_EXAMPLES = [
    # 001 « une équipe réalisant 85 points en marquera 90 » / « 84 … 80 ».
    ("ffb_85_marks_90", rules(BELOTE, rounding="nearest"), "A", (85, 77), (90, 80)),
    ("ffb_84_marks_80", rules(BELOTE, rounding="nearest"), "A", (84, 78), (80, 80)),
    # 004 « 64 devient 60 » (as the defence), « 99 devient 100 », « 105 devient 110 ».
    ("wikipedia_64_becomes_60", rules(BELOTE, rounding="nearest"), "B", (64, 98), (60, 100)),
    ("wikipedia_99_becomes_100", rules(BELOTE, rounding="nearest"), "A", (99, 63), (100, 60)),
    ("wikipedia_105_becomes_110", rules(BELOTE, rounding="nearest"), "A", (105, 57), (110, 60)),
    # 004 « l'équipe A fait 86 et marque 90 … L'équipe B fait 76 et marque 80 ».
    ("wikipedia_86_76_marks_90_80", rules(BELOTE, rounding="nearest"), "A", (86, 76), (90, 80)),
    # 004 « 106 points, elle marque 110 points et l'équipe B qui totalise 56 … 60 ».
    ("wikipedia_106_56_marks_110_60", rules(BELOTE, rounding="nearest"), "A", (106, 56), (110, 60)),
    # 002 « 105 devient 100, l'adversaire a 60 ; 106 devient 110, l'adversaire a 50 ».
    ("complement_105_becomes_100", rules(BELOTE, rounding="complement"), "A", (105, 57), (100, 60)),
    ("complement_106_becomes_110", rules(BELOTE, rounding="complement"), "A", (106, 56), (110, 50)),
]


@pytest.mark.parametrize(
    ("profile", "taker", "points", "marques"),
    [pytest.param(*case[1:], id=case[0]) for case in SEED_EXAMPLES],
)
def test_seed_rounding_example(
    profile: Rules, taker: str, points: tuple[int, int], marques: tuple[int, int]
) -> None:
    deal = {"taker": taker, "trump": "S", "points": {"A": points[0], "B": points[1]}}
    score = score_deal(deal, profile)
    assert (score.a, score.b) == marques


def test_complement_rounding_gives_the_defence_160_minus_the_takers_points() -> None:
    # 002 « 64 devient 60, l'adversaire a 100 »: the takers made 64 + a cinquante
    # (114 > 98); their 64 card points become 60 and the defence's 98 become 100.
    deal = {
        "taker": "A",
        "trump": "S",
        "points": {"A": 64, "B": 98},
        "announcement_points": {"A": 50},
    }
    score = score_deal(deal, rules(BELOTE, rounding="complement"))
    assert (score.a, score.b) == (110, 100)


@pytest.mark.parametrize("rounding", ["nearest", "complement"])
def test_a_rounded_81_81_tie_marks_80_and_puts_80_in_the_pot(rounding: str) -> None:
    # 004 « AC marque 0 point et BD 80. 80 points sont remis en jeu. »
    deal = {"taker": "A", "trump": "C", "points": {"A": 81, "B": 81}}
    score = score_deal(deal, rules(BELOTE, rounding=rounding))
    assert (score.a, score.b, score.outcome, score.pot) == (0, 80, "litige", 80)


def test_a_116_116_tie_with_announcements_is_a_litige() -> None:
    # 004 « un nombre égal de points si jeu avec annonces, par exemple 116-116 »:
    # A 66 + cinquante 50 = 116, B 96 + belote 20 = 116.
    deal = {
        "taker": "A",
        "trump": "H",
        "points": {"A": 66, "B": 96},
        "belote": {"B": 1},
        "announcement_points": {"A": 50},
    }
    score = score_deal(deal, rules(BELOTE))
    assert (score.a, score.b, score.outcome, score.pot) == (0, 116, "litige", 116)


def test_a_capot_is_worth_252_card_points() -> None:
    # 001 « le dix de der vaut 100 points, portant ainsi le total à 252 points ».
    score = score_deal({"taker": "B", "trump": "C", "capot": "B"}, rules(BELOTE))
    assert (score.a, score.b, score.card_points) == (0, 252, (0, 252))


@pytest.mark.parametrize(
    ("trump", "points"),
    [("SA", {"A": 100, "B": 62}), ("TA", {"A": 62, "B": 100}), ("TA", {"A": 1})],
    ids=["no_trump_totals_162", "all_trump_totals_162", "funbelote_queen_makes_1_possible"],
)
def test_no_trump_and_all_trump_cards_still_total_162(trump: str, points: dict) -> None:
    profile = rules(BELOTE, sa_ta=True, ta_scale="funbelote")
    score = score_deal({"taker": "A", "trump": trump, "points": points}, profile)
    assert sum(score.card_points) == 162


@pytest.mark.parametrize(
    ("coinche", "marque"),
    [(0, 80), (1, 180), (2, 360)],
    ids=["not_coinched_bid_only", "contre_doubles_the_bid", "surcontre_quadruples_the_bid"],
)
def test_points_annonces_marks_the_bid_times_the_factor(coinche: int, marque: int) -> None:
    # 000 « en cas de 90 demandé, le contre rapporte 180 et le surcontre 360 ».
    # 120 ≥ 90: the takers mark the bid; not coinched, 90 → "bid × 1".
    deal = {"taker": "A", "bid": 90, "trump": "S", "coinche": coinche, "points": {"A": 120}}
    score = score_deal(deal, scoring.PRESETS["contree-annonces"])
    assert (score.a, score.b) == ((90 if coinche == 0 else marque), 0)


def test_points_faits_plus_annonces_adds_the_bid_to_the_points_made() -> None:
    # 000 « une équipe qui annonce 80 points et totalise 110 points … 190 points
    # marqués 110+80 »; the defence's 52 → 50.
    deal = {"taker": "A", "bid": 80, "trump": "H", "points": {"A": 110, "B": 52}}
    score = score_deal(deal, scoring.PRESETS["contree-faits-annonces"])
    assert (score.a, score.b) == (190, 50)


def test_a_belote_lets_60_card_points_make_an_80_contree() -> None:
    # 003 « Avec la Belote il suffit de 60 points … L'adversaire va réaliser 102
    # points mais cela ne fait pas chuter le contrat. » 60 + 20 = 80 ≥ 80.
    deal = {"taker": "A", "bid": 80, "trump": "H", "points": {"A": 60}, "belote": {"A": 1}}
    score = score_deal(deal, scoring.PRESETS["contree-faits-annonces"])
    assert score.outcome == "made"
    assert (score.a, score.b) == (80 + 80, 100)


def test_89_points_on_a_90_bid_is_a_chute() -> None:
    # 000 « Une équipe ayant un score final de 89 points et ayant demandé 90 chute ».
    deal = {"taker": "A", "bid": 90, "trump": "H", "points": {"A": 89}}
    for preset in ("ffb-coinche", "contree-faits-annonces", "contree-faits", "contree-annonces"):
        assert score_deal(deal, scoring.PRESETS[preset]).outcome == "chute", preset


@pytest.mark.parametrize(
    ("coinche", "belote", "marque"),
    [(1, 0, 320), (2, 0, 640), (1, 1, 340), (2, 1, 660)],
)
def test_points_faits_contre_is_worth_320_and_surcontre_640_plus_belote(
    coinche: int, belote: int, marque: int
) -> None:
    # 000 « Le contre vaut 320 points et le surcontre 640. A cela peut venir
    # s'ajouter la belote en supplément, soit 340 ou 660 points. »
    deal = {
        "taker": "B",
        "bid": 100,
        "trump": "D",
        "coinche": coinche,
        "points": {"B": 120},
        "belote": {"B": belote},
    }
    score = score_deal(deal, scoring.PRESETS["contree-faits"])
    assert (score.a, score.b) == (0, marque)


@pytest.mark.parametrize(("belote", "marque"), [(0, 500), (1, 520)])
def test_a_capot_bid_made_is_worth_500_and_520_with_belote(belote: int, marque: int) -> None:
    # 004 « un capot demandé vaut 500 points et 520 avec belote et rebelote »;
    # 000 « Le capot demandé et réalisé … vaut 500 ».
    deal = {"taker": "A", "bid": "capot", "trump": "S", "capot": "A", "belote": {"A": belote}}
    for preset in ("contree-faits-annonces", "contree-faits"):
        score = score_deal(deal, scoring.PRESETS[preset])
        assert (score.a, score.b) == (marque, 0), preset
