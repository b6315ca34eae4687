"""A club's count asked by example (issue 37), in the club's words: « Une
coinche chutée à 90 : combien pour la défense ? » with « 500 » and « 340 »,
each answer with the marque and the formula the engine gives its typical
deal (scoring.examples), never written by hand; and the profile the answers
make, named by its preset when they match one.

Responsible for: the questions' words, each choice's figure and formula,
the profile's name. Must not: decide a marque (the engine does) or which
values a club may pick (the options do)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import scoring
from scoring import examples
from tournaments.display.explain import marque_formula
from tournaments.display.rules import option_value_label, preset_label

QUESTION_TEXTS = {
    "coinche_chute": _("Une coinche chutée à 90 : combien pour la défense ?"),
    "coinche_made": _(
        "Une coinche réussie à 90, avec 100 points faits : combien pour les preneurs ?"
    ),
    "capot_bid_failed": _(
        "Un capot demandé et manqué, avec 130 points faits : combien pour la défense ?"
    ),
}


@dataclass(frozen=True)
class Choice:
    """One answer: the marque, how it is made, and whether it is the
    preset's own count (« comme la FFB »)."""

    marque: int
    formula: str
    preset: bool


@dataclass(frozen=True)
class CountQuestion:
    key: str
    text: str
    choices: tuple[Choice, ...]

    def initial(self) -> int:
        return next(choice.marque for choice in self.choices if choice.preset)


def count_questions(rules: scoring.Rules) -> list[CountQuestion]:
    """The questions whose answers differ under ``rules``' counting (none in
    classic belote nor at contrée points annoncés), each choice marked as
    the engine marks the question's typical deal; the preset's own count is
    the one ``rules`` already plays."""
    found = []
    for question in examples.questions_for(rules):
        offered = examples.distinct_answers(rules, question.key)
        if not offered:
            continue
        current = next(a.marque for a in examples.answers(rules, question.key) if a.rules == rules)
        choices = tuple(
            Choice(
                answer.marque,
                marque_formula(question.deal, answer.rules, question.side),
                answer.marque == current,
            )
            for answer in offered
        )
        found.append(CountQuestion(question.key, str(QUESTION_TEXTS[question.key]), choices))
    return found


def profile_name(rules: scoring.Rules) -> str:
    """« Coinche FFB, version 1 » when the options are a preset's, else
    « Coinche FFB, compte du club : contrat seul multiplié »."""
    match = rules.preset_match()
    if match is not None:
        return gettext("%(preset)s, version %(version)s") % {
            "preset": preset_label(match[0]),
            "version": match[1],
        }
    asked = dict.fromkeys(q.option for q in examples.questions_for(rules))
    base = scoring.PRESET_VERSIONS[rules.preset][rules.version]
    changed = [
        option_value_label(option, getattr(rules, option))
        for option in asked
        if getattr(rules, option) != getattr(base, option)
    ]
    if not changed or len(changed) < len(rules.overrides()):
        return gettext("%(preset)s, règles du club") % {"preset": preset_label(rules.preset)}
    return gettext("%(preset)s, compte du club : %(count)s") % {
        "preset": preset_label(rules.preset),
        "count": ", ".join(changed),
    }


def answer_profiles(rules: scoring.Rules) -> dict[str, str]:
    """For each set of answers to :func:`count_questions` (their marques
    joined by « | », in order), the name of the profile they make, or ""
    when no count gives them together: what the form says as the
    organizer answers."""
    questions = count_questions(rules)
    found = {}
    for combo in itertools.product(*(question.choices for question in questions)):
        chosen = {q.key: choice.marque for q, choice in zip(questions, combo, strict=True)}
        profile, conflicts = examples.profile_for(rules, chosen)
        key = "|".join(str(choice.marque) for choice in combo)
        found[key] = "" if conflicts else profile_name(profile)
    return found
