"""The extra fields of a team's registration that the installed features
add (tournaments/hooks `REGISTRATION_EXTRAS`): the messages' e-mail
and ticks on the desk's form and as optional columns of a registration
file. The core knows none of them: it adds the fields a feature names,
checks them with the feature's own field and `check`, and gives the
values back to the features (`REGISTRATION_EXTRAS_GIVEN`) in the
registering use-case's transaction.

With no feature installed there is nothing to add: the form and the file
are the core's alone.

Must not: name a feature, keep a value itself (the features do).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.db.models import Model
from django.utils.translation import gettext as _

from tournaments import hooks
from tournaments.models import Team, Tournament

#: A box of a file's column, ticked by these words (as `team_file.TICKED`).
TICKED = {"oui", "o", "x", "1", "yes", "y", "vrai", "true"}
#: A cell of an extra column, at most this long (a longer one is a fault).
MAX_CELL = 200


def _no_fault(values: dict[str, Any]) -> dict[str, str]:
    return {}


@dataclass(frozen=True)
class Extras:
    """What the installed features add to one kind of registration."""

    fields: dict[str, forms.Field] = field(default_factory=dict)
    columns: dict[str, str] = field(default_factory=dict)
    checks: tuple[Callable[[dict[str, Any]], dict[str, str]], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.fields)

    def faults(self, values: dict[str, Any]) -> dict[str, str]:
        found: dict[str, str] = {}
        for check in self.checks:
            found.update(check(values))
        return found


def declared(tournament: Tournament, source: str) -> Extras:
    """The installed features' fields for a registration from `source`
    (« desk », « file », « prereg »)."""
    fields: dict[str, forms.Field] = {}
    columns: dict[str, str] = {}
    checks: list[Callable[[dict[str, Any]], dict[str, str]]] = []
    for part in hooks.announce(hooks.REGISTRATION_EXTRAS, tournament=tournament, source=source):
        fields.update(part.get("fields", {}))
        columns.update(part.get("columns", {}))
        checks.append(part.get("check", _no_fault))
    return Extras(fields, columns, tuple(checks))


def add_to_form(form: forms.Form, extras: Extras) -> None:
    """The features' fields, after the form's own."""
    for name, extra in extras.fields.items():
        form.fields[name] = extra


def check_form(form: forms.Form, extras: Extras) -> None:
    """A step of the form's `clean`: the features' faults next to their
    fields (once each field is well formed: one message at a time)."""
    if any(name in form.errors for name in extras.fields):
        return
    values = {name: form.cleaned_data.get(name) for name in extras.fields}
    for name, message in extras.faults(values).items():
        form.add_error(name if name in form.fields else None, message)


def form_values(form: forms.Form, extras: Extras) -> dict[str, Any]:
    return {name: form.cleaned_data.get(name) for name in extras.fields}


def read_cells(cells: dict[str, str], extras: Extras) -> tuple[dict[str, Any], list[str]]:
    """A file's line's extra columns (`cells`: column → text) read through
    the features' fields: (their values, the line's faults in sentences)."""
    values: dict[str, Any] = {name: extra.initial for name, extra in extras.fields.items()}
    problems: list[str] = []
    for column, name in extras.columns.items():
        extra = extras.fields[name]
        text = cells.get(column, "").strip()[: MAX_CELL + 1]
        if isinstance(extra, forms.BooleanField):
            values[name] = text.casefold() in TICKED
            continue
        if len(text) > MAX_CELL:
            problems.append(
                _("« %(col)s » trop long (%(n)s caractères au plus).")
                % {"col": column, "n": MAX_CELL}
            )
            continue
        try:
            values[name] = extra.clean(text)
        except forms.ValidationError as error:
            problems.extend(
                _("Colonne « %(col)s » : %(message)s") % {"col": column, "message": message}
                for message in error.messages
            )
    if not problems:
        problems.extend(extras.faults(values).values())
    return values, problems


def given(
    *,
    tournament: Tournament,
    values: dict[str, Any] | None,
    source: str,
    team: Team | None = None,
    preregistration: Model | None = None,
) -> None:
    """The values typed in the features' fields, given to them (in the
    caller's transaction); `preregistration`, the calendar's, when it made them."""
    if values:
        hooks.announce(
            hooks.REGISTRATION_EXTRAS_GIVEN,
            tournament=tournament,
            team=team,
            preregistration=preregistration,
            values=values,
            source=source,
        )
