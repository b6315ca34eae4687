"""What every form shares: a service's refusal put back next to its field
(`refusal_on`, in a block), the bounds of a model's number field, and the
one-line text field (a name, a hall, a town) that refuses control
characters next to the field.

Every one-line text field of the forms is a `OneLineField` (or carries
`one_line_validator`): tests/tournaments/forms/test_one_line_fields.py
walks the forms and says which is not."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.domain.one_line import controls_in
from tournaments.services.errors import TournamentError


def apply_service_error(form: forms.Form, error, *, fallback: str | None = None) -> None:
    """Show a service refusal next to its field (or at the top of the form)."""
    field = error.field if error.field in form.fields else fallback
    form.add_error(field if field in form.fields else None, error.message)


@contextmanager
def refusal_on(form: forms.Form, *, fallback: str | None = None) -> Iterator[None]:
    """A service's refusal (`TournamentError`) in the block is shown next to
    its field (`apply_service_error`), the rest of the block skipped."""
    try:
        yield
    except TournamentError as error:
        apply_service_error(form, error, fallback=fallback)


def model_bounds(model: type[models.Model], name: str) -> dict[str, int]:
    """The `min_value` and `max_value` of a model's number field, so that a
    form accepts exactly what the model (and a restored backup) holds."""
    bounds = {}
    for validator in model._meta.get_field(name).validators:
        if isinstance(validator, MinValueValidator):
            bounds["min_value"] = validator.limit_value
        elif isinstance(validator, MaxValueValidator):
            bounds["max_value"] = validator.limit_value
    return bounds


def one_line_validator(value: str) -> None:
    """Refuses a line break, a tab or another control character in a
    one-line field (tournaments.domain.one_line)."""
    if value and controls_in(value):
        raise ValidationError(
            _(
                "Ce champ tient sur une seule ligne : retirez les retours à la ligne, "
                "tabulations et autres caractères invisibles."
            ),
            code="control_characters",
        )


class OneLineField(forms.CharField):
    """A text on one line: what a CharField accepts, less control characters."""

    default_validators = [one_line_validator]


def refuse_control_characters(form_class: type[forms.BaseForm]) -> type[forms.BaseForm]:
    """A form class (a ModelForm's generated fields included) whose every
    one-line text field refuses control characters."""
    for field in form_class.base_fields.values():
        if _is_one_line(field) and one_line_validator not in field.validators:
            field.validators.append(one_line_validator)
    return form_class


def _is_one_line(field: forms.Field) -> bool:
    return (
        isinstance(field, forms.CharField)
        and type(field.widget) in (forms.TextInput, forms.EmailInput, forms.URLInput)
        and not isinstance(field.widget, forms.PasswordInput)
    )
