"""The optional features' options (models/options.py): the core declares
every column once (the model's, the backup's); each feature — the core's
own, and an installed package's from its `ready()` — declares how the
tournament's « Options » fieldset asks its options and its name on the
dashboard."""

from __future__ import annotations

import pytest
from django.db import models
from django.utils import translation

from tournaments.display.labels import options_summary
from tournaments.features.cash import forms as cash_forms
from tournaments.features.clock import forms as clock_forms
from tournaments.features.door import forms as door_forms
from tournaments.forms.tournament import TournamentForm
from tournaments.models import Tournament
from tournaments.models import options as declared
from tournaments.models.options import (
    COLUMNS,
    FEATURES,
    STORED,
    SWITCHES,
    Feature,
    Option,
    asked,
    features,
)
from tournaments.services.backup.document import OPTIONAL_TOURNAMENT_FIELDS

#: The features the packages register: their options leave the core's declarations.
PACKAGES = (cash_forms.OPTIONS, clock_forms.OPTIONS, door_forms.OPTIONS)


def test_every_column_is_the_tournaments_with_a_default() -> None:
    """A feature's switch is a label in `Tournament.features`, read and set
    as a box (SWITCHES); every other option is a column of its own."""
    for name, column in COLUMNS.items():
        if name in SWITCHES:
            assert isinstance(getattr(Tournament, name), property), name
            assert not column.default and getattr(Tournament(), name) is False, name
            continue
        field = Tournament._meta.get_field(name)
        assert field is column
        assert field.has_default() or field.null, name


@pytest.mark.parametrize(("name", "label"), sorted(SWITCHES.items()))
def test_a_switch_is_its_features_label(name, label) -> None:
    tournament = Tournament(features=["other"])
    setattr(tournament, name, True)
    assert tournament.features == sorted(["other", label]) and getattr(tournament, name)
    setattr(tournament, name, False)
    assert tournament.features == ["other"] and not getattr(tournament, name)


def test_the_options_the_type_checker_reads_are_options_of_their_type() -> None:
    """The option columns annotated on `Tournament` for mypy (added below the
    class, so mypy cannot see them) name declared columns, with the column's
    type: a renamed option fails here, not in production."""
    kinds = {"bool": models.BooleanField, "str": models.TextField}
    assert Tournament.__annotations__
    for name, hint in Tournament.__annotations__.items():
        assert type(COLUMNS[name]) is kinds[hint], name


def test_every_column_is_asked_by_one_feature_and_the_packages_register_theirs() -> None:
    """The feature packages' options are theirs, not the core's."""
    for package in PACKAGES:
        assert package in features() and package not in FEATURES
    names = [o.name for feature in features() for o in feature.options]
    assert sorted(names) == sorted(set(names))
    assert set(names) <= set(COLUMNS)
    core = {o.name for feature in FEATURES for o in feature.options}
    assert not core & {"cash_enabled", "clock_enabled", "check_in_enabled", "fee_basis"}


def test_the_form_asks_every_option_in_the_order_of_the_columns_with_its_label() -> None:
    """Every option but those set where they are used (the teams a draw
    keeps apart: the teams' page, issue 54 item 4)."""
    form = TournamentForm()
    order = list(COLUMNS)
    names = {o.field_name for o in asked()}
    assert [name for name in form.fields if name in names] == [o.field_name for o in asked()]
    assert [order.index(o.name) for o in asked()] == sorted(order.index(o.name) for o in asked())
    assert "avoid_enabled" not in form.fields and "entry_fee" in form.fields
    for option in asked():
        assert form.fields[option.field_name].label == option.label
        assert form.fields[option.field_name].help_text == option.help
        assert form.fields[option.field_name].required is False


def test_a_feature_may_ask_only_a_free_column() -> None:
    taken = Feature("caisse", (Option("cash_enabled", "Caisse"),))
    unknown = Feature("rien", (Option("no_such_column", "Rien"),))
    for feature in (taken, unknown):
        with pytest.raises(ValueError, match="not free columns"):
            declared.register(feature)
    assert taken not in features() and unknown not in features()


def test_the_backup_carries_every_column() -> None:
    assert set(STORED) | {"features"} <= set(OPTIONAL_TOURNAMENT_FIELDS)


@pytest.mark.django_db
def test_the_dashboard_names_the_features_turned_on(make_tournament) -> None:
    tournament = make_tournament()
    assert options_summary(tournament) == ""
    tournament.cash_enabled = True
    tournament.clock_enabled = True
    tournament.avoid_enabled = True
    assert options_summary(tournament) == (
        "Options : caisse, chrono et horaires, rencontres à éviter au tirage"
    )
    with translation.override("en"):
        assert options_summary(tournament).startswith("Options: ")


def test_each_feature_is_switched_by_a_box() -> None:
    for feature in features():
        assert isinstance(feature, Feature)
        assert feature.options[0].ask in ("switch", "elsewhere")
        assert isinstance(feature.options[0].column, models.BooleanField)
