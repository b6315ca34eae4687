"""Rule profiles in words: presets, countings, options, their values, the summary.

Responsible for: the translated label of every preset, counting, option and
option value of :mod:`scoring.rules`, the option help shown in the tournament
form, and the one-line rules summary printed on pages and sheets. The engine
keeps its French texts for the command line; the French here is the same
(the tests hold both in step), so a French screen reads as before.
Must not: validate a profile (the engine does) or know where one is stored.
"""

from __future__ import annotations

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

# The summary's heads: the engine's COUNTING_NAMES_FR.
COUNTING_LABELS: dict[str, Label] = {
    "belote": _("Belote classique FFB"),
    "coinche": _("Coinche FFB"),
    "contree-faits-annonces": _("Contrée, points faits + annoncés"),
    "contree-faits": _("Contrée, points faits"),
    "contree-annonces": _("Contrée, points annoncés"),
}

# Option name -> (label, help): the engine's Option.label and Option.help.
OPTION_TEXTS: dict[str, tuple[Label, Label]] = {
    "announcements": (
        _("Annonces"),
        _(
            "Avec les annonces (tierce, cinquante, cent, carrés), l'équipe qui montre la plus "
            "forte marque toutes les siennes. La belote se compte toujours, avec ou sans annonces."
        ),
    ),
    "sa_ta": (
        _("Sans atout et tout atout"),
        _(
            "Autorise les contrats à sans atout (l'as vaut 19, pas de belote) et à tout atout "
            "(jusqu'à quatre belotes). Le total des cartes reste 162."
        ),
    ),
    "ta_scale": (
        _("Barème tout atout"),
        _(
            "Valeur des cartes à tout atout : FFB (valet 13, neuf 9, as 6, dix 5, roi 3, dame 2) "
            "ou FunBelote (valet 14 … dame 1). Sans effet si SA/TA n'est pas joué."
        ),
    ),
    "rounding": (
        _("Arrondi de la marque"),
        _(
            "Au point près ; ou chaque marque à la dizaine la plus proche (85 → 90, 84 → 80) ; ou "
            "« complément » : les points des preneurs à la dizaine, 5 vers le bas (105 → 100), la "
            "défense marquant 160 moins ce nombre. L'arrondi ne fait jamais gagner un contrat."
        ),
    ),
    "chute_base": (
        _("Points de chute"),
        _(
            "Ce que marque la défense quand le contrat chute, avant annonces, belote et contrat : "
            "162 en belote classique FFB, 160 à la coinche et à la contrée."
        ),
    ),
    "chute_capot": (
        _("Chute capot"),
        _(
            "Quand les preneurs sont mis capot : la défense marque les points de chute habituels "
            "(FFB), ou la valeur du capot (252 en classique, 250 à la coinche et à la contrée)."
        ),
    ),
    "litige": (
        _("Litige (égalité)"),
        _(
            "Belote classique, à égalité (81-81) : la défense marque ses points et ceux des "
            "preneurs sont mis en réserve pour le gagnant de la donne suivante (FFB) ; ou "
            "l'égalité compte comme une chute."
        ),
    ),
    "belote_protected": (
        _("Belote imprenable"),
        _(
            "Imprenable (FFB) : l'équipe qui a la belote la marque même quand elle chute. Sinon, "
            "sur une chute, la belote des preneurs passe à la défense."
        ),
    ),
    "belote_multiplied": (
        _("Belote multipliée"),
        _(
            "Coinche, contrat coinché réussi : la belote des preneurs est doublée (quadruplée) "
            "avec le reste (FFB), ou ajoutée après la multiplication."
        ),
    ),
    "surcoinche_factor": (
        _("Surcoinche"),
        _(
            "Multiplicateur d'une donne surcoinchée (surcontrée) : ×4 (FFB) ou ×3. Une donne "
            "coinchée est toujours multipliée par 2."
        ),
    ),
    "contract_test": (
        _("Réussite du contrat"),
        _(
            "FFB : les preneurs doivent atteindre leur enchère ET faire plus que la défense. "
            "« Enchère seule » : atteindre l'enchère suffit (usage de la contrée)."
        ),
    ),
    "announcements_count_for_contract": (
        _("Annonces pour le contrat"),
        _(
            "Les annonces comptent pour savoir si le contrat est réussi (FFB), ou seules les "
            "cartes et la belote comptent (« les annonces ne servent pas à prendre »). Elles "
            "restent marquées dans tous les cas."
        ),
    ),
    "coinche_count": (
        _("Compte d'une coinche"),
        _(
            "Donne coinchée (surcoinchée) : le gagnant marque (160 + contrat) × 2 (FFB) ; ou "
            "160 + contrat × 2, seul le contrat étant multiplié ; ou, contrat réussi, les "
            "preneurs marquent deux fois leur marque sans coinche et la défense garde la sienne."
        ),
    ),
    "capot_bid_failed": (
        _("Capot demandé chuté"),
        _(
            "Contrée : un capot demandé et manqué donne 500 à la défense (FunBelote), ou se "
            "compte comme une chute d'un contrat de 250 (160 + 250, comme à la coinche FFB)."
        ),
    ),
    "annonces_chute": (
        _("Chute en points annoncés"),
        _(
            "Contrée en points annoncés, contrat chuté sans contre : la défense marque 160, ou "
            "la valeur du contrat (l'équipe qui chute donne le contrat)."
        ),
    ),
    "coinche_defence": (
        _("Défense d'une coinche réussie"),
        _(
            "Avec « marque des preneurs multipliée », contrat coinché réussi : la défense garde "
            "sa marque sans coinche, ne marque rien (sa belote seule), ou voit aussi sa marque "
            "multipliée : sa marque arrondie, multipliée (4 × 60 = 240 pour 62 points), ou ses "
            "points multipliés, puis arrondis (4 × 62 = 248, arrondi à 250)."
        ),
    ),
    "coinche_base": (
        _("Base d'une coinche réussie"),
        _(
            "Contrat coinché réussi : les preneurs comptent sur 160 (FFB), ou sur les points de "
            "chute, comme la défense d'une chute (2 × (162 + contrat) quand la chute vaut 162)."
        ),
    ),
    "capot_bid_marque": (
        _("Capot demandé réussi"),
        _(
            "Coinche : un capot demandé et réussi marque ses 252 points de cartes + 250 (502 au "
            "point près), ou 500 tout rond (× 2 coinché), belote et annonces en plus."
        ),
    ),
    "capot_bid_coinched": (
        _("Capot demandé coinché"),
        _(
            "Capot demandé, coinché et réussi : compté comme toute coinche (2 × (250 + 250) = 1 "
            "000 à la coinche FFB, 500 × 2 à la contrée), ou comme en « formule atténuée » : "
            "160 + 250 × 2 = 660 (× 4 : 1 160), belote et annonces ajoutées sans multiplier."
        ),
    ),
    "classic_capot": (
        _("Capot en belote classique"),
        _(
            "Belote classique : un capot marque ses 252 points de cartes (la défense mise capot "
            ": les points de chute habituels ou 252), ou 250 tout rond pour l'équipe qui fait "
            "les huit plis, preneurs ou défense, belote et annonces en plus."
        ),
    ),
    "classic_made": (
        _("Réussite en belote classique"),
        _(
            "Belote classique : les preneurs réussissent en faisant plus que la défense (FFB), "
            "ou avec 82 points au moins, leurs points de cartes et leur belote, sans comparer "
            "avec la défense (les annonces ne servent pas à atteindre 82)."
        ),
    ),
    "capot_value": (
        _("Valeur d'un capot"),
        _(
            "Coinche : partout où un capot compte un forfait (capot coinché réussi, défense qui "
            "met les preneurs capot avec « valeur du capot »), 250, ou ses 252 points de "
            "cartes."
        ),
    ),
    "annonces_belote": (
        _("Belote en points annoncés"),
        _(
            "Contrée en points annoncés : la belote aide seulement à réussir, ou elle est aussi "
            "marquée, 20 points à l'équipe qui l'a, même sur une chute."
        ),
    ),
    "capot_bonus": (
        _("Prime du capot non demandé"),
        _(
            "Capot fait sans avoir été demandé : les preneurs marquent le capot (252 + contrat "
            "à la coinche, 250 + contrat à la contrée), ou sans prime leurs 162 points + le "
            "contrat (260 pour 100, arrondi)."
        ),
    ),
    "generale": (
        _("Générale"),
        _(
            "Un seul joueur annonce qu'il fera les huit plis à lui seul : non jouée (FFB) ; ou "
            "500 à qui gagne la donne, aux preneurs si elle est faite, à la défense sinon (× 2 "
            "coinchée : 1 000) ; ou comptée comme un contrat de 500 : faite 500, chutée 160 + "
            "500 à la défense, coinchée 160 + 500 × 2. Belote et annonces s'ajoutent sans être "
            "multipliées."
        ),
    ),
}

