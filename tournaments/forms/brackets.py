"""The organizer's form of the final phase: how many teams go to the main
bracket and to the consolante, and how a tie is settled."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import Bracket

#: The largest bracket the form offers (a 128-team knockout).
MAX_BRACKET = 128


class BracketsForm(forms.Form):
    main = forms.IntegerField(
        label=_("Équipes dans le tableau principal"),
        min_value=2,
        max_value=MAX_BRACKET,
        help_text=_("Les premières du classement des qualifications."),
    )
    consolante = forms.IntegerField(
        label=_("Équipes dans la consolante"),
        min_value=0,
        max_value=MAX_BRACKET,
        initial=0,
        help_text=_("Les suivantes du classement ; 0 pour ne pas jouer de consolante."),
    )
    tie_rule = forms.ChoiceField(
        label=_("En cas d'égalité à la fin d'une partie"),
        choices=Bracket.DeadHeatRule.choices,
        initial=Bracket.DeadHeatRule.EXTRA_DEAL,
    )
