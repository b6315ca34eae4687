"""A partie (SPEC §9): pot carried to the next played deal, totals, end after
N deals or at a target, the belote-only rule, equality."""

from __future__ import annotations

import pytest

from scoring import PRESETS, Rules, ScoringError, score_game

BELOTE = PRESETS["ffb-belote"]
TIE_B = {"taker": "B", "trump": "S", "points": {"A": 81}}  # A 81, pot 81
TIE_A = {"taker": "A", "trump": "S", "points": {"A": 81}}  # B 81, pot 81
PASSED = {"taker": None}


def made(taker: str, points: int) -> dict:
    return {"taker": taker, "trump": "H", "points": {taker: points}}


def chute(taker: str, points: int, belote: int = 0) -> dict:
    return {"taker": taker, "trump": "H", "points": {taker: points}, "belote": {taker: belote}}


def rows(result) -> list[tuple]:
    return [(d.a, d.b, d.outcome, d.totals, d.pot) for d in result.deals]


def test_the_pot_goes_to_the_takers_of_the_next_made_deal() -> None:
    result = score_game([TIE_B, made("A", 100)], BELOTE)
    assert rows(result) == [(81, 0, "litige", (81, 0), 81), (181, 62, "made", (262, 62), 0)]


def test_the_pot_goes_to_the_defence_of_the_next_chuted_deal() -> None:
    result = score_game([TIE_B, chute("A", 70)], BELOTE)
    assert rows(result)[1] == (0, 162 + 81, "chute", (81, 243), 0)


def test_a_passed_deal_does_not_take_the_pot() -> None:
    result = score_game([TIE_B, PASSED, made("B", 100)], BELOTE)
    assert rows(result) == [
        (81, 0, "litige", (81, 0), 81),
        (0, 0, "passed", (81, 0), 81),
        (62, 181, "made", (143, 181), 0),
    ]


def test_a_pot_never_carries_twice() -> None:
    # Second tie: its defence (B) takes the old pot, the new takers' 81 is the new pot.
    result = score_game([TIE_B, TIE_A, made("B", 100)], BELOTE)
    assert rows(result) == [
        (81, 0, "litige", (81, 0), 81),
        (0, 81 + 81, "litige", (81, 162), 81),
        (62, 100 + 81, "made", (143, 343), 0),
    ]


def test_the_partie_ends_after_n_deals_and_a_passed_deal_counts() -> None:
    result = score_game([made("A", 100), PASSED], BELOTE, {"deals": 2})
    assert (result.finished, result.winner, result.totals) == (True, "A", (100, 62))


def test_a_pot_pending_at_the_end_is_lost() -> None:
    result = score_game([made("A", 100), TIE_B], BELOTE, {"deals": 2})
    assert (result.finished, result.lost_pot, result.deals[-1].pot) == (True, 81, 81)
    assert result.totals == (181, 62)


def test_a_pot_pending_in_an_unfinished_partie_is_not_lost() -> None:
    result = score_game([TIE_B], BELOTE, {"deals": 12})
    assert (result.finished, result.lost_pot) == (False, 0)


def test_equal_totals_after_the_last_deal_are_a_draw() -> None:
    result = score_game([made("A", 100), made("B", 100)], BELOTE, {"deals": 2})
    assert (result.finished, result.winner) == (True, None)


def test_without_an_end_the_partie_never_finishes() -> None:
    result = score_game([made("A", 162)] * 20, BELOTE)
    assert (result.finished, result.winner, result.totals) == (False, None, (3240, 0))


def test_the_first_team_at_the_target_wins() -> None:
    result = score_game([made("A", 162), made("A", 162)], BELOTE, {"target": 300})
    assert (result.finished, result.winner) == (True, "A")


def test_both_teams_at_the_target_the_higher_total_wins() -> None:
    deals = [made("A", 100), made("B", 100), made("B", 97)]
    # totals: (100, 62), (162, 162), (227, 259)
    result = score_game(deals, BELOTE, {"target": 200})
    assert (result.finished, result.winner, result.totals) == (True, "B", (227, 259))


