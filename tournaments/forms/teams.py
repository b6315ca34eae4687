"""Registering teams and players, by hand or from a file (the file's lines
are read by forms/team_file.py)."""

from __future__ import annotations

import base64
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.domain import avoid
from tournaments.forms.base import OneLineField
from tournaments.forms.prizes import categories_field
from tournaments.services import extras as feature_extras
from tournaments.services import team_file

#: What the box « accepte d'être affiché » means, under it.
SHOWN_HELP = _(
    "Avec son accord seulement : ses concours publics réunis sur une page à son nom, "
    "avec une cote non officielle. Décochée, la page disparaît partout."
)


def shown_field(label) -> forms.BooleanField:
    """The box a player ticks to be shown across concours: off by default."""
    return forms.BooleanField(label=label, required=False, help_text=SHOWN_HELP)


class TeamForm(forms.Form):
    first_name1 = OneLineField(label=_("Prénom joueur 1"), max_length=80)
    last_name1 = OneLineField(label=_("Nom joueur 1"), max_length=80)
    licence1 = OneLineField(label=_("Licence joueur 1"), max_length=30, required=False)
    shown1 = shown_field(_("Joueur 1 accepte d'être affiché (page du joueur, cote)"))
    first_name2 = OneLineField(label=_("Prénom joueur 2"), max_length=80)
    last_name2 = OneLineField(label=_("Nom joueur 2"), max_length=80)
    licence2 = OneLineField(label=_("Licence joueur 2"), max_length=30, required=False)
    shown2 = shown_field(_("Joueur 2 accepte d'être affiché (page du joueur, cote)"))
    club = OneLineField(label=_("Club"), max_length=120, required=False)
    name = OneLineField(label=_("Nom d'équipe (facultatif)"), max_length=120, required=False)

    def __init__(
        self,
        *args: Any,
        categories: list[tuple[int, str]] = (),
        extras: feature_extras.Extras | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        if categories:  # the special rankings a team can be ticked in
            self.fields["categories"] = categories_field(list(categories))
        # The installed features' fields (services/extras.py), after the core's.
        self.extras = extras or feature_extras.Extras()
        feature_extras.add_to_form(self, self.extras)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        feature_extras.check_form(self, self.extras)
        return data

    def extra_values(self) -> dict[str, Any]:
        return feature_extras.form_values(self, self.extras)


class PlayerForm(forms.Form):
    first_name = OneLineField(label=_("Prénom"), max_length=80)
    last_name = OneLineField(label=_("Nom"), max_length=80)
    licence = OneLineField(label=_("Licence"), max_length=30, required=False)
    club = OneLineField(label=_("Club"), max_length=120, required=False)
    shown = shown_field(_("Accepte d'être affiché (page du joueur, cote)"))

    def __init__(self, *args: Any, categories: list[tuple[int, str]] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if categories:  # in a mêlée, the player is ticked
            self.fields["categories"] = categories_field(list(categories))


class ImportForm(forms.Form):
    file = forms.FileField(
        label=_("Fichier CSV"),
        help_text=_(
            "La première ligne nomme les colonnes comme vous les écrivez (« Nom de "
            "l'équipe », « Joueur 1 », « Prénom », « Nom », « Club », « Licence »…) : "
            "l'aperçu montre comment chacune est lue. Vous pouvez importer à nouveau le même "
            "fichier complété : seules les nouvelles équipes sont ajoutées."
        ),
    )

    def clean_file(self):
        """Refused from its size, before a byte of it is read."""
        upload = self.cleaned_data["file"]
        if upload.size > team_file.MAX_BYTES:
            raise forms.ValidationError(
                _("Fichier trop gros (%(size)s Ko, 512 Ko au plus).")
                % {"size": upload.size // 1024}
            )
        return upload


class ImportConfirmForm(forms.Form):
    """The file read at the preview, sent back with the confirmation so
    that the organizer does not choose it again, and what each of its
    columns is (`columns`: header and key as read; `choices`: what a column
    may be). Posted back, its columns are those posted."""

    data = forms.CharField(widget=forms.HiddenInput)

    def __init__(self, *args: Any, columns=(), choices=(), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.is_bound:
            count = sum(1 for name in self.data if name.startswith("column_"))
            columns = [("", "")] * count
        for index, (header, key) in enumerate(columns):
            self.fields[f"column_{index}"] = forms.ChoiceField(
                label=header, choices=choices, initial=key, required=False
            )

    def column_fields(self) -> list:
        return [self[name] for name in self.fields if name.startswith("column_")]

    def chosen(self) -> list[str] | None:
        """The key of each column, as the volunteer left them (None: none posted)."""
        keys = [self.cleaned_data[name] for name in self.fields if name.startswith("column_")]
        return keys or None

    @staticmethod
    def pack(data: bytes) -> str:
        return base64.b64encode(data).decode("ascii")

    def clean_data(self) -> bytes:
        try:
            data = base64.b64decode(self.cleaned_data["data"], validate=True)
        except ValueError as exc:
            raise forms.ValidationError(_("Fichier illisible : choisissez-le à nouveau.")) from exc
        if len(data) > team_file.MAX_BYTES:
            raise forms.ValidationError(_("Fichier trop gros."))
        return data


class ApartForm(forms.Form):
    """The teams a draw keeps apart (issue 54, item 4), from the teams'
    page: the families and couples, one group a field (a new one last,
    where the keyboard is: Enter saves), two teams of one club, and
    whether a rematch comes before such a meeting. Each group names at
    least two of the concours's team numbers."""

    same_club = forms.BooleanField(label=_("Deux équipes du même club"), required=False)
    absolute = forms.BooleanField(
        label=_("Absolu : plutôt une revanche qu'une rencontre à éviter"),
        required=False,
        help_text=_(
            "Sans cette case, c'est une préférence : le tirage évite d'abord les revanches, "
            "puis ces rencontres."
        ),
    )

    def __init__(self, *args: Any, tournament, **kwargs: Any) -> None:
        kwargs.setdefault(
            "initial",
            {"same_club": tournament.avoid_same_club, "absolute": tournament.avoid_absolute},
        )
        super().__init__(*args, **kwargs)
        self.numbers = set(tournament.teams.values_list("number", flat=True))
        lines = [line for line in tournament.avoid_groups.splitlines() if line.strip()]
        for index, line in enumerate(lines):
            self.fields[f"group_{index}"] = OneLineField(
                label=format_lazy(_("Groupe {n}"), n=index + 1),
                initial=line,
                required=False,
                max_length=200,
            )
        self.fields["new"] = OneLineField(
            label=_("Nouveau groupe"),
            required=False,
            max_length=200,
            help_text=_(
                "Un nom si vous voulez, deux-points, puis les numéros des équipes qui ne "
                "doivent pas se rencontrer : « Famille Martin : 3, 12, 15 ». Videz un groupe "
                "pour l'enlever."
            ),
            widget=forms.TextInput(attrs={"autofocus": True}),
        )
        self.order_fields([*(f"group_{i}" for i in range(len(lines))), "new"])

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for name in self.group_names():
            try:
                avoid.groups(data.get(name) or "", self.numbers)
            except avoid.GroupError as error:
                if error.code == "unknown":
                    self.add_error(
                        name, _("Aucune équipe n'a le numéro %(n)s.") % {"n": error.number}
                    )
                else:
                    self.add_error(name, _("Donnez au moins deux numéros d'équipes."))
        return data

    def group_names(self) -> list[str]:
        return [name for name in self.fields if name.startswith("group_") or name == "new"]

    def groups_text(self) -> str:
        """The groups, one a line, the emptied ones left out."""
        lines = (self.cleaned_data.get(name, "").strip() for name in self.group_names())
        return "\n".join(line for line in lines if line)[: avoid.MAX_TEXT]
