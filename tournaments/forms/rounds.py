"""What the organizer types about a round: its draw, the last-deal call,
swapping two teams, a penalty."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms.base import OneLineField, model_bounds
from tournaments.models import Penalty, Round, Team


class DrawForm(forms.Form):
    # A pools partie is not chosen here: it follows the pools once they are
    # formed (services/pools.py), whatever method is asked.
    method = forms.ChoiceField(
        label=_("Tirage"),
        choices=[c for c in Round.DrawMethod.choices if c[0] != Round.DrawMethod.POOLS],
    )
    seed = forms.IntegerField(
        label=_("Numéro de tirage (facultatif)"),
        required=False,
        **model_bounds(Round, "draw_seed"),
        help_text=_(
            "Laissez vide pour un nouveau tirage au hasard. Pour refaire à l'identique un "
            "tirage au hasard déjà fait, reprenez son numéro."
        ),
    )


class SwapTeamsForm(forms.Form):
    first = forms.ModelChoiceField(label=_("Équipe"), queryset=Team.objects.none())
    second = forms.ModelChoiceField(label=_("avec l'équipe"), queryset=Team.objects.none())

    def __init__(self, *args: Any, round: Round, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        teams = Team.objects.filter(seats__round=round).select_related("player1", "player2")
        self.fields["first"].queryset = teams
        self.fields["second"].queryset = teams


class PenaltyForm(forms.Form):
    team = forms.ChoiceField(label=_("Équipe"))
    points = forms.IntegerField(
        label=_("Points"),
        **model_bounds(Penalty, "points"),
        help_text=_(
            "Positif pour donner des points (par exemple 162 aux adversaires d'une "
            "équipe qui a renoncé), négatif pour en retirer."
        ),
    )
    reason = OneLineField(label=_("Motif"), max_length=200)
    # The table's version the penalty was typed on: the same post sent twice
    # adds one penalty (services.add_penalty).
    version = forms.IntegerField(
        required=False, widget=forms.HiddenInput, min_value=0, max_value=2**31
    )

    def __init__(self, *args: Any, table, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["team"].choices = [
            (str(table.team_a_id), str(table.team_a)),
            (str(table.team_b_id), str(table.team_b)),
        ]
