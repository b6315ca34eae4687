"""A league's forms: the league itself, a stage to add, a concours to put
in a stage. A service's refusal goes back next to its field
(`apply_service_error`)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.features.leagues.models import League, Stage
from tournaments.forms.base import refuse_control_characters
from tournaments.models import Tournament


@refuse_control_characters
class LeagueForm(forms.ModelForm):
    class Meta:
        model = League
        fields = ["name", "season", "best_k", "published"]


@refuse_control_characters
class StageForm(forms.ModelForm):
    prefix = "stage"

    class Meta:
        model = Stage
        fields = ["name", "rule", "value"]
        help_texts = {
            "value": _("Un nombre d'équipes, ou un pourcentage (de 1 à 100)."),
        }


class ConcoursForm(forms.Form):
    tournament = forms.ModelChoiceField(
        label=_("Concours à ajouter"), queryset=Tournament.objects.none()
    )

    def __init__(self, *args, user, stage: Stage, **kwargs) -> None:
        super().__init__(*args, prefix=f"stage{stage.pk}", **kwargs)
        league = stage.league
        self.fields["tournament"].label = _("Concours à ajouter à « %(name)s »") % {
            "name": stage.name
        }
        self.fields["tournament"].queryset = (
            Tournament.objects.managed_by(user)
            .exclude(format=Tournament.Format.MELEE)
            .exclude(league_stages__league=league)
            .order_by("-date", "name")
        )
