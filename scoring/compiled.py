"""Per-profile constants for the scoring hot path.

Responsible for: turning a rule profile's options into the small table the
deal scorer reads (ints and frozensets), once per profile. Must not: validate
options (see :mod:`scoring.rules`) or score anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import (
    CAPOT_CARD_POINTS,
    MAX_TEAM_ANNOUNCEMENTS,
    SUITS,
    TRUMPS,
    card_point_one_possible,
    max_belotes,
)

# Counting codes, so that the hot path compares small ints.
CLASSIC, COINCHE, FAITS_ANNONCES, FAITS, ANNONCES = range(5)
_COUNTING_CODE = {
    "belote": CLASSIC,
    "coinche": COINCHE,
    "contree-faits-annonces": FAITS_ANNONCES,
    "contree-faits": FAITS,
    "contree-annonces": ANNONCES,
}
NONE, NEAREST, COMPLEMENT = range(3)
_ROUNDING_CODE = {"none": NONE, "nearest": NEAREST, "complement": COMPLEMENT}
MULTIPLIED, CONTRACT_ONLY, POINTS_MULTIPLIED = range(3)
_COINCHE_COUNT_CODE = {
    "multiplied": MULTIPLIED,
    "contract_only": CONTRACT_ONLY,
    "points_multiplied": POINTS_MULTIPLIED,
}

OWN, ZERO, DEFENCE_MULTIPLIED, PRODUCT_ROUNDED = range(4)
_COINCHE_DEFENCE_CODE = {
    "own": OWN,
    "zero": ZERO,
    "multiplied": DEFENCE_MULTIPLIED,
    "product_rounded": PRODUCT_ROUNDED,
}

#: La générale (issue 62): not played, 500 to the winner (× m), or a contract of 500.
GENERALE_OFF, GENERALE_FLAT, GENERALE_CONTRACT = range(3)
_GENERALE_CODE = {"off": GENERALE_OFF, "flat": GENERALE_FLAT, "contract": GENERALE_CONTRACT}


@dataclass(frozen=True, slots=True)
class ProfileConstants:
    """Per-profile constants for the hot path."""

    counting: int
    trumps: frozenset[str]
    one_possible: frozenset[str]
    max_bid: dict[str, int]
    rounding: int
    chute_base: int
    capot_base: int
    full_capot: bool
    tie_pot: bool
    protected: bool
    belote_multiplied: bool
    factors: tuple[int, int, int]
    compare_defence: bool
    announcements: bool
    announcements_for_contract: bool
    coinche_count: int
    capot_failed_chute: bool
    annonces_chute_bid: bool
    coinche_defence: int
    coinche_base: int
    capot_bid_flat: bool
    capot_bid_attenuated: bool
    classic_capot_flat: bool
    classic_82: bool
    capot_made_base: int
    annonces_belote: bool
    capot_bonus: bool
    generale: int


def compile_rules(rules: Any) -> ProfileConstants:
    """The constants the hot path needs for ``rules`` (computed once)."""
    trumps = frozenset(TRUMPS if rules.sa_ta else SUITS)
    one_possible = frozenset(t for t in trumps if card_point_one_possible(t, rules.ta_scale))
    counting = _COUNTING_CODE[rules.counting]
    max_bid = {}
    for trump in trumps:
        best = CAPOT_CARD_POINTS + 20 * max_belotes(trump)
        if rules.announcements:
            best += MAX_TEAM_ANNOUNCEMENTS
        max_bid[trump] = best - best % 10
    return ProfileConstants(
        counting=counting,
        trumps=trumps,
        one_possible=one_possible,
        max_bid=max_bid,
        rounding=_ROUNDING_CODE[rules.rounding],
        chute_base=rules.chute_base,
        capot_base=CAPOT_CARD_POINTS if counting == CLASSIC else rules.capot_value,
        full_capot=rules.chute_capot == "full",
        tie_pot=rules.litige == "pot",
        protected=rules.belote_protected,
        belote_multiplied=rules.belote_multiplied,
        factors=(1, 2, rules.surcoinche_factor),
        compare_defence=rules.contract_test == "ffb",
        announcements=rules.announcements,
        announcements_for_contract=rules.announcements_count_for_contract,
        coinche_count=_COINCHE_COUNT_CODE[rules.coinche_count],
        capot_failed_chute=rules.capot_bid_failed == "chute",
        annonces_chute_bid=rules.annonces_chute == "bid",
        coinche_defence=_COINCHE_DEFENCE_CODE[rules.coinche_defence],
        coinche_base=rules.chute_base if rules.coinche_base == "chute_base" else 160,
        capot_bid_flat=rules.capot_bid_marque == "flat",
        capot_bid_attenuated=rules.capot_bid_coinched == "contract_only",
        classic_capot_flat=rules.classic_capot == "flat",
        classic_82=rules.classic_made == "82",
        capot_made_base=rules.capot_value,
        annonces_belote=rules.annonces_belote,
        capot_bonus=rules.capot_bonus,
        generale=_GENERALE_CODE[rules.generale],
    )
