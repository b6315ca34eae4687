"""The tournament's form: its name, date, rules, ranking criteria and
options, checked for shape only. The rules are checked by the services (and
the engine), whose French messages are put back next to the field they name."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

import scoring
from tournaments.display import rules as rule_labels
from tournaments.forms.base import OneLineField, model_bounds
from tournaments.forms.money import AmountField
from tournaments.forms.tie_breaks import (
    NEW_CONCOURS_CRITERIA,
    add_criteria_fields,
    check_criteria,
    chosen_criteria,
    criteria_initial,
)
from tournaments.models import Tournament, options
from tournaments.models.options import Option

PRESET_LABELS = rule_labels.PRESET_LABELS


# What the organizer can no longer change once a score is entered (see
# services.tournaments.SCORING_FIELDS), and once someone is registered.
SCORING_FORM_FIELDS = ("preset", "end_mode", "end_deals", "end_target", "score_entry")


class TournamentForm(forms.Form):
    """A new tournament, or the settings of an existing one (`tournament`).
    `rules_locked` (a score is entered), `format_locked` (someone is
    registered) and `criteria_frozen` (partie 1 is drawn: the « Départage »
    page changes them, with a reason) show the fields they lock as they
    are, unchangeable. Its « Options » are the core's and the installed
    features' (models/options.py), asked with their defaults."""

    name = OneLineField(label=_("Nom du tournoi"), max_length=120)
    date = forms.DateField(
        label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    venue = OneLineField(label=_("Lieu"), max_length=160, required=False)
    preset = forms.ChoiceField(
        label=_("Règles"),
        choices=[(name, PRESET_LABELS.get(name, name)) for name in scoring.PRESETS],
        initial="ffb-belote",
        help_text=_(
            "Le profil de règles appliqué à chaque donne. Les options ci-dessous le modifient."
        ),
    )
    format = forms.ChoiceField(label=_("Formule"), choices=Tournament.Format.choices)
    parties = forms.IntegerField(
        label=_("Nombre de parties"), initial=4, **model_bounds(Tournament, "parties")
    )
    end_mode = forms.ChoiceField(
        label=_("Fin d'une partie"), choices=Tournament.EndMode.choices, initial="deals"
    )
    end_deals = forms.IntegerField(
        label=_("Donnes par partie"),
        initial=12,
        required=False,
        **model_bounds(Tournament, "end_deals"),
    )
    end_target = forms.IntegerField(
        label=_("Score à atteindre"),
        required=False,
        **model_bounds(Tournament, "end_target"),
        help_text=_("Par exemple 1000 ou 2000, si la partie se joue en points."),
    )
    score_entry = forms.ChoiceField(label=_("Saisie"), choices=Tournament.ScoreEntry.choices)
    bye_policy = forms.ChoiceField(label=_("L'exempt marque"), choices=Tournament.ByePolicy.choices)
    bye_points = forms.IntegerField(
        label=_("Points de l'exempt"), initial=0, **model_bounds(Tournament, "bye_points")
    )
    published = forms.BooleanField(label=_("Publier (visible des joueurs)"), required=False)

    def __init__(
        self,
        *args: Any,
        tournament: Tournament | None = None,
        rules_locked: bool = False,
        format_locked: bool = False,
        criteria_frozen: bool = False,
        **kwargs: Any,
    ) -> None:
        if tournament is not None:
            kwargs.setdefault("initial", tournament_initial(tournament))
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        for option in options.asked():
            self.fields[option.field_name] = _option_field(option)
        for option in scoring.OPTIONS:
            # Labels and help in the reader's language, values shown as words
            # (never « true » or « nearest »): display/rules.py.
            self.fields[f"rule_{option.name}"] = forms.ChoiceField(
                label=rule_labels.option_label(option.name),
                help_text=rule_labels.option_help(option.name),
                required=False,
                choices=[("", _("selon le profil")), *rule_labels.option_choices(option.name)],
            )
        # The ranking criteria, in order (a new concours: points, then wins).
        add_criteria_fields(self, NEW_CONCOURS_CRITERIA)
        self.criteria_frozen = criteria_frozen
        for name in self.fields if criteria_frozen else ():
            if name.startswith("criterion_"):
                self.fields[name].disabled = True
        self.rules_locked = rules_locked
        if rules_locked:
            for name in self.fields:
                if name in SCORING_FORM_FIELDS or name.startswith("rule_"):
                    self.fields[name].disabled = True
        if format_locked:
            self.fields["format"].disabled = True
            self.fields["format"].help_text = _("Des joueurs sont inscrits : elle ne change plus.")

    def rule_fields(self):
        return [self[name] for name in self.fields if name.startswith("rule_")]

    def criteria_fields(self):
        return [self[name] for name in self.fields if name.startswith("criterion_")]

    def option_groups(self) -> list[tuple[Any, Any, list, bool]]:
        """Each feature set here: its label, its switch, its settings, and
        whether they are to be shown open (one of them refused)."""
        groups = []
        for feature in options.features():
            names = [o.field_name for o in feature.options if o.field_name in self.fields]
            if names:
                settings = [self[name] for name in names[1:]]
                refused = any(field.errors for field in settings)
                groups.append((feature.label, self[names[0]], settings, refused))
        return groups

    def ranking_refused(self) -> bool:
        """Whether a ranking criterion or the bye's setting was refused (its fold opens)."""
        names = [n for n in self.fields if n.startswith("criterion_")] + [
            "bye_policy",
            "bye_points",
        ]
        return any(self[name].errors for name in names)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("end_mode") == "target" and not data.get("end_target"):
            self.add_error("end_target", _("Indiquez le score à atteindre."))
        if data.get("end_mode") == "deals" and not data.get("end_deals"):
            self.add_error("end_deals", _("Indiquez le nombre de donnes."))
        check_criteria(self, data)
        for feature in options.features():
            if feature.check:
                feature.check(self, data)
        return data

    def ranking_criteria(self) -> list[str]:
        """The chosen criteria in the order of their places, blanks skipped."""
        return chosen_criteria(self.cleaned_data)

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
            "ranking_criteria": self.ranking_criteria(),
            "bye_policy": d["bye_policy"],
            "bye_points": d["bye_points"],
            "published": d["published"],
            **{o.name: _option_value(o, d[o.field_name]) for o in options.asked()},
        }


