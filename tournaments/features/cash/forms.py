"""Forms of the cash box: its options in the tournament's form, a line of
income or expense, the way a fee was paid (the amount's field is the core's:
tournaments/forms/money.py). Shape only: the services check the rules
(services.py)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.features.cash.models import CashEntry, Payment
from tournaments.forms.base import OneLineField
from tournaments.forms.money import AmountField
from tournaments.models import Tournament
from tournaments.models.options import Feature, Option


def check_fee(form: forms.Form, data: dict[str, Any]) -> None:
    """Unsaid, the fee is paid by the player in a mêlée, else by the team;
    a mêlée's cash box never asks it by the team."""
    melee = data.get("format") == Tournament.Format.MELEE
    if not data.get("fee_basis"):
        data["fee_basis"] = Tournament.FeeBasis.PLAYER if melee else Tournament.FeeBasis.TEAM
    if melee and data.get("cash_enabled") and data["fee_basis"] == Tournament.FeeBasis.TEAM:
        form.add_error("fee_basis", _("En mêlée, chaque joueur paie : choisissez « par joueur »."))


#: The cash box's options in the tournament's form, and its name on the dashboard.
OPTIONS = Feature(
    _("caisse"),
    (
        Option(
            "cash_enabled",
            _("Tenir la caisse"),
            _(
                "Droits d'inscription cochés à l'accueil, recettes et dépenses (buvette, "
                "repas, lots), bilan pour le trésorier."
            ),
        ),
        Option(
            "entry_fee_cents",
            _("Droit d'inscription (€)"),
            _("Par exemple 10 ou 7,50. Laissez vide si l'entrée est libre."),
            ask="amount",
            form_name="entry_fee",
        ),
        Option(
            "fee_basis",
            _("Le droit d'inscription se paie"),
            _("En mêlée, chaque joueur paie : choisissez « par joueur »."),
            ask="choice",
        ),
    ),
    check=check_fee,
)


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
