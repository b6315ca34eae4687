"""The season challenge's forms: its settings, and the evening to add."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.features.challenge.models import Challenge
from tournaments.features.challenge.services import SETTINGS
from tournaments.forms.base import refuse_control_characters
from tournaments.models import Tournament


@refuse_control_characters
class ChallengeForm(forms.ModelForm):
    class Meta:
        model = Challenge
        fields = ["name", *SETTINGS]
        widgets = {
            "rank_table": forms.Textarea(attrs={"rows": 3}),
            "lot_text": forms.Textarea(attrs={"rows": 3}),
        }


class EveningForm(forms.Form):
    tournament = forms.ModelChoiceField(
        label=_("Soirée à ajouter"), queryset=Tournament.objects.none()
    )

    def __init__(self, *args, user, challenge: Challenge, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["tournament"].queryset = (
            Tournament.objects.managed_by(user)
            .exclude(pk__in=challenge.tournaments.values("pk"))
            .order_by("-date", "name")
        )
