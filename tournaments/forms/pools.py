"""The form that forms the pools: their size, and the order they are
seeded from."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms.base import model_bounds
from tournaments.models import Round
from tournaments.services.pools import RANDOM, REGISTRATION


class PoolsForm(forms.Form):
    size = forms.TypedChoiceField(
        label=_("Taille des poules"),
        choices=[
            (4, _("Poules de 4 (et de 3 s'il le faut)")),
            (3, _("Poules de 3 (et de 4 s'il le faut)")),
        ],
        coerce=int,
        initial=4,
        widget=forms.RadioSelect,
    )
    order = forms.ChoiceField(
        label=_("Répartition"),
        choices=[
            (REGISTRATION, _("Dans l'ordre d'inscription (en serpentin)")),
            (RANDOM, _("Au hasard (en serpentin)")),
        ],
        initial=REGISTRATION,
        widget=forms.RadioSelect,
    )
    seed = forms.IntegerField(
        label=_("Numéro de tirage (facultatif)"),
        required=False,
        **model_bounds(Round, "draw_seed"),
        help_text=_("Au hasard : reprenez un numéro pour refaire la même répartition."),
    )