# Option name -> value -> label: the engine's Option.value_labels. Numbers and
# proper names (FFB, FunBelote) read the same in every language.
VALUE_LABELS: dict[str, dict[Any, Label]] = {
    "announcements": {True: _("avec annonces"), False: _("sans annonces")},
    "sa_ta": {False: _("couleurs seulement"), True: _("SA et TA permis")},
    "ta_scale": {"ffb": "FFB", "funbelote": "FunBelote"},
    "rounding": {
        "none": _("au point près"),
        "nearest": _("à la dizaine la plus proche"),
        "complement": _("complément à 160"),
    },
    "chute_base": {160: "160", 162: "162"},
    "chute_capot": {"flat": _("points de chute habituels"), "full": _("valeur du capot")},
    "litige": {"pot": _("points en réserve"), "chute": _("compte comme une chute")},
    "belote_protected": {True: _("imprenable"), False: _("prenable")},
    "belote_multiplied": {True: _("multipliée"), False: _("ajoutée après")},
    "surcoinche_factor": {4: "×4", 3: "×3"},
    "contract_test": {
        "ffb": _("enchère et plus que la défense"),
        "bid_only": _("enchère seule"),
    },
    "announcements_count_for_contract": {True: _("comptent"), False: _("ne comptent pas")},
    "coinche_count": {
        "multiplied": _("tout multiplié"),
        "contract_only": _("contrat seul multiplié"),
        "points_multiplied": _("marque des preneurs multipliée"),
    },
    "capot_bid_failed": {500: "500", "chute": _("chute d'un contrat de 250")},
    "annonces_chute": {160: "160", "bid": _("le contrat")},
    "coinche_defence": {
        "own": _("garde sa marque"),
        "zero": _("ne marque rien"),
        "multiplied": _("marque multipliée"),
        "product_rounded": _("points multipliés, arrondis"),
    },
    "coinche_base": {160: "160", "chute_base": _("points de chute")},
    "capot_bid_marque": {"points": "252 + 250", "flat": "500"},
    "capot_bid_coinched": {
        "multiplied": _("comme toute coinche"),
        "contract_only": "160 + 250 × 2",
    },
    "classic_capot": {
        "points": _("252 (ou points de chute)"),
        "flat": _("250 pour l'équipe capot"),
    },
    "classic_made": {"ffb": _("plus que la défense"), "82": _("82 points au moins")},
    "capot_value": {250: "250", 252: "252"},
    "annonces_belote": {False: _("aide seulement à réussir"), True: _("marquée à qui l'a")},
    "capot_bonus": {
        True: _("avec la prime du capot"),
        False: _("sans prime : 162 + contrat"),
    },
    "generale": {
        "off": _("non jouée"),
        "flat": _("500 (× 2 coinchée)"),
        "contract": _("contrat de 500 (chute 160 + 500)"),
    },
}

