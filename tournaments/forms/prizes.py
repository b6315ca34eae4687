"""Forms of the lots and special rankings: what the organizer types, checked
for shape only (the lists are read, and refused line by line, by the
services)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.display import labels
from tournaments.forms.base import OneLineField
from tournaments.models import Category, PrizeRule
from tournaments.queries.awards import ticked_categories


class LotsForm(forms.Form):
    """A ranking's list of lots and how they are given out."""

    rule = forms.ChoiceField(label=_("Attribution"), choices=PrizeRule.choices)
    top = forms.IntegerField(
        label=_("Nombre de premiers primés"),
        min_value=1,
        max_value=999,
        required=False,
        help_text=_("Seulement pour « Les N premiers seulement »."),
    )
    lots = forms.CharField(
        label=_("Lots, dans l'ordre du classement"),
        required=False,
        max_length=20000,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text=_(
            "Un lot par ligne, le premier pour le 1er. Quantité et valeur facultatives : "
            "« 2 × Canard gras ; 35 € » fait deux lots, pour le 2e et le 3e."
        ),
    )
    last = forms.CharField(
        label=_("Lot du dernier (lanterne rouge)"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 1, "spellcheck": "false"}),
        help_text=_("Facultatif. Il va au dernier du classement, qui ne reçoit rien d'autre."),
    )


class SwapLotsForm(forms.Form):
    """Two entrants of a ranking whose lots are exchanged by hand."""

    first = forms.TypedChoiceField(label=_("Échanger le lot de"), coerce=int)
    second = forms.TypedChoiceField(label=_("avec celui de"), coerce=int)

    def __init__(self, *args: Any, board, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [
            (p.row.entrant, _entrant_choice(p)) for p in board.placings if p.entrant is not None
        ]
        self.fields["first"].choices = choices
        self.fields["second"].choices = choices


def _entrant_choice(placing) -> str:
    """« 2e · n° 7 Lefèvre – Bérard (Canard) »."""
    entrant = placing.entrant
    number = getattr(entrant, "number", None)
    text = f"{labels.ordinal(placing.row.rank)} · "
    if number is not None:
        text += gettext("n° %(number)s") % {"number": number} + f" {entrant}"
    else:
        text += str(entrant)
    if placing.lot is not None:
        text += f" ({placing.lot.name})"
    return text


class CategoryForm(forms.Form):
    name = OneLineField(
        label=_("Nom du classement"),
        max_length=80,
        help_text=_("Par exemple « Meilleure équipe féminine », « Meilleur club »."),
    )
    kind = forms.ChoiceField(label=_("Sorte"), choices=Category.Kind.choices)


def category_choices(tournament) -> list[tuple[int, str]]:
    """The categories a team (a player in a mêlée) can be ticked in."""

    return [(c.pk, c.name) for c in ticked_categories(tournament)]


def categories_field(choices: list[tuple[int, str]]) -> forms.Field:
    return forms.TypedMultipleChoiceField(
        label=_("Classements spéciaux"),
        choices=choices,
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )


class TeamsTagForm(forms.Form):
    """Teams ticked in the team list, put into (or taken out of) one special
    ranking at once. A club ranking needs no ticking: it is not offered."""

    category = forms.ModelChoiceField(
        label=_("Classement spécial"), queryset=Category.objects.none()
    )
    teams = forms.TypedMultipleChoiceField(
        coerce=int, choices=(), error_messages={"required": _("Cochez au moins une équipe.")}
    )
    action = forms.ChoiceField(choices=(("add", "add"), ("remove", "remove")), required=False)

    def __init__(self, *args: Any, tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["category"].queryset = tournament.categories.exclude(kind=Category.Kind.CLUB)
        self.fields["teams"].choices = [
            (pk, pk) for pk in tournament.teams.values_list("pk", flat=True)
        ]
