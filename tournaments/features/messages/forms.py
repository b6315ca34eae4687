"""What a player ticks to receive messages, the organizer's message, and
who the messages come from (the organizer's club, set once).

Must not: keep anything (consent.py does)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.features.messages.services.consent import Wants
from tournaments.forms.base import OneLineField, one_line_validator, refuse_control_characters

#: The organizer's message, at most this long (a change of time or hall).
NOTICE_MAX = 1000


@refuse_control_characters
class ConsentForm(forms.Form):
    email = forms.EmailField(
        label=_("Votre e-mail"),
        max_length=200,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    wants_result = forms.BooleanField(
        label=_("Recevoir notre résultat à la fin du concours"), required=False, initial=True
    )
    wants_table = forms.BooleanField(
        label=_("Recevoir notre table à chaque partie"), required=False
    )

    def clean(self):
        data = super().clean()
        if not (data.get("wants_result") or data.get("wants_table")):
            raise forms.ValidationError(_("Cochez ce que vous voulez recevoir."))
        return data

    def wants(self) -> Wants:
        d = self.cleaned_data
        return Wants(result=d["wants_result"], table=d["wants_table"])


#: The file's optional columns (services/extras.py reads them through the fields).
COLUMNS = {
    "email": "messages_email",
    "resultat_par_email": "messages_result",
    "table_par_email": "messages_table",
}


def _tick(label) -> forms.BooleanField:
    return forms.BooleanField(label=label, required=False)


def registration_extras(*, tournament, source: str) -> dict:
    """The `REGISTRATION_EXTRAS` moment: what a team ticks to receive, on
    the desk's form and in a registration file (with the address), or at
    pre-registration (its address is the pre-registration's own)."""
    if source == "prereg":
        fields = {
            "messages_result": _tick(_("Recevoir notre résultat par e-mail à la fin du concours")),
            "messages_table": _tick(_("Recevoir notre table à chaque partie par e-mail")),
        }
        return {"fields": fields}
    fields = {
        "messages_email": forms.EmailField(
            label=_("E-mail de l'équipe pour ses messages (facultatif)"),
            max_length=200,
            required=False,
            validators=[one_line_validator],
            widget=forms.EmailInput(attrs={"autocomplete": "off"}),
        ),
        "messages_result": _tick(_("L'équipe veut recevoir son résultat par e-mail")),
        "messages_table": _tick(_("L'équipe veut recevoir sa table à chaque partie par e-mail")),
    }
    check = check_file if source == "file" else check_extras
    return {"fields": fields, "columns": COLUMNS, "check": check}


def check_file(values: dict) -> dict[str, str]:
    """A file's line ticked without an address is a fault; an address
    without a tick is kept for nothing (the calendar's list of
    pre-registrations carries its teams' addresses in its `email` column:
    nothing is sent to them unless a column ticks it)."""
    ticked = bool(values.get("messages_result") or values.get("messages_table"))
    if ticked and not values.get("messages_email"):
        return {"messages_email": _("Donnez l'e-mail où envoyer ce qui est coché.")}
    return {}


def check_extras(values: dict) -> dict[str, str]:
    """The desk's form: an address without a tick, or a tick without an
    address, is said, not guessed."""
    found = check_file(values)
    ticked = bool(values.get("messages_result") or values.get("messages_table"))
    if not found and values.get("messages_email") and not ticked:
        return {
            "messages_result": _(
                "Cochez ce que l'équipe veut recevoir à cette adresse, ou laissez l'e-mail vide."
            )
        }
    return found


class NoticeForm(forms.Form):
    text = forms.CharField(
        label=_("Message à tous les joueurs qui ont donné leur e-mail"),
        max_length=NOTICE_MAX,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("Un changement d'heure ou de salle, une annulation."),
    )

    def clean_text(self) -> str:
        text = self.cleaned_data["text"].strip()
        for line in text.splitlines():
            one_line_validator(line)
        return text


@refuse_control_characters
class SenderForm(forms.Form):
    """The organizer's club, the sender of every concours's messages."""

    name = OneLineField(label=_("Nom de votre club"), max_length=120)
    reply_to = forms.EmailField(
        label=_("E-mail du club (les réponses des joueurs y arrivent)"),
        max_length=200,
        required=False,
        validators=[one_line_validator],
    )
