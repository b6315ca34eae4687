"""A club's count shown by example (issue 37): for the questions a form asks
an organizer in the club's words (« Une coinche chutée à 90 : combien pour
la défense ? »), the typical deal of each question and the marque it gives
under each value of the option it decides, computed by the engine.

Responsible for: the typical deals and what each option value makes of them
under a given profile. Must not: word a question or an answer (the display
layer does), nor decide which values a club may pick (the options do).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .deal import score_deal
from .options import OPTIONS_BY_NAME
from .rules import Rules


@dataclass(frozen=True)
class Question:
    """A question of the club's count: ``option`` is the option it decides,
    ``deal`` its typical deal (SPEC §8), ``side`` the team whose marque
    answers it (« combien pour la défense ? »: the defence's)."""

    key: str
    option: str
    deal: dict[str, Any]
    side: str


#: The questions, in the order a form asks them: a coinched 90 chuted with
#: 70 (500 or 340 for the defence), a coinched 90 made with 100 (500, 340
#: or 380 for the takers), a capot bid failed with 130 (500 or 410).
QUESTIONS: tuple[Question, ...] = (
    Question(
        "coinche_chute",
        "coinche_count",
        {"taker": "A", "bid": 90, "trump": "H", "coinche": 1, "points": {"A": 70}},
        "B",
    ),
    Question(
        "coinche_made",
        "coinche_count",
        {"taker": "A", "bid": 90, "trump": "H", "coinche": 1, "points": {"A": 100}},
        "A",
    ),
    Question(
        "capot_bid_failed",
        "capot_bid_failed",
        {"taker": "A", "bid": "capot", "trump": "H", "points": {"A": 130}},
        "B",
    ),
)
QUESTIONS_BY_KEY: dict[str, Question] = {question.key: question for question in QUESTIONS}


@dataclass(frozen=True)
class Answer:
    """One value of a question's option: the profile it makes (``rules``,
    its preset and version kept) and the marques of the typical deal."""

    value: Any
    rules: Rules
    a: int
    b: int
    marque: int  # the question's side's marque


def questions_for(rules: Rules) -> list[Question]:
    """The questions that apply to ``rules``' counting (none in classic
    belote; no failed capot bid question at coinche, where it is a chute)."""
    return [q for q in QUESTIONS if rules.counting in OPTIONS_BY_NAME[q.option].applies_to]


def answers(rules: Rules, key: str) -> list[Answer]:
    """Each value of question ``key``'s option, in the option's order, with
    the marques its typical deal gets under ``rules`` with that value (the
    other options as ``rules`` has them). Raises KeyError for an unknown
    question and ValueError for one ``rules``' counting does not ask (see
    :func:`questions_for`): both are the caller's mistakes."""
    question = QUESTIONS_BY_KEY[key]
    if question not in questions_for(rules):
        raise ValueError(f"{rules.counting} does not ask {key!r}")
    found = []
    for value in OPTIONS_BY_NAME[question.option].values:
        profile = rules.with_options(**{question.option: value})
        score = score_deal(question.deal, profile)
        marque = score.a if question.side == "A" else score.b
        found.append(Answer(value, profile, score.a, score.b, marque))
    return found


def distinct_answers(rules: Rules, key: str) -> list[Answer]:
    """The answers to question ``key`` that give different marques, the
    first value of each in the option's order: what a form offers (at
    contrée points faits, a coinche chutée is 320 whatever the count: no
    choice). Empty when the counting does not ask it."""
    if QUESTIONS_BY_KEY[key] not in questions_for(rules):
        return []
    found: dict[int, Answer] = {}
    for answer in answers(rules, key):
        found.setdefault(answer.marque, answer)
    return list(found.values()) if len(found) > 1 else []


def value_for(rules: Rules, option: str, chosen: dict[str, int]) -> tuple[Any, list[str]]:
    """The first value of ``option`` whose typical deals give the marques
    ``chosen`` (question key -> marque) under ``rules``, and the keys of
    the chosen marques no value gives together with the others (empty when
    one does). Questions of other options are ignored; with nothing chosen
    the value is ``rules``' own."""
    asked = {
        key: marque for key, marque in chosen.items() if QUESTIONS_BY_KEY[key].option == option
    }
    if not asked:
        return getattr(rules, option), []
    marques = {key: {a.value: a.marque for a in answers(rules, key)} for key in asked}
    for value in OPTIONS_BY_NAME[option].values:
        if all(marques[key][value] == marque for key, marque in asked.items()):
            return value, []
    return getattr(rules, option), sorted(asked, key=list(QUESTIONS_BY_KEY).index)[1:]


def profile_for(rules: Rules, chosen: dict[str, int]) -> tuple[Rules, list[str]]:
    """``rules`` with each asked option set by the chosen marques, and the
    question keys whose marque contradicts an earlier answer (see
    :func:`value_for`)."""
    changes: dict[str, Any] = {}
    conflicts: list[str] = []
    for option in dict.fromkeys(QUESTIONS_BY_KEY[key].option for key in chosen):
        value, wrong = value_for(rules, option, chosen)
        changes[option] = value
        conflicts += wrong
    return rules.with_options(**changes), conflicts
