"""The French summary of a rule profile, printed on every score sheet and
ranking (SPEC §7: « the profile in force is printed »), and the words it
uses for how a coinche is counted (§7.1, §7.2), which the display layer
translates (tournaments/display/rules.py keeps the same French).

A count a club may choose by example (:mod:`scoring.examples`) is said
with the marque its typical deal gets, from the engine (issue 60: « 410
pour la défense » when 410 was picked), never a hand formula.

Responsible for: the summary's words. Must not: build or check a profile
(see :mod:`scoring.rules`) or score a deal itself (the examples do).
"""

from __future__ import annotations

from typing import Any

from .examples import marque as example_marque
from .options import COUNTING_NAMES_FR, OPTIONS
from .rules import Rules


def summary_fr(rules: Rules) -> str:
    """One line for score sheets, e.g. « Coinche FFB, version 1 — annonces,
    arrondi à la dizaine, SA/TA, surcoinche ×4 »: the profile's name and
    version (a concours keeps the version it was created with) and what it
    plays."""
    parts: list[str] = []
    if rules.counting in ("belote", "coinche"):
        parts.append("annonces" if rules.announcements else "sans annonces")
        if not rules.announcements_count_for_contract and rules.announcements:
            parts.append("annonces hors contrat")
    else:
        parts.append("belote seule")
    parts.append(
        {
            "none": "au point près",
            "nearest": "arrondi à la dizaine",
            "complement": "arrondi au complément de 160",
        }[rules.rounding]
    )
    if rules.sa_ta:
        parts.append("SA/TA" + (" (barème FunBelote)" if rules.ta_scale == "funbelote" else ""))
    if rules.counting == "belote":
        parts.append("litige en réserve" if rules.litige == "pot" else "litige = chute")
    default_base = 162 if rules.counting == "belote" else 160
    if rules.chute_base != default_base:
        parts.append(f"chute à {rules.chute_base}")
    if rules.chute_capot == "full":
        parts.append("chute capot à " + ("252" if rules.counting == "belote" else "250"))
    if rules.counting != "contree-annonces":
        default_protected = not rules.counting.startswith("contree")
        if rules.belote_protected != default_protected:
            parts.append("belote imprenable" if rules.belote_protected else "belote prenable")
    if rules.counting == "coinche" and not rules.belote_multiplied:
        parts.append("belote non multipliée")
    if rules.counting != "belote":
        default_test = "ffb" if rules.counting == "coinche" else "bid_only"
        if rules.contract_test != default_test:
            parts.append(
                "contrat : enchère seule"
                if rules.contract_test == "bid_only"
                else "contrat : enchère et plus que la défense"
            )
        kind = coinche_count_kind(rules)
        parts.append(COINCHE_COUNTS_FR[kind].format(base=coinche_base(rules)))
        parts.append(f"surcoinche ×{rules.surcoinche_factor}")
        points_faits = rules.counting in ("contree-faits-annonces", "contree-faits")
        if points_faits and rules.capot_bid_failed == "chute":
            # the question's words and the marque picked (160 or 410 for the defence)
            points = failed_capot_bid_marque(rules)
            parts.append(f"capot demandé et manqué : {points} pour la défense")
    # the base of a coinche made is in the count's own words above
    parts += [CLUB_COUNTS_FR[key] for key in club_counts(rules) if key != "coinche_base"]
    name = COUNTING_NAMES_FR[rules.counting]
    return f"{name}, version {rules.version} — {', '.join(parts)}"


def description_fr(rules: Rules) -> str:
    """A paragraph for printing: the summary, then every option in words."""
    lines = [f"{summary_fr(rules)} (règles « {rules.preset} »)."]
    for option in OPTIONS:
        if rules.counting not in option.applies_to:
            continue
        value = getattr(rules, option.name)
        label = option.value_labels[option.values.index(value)]
        lines.append(f"{option.label} : {label}.")
    return " ".join(lines)


