"""What an organizer types to publish results (issue 26): a backup file to
upload on the hosted instance, and on the hall laptop the hosted site's
address with the key pasted from the account there."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms.base import refuse_control_characters
from tournaments.models import PublicationTarget


class BackupUploadForm(forms.Form):
    file = forms.FileField(
        label=_("Sauvegarde du concours (fichier .json)"),
        help_text=_(
            "Le fichier « sauvegarde » téléchargé sur l'ordinateur de la salle, "
            "depuis la page du concours."
        ),
    )


@refuse_control_characters
class TargetForm(forms.ModelForm):
    class Meta:
        model = PublicationTarget
        fields = ["url", "key"]
        help_texts = {
            "url": _("Par exemple https://belote.example.fr"),
            "key": _(
                "Copiée depuis la page « Publication des résultats » du site en ligne "
                "(lien dans « Mon compte »)."
            ),
        }
        widgets = {"key": forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"})}
