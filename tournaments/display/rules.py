"""Rule profiles in words: presets, countings, options, their values, the summary.

Responsible for: the translated label of every preset, counting, option and
option value of :mod:`scoring.rules`, the option help shown in the tournament
form, and the one-line rules summary printed on pages and sheets. The
options' texts are the engine's own French (its command line's), looked up
in the catalogue; the summary's French is the engine's too (the tests hold
both in step), so a French screen reads as before.
Must not: validate a profile (the engine does) or know where one is stored.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import scoring

Label = str | Promise

# The form's labels (an em dash, as the tournament form always showed them).
PRESET_LABELS: dict[str, Label] = {
    "ffb-belote": _("Belote classique FFB"),
    "ffb-coinche": _("Coinche FFB"),
    "contree-faits-annonces": _("Contrée — points faits + annoncés"),
    "contree-faits": _("Contrée — points faits"),
    "contree-annonces": _("Contrée — points annoncés"),
}

# The summary's words are the engine's French (scoring.summary, its
# ``{name}`` placeholders written ``%(name)s``), translated by the catalogue.


def _engine_words(text: str, **values: Any) -> str:
    return gettext(re.sub(r"\{(\w+)\}", r"%(\1)s", text)) % values


def preset_label(preset: str) -> str:
    """« Coinche FFB », « Contrée — points faits »…; an unknown preset as is."""
    label = PRESET_LABELS.get(preset)
    return str(label) if label is not None else preset


def counting_label(counting: str) -> str:
    """« Belote classique FFB », « Contrée, points annoncés »…; unknown as is."""
    name = scoring.options.COUNTING_NAMES_FR.get(counting)
    return gettext(name) if name is not None else counting


# An option's label, help and value labels are the engine's French
# (scoring.options), translated by the catalogue: one text for both.


def option_label(name: str) -> str:
    """The label of option ``name`` (« Arrondi de la marque »); KeyError if unknown."""
    return gettext(scoring.options.OPTIONS_BY_NAME[name].label)


def option_help(name: str) -> str:
    """The help text of option ``name``, for the tournament form."""
    return gettext(scoring.options.OPTIONS_BY_NAME[name].help)


def option_value_label(name: str, value: Any) -> str:
    """The label of ``value`` for option ``name`` (« au point près »).

    ``value`` is the option's value (``True``, ``160``, ``"nearest"``) or its
    text in a form (``"true"``, ``"160"``). KeyError for an unknown option; an
    unknown value (from a newer engine) is shown as it is. Numbers and proper
    names (FFB, FunBelote) read the same in every language.
    """
    option = scoring.options.OPTIONS_BY_NAME[name]
    for known, label in zip(option.values, option.value_labels, strict=True):
        if _same(known, value):
            return gettext(label)
    return str(value)


def option_choices(name: str) -> list[tuple[str, str]]:
    """(form text, label) for each value of option ``name``, in the engine's order."""
    option = scoring.options.OPTIONS_BY_NAME[name]
    return [(_form_text(value), option_value_label(name, value)) for value in option.values]


def rules_summary(rules: scoring.Rules) -> str:
    """One line for pages and sheets, e.g. « Coinche FFB, version 1 —
    annonces, arrondi à la dizaine, SA/TA, coinche : (160 + contrat) × 2,
    surcoinche ×4 »: the profile's name and version (a concours keeps the
    version it was created with) and what it plays; the translation of
    ``summary_fr``."""
    return gettext("%(counting)s, version %(version)s — %(options)s") % {
        "counting": counting_label(rules.counting),
        "version": rules.version,
        "options": ", ".join(_summary_parts(rules)),
    }


def _summary_parts(rules: scoring.Rules) -> list[str]:
    parts: list[str] = []
    counting = rules.counting
    if counting in ("belote", "coinche"):
        parts.append(gettext("annonces") if rules.announcements else gettext("sans annonces"))
        if rules.announcements and not rules.announcements_count_for_contract:
            parts.append(gettext("annonces hors contrat"))
    else:
        parts.append(gettext("belote seule"))
    parts.append(
        {
            "none": gettext("au point près"),
            "nearest": gettext("arrondi à la dizaine"),
            "complement": gettext("arrondi au complément de 160"),
        }[rules.rounding]
    )
    if rules.sa_ta:
        funbelote = rules.ta_scale == "funbelote"
        parts.append(gettext("SA/TA (barème FunBelote)") if funbelote else gettext("SA/TA"))
    if counting == "belote":
        parts.append(
            gettext("litige en réserve") if rules.litige == "pot" else gettext("litige = chute")
        )
    if rules.chute_base != (162 if counting == "belote" else 160):
        parts.append(gettext("chute à %(points)s") % {"points": rules.chute_base})
    if rules.chute_capot == "full":
        points = 252 if counting == "belote" else 250
        parts.append(gettext("chute capot à %(points)s") % {"points": points})
    default_protected = not counting.startswith("contree")
    if counting != "contree-annonces" and rules.belote_protected != default_protected:
        parts.append(
            gettext("belote imprenable") if rules.belote_protected else gettext("belote prenable")
        )
    if counting == "coinche" and not rules.belote_multiplied:
        parts.append(gettext("belote non multipliée"))
    if counting != "belote":
        if rules.contract_test != ("ffb" if counting == "coinche" else "bid_only"):
            parts.append(
                gettext("contrat : enchère seule")
                if rules.contract_test == "bid_only"
                else gettext("contrat : enchère et plus que la défense")
            )
        kind = scoring.summary.coinche_count_kind(rules)
        base = scoring.summary.coinche_base(rules)
        parts.append(_engine_words(scoring.summary.COINCHE_COUNTS_FR[kind], base=base))
        parts.append(gettext("surcoinche ×%(factor)s") % {"factor": rules.surcoinche_factor})
        points_faits = counting in ("contree-faits-annonces", "contree-faits")
        if points_faits and rules.capot_bid_failed == "chute":
            # the question's words and the marque picked, from the engine (issue 60)
            parts.append(
                gettext("capot demandé et manqué : %(points)s pour la défense")
                % {"points": scoring.summary.failed_capot_bid_marque(rules)}
            )
    # the base of a coinche made is in the count's own words above
    parts += club_count_words(rules, but=("coinche_base",))
    return parts


def club_count_words(rules: scoring.Rules, but: tuple[str, ...] = ()) -> list[str]:
    """SPEC §7.2's club counts ``rules`` plays, in a few words each
    (« chute : le contrat à la défense »), those keyed in ``but`` left
    out: the engine's ``CLUB_COUNTS_FR``."""
    return [
        _engine_words(scoring.summary.CLUB_COUNTS_FR[key], points=rules.chute_base)
        for key in scoring.summary.club_counts(rules)
        if key not in but
    ]


def _form_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _same(known: Any, value: Any) -> bool:
    # bool is an int: compare types exactly, or the form's text of the value.
    if type(value) is type(known):
        return value == known
    return isinstance(value, str) and value == _form_text(known)
