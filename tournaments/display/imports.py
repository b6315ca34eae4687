"""The words of a CSV import's preview: what each line of the file will do,
the sentence that sums the file up, and what each column may be (the
volunteer says it of a column the page did not understand).

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


def column_choices(extra_columns: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """What a file's column may be, as the preview offers it: the keys of
    services/team_file.py with their words, then the installed features'
    columns (`extra_columns`: key, label). A player's whole name first, so
    that « Joueur 1 » typed in the list picks it."""
    choices = [("", gettext("Ne pas importer")), ("equipe", gettext("Nom de l'équipe"))]
    for n in (1, 2):
        choices += [
            (f"joueur{n}", gettext("Joueur %(n)s (prénom et nom)") % {"n": n}),
            (f"prenom{n}", gettext("Prénom du joueur %(n)s") % {"n": n}),
            (f"nom{n}", gettext("Nom du joueur %(n)s") % {"n": n}),
            (f"licence{n}", gettext("Licence du joueur %(n)s") % {"n": n}),
            (f"affiche{n}", gettext("Joueur %(n)s accepte d'être affiché") % {"n": n}),
            (f"telephone{n}", gettext("Téléphone du joueur %(n)s (pas gardé)") % {"n": n}),
        ]
    choices += [
        ("club", gettext("Club")),
        ("numero", gettext("Numéro d'équipe")),
        ("categories", gettext("Classements spéciaux")),
        ("preinscrite", gettext("Pré-inscrite en ligne")),
    ]
    return choices + list(extra_columns)
