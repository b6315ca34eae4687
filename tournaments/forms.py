"""Forms: what the organizer types, checked for shape only. The rules are
checked by the services (and the engine), whose French messages are put
back next to the field they name."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

import scoring
from tournaments.models import Round, Team, Tournament

PRESET_LABELS = {
    "ffb-belote": _("Belote classique FFB"),
    "ffb-coinche": _("Coinche FFB"),
    "contree-faits-annonces": _("Contrée — points faits + annoncés"),
    "contree-faits": _("Contrée — points faits"),
    "contree-annonces": _("Contrée — points annoncés"),
}


def apply_service_error(form: forms.Form, error, *, fallback: str | None = None) -> None:
    """Show a service refusal next to its field (or at the top of the form)."""
    field = error.field if error.field in form.fields else fallback
    form.add_error(field if field in form.fields else None, error.message)


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Nom du tournoi"), max_length=120)
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    venue = forms.CharField(label=_("Lieu"), max_length=160, required=False)
    preset = forms.ChoiceField(
        label=_("Règles"),
        choices=[(name, PRESET_LABELS.get(name, name)) for name in scoring.PRESETS],
        initial="ffb-belote",
        help_text=_(
            "Le profil de règles appliqué à chaque donne. Les options ci-dessous le modifient."
        ),
    )
    format = forms.ChoiceField(label=_("Formule"), choices=Tournament.Format.choices)
    parties = forms.IntegerField(label=_("Nombre de parties"), min_value=1, max_value=20, initial=4)
    end_mode = forms.ChoiceField(
        label=_("Fin d'une partie"), choices=Tournament.EndMode.choices, initial="deals"
    )
    end_deals = forms.IntegerField(
        label=_("Donnes par partie"), min_value=1, max_value=60, initial=12, required=False
    )
    end_target = forms.IntegerField(
        label=_("Score à atteindre"),
        min_value=100,
        max_value=10000,
        required=False,
        help_text=_("Par exemple 1000 ou 2000, si la partie se joue en points."),
    )
    score_entry = forms.ChoiceField(label=_("Saisie"), choices=Tournament.ScoreEntry.choices)
    ranking_criteria = forms.MultipleChoiceField(
        label=_("Critères de classement"),
        choices=Tournament.Criterion.choices,
        initial=["points"],
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Dans l'ordre de la liste : le premier départage d'abord."),
    )
    bye_policy = forms.ChoiceField(label=_("L'exempt marque"), choices=Tournament.ByePolicy.choices)
    bye_points = forms.IntegerField(label=_("Points de l'exempt"), min_value=0, initial=0)
    published = forms.BooleanField(label=_("Publier (visible des joueurs)"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for option in scoring.OPTIONS:
            self.fields[f"rule_{option.name}"] = forms.ChoiceField(
                label=option.label,
                help_text=option.help,
                required=False,
                choices=[("", _("selon le profil"))]
                + [(_encode(v), _encode(v)) for v in option.values],
            )

    def rule_fields(self):
        return [self[name] for name in self.fields if name.startswith("rule_")]

    def main_fields(self):
        return [self[name] for name in self.fields if not name.startswith("rule_")]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("end_mode") == "target" and not data.get("end_target"):
            self.add_error("end_target", _("Indiquez le score à atteindre."))
        if data.get("end_mode") == "deals" and not data.get("end_deals"):
            self.add_error("end_deals", _("Indiquez le nombre de donnes."))
        return data

    def overrides(self) -> dict[str, Any]:
        out = {}
        for option in scoring.OPTIONS:
            raw = self.cleaned_data.get(f"rule_{option.name}")
            if raw:
                out[option.name] = _decode(raw, option.values)
        return out

    def service_kwargs(self) -> dict[str, Any]:
        d = self.cleaned_data
        return {
            "name": d["name"],
            "date": d["date"],
            "venue": d["venue"],
            "preset": d["preset"],
            "overrides": self.overrides(),
            "format": d["format"],
            "parties": d["parties"],
            "end_mode": d["end_mode"],
            "end_deals": d["end_deals"] or 12,
            "end_target": d["end_target"],
            "score_entry": d["score_entry"],
            "ranking_criteria": [
                c for c in Tournament.Criterion.values if c in d["ranking_criteria"]
            ],
            "bye_policy": d["bye_policy"],
            "bye_points": d["bye_points"],
            "published": d["published"],
        }


def _encode(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _decode(raw: str, values) -> Any:
    for value in values:
        if _encode(value) == raw:
            return value
    return raw


class TeamForm(forms.Form):
    first_name1 = forms.CharField(label=_("Prénom joueur 1"), max_length=80)
    last_name1 = forms.CharField(label=_("Nom joueur 1"), max_length=80)
    licence1 = forms.CharField(label=_("Licence joueur 1"), max_length=30, required=False)
    first_name2 = forms.CharField(label=_("Prénom joueur 2"), max_length=80)
    last_name2 = forms.CharField(label=_("Nom joueur 2"), max_length=80)
    licence2 = forms.CharField(label=_("Licence joueur 2"), max_length=30, required=False)
    club = forms.CharField(label=_("Club"), max_length=120, required=False)
    name = forms.CharField(label=_("Nom d'équipe (facultatif)"), max_length=120, required=False)


class PlayerForm(forms.Form):
    first_name = forms.CharField(label=_("Prénom"), max_length=80)
    last_name = forms.CharField(label=_("Nom"), max_length=80)
    licence = forms.CharField(label=_("Licence"), max_length=30, required=False)
    club = forms.CharField(label=_("Club"), max_length=120, required=False)


class ImportForm(forms.Form):
    file = forms.FileField(
        label=_("Fichier CSV"),
        help_text=_(
            "Colonnes : nom1;prenom1;nom2;prenom2 et, si besoin, "
            "club;licence1;licence2;equipe;numero."
        ),
    )


class DrawForm(forms.Form):
    method = forms.ChoiceField(label=_("Tirage"), choices=Round.DrawMethod.choices)
    seed = forms.IntegerField(
        label=_("Graine (facultatif)"),
        required=False,
        min_value=0,
        max_value=2**31 - 1,
        help_text=_("Pour rejouer un tirage au hasard à l'identique. Vide : une graine neuve."),
    )


class SwapForm(forms.Form):
    first = forms.ModelChoiceField(label=_("Équipe"), queryset=Team.objects.none())
    second = forms.ModelChoiceField(label=_("avec l'équipe"), queryset=Team.objects.none())

    def __init__(self, *args: Any, round: Round, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        teams = Team.objects.filter(seats__round=round).select_related("player1", "player2")
        self.fields["first"].queryset = teams
        self.fields["second"].queryset = teams


class PenaltyForm(forms.Form):
    team = forms.ChoiceField(label=_("Équipe"))
    points = forms.IntegerField(
        label=_("Points"),
        min_value=-10000,
        max_value=10000,
        help_text=_(
            "Positif pour donner des points (par exemple 162 aux adversaires d'une "
            "équipe qui a renoncé), négatif pour en retirer."
        ),
    )
    reason = forms.CharField(label=_("Motif"), max_length=200)

    def __init__(self, *args: Any, table, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["team"].choices = [
            (str(table.team_a_id), str(table.team_a)),
            (str(table.team_b_id), str(table.team_b)),
        ]


class EntryCodeForm(forms.Form):
    code = forms.CharField(
        label=_("Code de votre équipe"),
        max_length=24,
        help_text=_(
            "Imprimé dans le cadre de signature de votre équipe, sur la feuille de marque."
        ),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )


class ConfirmForm(forms.Form):
    """The other team's answer once the partie is over."""

    code = forms.CharField(
        label=_("Code de votre équipe"),
        max_length=24,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    total_a = forms.IntegerField(
        label=_("Votre total Nord-Sud"), required=False, min_value=0, max_value=100000
    )
    total_b = forms.IntegerField(
        label=_("Votre total Est-Ouest"), required=False, min_value=0, max_value=100000
    )

    def clean(self):
        data = super().clean()
        if (data.get("total_a") is None) != (data.get("total_b") is None):
            raise forms.ValidationError(
                _("Donnez les deux totaux pour contester, ou aucun pour confirmer.")
            )
        return data

    def totals(self) -> tuple[int, int] | None:
        if self.cleaned_data.get("total_a") is None:
            return None
        return self.cleaned_data["total_a"], self.cleaned_data["total_b"]


class CoOrganizerForm(forms.Form):
    username = forms.CharField(label=_("Nom d'utilisateur du co-organisateur"), max_length=150)
