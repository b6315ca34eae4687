"""Check-in at the door in the tournament's form: its options, and their
rule between them (the door closes after it opens)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models.options import Feature, Option


def check_hours(form: forms.Form, data: dict[str, Any]) -> None:
    opens, closes = data.get("check_in_opens"), data.get("check_in_closes")
    if opens and closes and closes <= opens:
        form.add_error("check_in_closes", _("Le pointage doit fermer après son ouverture."))


#: The door's options in the tournament's form, and its name on the dashboard.
OPTIONS = Feature(
    _("pointage à l'entrée"),
    (
        Option(
            "check_in_enabled",
            _("Pointage à l'entrée"),
            _(
                "Les équipes se pointent en arrivant, sur une tablette à l'entrée ou sur "
                "leur téléphone avec le QR code de l'affiche ; seules les équipes pointées "
                "sont tirées. Équipes formées seulement (pas en mêlée)."
            ),
        ),
        Option(
            "check_in_opens",
            _("Le pointage ouvre à"),
            _(
                "Le jour du concours seulement. Vide : deux heures avant l'heure de début "
                "si elle est donnée, sinon dès le début de la journée."
            ),
            ask="time",
        ),
        Option(
            "check_in_closes",
            _("Le pointage ferme à"),
            _("Vide : à la fin de la journée. L'accueil, lui, pointe à toute heure."),
            ask="time",
        ),
    ),
    check=check_hours,
)