# How a coinched deal is counted, in the summary (the engine's COINCHE_COUNTS_FR).
COINCHE_COUNT_SUMMARIES: dict[str, Label] = {
    "all": _("coinche : (%(base)s + contrat) × 2"),
    "contract": _("coinche : %(base)s + contrat × 2"),
    "points": _("coinche réussie : (points + contrat) × 2"),
    "base": _("coinche : %(base)s × 2"),
    "points_only": _("coinche réussie : points × 2"),
    "bid": _("coinche : contrat × 2"),
}

# SPEC §7.2's club counts in the summary (the engine's CLUB_COUNTS_FR).
CLUB_COUNT_SUMMARIES: dict[str, Label] = {
    "annonces_chute": _("chute : le contrat à la défense"),
    "defence_zero": _("défense d'une coinche réussie : 0"),
    "defence_multiplied": _("défense d'une coinche réussie : sa marque × 2"),
    "defence_product_rounded": _("défense d'une coinche réussie : ses points × 2, arrondis"),
    "coinche_base": _("coinche réussie sur %(points)s"),
    "capot_flat": _("capot demandé réussi : 500"),
    "capot_bid_coinched": _("capot demandé coinché : 160 + 250 × 2"),
    "classic_capot": _("capot : 250"),
    "classic_made": _("contrat : 82 points"),
    "capot_value": _("capot à 252"),
    "annonces_belote": _("belote marquée"),
    "capot_bonus": _("capot non demandé : 162 + contrat"),
    "generale_flat": _("générale : 500"),
    "generale_contract": _("générale : contrat de 500"),
}


def preset_label(preset: str) -> str:
    """« Coinche FFB », « Contrée — points faits »…; an unknown preset as is."""
    label = PRESET_LABELS.get(preset)
    return str(label) if label is not None else preset


def counting_label(counting: str) -> str:
    """« Belote classique FFB », « Contrée, points annoncés »…; unknown as is."""
    label = COUNTING_LABELS.get(counting)
    return str(label) if label is not None else counting


def option_label(name: str) -> str:
    """The label of option ``name`` (« Arrondi de la marque »); KeyError if unknown."""
    return str(OPTION_TEXTS[name][0])


def option_help(name: str) -> str:
    """The help text of option ``name``, for the tournament form."""
    return str(OPTION_TEXTS[name][1])


def option_value_label(name: str, value: Any) -> str:
    """The label of ``value`` for option ``name`` (« au point près »).

    ``value`` is the option's value (``True``, ``160``, ``"nearest"``) or its
    text in a form (``"true"``, ``"160"``). KeyError for an unknown option; an
    unknown value (from a newer engine) is shown as it is.
    """
    labels = VALUE_LABELS[name]
    for known, label in labels.items():
        if _same(known, value):
            return str(label)
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
        parts.append(str(COINCHE_COUNT_SUMMARIES[kind]) % {"base": base})
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
        str(CLUB_COUNT_SUMMARIES[key]) % {"points": rules.chute_base}
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
