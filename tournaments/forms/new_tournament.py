"""The « Nouveau tournoi » form (issue 38 item 8): the first screen asks only
what a concours needs — its name, date, place, game, parties and deals —
and, for a coinche or a contrée, how the club counts a coinche, asked by
example (issue 37 item 3: « Une coinche chutée à 90 : combien pour la
défense ? » with « 500 » and « 340 », marked by the engine).

Every other setting of the tournament's form takes its default, in force at
once and changed afterwards on the tournament's settings page; a post that
names one (an older form, a script) is still honoured. Must not: word a
question or compute a marque (display/counts.py and the engine do)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _

import scoring
from scoring import examples
from scoring.options import OPTIONS_BY_NAME
from tournaments.display import counts
from tournaments.forms.tournament import TournamentForm

FIRST_FIELDS = ("name", "date", "venue", "preset", "parties", "end_deals")


def count_field_name(preset: str, key: str) -> str:
    return f"count_{preset}_{key}"


class NewTournamentForm(TournamentForm):
    """A new tournament: the first screen's fields, the club's count of the
    chosen preset, every other field at its default unless posted."""

    def __init__(self, data: Any = None, *args: Any, **kwargs: Any) -> None:
        super().__init__(data, *args, **kwargs)
        self.fields["preset"].help_text = ""
        self.count_blocks: list[tuple[str, counts.CountForm]] = []
        self.own_rows: dict[str, list[tuple[str, tuple[counts.OwnChoice, ...]]]] = {}
        for preset in scoring.PRESETS:
            block = counts.count_form(scoring.Rules.from_preset(preset))
            for question in block.questions:
                self.fields[count_field_name(preset, question.key)] = forms.TypedChoiceField(
                    label=question.text,
                    choices=[(str(c.marque), c.label()) for c in question.choices],
                    coerce=int,
                    required=False,
                    initial=str(question.initial()),
                    widget=forms.RadioSelect,
                )
            if block.questions:
                self.count_blocks.append((preset, block))
            for key, text, choices in counts.own_questions(scoring.Rules.from_preset(preset)):
                self.fields[count_field_name(preset, key)] = forms.ChoiceField(
                    label=text,
                    choices=[(c.value, c.label) for c in choices],
                    required=False,
                    initial=next(c.value for c in choices if c.preset),
                    widget=forms.RadioSelect,
                )
                self.own_rows.setdefault(preset, []).append((key, choices))
            if counts.capot_value_question(scoring.Rules.from_preset(preset)) is not None:
                self.fields[count_field_name(preset, "capot_value")] = forms.ChoiceField(
                    label=counts.CAPOT_VALUE_TEXT,
                    choices=[(str(v), str(v)) for v in OPTIONS_BY_NAME["capot_value"].values],
                    required=False,
                    initial=str(scoring.PRESETS[preset].capot_value),
                    widget=forms.RadioSelect,
                )
        if data is not None:
            self.data = self._with_defaults(data)

    def _with_defaults(self, data: Any) -> Any:
        """The post, each setting the first screen does not show at its
        default when the post does not name it."""
        filled = data.copy()
        # A post that names its criteria names them all: its places left
        # out are blanks, not the default's.
        named_criteria = any(name.startswith("criterion_") for name in data)
        for name, field in self.fields.items():
            if name in data or name in FIRST_FIELDS or name.startswith("count_"):
                continue
            if named_criteria and name.startswith("criterion_"):
                continue
            value = self.get_initial_for_field(field, name)
            if isinstance(field, forms.BooleanField):
                if value:
                    filled[name] = "on"
                continue
            if value in (None, "") and isinstance(field, forms.ChoiceField) and field.required:
                value = field.choices[0][0]
            if value not in (None, ""):
                filled[name] = str(value)
        return filled

    def refused_settings(self):
        """The settings the first screen does not show that a post named
        and the form refused: shown with their message, to be corrected."""
        return [
            self[name]
            for name in self.errors
            if name in self.fields and name not in FIRST_FIELDS and not name.startswith("count_")
        ]

    def _posted_answers(self, preset: str) -> dict[str, int]:
        """The marques posted for ``preset``'s questions (none unbound)."""
        chosen = {}
        for key in examples.QUESTIONS_BY_KEY:
            value = self.data.get(count_field_name(preset, key)) if self.is_bound else None
            if value not in (None, "") and str(value).isdigit():
                chosen[key] = int(value)
        return chosen

    def count_sections(self):
        """Per preset that asks: (preset, the name of the profile its
        answers make, the path as JSON, [(bound field, question, whether
        the answers ask it, the marques it offers on their path)] for the
        questions shown, the same for the folded ones (display/counts.py,
        FOLDED), and whether to unfold them: an answer there differs from
        the rules in force, or is refused)."""
        sections = []
        for preset, block in self.count_blocks:
            rules = scoring.Rules.from_preset(preset)
            chosen = self._posted_answers(preset)
            profile, _, conflicts = examples.walk(rules, chosen)
            on_path = {q.key: q for q in counts.count_questions(rules, chosen)}
            rows = [
                (
                    self[count_field_name(preset, q.key)],
                    q,
                    q.key in on_path,
                    {str(c.marque) for c in on_path[q.key].choices} if q.key in on_path else set(),
                )
                for q in block.questions
            ]
            name = "" if conflicts else counts.profile_name(profile)
            folded = [row for row in rows if row[1].key in counts.FOLDED]
            opened = any(
                row[0].errors
                or (row[2] and chosen.get(row[1].key, row[1].initial()) != row[1].initial())
                for row in folded
            )
            other = [row for row in rows if row[1].key in counts.OTHER]
            other_opened = any(
                row[0].errors
                or (row[2] and chosen.get(row[1].key, row[1].initial()) != row[1].initial())
                for row in other
            )
            rare = (*counts.FOLDED, *counts.OTHER)
            shown = [row for row in rows if row[1].key not in rare]
            # The questions asked on their own: each radio with its choice; an answer
            # other than the rules in force is said after the profile's name.
            own, said = [], []
            for key, choices in self.own_rows.get(preset, []):
                field = self[count_field_name(preset, key)]
                own.append((field, list(zip(field, choices, strict=True))))
                said += [c.said for c in choices if c.value == field.value() and c.said]
                other_opened = other_opened or bool(field.errors)
            # The capot's value (X4): its example is the one the answers sent make (counts.js
            # follows the answers); where it changes no marque, the page says so.
            capot = counts.capot_value_question(profile)
            by_path = []
            if capot is not None and count_field_name(preset, "capot_value") in self.fields:
                field = self[count_field_name(preset, "capot_value")]
                by_path.append((field, capot[0], list(zip(field, capot[1], strict=True))))
                said += [c.said for c in capot[1] if c.value == field.value() and c.said]
                other_opened = other_opened or bool(field.errors)
            other_opened = other_opened or bool(said)
            name = ", ".join([name, *said]) if name else name
            sections.append(
                (preset, name, block.tree, shown, folded, opened, other, other_opened, own, by_path)
            )
        return sections

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        self._counted: dict[str, Any] = {}
        preset = data.get("preset")
        if preset not in scoring.PRESETS:
            return data
        self._counted.update(self._own_answers(preset, data))
        chosen = {
            key: data[name]
            for key in examples.QUESTIONS_BY_KEY
            if (name := count_field_name(preset, key)) in self.fields
            and data.get(name) not in (None, "")
        }
        if not chosen:
            return data
        try:
            base = scoring.Rules.from_preset(preset, **super().overrides())
        except scoring.ScoringError:
            return data  # the service says what is wrong with the options
        rules, conflicts = examples.profile_for(base, chosen)
        for key in conflicts:
            self.add_error(
                count_field_name(preset, key),
                _(
                    "Aucun compte ne donne cette marque avec les réponses précédentes : "
                    "changez l'une d'elles."
                ),
            )
        self._counted.update(
            (option, value)
            for option, value in rules.options().items()
            if value != getattr(base, option)
        )
        return data

    def _own_answers(self, preset: str, data: dict[str, Any]) -> dict[str, Any]:
        """The options the questions asked on their own set (la générale, the
        capot's value)."""
        found = {}
        keys = [key for key, _choices in self.own_rows.get(preset, [])]
        for key in [*keys, "capot_value"]:
            if count_field_name(preset, key) not in self.fields:
                continue
            own = examples.ON_THEIR_OWN_BY_KEY.get(key)
            option = own.option if own else key
            posted = data.get(count_field_name(preset, key))
            value = next((v for v in OPTIONS_BY_NAME[option].values if str(v) == posted), None)
            if value is not None and value != getattr(scoring.PRESETS[preset], option):
                found[option] = value
        return found

    def overrides(self) -> dict[str, Any]:
        return {**self._counted, **super().overrides()}
