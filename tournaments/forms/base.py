"""What every form shares: a service's refusal put back next to its field,
and the bounds of a model's number field."""

from __future__ import annotations

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models


def apply_service_error(form: forms.Form, error, *, fallback: str | None = None) -> None:
    """Show a service refusal next to its field (or at the top of the form)."""
    field = error.field if error.field in form.fields else fallback
    form.add_error(field if field in form.fields else None, error.message)


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