def test_equal_totals_at_the_target_need_one_more_deal() -> None:
    deals = [made("A", 100), made("B", 100)]
    result = score_game(deals, BELOTE, {"target": 150})
    assert (result.finished, result.winner) == (False, None)
    result = score_game([*deals, made("A", 90)], BELOTE, {"target": 150})
    assert (result.finished, result.winner) == (True, "A")


def test_a_chuted_team_reaching_the_target_only_by_its_belote_has_not_won() -> None:
    deals = [made("A", 162), chute("A", 50, belote=1)]
    # A: 162, then 20 (belote) = 182 ≥ 180 only thanks to the belote; B: 162.
    result = score_game(deals, BELOTE, {"target": 180})
    assert (result.finished, result.winner, result.totals) == (False, None, (182, 162))
    # A passed deal is no trick: still not won.
    assert not score_game([*deals, PASSED], BELOTE, {"target": 180}).finished
    # A takes a trick in a later deal (here it makes 90 and B 72): A 272, B 234.
    result = score_game([*deals, made("A", 90)], BELOTE, {"target": 180})
    assert (result.finished, result.winner) == (True, "A")


def test_a_capot_team_reaching_the_target_only_by_its_belote_must_take_a_trick() -> None:
    capot_against_a = {"taker": "B", "trump": "H", "capot": "B", "belote": {"A": 1}}
    deals = [made("A", 162), capot_against_a]
    # A: 162 + 20 = 182 ≥ 180 but took no trick; B: 252 ≥ 180 wins.
    result = score_game(deals, BELOTE, {"target": 180})
    assert (result.finished, result.winner) == (True, "B")
    result = score_game(deals, BELOTE, {"target": 260})
    assert (result.finished, result.winner) == (False, None)


def test_a_team_made_capot_again_stays_pending() -> None:
    capot_against_a = {"taker": "B", "trump": "H", "capot": "B", "belote": {"A": 1}}
    deals = [made("A", 162), chute("A", 50, belote=1), capot_against_a]
    # A 182 pending, then capot again with its belote: 202, still no trick; B 414.
    result = score_game(deals, BELOTE, {"target": 180})
    assert (result.winner, result.totals) == ("B", (202, 414))


@pytest.mark.parametrize("end", [{"deals": 0}, {"target": "1000"}, {"rounds": 3}, [], {}])
def test_a_bad_end_is_refused(end: object) -> None:
    with pytest.raises(ScoringError) as caught:
        score_game([], BELOTE, end)  # type: ignore[arg-type]
    assert caught.value.code == "rules"


def test_an_invalid_deal_is_reported_with_its_index() -> None:
    with pytest.raises(ScoringError) as caught:
        score_game([made("A", 100), {"taker": "A", "trump": "H", "points": {"A": 1}}], BELOTE)
    assert (caught.value.code, caught.value.deal) == ("points", 1)
    assert caught.value.to_json()["error"]["deal"] == 1


def test_a_deal_after_the_end_is_refused() -> None:
    with pytest.raises(ScoringError) as caught:
        score_game([made("A", 100)] * 3, BELOTE, {"deals": 2})
    assert (caught.value.code, caught.value.deal) == ("json", 2)


def test_a_deal_cannot_change_the_rules_of_a_partie() -> None:
    with pytest.raises(ScoringError) as caught:
        score_game([{**made("A", 100), "rules": "ffb-coinche"}], BELOTE)
    assert (caught.value.code, caught.value.deal) == ("rules", 0)


def test_coinche_partie_adds_rounded_marques() -> None:
    rules = Rules.from_preset("ffb-coinche")
    deals = [
        {"taker": "A", "bid": 90, "trump": "H", "points": {"A": 97}},
        {"taker": "A", "bid": 100, "trump": "S", "points": {"A": 97}},
    ]
    result = score_game(deals, rules, {"target": 1000})
    assert result.totals == (190, 70 + 260)
    assert result.to_json() == {
        "deals": [
            {"A": 190, "B": 70, "outcome": "made", "totals": {"A": 190, "B": 70}, "pot": 0},
            {"A": 0, "B": 260, "outcome": "chute", "totals": {"A": 190, "B": 330}, "pot": 0},
        ],
        "totals": {"A": 190, "B": 330},
        "finished": False,
        "winner": None,
        "lost_pot": 0,
    }
