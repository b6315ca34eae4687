"""What the desk types about the club's tablets: a new tablet's name, and
the table a tablet moves to (now or from the next partie)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.features.tablets.services import MOST_TABLES
from tournaments.forms.base import OneLineField


class TabletNameForm(forms.Form):
    name = OneLineField(
        label=_("Nom de la tablette"),
        max_length=40,
        help_text=_("Écrit au dos de la tablette, par exemple « Tablette 1 »."),
    )


class TabletMoveForm(forms.Form):
    WHEN = (
        ("next", _("à la prochaine partie")),
        ("now", _("tout de suite")),
    )
    number = forms.IntegerField(
        label=_("Passe à la table"),
        min_value=1,
        max_value=MOST_TABLES,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    when = forms.ChoiceField(label=_("Quand"), choices=WHEN, initial="next")
