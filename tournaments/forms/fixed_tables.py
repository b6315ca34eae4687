"""« Reste à sa table »: the organizer marks a team that does not move
from table to table (reduced mobility), with the table it keeps."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms.base import model_bounds
from tournaments.models import Team


class FixedTableForm(forms.Form):
    stays = forms.BooleanField(
        label=_("Reste à sa table (mobilité réduite)"),
        required=False,
        help_text=_("Chaque tirage garde l'équipe à la même table ; le plan le dit."),
    )
    table = forms.IntegerField(
        label=_("Table gardée"),
        required=False,
        help_text=_("Laissez vide pour garder sa table de la partie 1."),
        **model_bounds(Team, "kept_table"),
    )

    def clean(self):
        data = super().clean()
        if data.get("table") is not None and not data.get("stays"):
            self.add_error(
                "stays", _("Cochez « Reste à sa table » pour lui garder la table choisie.")
            )
        return data
