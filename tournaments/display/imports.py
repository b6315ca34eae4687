"""The words of a CSV import's preview: what each line of the file will do,
and the sentence that sums the file up.

Reads the plan `services.imports.plan_import` made (plain values); must not
query the database nor decide what a line is.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, ngettext

# The statuses of services.imports.LineStatus (kept as plain strings here:
# display imports no service).
NEW, REGISTERED, CONFLICT = "new", "registered", "conflict"


def line_label(line: Any) -> str:
    """« Nouvelle : n° 10 », « Déjà inscrite (n° 4) », « En conflit : … »."""
    if line.status == NEW:
        return gettext("Nouvelle : n° %(number)s") % {"number": line.number}
    if line.status == REGISTERED:
        return gettext("Déjà inscrite (n° %(number)s)") % {"number": line.number}
    return gettext("En conflit, laissée de côté : %(reason)s") % {"reason": line.reason}


def plan_summary(plan: Any) -> str:
    """« 3 nouvelles équipes, 9 déjà inscrites, 1 ligne en conflit. »"""
    parts = [
        ngettext("%(n)s nouvelle équipe", "%(n)s nouvelles équipes", len(plan.new))
        % {"n": len(plan.new)},
        ngettext("%(n)s déjà inscrite", "%(n)s déjà inscrites", len(plan.registered))
        % {"n": len(plan.registered)},
    ]
    if plan.conflicts:
        parts.append(
            ngettext(
                "%(n)s ligne en conflit (laissée de côté)",
                "%(n)s lignes en conflit (laissées de côté)",
                len(plan.conflicts),
            )
            % {"n": len(plan.conflicts)}
        )
    if plan.faulty_lines:
        parts.append(
            ngettext(
                "%(n)s ligne fautive (écartée)",
                "%(n)s lignes fautives (écartées)",
                len(plan.faulty_lines),
            )
            % {"n": len(plan.faulty_lines)}
        )
    return ", ".join(parts) + "."


def imported_message(plan: Any) -> str:
    """The message once the new teams of `plan` are registered."""
    count = len(plan.imported)
    message = ngettext("%(n)s équipe importée.", "%(n)s équipes importées.", count) % {"n": count}
    preregistered = sum(1 for line in plan.new if line.row.preregistered)
    if preregistered:
        message += " " + ngettext(
            "%(n)s équipe pré-inscrite en ligne : à pointer à son arrivée.",
            "%(n)s équipes pré-inscrites en ligne : à pointer à leur arrivée.",
            preregistered,
        ) % {"n": preregistered}
    if plan.registered or plan.conflicts:
        message += " " + gettext(
            "Lignes laissées de côté : %(registered)s déjà inscrites, %(conflicts)s en conflit."
        ) % {"registered": len(plan.registered), "conflicts": len(plan.conflicts)}
    if plan.faulty_lines:
        message += " " + ngettext(
            "Ligne fautive écartée : %(lines)s.",
            "Lignes fautives écartées : %(lines)s.",
            len(plan.faulty_lines),
        ) % {"lines": ", ".join(map(str, plan.faulty_lines))}
    return message
