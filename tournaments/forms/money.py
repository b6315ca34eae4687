"""An amount typed as the desk types it: a core field, since the
tournament's entry fee (forms/tournament.py) and the calendar's fee
(forms/calendar.py) ask for one as the cash box does.

Must not: check a rule beyond the amount's reading (tournaments/domain/money.py).
"""

from __future__ import annotations

from typing import Any

from django import forms

from tournaments.display import money as money_words
from tournaments.domain import money
from tournaments.domain.money import MAX_CENTS


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
                money_words.amount_error(error.code, maximum=self.maximum)
            ) from error
