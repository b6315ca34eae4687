"""How one row of a backup is read: each field of the right JSON type,
then cleaned by its model field (lengths, choices, bounds: the validators
the forms share), and each reference to an id among the rows of the same
file. Must not: touch the database, or know what a section means
(checks.py does).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, overload

from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.services.backup.document import MAX_ROWS, SECTIONS, refusal, refusal_at

_KIND_WORDS = {
    "int": gettext_lazy("un nombre entier est attendu"),
    "bool": gettext_lazy("vrai ou faux est attendu"),
    "str": gettext_lazy("un texte est attendu"),
    "date": gettext_lazy("une date (texte AAAA-MM-JJ) est attendue"),
}


def _kind(field: models.Field[Any, Any]) -> str | None:
    if isinstance(field, models.BooleanField):
        return "bool"
    if isinstance(field, (models.IntegerField, models.ForeignKey)):
        return "int"
    if isinstance(field, models.DateField):
        return "date"
    if isinstance(field, models.CharField | models.TextField):
        return "str"
    return None  # JSON: checked where it is read


def _has_kind(value: Any, kind: str) -> bool:
    if kind == "int":
        return type(value) is int
    if kind == "bool":
        return type(value) is bool
    return isinstance(value, str)


def place(section: str, index: int | None = None) -> str:
    """« équipes, élément 3 »: a row by its place in its section."""
    if index is None:
        return str(SECTIONS[section])
    return _("%(section)s, élément %(n)s") % {"section": SECTIONS[section], "n": index + 1}


#: Names of fields whose model gives none worth showing.
FIELD_LABELS = {
    "round": gettext_lazy("partie"),
    "table": gettext_lazy("table"),
    "at": gettext_lazy("date et heure"),
}


def field_label(model: type[models.Model], name: str) -> str:
    name = name.removesuffix("_id")
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field)  # a column, named by this code or Django's cleaning
    return str(FIELD_LABELS.get(name) or field.verbose_name)


def clean_row(
    model: type[models.Model],
    row: Any,
    fields: tuple[str, ...],
    where: str,
    *,
    optional: tuple[str, ...] = (),
) -> dict[str, Any]:
    """`row`'s `fields`, each of the right JSON type then cleaned by its
    model field (lengths, choices, bounds); references (`…_id`) are only
    typed here. Refused with the place and the field at fault."""
    if not isinstance(row, dict):
        raise refusal_at(where, _("un objet est attendu"))
    values: dict[str, Any] = {}
    for name in fields:
        if name not in row:
            if name in optional:
                continue
            raise refusal_at(where, _("il manque « %(key)s »") % {"key": name})
        values[name] = row[name]
    for name, value in values.items():
        field = model._meta.pk if name == "id" else model._meta.get_field(name.removesuffix("_id"))
        assert isinstance(field, models.Field)  # `fields` names the model's columns
        if value is None and field.null:
            continue
        kind = _kind(field)
        if kind is not None and not _has_kind(value, kind):
            label = _("identifiant") if name == "id" else field_label(model, name)
            raise refusal_at(f"{where}, {label}", _KIND_WORDS[kind])
    instance = model(**{k: v for k, v in values.items() if k != "id"})
    try:
        instance.clean_fields(
            exclude={
                f.name
                for f in model._meta.fields
                if f.is_relation
                or f.attname not in values
                or (f.null and values[f.attname] is None)  # None is what the column holds
            }
        )
    except ValidationError as exc:
        name, messages = next(iter(exc.message_dict.items()))
        raise refusal_at(f"{where}, {field_label(model, name)}", messages[0]) from exc
    return {k: (v if k == "id" else getattr(instance, k)) for k, v in values.items()}


def check_rows(
    rows: list[Any],
    section: str,
    model: type[models.Model],
    fields: tuple[str, ...],
    *,
    optional: tuple[str, ...] = (),
) -> list[dict[str, Any]]:
    cleaned = [
        clean_row(model, row, fields, place(section, i), optional=optional)
        for i, row in enumerate(rows)
    ]
    if "id" in fields:
        for row_id, count in Counter(r["id"] for r in cleaned).items():
            if count > 1:
                raise refusal_at(
                    place(section), _("l'identifiant %(id)s est en double") % {"id": row_id}
                )
    return cleaned


def ids(rows: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    return {row["id"]: row for row in rows}


type Ids = Mapping[int, dict[str, Any]]


@overload
def ref(
    row: dict[str, Any], name: str, ids: Ids, where: str, model: type[models.Model]
) -> dict[str, Any]: ...
@overload
def ref(
    row: dict[str, Any], name: str, ids: Ids, where: str, model: type[models.Model], *, null: bool
) -> dict[str, Any] | None: ...
def ref(
    row: dict[str, Any],
    name: str,
    ids: Ids,
    where: str,
    model: type[models.Model],
    *,
    null: bool = False,
) -> dict[str, Any] | None:
    value = row[name]
    if value is None and null:
        return None
    label = f"{where}, {field_label(model, name)}"
    if type(value) is not int:
        raise refusal_at(label, _("un identifiant (nombre entier) est attendu"))
    if value not in ids:
        raise refusal_at(
            label, _("l'identifiant %(id)s ne renvoie à rien dans le fichier") % {"id": value}
        )
    return ids[value]


def unique(
    rows: list[dict[str, Any]], section: str, key: Callable[[dict[str, Any]], object], message: str
) -> None:
    seen: set[object] = set()
    for i, row in enumerate(rows):
        value = key(row)
        if value in seen:
            number = value[-1] if isinstance(value, tuple) else value
            raise refusal_at(place(section, i), message % {"n": number})
        seen.add(value)


def section(rows: Any, name: str, *, limit: int | None = None) -> list[Any]:
    """The rows of section `name`: a list of at most `limit` (its
    MAX_ROWS) rows, else the refusal."""
    limit = MAX_ROWS[name] if limit is None else limit
    if not isinstance(rows, list):
        raise refusal(_("« %(key)s » doit être une liste") % {"key": name})
    if len(rows) > limit:
        values = {"key": SECTIONS.get(name, name), "n": len(rows), "max": limit}
        if name == "changes":
            raise refusal(
                _(
                    "trop de lignes dans « %(key)s » : %(n)s, au plus %(max)s (un concours de "
                    "128 équipes en 8 parties de 12 donnes en écrit environ 8 000)"
                )
                % values
            )
        raise refusal(
            _(
                "trop de lignes dans « %(key)s » : %(n)s, au plus %(max)s (bien plus "
                "qu'aucun concours)"
            )
            % values
        )
    return rows


def moment(value: Any, where: str) -> datetime:
    """A time of the file (cleaned by its field), in the server's zone when
    it names none."""
    if not isinstance(value, datetime):
        raise refusal_at(where, _("une date et une heure sont attendues"))
    return value if timezone.is_aware(value) else timezone.make_aware(value)


#: A team's code as the hall writes it on its stick (infra/journal/sealing:
#: hidden with the hall's key); restored, it is drawn again.
HIDDEN_CODE = "§"
#: Of `CODE_DIGITS` characters, not digits: drawn again by the model.
NOT_A_CODE = "--------"


def codes_hidden_on_the_stick(rows: list[Any], names: tuple[str, ...], drop: bool) -> None:
    """A file the hall wrote on its stick carries the teams' codes hidden:
    they are drawn again (dropped, or a value that is not a code)."""
    for row in rows:
        for name in names:
            value = row.get(name) if isinstance(row, dict) else None
            if isinstance(value, str) and value.startswith(HIDDEN_CODE):
                if drop:
                    del row[name]
                else:
                    row[name] = NOT_A_CODE
