"""A club's count asked by example (issues 37 and 52), in the club's words:
« Une coinche chutée à 90 : combien pour la défense ? » with « 500 » and
« 340 », each answer with the marque and the formula the engine gives its
typical deal (scoring.examples), never written by hand; the questions that
follow an answer (« au point près » asks how a capot bid is marked); and the
profile the answers make, named by its preset when they match one.

Responsible for: the questions' words, each choice's figure and formula,
the path of questions the answers open, the profile's name. Must not:
decide a marque (the engine does) or which values a club may pick (the
options do)."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

import scoring
from scoring import examples
from tournaments.display.explain import marque_formula
from tournaments.display.rules import club_count_words, option_value_label, preset_label

QUESTION_TEXTS = {
    "rounding": _(
        "Une donne réussie à 80, avec 97 points faits contre 65 : combien pour la défense ?"
    ),
    "coinche_base": _(
        "Une coinche surcoinchée réussie à 90, avec 100 points faits : combien pour les preneurs ?"
    ),
    "chute_base": _("Une donne chutée à 90, sans coinche : combien pour la défense ?"),
    "coinche_chute": _("Une coinche chutée à 90 : combien pour la défense ?"),
    "coinche_made": _(
        "Une coinche réussie à 90, avec 100 points faits : combien pour les preneurs ?"
    ),
    "coinche_defence": _(
        "Une coinche réussie à 90, avec 92 points faits contre 70 : combien pour la défense ?"
    ),
    "capot_bid_marque": _("Un capot demandé et réussi, sans belote : combien pour les preneurs ?"),
    "capot_bid_failed": _(
        "Un capot demandé et manqué, avec 130 points faits : combien pour la défense ?"
    ),
    "annonces_chute": _("Une contrée à 80 chutée, sans contre : combien pour la défense ?"),
    "capot_bonus": _(
        "Un capot fait à 100 sans l'avoir demandé, sans belote : combien pour les preneurs ?"
    ),
    "capot_bid_coinched": _(
        "Un capot demandé, coinché et réussi, sans belote : combien pour les preneurs ?"
    ),
    "annonces_belote": _(
        "Une contrée à 80 réussie, la belote chez la défense : combien pour la défense ?"
    ),
    "classic_made": _(
        "Les preneurs font 90 points, la défense 72 et la belote : combien pour les preneurs ?"
    ),
    "classic_capot": _("Les preneurs font capot, sans belote : combien pour eux ?"),
    "generale": _(
        "Un joueur annonce la générale (les huit plis à lui seul) et chute, sans coinche : "
        "combien pour la défense ?"
    ),
}

# The questions few clubs answer otherwise than the rules they picked: a
# « Nouveau tournoi » keeps them folded under one line, so that the first
# screen still ends with its button in view.
FOLDED = ("rounding", "chute_base", "coinche_base", "capot_bid_marque")
# Issue 62's counts, rarer still: under a fold of their own beside the first questions (the
# first fold opened, « Créer le tournoi » stays in view at 1366 × 768).
OTHER = ("capot_bonus", "capot_bid_coinched", "annonces_belote", "classic_made", "classic_capot")

# What a choice's formula does not say by itself, in the club's words.
CAPTIONS = {
    ("annonces_chute", "bid"): _("l'équipe qui chute donne le contrat"),
    ("coinche_defence", "own"): _("la défense garde sa marque"),
    ("coinche_defence", "zero"): _("la défense ne marque rien"),
    ("capot_bonus", False): _("sans prime de capot"),
    ("capot_bid_coinched", "contract_only"): _("formule atténuée"),
    ("annonces_belote", True): _("la belote est marquée"),
    ("classic_made", "82"): _("82 points suffisent"),
    ("classic_capot", "flat"): _("250 pour l'équipe capot"),
}
CAPTIONED_BY_VALUE = ("rounding",)  # the value's own label says it (« au point près »)


@dataclass(frozen=True)
class Choice:
    """One answer: the marque, how it is made, whether it is the count in
    force (« comme la FFB » on a new concours), and a few words when the
    formula alone does not say the club's way."""

    marque: int
    formula: str
    preset: bool
    caption: str = ""

    def label(self) -> str:
        """« 80 (contrat) — l'équipe qui chute donne le contrat »."""
        return f"{self.formula} — {self.caption}" if self.caption else self.formula


@dataclass(frozen=True)
class CountQuestion:
    key: str
    text: str
    choices: tuple[Choice, ...]

    def initial(self) -> int:
        return next(choice.marque for choice in self.choices if choice.preset)


def _choice(asked: examples.Asked, answer: examples.Answer) -> Choice:
    question = asked.question
    formula = marque_formula(question.deal, answer.rules, question.side)
    if question.option in CAPTIONED_BY_VALUE:
        caption = option_value_label(question.option, answer.value)
    else:
        caption = str(CAPTIONS.get((question.option, answer.value), ""))
    return Choice(answer.marque, formula, answer.marque == asked.current, caption)


