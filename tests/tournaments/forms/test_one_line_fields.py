"""One-line fields refuse control characters next to the field (issue 35,
item 8): a concours name with a line break broke its calendar file.

Every text field of the forms typed on one line (a text input, not a
textarea, a password or a hidden field) carries `one_line_validator`,
but the score cells of the deal grid (parsed into numbers, never kept as
text); the refusal is said in French and in English, and what a field
holds on one line (accents, apostrophes, the suit signs, a non-breaking
space, an emoji) is kept."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import pkgutil

import pytest
from django import forms
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

import tournaments.forms
from tournaments.domain.one_line import controls_in, flatten, flatten_lines
from tournaments.features import installed
from tournaments.features.calendar.forms import AnnounceForm, PreRegistrationForm
from tournaments.forms.base import _is_one_line, one_line_validator

#: Fields typed on one line that are read as something else than a text.
PARSED = {
    ("DealForm", name)
    for name in ("taker", "trump", "bid", "coinche", "belote", "capot", "announce_a", "announce_b")
}


def _form_modules() -> list:
    """The core's forms modules and every installed feature's forms."""
    names = [
        f"tournaments.forms.{info.name}"
        for info in pkgutil.iter_modules(tournaments.forms.__path__)
    ]
    for config in installed():
        if importlib.util.find_spec(config.name + ".forms") is not None:
            names.append(config.name + ".forms")
    return [importlib.import_module(name) for name in names]


def _form_classes() -> list[type[forms.BaseForm]]:
    found = []
    for module in _form_modules():
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, forms.BaseForm) and value.__module__ == module.__name__:
                found.append(value)
    return found


def test_every_one_line_text_field_refuses_control_characters():
    missing, checked = [], 0
    for form in _form_classes():
        for name, field in form.base_fields.items():
            if not _is_one_line(field) or (form.__name__, name) in PARSED:
                continue
            checked += 1
            if one_line_validator not in field.validators:
                missing.append(f"{form.__module__}.{form.__name__}.{name}")
    assert checked >= 40
    assert missing == [], missing


@pytest.mark.parametrize(
    "typed",
    [
        "Concours de Noël\r\nX-INJECTED:oui",
        "Saut\nde ligne",
        "Chariot\rseul",
        "Tab\tulation",
        "Cloche\x07",
        "Échap\x1b[31m",
        "Suppr\x7f",
        "C1\x85milieu",
        "Séparateur\u2028de ligne",
        "Paragraphe\u2029suite",
        "Retourné \u202etnopuD",
        "Isolé \u2066x\u2069",
    ],
)
@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("fr", "Ce champ tient sur une seule ligne"),
        ("en", "This field holds a single line"),
    ],
)
def test_a_control_character_is_refused_next_to_the_field(typed, language, message):
    data = {"name": typed, "date": "2031-05-01", "start_time": "14:00", "hall": "Salle"}
    with translation.override(language):
        form = AnnounceForm(data)
        assert not form.is_valid()
        assert message in " ".join(form.errors["name"])


@pytest.mark.parametrize(
    "typed",
    [
        "Jean-Noël D'Artagnan",
        "Zoë O’Brien",
        "Les As de ♠ ♥ ♦ ♣",
        "10\u00a0€ la partie",
        "Équipe 👩\u200d👩\u200d👧",
        "  espaces autour  ",
    ],
)
def test_what_a_line_holds_is_kept(typed):
    form = PreRegistrationForm(
        {
            "first_name1": typed,
            "last_name1": "Lefèvre",
            "first_name2": "Jérôme",
            "last_name2": "Bérard",
            "email": "equipe@example.org",
        }
    )
    assert form.is_valid(), form.errors
    assert form.cleaned_data["first_name1"] == typed.strip()


@pytest.mark.parametrize(
    ("text", "controls", "flat"),
    [
        ("Saint-Éloi", [], "Saint-Éloi"),
        ("a\r\nb", ["\r", "\n"], "a b"),
        ("a\t\tb", ["\t"], "a b"),
        ("\x01début", ["\x01"], "début"),
        ("fin\x7f", ["\x7f"], "fin"),
        ("a\u2028b\u2029c", ["\u2028", "\u2029"], "a b c"),
        ("\u202egauche", ["\u202e"], "gauche"),
        ("a\u00a0b", [], "a\u00a0b"),
        ("a  b", [], "a b"),
    ],
)
def test_controls_and_their_flattening(text, controls, flat):
    assert controls_in(text) == controls
    assert flatten(text) == flat


def test_lines_of_a_text_are_flattened_one_by_one():
    assert flatten_lines("Jambons\r\n\r\nBons\x01d'achat\rCanards") == [
        "Jambons",
        "Bons d'achat",
        "Canards",
    ]


@given(st.text(max_size=60))
def test_a_flattened_text_holds_no_control_and_keeps_every_other_character(text):
    flat = flatten(text)
    assert controls_in(flat) == [] and flatten(flat) == flat
    kept = [c for c in text if c != " " and c not in controls_in(text)]
    assert [c for c in flat if c != " "] == kept
