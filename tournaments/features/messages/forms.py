"""What a player ticks to receive messages, and the organizer's message.

Must not: keep anything (consent.py does)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.features.messages.services.consent import Wants
from tournaments.forms.base import one_line_validator, refuse_control_characters

#: The organizer's message, at most this long (a change of time or hall).
NOTICE_MAX = 1000


@refuse_control_characters
class ConsentForm(forms.Form):
    email = forms.EmailField(
        label=_("Votre e-mail"),
        max_length=200,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    wants_result = forms.BooleanField(
        label=_("Recevoir notre résultat à la fin du concours"), required=False, initial=True
    )
    wants_table = forms.BooleanField(
        label=_("Recevoir notre table à chaque partie"), required=False
    )

    def clean(self):
        data = super().clean()
        if not (data.get("wants_result") or data.get("wants_table")):
            raise forms.ValidationError(_("Cochez ce que vous voulez recevoir."))
        return data

    def wants(self) -> Wants:
        d = self.cleaned_data
        return Wants(result=d["wants_result"], table=d["wants_table"])


class NoticeForm(forms.Form):
    text = forms.CharField(
        label=_("Message à tous les joueurs qui ont donné leur e-mail"),
        max_length=NOTICE_MAX,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("Un changement d'heure ou de salle, une annulation."),
    )

    def clean_text(self) -> str:
        text = self.cleaned_data["text"].strip()
        for line in text.splitlines():
            one_line_validator(line)
        return text
