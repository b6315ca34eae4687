"""What the phone needs to count a deal's provisional marque while the hall's
Wi-Fi is down (static/js/marque.js): the rule profile's constants as the
engine compiles them (scoring/compiled.py), the announcement totals a team
can score and the row's keys in the active language (display/keys.py).
Must not: score anything itself (the server's engine decides).
"""

from __future__ import annotations

from typing import Any

import scoring
from scoring.announcements import feasible_team_totals
from scoring.cards import TRUMPS
from scoring.compiled import compile_rules
from tournaments.display import keys
from tournaments.display.labels import side_label, trump_sign


def phone_profile(rules: scoring.Rules) -> dict[str, Any]:
    """The JSON object static/js/marque.js reads as ``P``."""
    t = compile_rules(rules)
    taker_keys = {key: side for key, side in keys.taker_keys().items() if side}
    signs: dict[str, str] = {}
    for code in TRUMPS:
        signs[trump_sign(code)] = code
        signs[trump_sign(code).lower()] = code
    sides = {}
    for side in ("A", "B"):
        sides[keys.side_shown(side).lower()] = side
        sides[side_label(side).lower().replace("-", "")] = side
    return {
        "counting": t.counting,
        "trumps": sorted(t.trumps),
        "onePossible": sorted(t.one_possible),
        "maxBid": t.max_bid,
        "rounding": t.rounding,
        "chuteBase": t.chute_base,
        "capotBase": t.capot_base,
        "fullCapot": t.full_capot,
        "tiePot": t.tie_pot,
        "protected": t.protected,
        "beloteMultiplied": t.belote_multiplied,
        "factors": list(t.factors),
        "compareDefence": t.compare_defence,
        "announcements": t.announcements,
        "announcementsForContract": t.announcements_for_contract,
        "coincheCount": t.coinche_count,
        "capotFailedChute": t.capot_failed_chute,
        "annoncesChuteBid": t.annonces_chute_bid,
        "coincheDefence": t.coinche_defence,
        "coincheBase": t.coinche_base,
        "capotBidFlat": t.capot_bid_flat,
        "capotBidAttenuated": t.capot_bid_attenuated,
        "classicCapotFlat": t.classic_capot_flat,
        "classic82": t.classic_82,
        "capotMadeBase": t.capot_made_base,
        "annoncesBelote": t.annonces_belote,
        "capotBonus": t.capot_bonus,
        "generale": t.generale,
        "feasible": sorted(feasible_team_totals()),
        "keys": {"taker": taker_keys, "trump": dict(keys.trump_keys()), "signs": signs},
        "sides": sides,
        "shown": {keys.side_shown(side).lower(): side for side in ("A", "B")},
    }
