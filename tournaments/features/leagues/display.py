"""The words of leagues: a stage's qualification rule, the clubs' ranking's
method and what it leaves out, a stage's state, a forfait's place taken by
the next team, and the mark of a qualified team at the desk and the door
(« qualifiée : 3e du concours … »).

Must not: compute who qualifies (tournaments/domain/leagues.py).
"""

from __future__ import annotations

from django.db import models
from django.utils import formats
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from tournaments.features.leagues import domain as rules


class Action(models.TextChoices):
    """The leagues' lines in a concours's history (tournaments/models/audit.py)."""

    LEAGUE_QUALIFIED = "league_qualified", gettext_lazy("Qualifiés d'une ligue mis à jour")


def rule_sentence(rule: str, value: int, *, is_last: bool = False) -> str:
    """The stage's rule in words."""
    if is_last:
        return _("Dernière étape de la ligue : son classement est le classement final.")
    if rule == rules.PERCENT:
        return _(
            "Les %(n)s %% premiers de chaque concours vont à l'étape suivante "
            "(arrondi au-dessus, au moins une équipe)."
        ) % {"n": value}
    return ngettext(
        "Le premier de chaque concours va à l'étape suivante.",
        "Les %(n)s premiers de chaque concours vont à l'étape suivante.",
        value,
    ) % {"n": value}


def club_method(best_k: int) -> str:
    """How the clubs are ranked."""
    if best_k <= 0:
        return _("Classement des clubs : la somme des points de toutes leurs équipes.")
    return ngettext(
        "Classement des clubs : les points de leur meilleure équipe.",
        "Classement des clubs : la somme des points de leurs %(k)s meilleures équipes.",
        best_k,
    ) % {"k": best_k}


def left_out(count: int) -> str:
    """The teams without a club, said in words ("" when there are none)."""
    if not count:
        return ""
    return ngettext(
        "%(n)s équipe sans club n'entre pas dans le classement des clubs.",
        "%(n)s équipes sans club n'entrent pas dans le classement des clubs.",
        count,
    ) % {"n": count}


def forfait_replacement(out: str, by: str | None) -> str:
    """« X a déclaré forfait : Y se qualifie à sa place. »"""
    if by is None:
        return _("%(out)s a déclaré forfait : plus aucune équipe classée ne prend sa place.") % {
            "out": out
        }
    return _("%(out)s a déclaré forfait : %(by)s se qualifie à sa place.") % {"out": out, "by": by}


def stage_state(*, has_concours: bool, over: bool, is_last: bool, sent_at) -> str:
    """Where a stage stands, in one sentence."""
    if not has_concours:
        return _("Ajoutez les concours de cette étape.")
    if not over and is_last:
        return _("Classement provisoire jusqu'à la fin des concours et de leurs réclamations.")
    if not over:
        return _(
            "Classements provisoires : les qualifiés partiront quand tous les concours "
            "seront terminés et leurs réclamations closes."
        )
    if is_last:
        return _("Tous les concours de l'étape sont terminés.")
    if sent_at is None:
        return _("Classements définitifs : envoyez les qualifiés à l'étape suivante.")
    return _("Qualifiés envoyés à l'étape suivante le %(when)s.") % {
        "when": formats.date_format(sent_at, "SHORT_DATETIME_FORMAT")
    }


def sent_summary(sent) -> str:
    """What sending the qualified teams did, for the organizer's message."""
    parts = []
    if sent.added:
        parts.append(
            ngettext("%(n)s équipe inscrite", "%(n)s équipes inscrites", len(sent.added))
            % {"n": len(sent.added)}
        )
    if sent.linked:
        parts.append(
            ngettext(
                "%(n)s déjà inscrite à l'accueil, marquée qualifiée",
                "%(n)s déjà inscrites à l'accueil, marquées qualifiées",
                len(sent.linked),
            )
            % {"n": len(sent.linked)}
        )
    if sent.moved:
        parts.append(
            ngettext("%(n)s place corrigée", "%(n)s places corrigées", len(sent.moved))
            % {"n": len(sent.moved)}
        )
    if sent.removed:
        parts.append(
            ngettext(
                "%(n)s équipe plus qualifiée retirée",
                "%(n)s équipes plus qualifiées retirées",
                len(sent.removed),
            )
            % {"n": len(sent.removed)}
        )
    if sent.kept:
        parts.append(
            _(
                "plus qualifiées mais gardées inscrites (déjà payé ou inscrites à la main) : "
                "%(names)s"
            )
            % {"names": ", ".join(sent.kept)}
        )
    if sent.declined:
        parts.append(
            _("retirées à la main de ce concours, pas réinscrites : %(names)s")
            % {"names": ", ".join(sent.declined)}
        )
    if not parts:
        return _("La liste de « %(name)s » était déjà à jour : rien n'a changé.") % {
            "name": sent.target.name
        }
    return _("« %(name)s » : %(what)s.") % {"name": sent.target.name, "what": " ; ".join(parts)}


def team_ordinal(rank: int) -> str:
    """A team's place: « 1re », « 3e » (une équipe) ; « 1st », « 3rd »."""
    if (get_language() or "fr").startswith("fr"):
        return "1re" if rank == 1 else f"{rank}e"
    suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix}"


def qualified_mark(rank: int, source: str) -> str:
    """« qualifiée : 3e du concours « Qualification de Lisieux » »."""
    return _("qualifiée : %(rank)s du concours « %(name)s »") % {
        "rank": team_ordinal(rank),
        "name": source,
    }
