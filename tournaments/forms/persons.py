"""The organizer's merge of two players' identities (the same person
registered twice, a licence missing once): two records of their own."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.queries.persons import persons_owned


class PersonChoice(forms.ModelChoiceField):
    def label_from_instance(self, obj) -> str:
        details = " · ".join(v for v in (obj.club, obj.licence) if v)
        return f"{obj.last_name} {obj.first_name}" + (f" ({details})" if details else "")


class MergeForm(forms.Form):
    kept = PersonChoice(label=_("Fiche gardée"), queryset=None)
    merged = PersonChoice(
        label=_("Même personne, fiche à fondre dans la première"),
        queryset=None,
        help_text=_("Ses concours passent à la fiche gardée, qui reste seule."),
    )

    def __init__(self, *args: Any, user, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        mine = persons_owned(user)
        self.fields["kept"].queryset = mine
        self.fields["merged"].queryset = mine

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("kept") is not None and data.get("kept") == data.get("merged"):
            self.add_error("merged", _("Choisissez deux fiches différentes."))
        return data