def count_questions(
    rules: scoring.Rules, chosen: dict[str, int] | None = None, *, desk: bool = False
) -> list[CountQuestion]:
    """The questions asked of ``rules`` along the answers ``chosen``
    (question key -> marque; none: the count in force), each choice marked
    as the engine marks the question's typical deal under the rules the
    answers before it made; ``desk``: only those a table asks before its
    first coinche (none in classic belote nor at contrée points annoncés)."""
    _, asked, _ = examples.walk(rules, chosen or {})
    return [
        CountQuestion(
            a.question.key,
            str(QUESTION_TEXTS[a.question.key]),
            tuple(_choice(a, answer) for answer in a.offered),
        )
        for a in asked
        if a.question.desk or not desk
    ]


@dataclass(frozen=True)
class OwnChoice:
    """An answer to a question asked on its own: the option's value as the
    form posts it, the marque (blank where the rules refuse the deal), how
    it is made, whether it is the count in force, and the words it adds to
    the profile's name (« générale : 500 »)."""

    value: str
    figure: str
    label: str
    preset: bool
    said: str = ""


def own_questions(rules: scoring.Rules) -> list[tuple[str, str, tuple[OwnChoice, ...]]]:
    """The questions asked each on its own (scoring.examples.ON_THEIR_OWN)
    of ``rules``: (key, words, choices), each choice's figure and formula
    the engine's (« 160 (base) + 500 (générale) = 660 — contrat de 500 »)."""
    found = []
    for question in examples.ON_THEIR_OWN:
        choices = []
        for value, profile, marque in examples.own_answers(rules, question.key):
            words = option_value_label(question.option, value)
            if marque is not None:
                words = f"{marque_formula(question.deal, profile, question.side)} — {words}"
            said = [w for w in club_count_words(profile) if w not in club_count_words(rules)]
            choices.append(
                OwnChoice(str(value), str(marque or ""), words, profile == rules, ", ".join(said))
            )
        if choices:
            found.append((question.key, str(QUESTION_TEXTS[question.key]), tuple(choices)))
    return found


# X4 (issue 62): the capot's value asked by the deal that shows it under the answers
# (scoring.examples.CAPOT_VALUE_DEALS), the path's data carrying each leaf's example.
CAPOT_VALUE_TEXT = _("La valeur d'un capot : 250, ou ses 252 points de cartes ?")
CAPOT_VALUE_TEXTS = {
    "capot_value_defence": _(
        "Les preneurs à 90 mis capot par la défense, sans coinche : combien pour la défense ?"
    ),
    "capot_value_bid": _(
        "Un capot demandé, coinché et réussi, sans belote : combien pour les preneurs ?"
    ),
    "capot_value_not_bid": _(
        "Un capot fait à 100 sans l'avoir demandé, coinché, sans belote : "
        "combien pour les preneurs ?"
    ),
    "capot_value_bid_surcoinched": _(
        "Un capot demandé, surcoinché et réussi, sans belote : combien pour les preneurs ?"
    ),
    "capot_value_not_bid_surcoinched": _(
        "Un capot fait à 100 sans l'avoir demandé, surcoinché, sans belote : "
        "combien pour les preneurs ?"
    ),
    "capot_value_bid_defence": _(
        "Un capot demandé, la défense fait les huit plis, sans coinche : combien pour la défense ?"
    ),
}
CAPOT_VALUE_CAPTIONS = {
    250: _("le capot vaut 250"),
    252: _("le capot vaut ses 252 points de cartes"),
}


def capot_value_question(rules: scoring.Rules) -> tuple[str, tuple[OwnChoice, ...]] | None:
    """The capot's value asked of ``rules`` (X4): the words of the deal that
    shows it under them ("" where no marque changes) and each value's
    choice, in the option's order, with the engine's marque and formula of
    that deal; None where ``rules``' counting does not play the option."""
    option = scoring.options.OPTIONS_BY_NAME["capot_value"]
    if rules.counting not in option.applies_to:
        return None
    example = examples.capot_value_example(rules)
    by_value = {answer.value: answer for answer in example[1]} if example else {}
    choices = []
    for value in option.values:
        profile = rules.with_options(capot_value=value)
        caption = str(CAPOT_VALUE_CAPTIONS[value])
        figure, label = "", caption
        if value in by_value:
            figure = str(by_value[value].marque)
            formula = marque_formula(example[0].deal, profile, example[0].side)
            label = f"{formula} — {caption}"
        said = [w for w in club_count_words(profile) if w not in club_count_words(rules)]
        choices.append(
            OwnChoice(str(value), figure, label, value == rules.capot_value, ", ".join(said))
        )
    text = str(CAPOT_VALUE_TEXTS[example[0].key]) if example else ""
    return text, tuple(choices)


