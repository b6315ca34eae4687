"""A club's count shown by example (issues 37 and 52): for the questions a
form asks an organizer in the club's words (« Une coinche chutée à 90 :
combien pour la défense ? »), the typical deal of each question and the
marque it gives under each count the question offers, computed by the engine.

The questions are asked in order, each under the rules the answers before
it made (:func:`walk`): « au point près » asked first, a capot bid is then
502 or 500; a question whose answers all mark its deal alike is not asked
(at contrée points faits a coinche chutée is 320 whatever the count). An
answer is taken only if the rules it makes still mark every question
answered before it as answered: every marque the organizer picked is the
one the concours will mark.

Responsible for: the typical deals and what each count makes of them under
a given profile. Must not: word a question or an answer (the display layer
does), nor decide which values a club may pick (the options do).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .deal import score_deal
from .errors import ScoringError
from .options import OPTIONS_BY_NAME, WITH_BIDS
from .rules import Rules


@dataclass(frozen=True)
class Question:
    """A question of the club's count: ``option`` is the option it decides,
    ``deal`` its typical deal (SPEC §8), ``side`` the team whose marque
    answers it (« combien pour la défense ? »: the defence's). ``counts``
    are the option values an answer sets, each with any other option it
    sets too (default: each value of ``option`` alone). ``desk``: asked at
    a table before the first coinche too (a count of a coinched deal or a
    capot bid only, which no deal entered before it has used)."""

    key: str
    option: str
    deal: dict[str, Any]
    side: str
    counts: tuple[dict[str, Any], ...] = ()
    desk: bool = True

    def choices(self) -> tuple[dict[str, Any], ...]:
        values = OPTIONS_BY_NAME[self.option].values
        return self.counts or tuple({self.option: value} for value in values)


COINCHE_COUNTS = OPTIONS_BY_NAME["coinche_count"].values


def _h(**fields: Any) -> dict[str, Any]:
    return {"taker": "A", "trump": "H", **fields}


#: The questions, in the order a form asks them (marques at coinche FFB),
#: each before the questions whose marques its answer changes: a made 80
#: with 97 against 65 (70, 65 or 60 for the defence: the rounding); to the
#: point, a 90 chuted uncoinched (250 or 252: the chute base); a coinched
#: 90 chuted with 70 (500 or 340); made with 100 (500, 340 or 380, or 504
#: to the point with a chute of 162: the base of a coinche made); made
#: with 92 against 70, the takers' marque multiplied (70, 0 or 140 for the
#: defence); a surcoinched 90 made with 100 (1000, or 4 × (162 + 90) with a
#: chute of 162 too); to the point, a capot bid made (502 or 500); a capot
#: bid failed with 130 (500 or 410); at points annoncés, an 80 chuted (160
#: or 80).
QUESTIONS: tuple[Question, ...] = (
    Question("rounding", "rounding", _h(bid=80, points={"A": 97}), "B", desk=False),
    Question("chute_base", "chute_base", _h(bid=90, points={"A": 70}), "B", desk=False),
    Question("coinche_chute", "coinche_count", _h(bid=90, coinche=1, points={"A": 70}), "B"),
    Question(
        "coinche_made",
        "coinche_count",
        _h(bid=90, coinche=1, points={"A": 100}),
        "A",
        # with a chute of 162 (to the point), 2 × (162 + 90) = 504 made too
        (
            *({"coinche_count": count, "coinche_base": 160} for count in COINCHE_COUNTS),
            {"coinche_count": "multiplied", "coinche_base": "chute_base"},
        ),
    ),
    Question("coinche_defence", "coinche_defence", _h(bid=90, coinche=1, points={"A": 92}), "B"),
    Question(
        "coinche_base",
        "coinche_base",
        _h(bid=90, coinche=2, points={"A": 100}),
        "A",
        ({"coinche_base": 160}, {"coinche_base": "chute_base", "chute_base": 162}),
    ),
    Question("capot_bid_marque", "capot_bid_marque", _h(bid="capot", capot="A"), "A"),
    Question("capot_bid_failed", "capot_bid_failed", _h(bid="capot", points={"A": 130}), "B"),
    Question("annonces_chute", "annonces_chute", _h(bid=80, points={"A": 70}), "B", desk=False),
    # issue 62: a capot made at 100 not bid (350 or 162 + 100 → 260); a capot bid coinched
    # and made (1 000, or 160 + 250 × 2 = 660); at points annoncés, the defence's belote
    # (0 or 20); in classic belote, 90 against 72 and the belote (0 or 90) and a capot
    # (252 or 250). capot_value is not asked on the path: its 2 points show only to the point
    # or surcoinched, and each question doubles the answers' tree the form carries (its example
    # follows the path instead: CAPOT_VALUE_DEALS).
    Question("capot_bonus", "capot_bonus", _h(bid=100, capot="A"), "A", desk=False),
    Question(
        "capot_bid_coinched",
        "capot_bid_coinched",
        _h(bid="capot", coinche=1, capot="A"),
        "A",
        desk=False,
    ),
    Question(
        "annonces_belote",
        "annonces_belote",
        _h(bid=80, points={"A": 100}, belote={"B": 1}),
        "B",
        desk=False,
    ),
    Question(
        "classic_made", "classic_made", _h(points={"A": 90}, belote={"B": 1}), "A", desk=False
    ),
    Question("classic_capot", "classic_capot", _h(capot="A"), "A", desk=False),
)
QUESTIONS_BY_KEY: dict[str, Question] = {question.key: question for question in QUESTIONS}

#: Questions asked each on its own, beside the answers' path (issue 62): their deal's marque
#: depends on no other question's option and theirs on no other question's deal
#: (tests/scoring/test_examples.py holds it), so a form carries each once, not once for
#: every path of the answers before it. La générale, failed uncoinched: not played (the
#: engine refuses the bid), 500 (« flat ») or 160 + 500 (« contract ») to the defence.
ON_THEIR_OWN: tuple[Question, ...] = (
    Question("generale", "generale", _h(bid="generale", points={"A": 100}), "B", desk=False),
)
ON_THEIR_OWN_BY_KEY: dict[str, Question] = {question.key: question for question in ON_THEIR_OWN}


def own_answers(rules: Rules, key: str) -> list[tuple[Any, Rules, int | None]]:
    """Each value question ``key`` (:data:`ON_THEIR_OWN`) offers under
    ``rules``: (the option's value, the profile it makes, the marque of the
    question's deal, None where those rules refuse the deal); empty where
    ``rules``' counting does not play the option."""
    question = ON_THEIR_OWN_BY_KEY[key]
    if rules.counting not in OPTIONS_BY_NAME[question.option].applies_to:
        return []
    found: list[tuple[Any, Rules, int | None]] = []
    for count in question.choices():
        profile = rules.with_options(**count)
        try:
            score = score_deal(question.deal, profile)
        except ScoringError:
            found.append((count[question.option], profile, None))
            continue
        found.append(
            (count[question.option], profile, score.a if question.side == "A" else score.b)
        )
    return found


#: X4 (issue 62): a capot counted 250, or its 252 card points, wherever a capot scores a
#: forfait. Its 2 points show only where no rounding takes them away (to the point, or ×4),
#: and only where a capot scores its value (the chute capot « valeur du capot », a coinched
#: capot bid not « atténué », a capot not bid with its bonus, not « points multipliés »): so
#: the deal that shows it depends on the other answers. The example is the first of these
#: deals whose marque the two values change under the rules the answers made; where none
#: does, the value changes no marque (tests/scoring/test_examples.py walks every path).
CAPOT_VALUE_DEALS: tuple[Question, ...] = tuple(
    Question(key, "capot_value", deal, side, desk=False)
    for key, deal, side in (
        ("capot_value_defence", _h(bid=90, capot="B"), "B"),
        ("capot_value_bid", _h(bid="capot", coinche=1, capot="A"), "A"),
        ("capot_value_not_bid", _h(bid=100, coinche=1, capot="A"), "A"),
        ("capot_value_bid_surcoinched", _h(bid="capot", coinche=2, capot="A"), "A"),
        ("capot_value_not_bid_surcoinched", _h(bid=100, coinche=2, capot="A"), "A"),
        ("capot_value_bid_defence", _h(bid="capot", capot="B"), "B"),
    )
)


def capot_value_example(rules: Rules) -> tuple[Question, tuple[Answer, ...]] | None:
    """The deal that shows the capot's value under ``rules`` (the first of
    :data:`CAPOT_VALUE_DEALS` that 250 and 252 mark differently) and each
    value's answer, the value in force first; None where ``rules``'
    counting does not play the option, or where no such deal's marque
    changes."""
    return _capot_value_example(rules)


@lru_cache(maxsize=1024)
def _capot_value_example(rules: Rules) -> tuple[Question, tuple[Answer, ...]] | None:
    option = OPTIONS_BY_NAME["capot_value"]
    if rules.counting not in option.applies_to:
        return None
    values = sorted(option.values, key=lambda value: value != rules.capot_value)
    profiles = [rules.with_options(capot_value=value) for value in values]
    for question in CAPOT_VALUE_DEALS:
        found = []
        for value, profile in zip(values, profiles, strict=True):
            score = score_deal(question.deal, profile)
            marque = score.a if question.side == "A" else score.b
            found.append(Answer(value, profile, score.a, score.b, marque))
        if found[0].marque != found[1].marque:
            return question, tuple(found)
    return None


@dataclass(frozen=True)
class Answer:
    """One count a question offers: the option's ``value`` in the profile
    it makes (``rules``, its preset and version kept) and the marques of
    the typical deal."""

    value: Any
    rules: Rules
    a: int
    b: int
    marque: int  # the question's side's marque


@dataclass(frozen=True)
class Asked:
    """A question asked on the way: its answers that mark its deal
    differently (one per marque, the count in force first for its own),
    under the rules the answers before it made, and the marque of those
    rules (``current``: what answering nothing keeps)."""

    question: Question
    offered: tuple[Answer, ...]
    current: int


def questions_for(rules: Rules) -> list[Question]:
    """The questions that apply to ``rules``' counting (in classic belote,
    its own two; no failed capot bid question at coinche, where it is a
    chute)."""
    return list(_questions_for(rules.counting))


@lru_cache(maxsize=8)
def _questions_for(counting: str) -> tuple[Question, ...]:
    bids = counting in WITH_BIDS  # classic belote asks its own questions, of deals with no bid
    return tuple(
        q
        for q in QUESTIONS
        if counting in OPTIONS_BY_NAME[q.option].applies_to and ("bid" in q.deal) == bids
    )


def answers(rules: Rules, key: str) -> list[Answer]:
    """Each count question ``key`` offers, in order, with the marques its
    typical deal gets under ``rules`` so counted (the other options as
    ``rules`` has them). Raises KeyError for an unknown question and
    ValueError for one ``rules``' counting does not ask (see
    :func:`questions_for`): both are the caller's mistakes."""
    return list(_answers(rules, key))


@lru_cache(maxsize=4096)
def _answers(rules: Rules, key: str) -> tuple[Answer, ...]:
    question = QUESTIONS_BY_KEY[key]
    if question not in _questions_for(rules.counting):
        raise ValueError(f"{rules.counting} does not ask {key!r}")
    found = []
    for count in question.choices():
        try:
            profile = rules.with_options(**count)
        except ScoringError:
            continue  # a count this counting does not play (a base at points annoncés)
        score = score_deal(question.deal, profile)
        marque = score.a if question.side == "A" else score.b
        found.append(Answer(getattr(profile, question.option), profile, score.a, score.b, marque))
    return tuple(found)


@lru_cache(maxsize=4096)
def marque(rules: Rules, key: str) -> int:
    """The marque question ``key``'s typical deal gets under ``rules``."""
    question = QUESTIONS_BY_KEY[key]
    score = score_deal(question.deal, rules)
    return score.a if question.side == "A" else score.b


def distinct_answers(rules: Rules, key: str) -> list[Answer]:
    """The answers to question ``key`` that give different marques, the
    count in force for its own marque and the first of the others: what a
    form offers. Empty when the counting does not ask it or when every
    count marks its deal alike."""
    return list(_distinct_answers(rules, key))


@lru_cache(maxsize=4096)
def _distinct_answers(rules: Rules, key: str) -> tuple[Answer, ...]:
    if QUESTIONS_BY_KEY[key] not in _questions_for(rules.counting):
        return ()
    found: dict[int, Answer] = {}
    for answer in sorted(answers(rules, key), key=lambda a: a.rules != rules):
        found.setdefault(answer.marque, answer)
    order = [a.marque for a in answers(rules, key)]
    offered = sorted(found.values(), key=lambda a: order.index(a.marque))
    return tuple(offered) if len(offered) > 1 else ()


def walk(rules: Rules, chosen: dict[str, int]) -> tuple[Rules, list[Asked], list[str]]:
    """The questions asked of ``rules`` in order, each under the rules the
    answers before it made (``chosen``: question key -> marque; a question
    not answered keeps the count in force), and then the rules all the
    answers make and the keys of the answers refused: a marque the
    question did not offer, or one no count gives together with the
    answers before it (an answer taken must leave each earlier answered
    question's deal with its chosen marque)."""
    current = rules
    asked: list[Asked] = []
    conflicts: list[str] = []
    kept: dict[str, int] = {}
    for question in questions_for(rules):
        offered = distinct_answers(current, question.key)
        if not offered:
            continue
        asked.append(Asked(question, tuple(offered), marque(current, question.key)))
        if question.key not in chosen:
            continue
        wanted = chosen[question.key]
        fits = [a for a in answers(current, question.key) if a.marque == wanted]
        fits.sort(key=lambda a: a.rules != current)  # the count in force first
        taken = next(
            (a for a in fits if all(marque(a.rules, k) == m for k, m in kept.items())), None
        )
        if taken is None:
            conflicts.append(question.key)
            continue
        current = taken.rules
        kept[question.key] = wanted
    return current, asked, conflicts


def profile_for(rules: Rules, chosen: dict[str, int]) -> tuple[Rules, list[str]]:
    """``rules`` with each asked option set by the chosen marques, and the
    question keys whose marque was refused (see :func:`walk`)."""
    profile, _, conflicts = walk(rules, chosen)
    return profile, conflicts
