"""The partie clock's form: this partie's « dernière donne » call."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms.base import model_bounds
from tournaments.models import Round


class LastDealCallForm(forms.Form):
    """This partie's « dernière donne » call; empty goes back to the
    tournament's."""

    minutes = forms.IntegerField(
        label=_("Appel « dernière donne » pour cette partie (minutes après le début)"),
        required=False,
        **model_bounds(Round, "last_deal_minutes"),
    )
