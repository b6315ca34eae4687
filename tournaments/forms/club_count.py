"""The club's count of a coinche asked at the desk, before the first
coinched deal (issue 37 item 3): one choice of marques per question of
display/counts.py, the concours's current count ticked. Must not: decide
which profile the answers make (scoring.examples does)."""

from __future__ import annotations

from typing import Any

from django import forms

import scoring
from tournaments.display import counts


class ClubCountForm(forms.Form):
    def __init__(self, *args: Any, rules: scoring.Rules, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.questions = counts.count_questions(rules)
        self.profile = counts.profile_name(rules)
        for question in self.questions:
            self.fields[question.key] = forms.TypedChoiceField(
                label=question.text,
                choices=[(str(c.marque), c.formula) for c in question.choices],
                coerce=int,
                initial=str(question.initial()),
                widget=forms.RadioSelect,
            )

    def rows(self):
        return [(self[question.key], question) for question in self.questions]

    def answers(self) -> dict[str, int]:
        return {question.key: self.cleaned_data[question.key] for question in self.questions}
