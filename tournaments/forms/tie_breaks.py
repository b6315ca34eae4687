"""The ranking's criteria as the organizer chooses them, in order: one
choice per place, so the order is the organizer's and needs no script to
set (the tournament's form and the « Départage » page share them), and the
« Départage » page's reason, asked once partie 1 is drawn.

Checked for shape only (each criterion once); the order's rules (the
drawing of lots last) are the service's, put back next to the list."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.forms.base import OneLineField
from tournaments.models import Tournament

CRITERIA_SLOTS = len(Tournament.Criterion.values)
#: What a new concours offers: the points, then the parties won.
NEW_CONCOURS_CRITERIA = (Tournament.Criterion.POINTS, Tournament.Criterion.WINS)


def add_criteria_fields(form: forms.Form, criteria: Sequence[str]) -> None:
    """The places `criterion_1`… on `form`, filled with `criteria`."""
    for slot in range(1, CRITERIA_SLOTS + 1):
        form.fields[f"criterion_{slot}"] = forms.ChoiceField(
            label=format_lazy(_("Critère {n}"), n=slot),
            required=slot == 1,
            choices=[("", "—"), *Tournament.Criterion.choices],
            initial=criteria[slot - 1] if slot <= len(criteria) else "",
        )


def criteria_initial(criteria: Sequence[str]) -> dict[str, str]:
    """The places' values for `criteria` (a form's initial data)."""
    return {
        f"criterion_{slot}": criteria[slot - 1] if slot <= len(criteria) else ""
        for slot in range(1, CRITERIA_SLOTS + 1)
    }


def check_criteria(form: forms.Form, data: Mapping[str, Any]) -> None:
    """Each criterion chosen once: a second one is refused at its place."""
    seen: set[str] = set()
    for slot in range(1, CRITERIA_SLOTS + 1):
        criterion = data.get(f"criterion_{slot}")
        if criterion and criterion in seen:
            form.add_error(
                f"criterion_{slot}", _("Ce critère est déjà choisi plus haut dans la liste.")
            )
        seen.add(criterion or "")


def chosen_criteria(data: Mapping[str, Any]) -> list[str]:
    """The chosen criteria in the order of their places, blanks skipped."""
    slots = (data.get(f"criterion_{n}") for n in range(1, CRITERIA_SLOTS + 1))
    return [c for c in slots if c]


class TieBreakForm(forms.Form):
    """The « Départage » page: the criteria, and once partie 1 is drawn
    (`frozen`) the reason of the change."""

    reason = OneLineField(
        label=_("Motif du changement"),
        max_length=200,
        required=False,
        help_text=_("Gardé dans l'historique du concours, avec qui change de place."),
    )

    def __init__(self, *args: Any, tournament: Tournament, frozen: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        add_criteria_fields(self, tournament.criteria)
        self.order_fields([*(f"criterion_{n}" for n in range(1, CRITERIA_SLOTS + 1)), "reason"])
        self.fields["reason"].required = frozen
        if not frozen:
            del self.fields["reason"]

    def criteria_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("criterion_")]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        check_criteria(self, data)
        return data

    def criteria(self) -> list[str]:
        return chosen_criteria(self.cleaned_data)
