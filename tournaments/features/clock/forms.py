"""The partie clock's forms: its options in the tournament's form, this
partie's « dernière donne » call."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms.base import model_bounds
from tournaments.models import Round
from tournaments.models.options import Feature, Option

#: The clock's options in the tournament's form, and its name on the dashboard.
OPTIONS = Feature(
    _("chrono et horaires"),
    (
        Option(
            "clock_enabled",
            _("Chrono et horaires"),
            _(
                "Un chrono de partie sur l'écran de la salle, avec l'appel « dernière "
                "donne », et l'heure estimée de fin de chaque partie et de la remise des "
                "prix."
            ),
        ),
        Option(
            "start_time",
            _("Heure de début"),
            _("L'heure de la première partie, pour estimer les horaires."),
            ask="time",
        ),
        Option(
            "minutes_per_deal",
            _("Minutes par donne"),
            _(
                "Battre, couper, distribuer, huit plis et la marque : 5 minutes en moyenne. "
                "Plus pour des débutants ou des enchères longues."
            ),
            ask="number",
        ),
        Option(
            "break_minutes",
            _("Minutes entre deux parties"),
            _("Feuilles rendues, classement, tirage et nouvelles feuilles posées."),
            ask="number",
        ),
        Option(
            "last_deal_minutes",
            _("Appel « dernière donne » (minutes après le début)"),
            _(
                "Affiché en grand sur l'écran de la salle à ce moment-là ; vide pour aucun "
                "appel. Modifiable pour chaque partie."
            ),
            ask="number",
        ),
    ),
)


class LastDealCallForm(forms.Form):
    """This partie's « dernière donne » call; empty goes back to the
    tournament's."""

    minutes = forms.IntegerField(
        label=_("Appel « dernière donne » pour cette partie (minutes après le début)"),
        required=False,
        **model_bounds(Round, "last_deal_minutes"),
    )