def failed_capot_bid_marque(rules: Rules) -> int:
    """The defence's marque when a capot bid fails (the example's deal: the
    takers make 130), as the engine marks it under ``rules``."""
    return example_marque(rules, "capot_bid_failed")


#: How a coinched deal is counted, in the summary's words (SPEC §7.1): one
#: wording a counting and a ``coinche_count`` value give, see
#: :func:`coinche_count_kind`.
COINCHE_COUNTS_FR: dict[str, str] = {
    "all": "coinche : ({base} + contrat) × 2",
    "contract": "coinche : {base} + contrat × 2",
    "points": "coinche réussie : (points + contrat) × 2",
    "base": "coinche : {base} × 2",
    "points_only": "coinche réussie : points × 2",
    "bid": "coinche : contrat × 2",
}


#: SPEC §7.2's club counts in the summary's words, see :func:`club_counts`.
CLUB_COUNTS_FR: dict[str, str] = {
    "annonces_chute": "chute : le contrat à la défense",
    "defence_zero": "défense d'une coinche réussie : 0",
    "defence_multiplied": "défense d'une coinche réussie : sa marque × 2",
    "defence_product_rounded": "défense d'une coinche réussie : ses points × 2, arrondis",
    "coinche_base": "coinche réussie sur {points}",
    "capot_flat": "capot demandé réussi : 500",
    "capot_bid_coinched": "capot demandé coinché : 160 + 250 × 2",
    "classic_capot": "capot : 250",
    "classic_made": "contrat : 82 points",
    "capot_value": "capot à 252",
    "annonces_belote": "belote marquée",
    "capot_bonus": "capot non demandé : 162 + contrat",
    "generale_flat": "générale : 500",
    "generale_contract": "générale : contrat de 500",
}


def club_counts(rules: Rules) -> list[str]:
    """The keys of :data:`CLUB_COUNTS_FR` that change ``rules``' marques
    (an option the other options make idle is not said: ``coinche_defence``
    without ``points_multiplied``, ``coinche_base`` on a chute base of 160).
    Issue 62's counts are said whenever a profile plays them."""
    keys = [key for key, value in ALWAYS_SAID.items() if getattr(rules, key) == value]
    if rules.generale != "off":  # la générale, when played (two ways: said with its value)
        keys.append(f"generale_{rules.generale}")
    if rules.counting == "contree-annonces":
        return (["annonces_chute"] if rules.annonces_chute == "bid" else []) + keys
    return _section_72_counts(rules) + keys


#: Issue 62's club counts, said whenever played: option -> the value named (never a default).
ALWAYS_SAID: dict[str, Any] = {
    "capot_bid_coinched": "contract_only",
    "classic_capot": "flat",
    "classic_made": "82",
    "capot_value": 252,
    "annonces_belote": True,
    "capot_bonus": False,
}


def _section_72_counts(rules: Rules) -> list[str]:
    multiplied = rules.coinche_count == "points_multiplied"
    own = rules.coinche_defence == "own"
    keys = [] if own or not multiplied else [f"defence_{rules.coinche_defence}"]
    if rules.coinche_base == "chute_base" and rules.chute_base != 160 and not multiplied:
        keys.append("coinche_base")
    if rules.counting == "coinche" and rules.capot_bid_marque == "flat":
        keys.append("capot_flat")
    return keys


def coinche_base(rules: Rules) -> int:
    """The base of a coinched contract made but a capot's (SPEC §7.2)."""
    return rules.chute_base if rules.coinche_base == "chute_base" else 160


def coinche_count_kind(rules: Rules) -> str:
    """Which wording of :data:`COINCHE_COUNTS_FR` says how ``rules`` count a
    coinched deal: ``contree-faits`` has no contract to multiply and
    ``contree-annonces`` nothing but the contract."""
    count = rules.coinche_count
    if rules.counting == "contree-annonces":
        return "bid"
    if rules.counting == "contree-faits":
        return "points_only" if count == "points_multiplied" else "base"
    return {"multiplied": "all", "contract_only": "contract", "points_multiplied": "points"}[count]