def _option_value(option: Option, value: Any) -> Any:
    """An option's value as the tournament stores it: an amount left empty
    is 0, a number left empty its column's default (0 is a number)."""
    if option.ask == "amount":
        return value or 0
    if option.ask == "text":
        return value or ""
    if option.ask == "number" and value is None and option.column.has_default():
        return option.column.default
    return value


def _option_field(option: Option) -> forms.Field:
    """The form's field for an option, as its declaration asks."""
    common = {"label": option.label, "help_text": option.help, "required": False}
    if option.ask == "amount":
        return AmountField(**common)
    if option.ask == "time":
        return forms.TimeField(
            widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"), **common
        )
    if option.ask == "number":
        initial = option.column.default if option.column.has_default() else None
        return forms.IntegerField(
            initial=initial, **model_bounds(Tournament, option.name), **common
        )
    if option.ask == "text":
        return forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), **common)
    if option.ask == "choice":
        return forms.ChoiceField(
            choices=option.column.choices, initial=option.column.default, **common
        )
    # A new tournament's box ticked as its column's default (a draw kept a
    # draft until announced, the claims window).
    return forms.BooleanField(initial=option.column.default, **common)


def tournament_initial(tournament: Tournament) -> dict[str, Any]:
    """The form's values for an existing tournament."""
    rules = tournament.rule_profile
    initial: dict[str, Any] = {
        name: getattr(tournament, name)
        for name in (
            "name",
            "date",
            "venue",
            "format",
            "parties",
            "end_mode",
            "end_deals",
            "end_target",
            "score_entry",
            "bye_policy",
            "bye_points",
            "published",
        )
    }
    for option in options.asked():
        value = getattr(tournament, option.name)
        initial[option.field_name] = (value or "") if option.ask == "amount" else value
    initial["preset"] = rules.preset
    for option, value in rules.overrides().items():
        initial[f"rule_{option}"] = _encode(value)
    initial.update(criteria_initial(tournament.criteria))
    return initial


def _encode(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _decode(raw: str, values) -> Any:
    for value in values:
        if _encode(value) == raw:
            return value
    return raw
