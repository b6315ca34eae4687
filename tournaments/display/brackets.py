"""What is said about the final phase: the name of a bracket's round
(« Quarts de finale »), how a match was settled, the tie rule in a sentence.

Must not: decide a match or query (`services/brackets.py`, `tournaments.domain.brackets`).
"""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from tournaments.domain import brackets as rules


def level_name(key: str) -> str:
    """« Finale », « Demi-finales », « Quarts de finale », « Huitièmes de
    finale »… from `tournaments.domain.brackets.level_name_key`."""
    names = {
        "final": gettext("Finale"),
        "semi": gettext("Demi-finales"),
        "quarter": gettext("Quarts de finale"),
        "round_of_16": gettext("Huitièmes de finale"),
        "round_of_32": gettext("Seizièmes de finale"),
    }
    if key in names:
        return names[key]
    left = int(key.rsplit("_", 1)[-1]) if key.startswith("round_of_") else 0
    return gettext("Tour à %(n)s équipes") % {"n": left}


def dead_heat_rule_sentence(rule: str) -> str:
    if rule == "qualifying_total":
        return gettext(
            "Égalité en fin de partie : l'équipe au meilleur total des qualifications passe."
        )
    return gettext("Égalité en fin de partie : une donne de plus départage les deux équipes.")


def crossing_sentence(rematches: int | None) -> str:
    """How the seeds were crossed after pools (`rematches`: the first-round
    matches left between two teams of one pool; None without pools)."""
    if rematches is None:
        return ""
    if rematches == 0:
        return gettext(
            "Têtes de série croisées après les poules : les places dans les poules sont "
            "gardées, et au premier tour aucune équipe ne retrouve une équipe de sa poule."
        )
    return ngettext(
        "Têtes de série croisées après les poules : les places dans les poules sont gardées, "
        "et au premier tour %(n)s rencontre réunit deux équipes d'une même poule, le tableau "
        "ne permettant pas mieux.",
        "Têtes de série croisées après les poules : les places dans les poules sont gardées, "
        "et au premier tour %(n)s rencontres réunissent deux équipes d'une même poule, le "
        "tableau ne permettant pas mieux.",
        rematches,
    ) % {"n": rematches}


def match_label(match) -> str:
    """« Tableau principal · Quarts de finale »: the bracket and the round
    a bracket match is played in."""

    size = rules.bracket_size(len(match.bracket.seeds))
    return f"{match.bracket.name} · {level_name(rules.level_name_key(size, match.level))}"
