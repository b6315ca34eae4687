"""The club's count of a coinche asked at the desk, before the first
coinched deal (issue 37 item 3): one choice of marques per question of
display/counts.py a table asks (a count of a coinched deal or of a capot
bid), the concours's current count ticked; a question an answer opens (the
defence's marque once the takers' is multiplied) is asked once the answer
is saved. Must not: decide which profile the answers make
(scoring.examples does)."""

from __future__ import annotations

from typing import Any

from django import forms

import scoring
from tournaments.display import counts


class ClubCountForm(forms.Form):
    def __init__(self, *args: Any, rules: scoring.Rules, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.questions = counts.count_questions(rules, desk=True)
        self.profile = counts.profile_name(rules)
        for question in self.questions:
            self.fields[question.key] = forms.TypedChoiceField(
                label=question.text,
                choices=[(str(c.marque), c.label()) for c in question.choices],
                coerce=int,
                required=False,  # not answered: the count in force
                initial=str(question.initial()),
                widget=forms.RadioSelect,
            )

    def rows(self):
        return [(self[question.key], question) for question in self.questions]

    def answers(self) -> dict[str, int]:
        return {
            q.key: self.cleaned_data[q.key]
            for q in self.questions
            if self.cleaned_data.get(q.key) not in (None, "")
        }
