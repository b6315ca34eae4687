"""Forms of the cash box: a line of income or expense, the way a fee was
paid (the amount's field is the core's: tournaments/forms/money.py). Shape
only: the services check the rules (services.py)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms.base import OneLineField
from tournaments.forms.money import AmountField
from tournaments.models import CashEntry, Payment


class CashEntryForm(forms.Form):
    kind = forms.ChoiceField(
        label=_("Sorte"), choices=CashEntry.Kind.choices, initial=CashEntry.Kind.INCOME
    )
    label = OneLineField(
        label=_("Libellé"),
        max_length=120,
        help_text=_("Par exemple : buvette, repas, lots achetés, location de la salle."),
    )
    amount = AmountField(label=_("Montant (€)"))

    def clean_amount(self) -> int:
        amount = self.cleaned_data["amount"]
        if amount == 0:
            raise forms.ValidationError(_("Indiquez un montant supérieur à zéro."))
        return amount


class PaymentForm(forms.Form):
    method = forms.ChoiceField(
        label=_("Payé en"), choices=Payment.Method.choices, initial=Payment.Method.CASH
    )
