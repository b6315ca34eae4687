"""What an organizer types for a concours played in several halls (issue
27): the halls' names (one a line) with the planned parties, and a hall's
concours file."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.features.halls.models import HallMerge
from tournaments.forms.base import OneLineField, model_bounds, refuse_control_characters


class HallsForm(forms.Form):
    halls = forms.CharField(
        label=_("Les salles, une par ligne"),
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("Par exemple « Salle des fêtes de Vic » puis « Foyer rural de Lembeye »."),
    )
    planned = forms.IntegerField(
        label=_("Parties prévues dans chaque salle"), **model_bounds(HallMerge, "planned")
    )

    def names(self) -> list[str]:
        return self.cleaned_data["halls"].splitlines()


class HallFileForm(forms.Form):
    file = forms.FileField(
        label=_("Fichier du concours de la salle (.json)"),
        help_text=_(
            "Le « Fichier du concours » téléchargé sur l'ordinateur de la salle, "
            "depuis la page du concours."
        ),
    )
    replace_older = forms.BooleanField(
        label=_("Remplacer même par un fichier plus ancien"),
        required=False,
    )


@refuse_control_characters
class HallSendForm(forms.Form):
    """On a hall's laptop: where the halls are merged, and the hall's key."""

    url = forms.URLField(
        label=_("Adresse du site où les salles sont réunies"),
        max_length=200,
        help_text=_("Par exemple https://belote.example.fr"),
    )
    key = OneLineField(
        label=_("Clé d'envoi de cette salle"),
        max_length=80,
        help_text=_("Donnée par l'organisateur du concours (elle commence par « bs_ »)."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
