"""What a team types on its phone at the table: its code, and its
confirmation or its own totals."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms.base import OneLineField


class EntryCodeForm(forms.Form):
    code = OneLineField(
        label=_("Code de votre équipe"),
        max_length=24,
        help_text=_(
            "Le code est sur le coupon de votre équipe, remis par l'organisateur "
            "(pas sur la feuille de marque)."
        ),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )


class ConfirmForm(forms.Form):
    """The other team's answer once the partie is over."""

    # Not required from a phone whose team proved its code already (the
    # view checks it is there otherwise).
    code = OneLineField(
        label=_("Code de votre équipe"),
        max_length=24,
        required=False,
        help_text=_("Sur le coupon de votre équipe."),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    total_a = forms.IntegerField(
        label=_("Votre total Nord-Sud"), required=False, min_value=0, max_value=100000
    )
    total_b = forms.IntegerField(
        label=_("Votre total Est-Ouest"), required=False, min_value=0, max_value=100000
    )
    # The version of the totals on the team's screen: the answer covers them.
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0, max_value=2**31)

    def clean(self):
        data = super().clean()
        if "version" in self.errors:
            del self.errors["version"]
            raise forms.ValidationError(_("Formulaire incomplet : rechargez la page de la table."))
        if (data.get("total_a") is None) != (data.get("total_b") is None):
            raise forms.ValidationError(
                _("Donnez les deux totaux pour contester, ou aucun pour confirmer.")
            )
        return data

    def totals(self) -> tuple[int, int] | None:
        if self.cleaned_data.get("total_a") is None:
            return None
        return self.cleaned_data["total_a"], self.cleaned_data["total_b"]
