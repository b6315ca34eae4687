"""The optional features declare their options once (models/options.py):
the model's columns, the tournament form's « Options » fieldset, the
backup's optional fields and the dashboard's summary all come from it."""

from __future__ import annotations

import pytest
from django.db import models
from django.utils import translation

from tournaments.display.labels import options_summary
from tournaments.forms.tournament import TournamentForm
from tournaments.models import Tournament
from tournaments.models.options import FEATURES, OPTIONS, Feature
from tournaments.services.backup.document import OPTIONAL_TOURNAMENT_FIELDS


def test_every_option_is_a_column_of_the_tournament_with_its_declared_default() -> None:
    for option in OPTIONS:
        field = Tournament._meta.get_field(option.name)
        assert field is option.column
        assert field.has_default() or field.null, option.name


def test_the_options_the_type_checker_reads_are_options_of_their_type() -> None:
    """The option columns annotated on `Tournament` for mypy (added below the
    class, so mypy cannot see them) name declared options, with the column's
    type: a renamed option fails here, not in production."""
    kinds = {"bool": models.BooleanField, "str": models.TextField}
    declared = {o.name: o.column for o in OPTIONS}
    assert Tournament.__annotations__
    for name, hint in Tournament.__annotations__.items():
        assert type(declared[name]) is kinds[hint], name


def test_the_form_asks_every_option_in_the_declared_order_with_its_label() -> None:
    """Every option but those set where they are used (the teams a draw
    keeps apart: the teams' page, issue 54 item 4)."""
    form = TournamentForm()
    here = [o for o in OPTIONS if o.field_name not in TournamentForm.ELSEWHERE]
    assert [f.name for f in form.option_fields()] == [o.field_name for o in here]
    for option in here:
        assert form.fields[option.field_name].label == option.label
        assert form.fields[option.field_name].help_text == option.help
        assert form.fields[option.field_name].required is False


def test_the_backup_carries_every_option() -> None:
    assert {o.name for o in OPTIONS} <= set(OPTIONAL_TOURNAMENT_FIELDS)


@pytest.mark.django_db
def test_the_dashboard_names_the_features_turned_on(make_tournament) -> None:
    tournament = make_tournament()
    assert options_summary(tournament) == ""
    tournament.cash_enabled = True
    tournament.clock_enabled = True
    assert options_summary(tournament) == "Options : caisse, chrono et horaires"
    with translation.override("en"):
        assert options_summary(tournament).startswith("Options: ")


def test_each_feature_is_switched_by_a_box() -> None:
    for feature in FEATURES:
        assert isinstance(feature, Feature)
        assert feature.options[0].ask == "switch"
        assert isinstance(feature.options[0].column, models.BooleanField)
