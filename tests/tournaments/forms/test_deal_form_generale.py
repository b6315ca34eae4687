"""La générale typed at the desk's grid (issue 62): « G » in « Contrat »
bids it when the tournament plays it (option generale), « GN » / « GE » in
« Capot » says one player of that side took the eight tricks alone. A
générale bid with the takers' eight tricks (or no points) is counted made,
and the grid says so; with the takers' points it failed."""

from __future__ import annotations

import pytest

import scoring
from tournaments.display.explain import engine_deal
from tournaments.forms.entry import DealForm
from tournaments.models import Deal

FLAT = scoring.Rules.from_preset("ffb-coinche", generale="flat")
CONTRACT = scoring.Rules.from_preset("contree-faits-annonces", generale="contract")


def read(rules: scoring.Rules, **typed: str) -> DealForm:
    form = DealForm({"version": "1", **typed}, rules=rules)
    assert form.is_valid(), form.errors
    return form


def scored(form: DealForm, rules: scoring.Rules) -> tuple[int, int]:
    score = scoring.score_deal(engine_deal(form.deal_values()), rules)
    return score.a, score.b


@pytest.mark.parametrize("capot", ["", "gn"])
def test_a_generale_bid_with_the_takers_eight_tricks_is_made(capot):
    form = read(FLAT, taker="n", trump="c", bid="g", capot=capot)
    values = form.deal_values()
    assert (values["bid_generale"], values["generale"], values["capot"]) == (True, "A", "A")
    assert scored(form, FLAT) == (500, 0)
    assert "Générale annoncée : comptée faite" in form.understood


@pytest.mark.parametrize("capot", ["n", "NS", "Nord-Sud"])
def test_the_takers_capot_without_g_is_both_players_and_the_generale_failed(capot):
    """A capot shared by both takers after a générale bid (issue 62): « N »
    at « Capot », where « GN » is one player alone."""
    form = read(FLAT, taker="n", trump="c", bid="g", capot=capot, points="100")
    values = form.deal_values()
    assert (values["bid_generale"], values["generale"], values["capot"]) == (True, "", "A")
    assert (values["points_a"], values["points_b"]) == (None, None)  # a capot's 252
    assert scored(form, FLAT) == (0, 500)
    assert form.understood == (
        "Générale chutée : les deux joueurs de Nord-Sud aux huit plis. "
        "Si un seul les a faits, tapez GNS au capot."
    )
    # As the desk shows it again (« Corriger »): read back the same.
    assert DealForm.initial_for(Deal(number=1, **values), FLAT)["capot"] == "NS"


def test_a_generale_bid_with_the_takers_points_failed():
    form = read(CONTRACT, taker="e", trump="c", bid="G", points="120", coinche="x")
    assert form.deal_values()["generale"] == ""
    assert scored(form, CONTRACT) == (1160, 0)  # 160 + 500 × 2 to the defence, N-S


def test_one_players_eight_tricks_not_bid_are_a_capot():
    form = read(FLAT, taker="n", trump="p", bid="100", capot="gn")
    assert form.deal_values()["generale"] == "A"
    assert scored(form, FLAT) == scored(
        read(FLAT, taker="n", trump="p", bid="100", capot="n"), FLAT
    )


def test_without_the_option_g_is_no_contract():
    form = DealForm(
        {"version": "1", "taker": "n", "trump": "c", "bid": "g"},
        rules=scoring.PRESETS["ffb-coinche"],
    )
    assert not form.is_valid()
    assert form.errors["bid"] == ["Un contrat est un nombre (80, 90…) ou C pour capot."]
    form = DealForm({"version": "1", "taker": "n", "trump": "c", "bid": "z"}, rules=FLAT)
    assert not form.is_valid()
    assert "G pour générale" in form.errors["bid"][0]


def test_the_phones_pad_has_a_generale_button_beside_capot_only_when_played():
    from tournaments.display.pad import deal_pad

    def bids(rules: scoring.Rules, **typed: str) -> list[tuple[str, bool]]:
        form = DealForm({"version": "1", **typed} if typed else None, rules=rules)
        form.is_valid() if typed else None
        pad = deal_pad(form, rules, "A")
        group = next(g for g in pad["head"] if g.name == "bid")
        return [(c.value, c.checked) for c in group.choices][-2:], pad["bid_capot"]

    assert bids(scoring.PRESETS["ffb-coinche"])[0][-1][0] == "capot"
    assert bids(FLAT) == ([("capot", False), ("generale", False)], False)
    # the button posts « generale »: the grid reads it, and the capot mark gives way
    assert bids(FLAT, taker="n", trump="c", bid="generale") == (
        [("capot", False), ("generale", True)],
        True,
    )
    form = read(FLAT, taker="n", trump="c", bid="generale")
    assert scored(form, FLAT) == (500, 0)
