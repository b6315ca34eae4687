"""Forms of the cash box: an amount typed as the desk types it, a line of
income or expense, the way a fee was paid. Shape only: the services check
the rules (services/cash.py)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.display import cash as cash_words
from tournaments.domain import money
from tournaments.forms.base import OneLineField
from tournaments.models import MAX_CENTS, CashEntry, Payment


class AmountField(forms.Field):
    """An amount in euros as the desk types it (« 5 », « 5,50 », « 5.50 »,
    « 5 € »), cleaned into whole cents; negative and huge amounts are
    refused with a sentence next to the field (tournaments/domain/money.py)."""

    MAX_TYPED = 20

    def __init__(self, *args: Any, maximum: int = MAX_CENTS, **kwargs: Any) -> None:
        kwargs.setdefault(
            "widget",
            forms.TextInput(
                attrs={"inputmode": "decimal", "autocomplete": "off", "maxlength": self.MAX_TYPED}
            ),
        )
        super().__init__(*args, **kwargs)
        self.maximum = maximum

    def prepare_value(self, value: Any) -> Any:
        return money.format_plain(value) if isinstance(value, int) else value

    def to_python(self, value: Any) -> int | None:
        text = "" if value is None else str(value).strip()
        if not text:
            return None
        try:
            if len(text) > self.MAX_TYPED:
                raise money.AmountError("unreadable")
            return money.parse_amount(text, maximum=self.maximum)
        except money.AmountError as error:
            raise forms.ValidationError(
                cash_words.amount_error(error.code, maximum=self.maximum)
            ) from error


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
