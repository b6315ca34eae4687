"""What an organizer types to announce a concours, and what a team types
to pre-register for one. The services check the rest (a date to come, a
postcode, the same pair twice) and their refusals come back next to the
field (`apply_service_error`).

Must not write anything.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

import scoring
from tournaments.features.calendar.models import OFFER_HOURS, Announcement
from tournaments.forms.base import OneLineField, model_bounds, refuse_control_characters
from tournaments.forms.money import AmountField
from tournaments.forms.teams import shown_field
from tournaments.forms.tournament import PRESET_LABELS
from tournaments.models import Tournament
from tournaments.services.extras import Extras, add_to_form, check_form, form_values
from tournaments.services.registration import PlayerData


class AnnounceForm(forms.Form):
    name = OneLineField(label=_("Nom du concours"), max_length=120)
    date = forms.DateField(
        label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    start_time = forms.TimeField(
        label=_("Heure"), widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M")
    )
    hall = OneLineField(label=_("Salle"), max_length=120)
    address = OneLineField(label=_("Adresse"), max_length=200)
    postcode = OneLineField(
        label=_("Code postal"),
        max_length=10,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "postal-code"}),
        help_text=_("Le département en est tiré, pour le calendrier."),
    )
    town = OneLineField(label=_("Commune"), max_length=120)
    preset = forms.ChoiceField(
        label=_("Jeu et règles"),
        choices=[(name, PRESET_LABELS.get(name, name)) for name in scoring.PRESETS],
        initial="ffb-belote",
    )
    format = forms.ChoiceField(label=_("Formule"), choices=Tournament.Format.choices)
    entry_fee = AmountField(
        label=_("Droit d'inscription par équipe (€)"),
        required=False,
        help_text=_("Payé sur place. Laissez vide si l'entrée est libre."),
    )
    lots = forms.CharField(
        label=_("Lots annoncés"),
        max_length=1000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Par exemple : jambons, bons d'achat, un lot à chaque équipe."),
    )
    contact = OneLineField(
        label=_("Contact"),
        max_length=200,
        help_text=_("Un nom et un téléphone ou un e-mail, pour les questions des joueurs."),
    )
    max_teams = forms.IntegerField(
        label=_("Nombre maximum d'équipes"),
        required=False,
        **model_bounds(Announcement, "max_teams"),
        help_text=_("Au-delà, les équipes s'inscrivent en liste d'attente. Vide : pas de maximum."),
    )
    offer_hours = forms.IntegerField(
        label=_("Délai pour confirmer une place libérée (heures)"),
        required=False,
        initial=OFFER_HOURS,
        **model_bounds(Announcement, "offer_hours"),
        help_text=_(
            "Une place libérée est proposée à la première équipe en attente, qui confirme "
            "avant ce délai (jamais plus de la moitié du temps restant avant le concours). "
            "Vide : 24 heures."
        ),
    )

    def service_arguments(self) -> dict[str, Any]:
        data = dict(self.cleaned_data)
        data["entry_fee_cents"] = data.pop("entry_fee") or 0
        data["lots"] = data["lots"].strip()
        if data.get("offer_hours") is None:
            data.pop("offer_hours", None)  # left empty: the default, or as it was
        return data


class AnnounceEditForm(AnnounceForm):
    """The poster corrected; the game, the rules and the formula are the
    tournament's settings (« Réglages »), not the poster's."""

    def __init__(self, *args, announcement: Announcement, **kwargs) -> None:
        tournament = announcement.tournament
        initial = {
            "name": tournament.name,
            "date": tournament.date,
            "postcode": announcement.postcode,
            "entry_fee": tournament.entry_fee_cents or None,
            **{
                name: getattr(announcement, name)
                for name in ("start_time", "hall", "address", "town", "lots", "contact")
            },
            "max_teams": announcement.max_teams,
            "offer_hours": announcement.offer_hours,
        }
        super().__init__(*args, initial=initial, **kwargs)
        del self.fields["preset"]
        del self.fields["format"]


#: A web or mail address in a name: a mail program would show it as a link.
_ADDRESS = re.compile(r"://|\bwww\.|@", re.IGNORECASE)


def no_address_validator(value: str) -> None:
    """A name typed by a stranger goes, quoted, into a mail to the address
    given: it must not be a link there (a phishing page's address)."""
    if _ADDRESS.search(value):
        raise ValidationError(
            _("Un nom ne contient pas d'adresse web ni d'adresse e-mail."), code="address"
        )


def _name(label) -> OneLineField:
    return OneLineField(label=label, max_length=80, validators=[no_address_validator])


@refuse_control_characters
class PreRegistrationForm(forms.Form):
    first_name1 = _name(_("Prénom du joueur 1"))
    last_name1 = _name(_("Nom du joueur 1"))
    licence1 = OneLineField(
        label=_("Licence du joueur 1 (si vous en avez une)"), max_length=30, required=False
    )
    shown1 = shown_field(_("Joueur 1 accepte d'être affiché (page du joueur, cote)"))
    first_name2 = _name(_("Prénom du joueur 2"))
    last_name2 = _name(_("Nom du joueur 2"))
    licence2 = OneLineField(
        label=_("Licence du joueur 2 (si vous en avez une)"), max_length=30, required=False
    )
    shown2 = shown_field(_("Joueur 2 accepte d'être affiché (page du joueur, cote)"))
    club = OneLineField(
        label=_("Club"), max_length=120, required=False, validators=[no_address_validator]
    )
    email = forms.EmailField(
        label=_("E-mail"),
        max_length=200,
        help_text=_("La confirmation et le lien pour annuler y sont envoyés."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    def __init__(self, *args: Any, extras: Extras | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The installed features' fields (the messages' ticks): services/extras.py.
        self.extras = extras or Extras()
        add_to_form(self, self.extras)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        check_form(self, self.extras)
        return data

    def extra_values(self) -> dict[str, Any]:
        return form_values(self, self.extras)

    def players(self) -> tuple[PlayerData, PlayerData]:
        d = self.cleaned_data
        return (
            PlayerData(
                d["first_name1"].strip(),
                d["last_name1"].strip(),
                d["licence1"].strip(),
                d["club"].strip(),
                shown=d["shown1"],
            ),
            PlayerData(
                d["first_name2"].strip(),
                d["last_name2"].strip(),
                d["licence2"].strip(),
                d["club"].strip(),
                shown=d["shown2"],
            ),
        )