def _capot_value_path(leaves: list[scoring.Rules]) -> list[Any] | None:
    """The capot value's example at each leaf of the path, for counts.js:
    [the distinct examples, each [words, [figure, label] per value], one
    character a leaf (in ``names``' order), the example's index in base 36
    or « - » where the value changes no marque]."""
    shown: list[list[Any]] = []
    at = []
    for leaf in leaves:
        question = capot_value_question(leaf)
        if question is None:
            return None
        text, choices = question
        if not text:
            at.append("-")
            continue
        # the leaf's own value (250) first or not, the choices follow the option's order
        entry = [text, *([c.figure, c.label] for c in choices)]
        if entry not in shown:
            shown.append(entry)
        at.append("0123456789abcdefghijklmnopqrstuvwxyz"[shown.index(entry)])
    return [shown, "".join(at)]


@dataclass(frozen=True)
class CountForm:
    """Every question the answers may open for a new concours, each with
    every choice it may offer (in the order first met), and the path as
    JSON for static/js/counts.js: ``next`` maps the answers so far
    (« |key=marque|… ») to the next question, its marques and the one in
    force; ``names`` maps a full path to the profile's name ("" when an
    answer is refused); ``by_path`` (coinche) the capot value's example at
    each full path (:func:`_capot_value_path`)."""

    questions: tuple[CountQuestion, ...]
    tree: str


@lru_cache(maxsize=32)
def _count_form(rules: scoring.Rules, language: str | None) -> CountForm:
    found: dict[str, dict[int, Choice]] = {}
    nexts: dict[str, list[Any]] = {}
    names: dict[str, str] = {}
    leaves: list[scoring.Rules] = []

    def visit(chosen: dict[str, int], path: str) -> None:
        profile, asked, conflicts = examples.walk(rules, chosen)
        pending = next((a for a in asked if a.question.key not in chosen), None)
        if pending is None:
            names[path] = "" if conflicts else profile_name(profile)
            leaves.append(profile)
            return
        key = pending.question.key
        choices = found.setdefault(key, {})
        for answer in pending.offered:
            if answer.marque not in choices:
                choices[answer.marque] = _choice(pending, answer)
        marques = [answer.marque for answer in pending.offered]
        nexts[path] = [key, marques, pending.current]
        for value in marques:
            visit({**chosen, key: value}, f"{path}|{key}={value}")

    visit({}, "")
    order = [q.key for q in examples.QUESTIONS]
    # A question asked before any answer starts at the count in force then (the first path
    # visited may have made it another: a capot not bid is 352 to the point, 350 rounded).
    in_force = {a.question.key: a.current for a in examples.walk(rules, {})[1]}
    for key, current in in_force.items():
        found[key] = {m: replace(c, preset=m == current) for m, c in found[key].items()}
    questions = tuple(
        CountQuestion(key, str(QUESTION_TEXTS[key]), tuple(found[key].values()))
        for key in sorted(found, key=order.index)
    )
    tree: dict[str, Any] = {"next": nexts, "names": names}
    capot_value = _capot_value_path(leaves)
    if capot_value is not None:
        tree["by_path"] = {"capot_value": capot_value}
    return CountForm(questions, json.dumps(tree))


def count_form(rules: scoring.Rules) -> CountForm:
    """The club's count of a new concours under ``rules`` (a preset's), in
    the active language (computed once per profile and language)."""
    return _count_form(rules, get_language())


def profile_name(rules: scoring.Rules) -> str:
    """« Coinche FFB, version 1 » when the options are a preset's, else
    « Coinche FFB, compte du club : contrat seul multiplié »."""
    match = rules.preset_match()
    if match is not None:
        return gettext("%(preset)s, version %(version)s") % {
            "preset": preset_label(match[0]),
            "version": match[1],
        }
    asked = {option for q in examples.questions_for(rules) for c in q.choices() for option in c}
    base = scoring.PRESET_VERSIONS[rules.preset][rules.version]
    changed = [option for option in asked if getattr(rules, option) != getattr(base, option)]
    words = [
        option_value_label(option, getattr(rules, option))
        for option in ("rounding", "coinche_count", "capot_bid_failed")
        if option in changed
    ]
    if "chute_base" in changed:
        words.append(gettext("chute à %(points)s") % {"points": rules.chute_base})
    words += club_count_words(rules)
    if not words or len(changed) < len(rules.overrides()):
        return gettext("%(preset)s, règles du club") % {"preset": preset_label(rules.preset)}
    return gettext("%(preset)s, compte du club : %(count)s") % {
        "preset": preset_label(rules.preset),
        "count": ", ".join(words),
    }
