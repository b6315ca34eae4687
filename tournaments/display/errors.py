"""The sentences that explain a refusal of the scoring engine or of the draw.

Responsible for: turning a :class:`scoring.ScoringError` (its ``key`` and
``params``) or a :class:`tournaments.domain.pairing.DrawError` (its ``code`` and
``params``) into a sentence in the active language. The sides are named as
the caller says (Nord-Sud / Est-Ouest by default, or the teams' names), never
« équipe A / B »; option, trump and field names are the interface's words.
Must not: locate the error (« Donne 3 : … » is the caller's, from
``exc.deal``), query the database, or decide anything about the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext_lazy, pgettext
from django.utils.translation import gettext_lazy as _

import scoring
from tournaments.display.rules import counting_label, option_label, option_value_label
from tournaments.display.rules import preset_label as _preset_label
from tournaments.domain.pairing import DrawError

#: Message key of the engine -> the sentence shown (French msgid). Plural
#: sentences choose their form from the ``count`` param.
ENGINE_SENTENCES: dict[str, Promise] = {
    # -- reading the input --
    "deal_not_object": _("Une donne doit être un objet JSON, pas %(value)s."),
    "deal_unknown_field": _("Champ inconnu %(value)s dans une donne."),
    "line_empty": _("Ligne vide : une donne (objet JSON) est attendue."),
    "line_unreadable": _("Ligne illisible : ce n'est pas du JSON valide."),
    "line_not_object": _("Une ligne doit être un objet JSON (une donne), pas %(value)s."),
    "internal": _("Erreur interne du moteur de marque : signalez-la."),
    "game_unreadable": _("Entrée illisible : une partie (objet JSON) est attendue."),
    "game_not_object": _("Une partie doit être un objet JSON, pas %(value)s."),
    "game_unknown_field": _("Champ inconnu %(value)s dans une partie."),
    "game_deals_not_list": _("Les donnes d'une partie doivent être une liste, pas %(value)s."),
    "game_deal_after_end": _(
        "La partie est finie après la donne %(played)s : cette donne est en trop."
    ),
    # -- rule profiles --
    "rules_unknown_preset": _("Règles inconnues : %(value)s. Règles possibles : %(presets)s."),
    "rules_unknown_option": _("Option de règles inconnue : %(value)s."),
    "rules_bad_value": _(
        "Valeur %(value)s refusée pour « %(label)s » : valeurs possibles %(allowed)s."
    ),
    "rules_option_fixed": _(
        "« %(label)s » ne se règle pas en %(counting_name)s : "
        "l'option y vaut toujours « %(current)s »."
    ),
    "rules_not_object": _("Les règles doivent être un nom de règles ou un objet, pas %(value)s."),
    "rules_no_preset": _("Les règles doivent nommer leur profil de base."),
    "rules_version": _(
        "Version %(value)s des règles %(preset)s inconnue : versions connues %(versions)s."
    ),
    "rules_counting_mismatch": _(
        "Le décompte %(value)s ne correspond pas aux règles %(preset)s (%(counting_name)s)."
    ),
    "rules_in_deal": _("Les règles se fixent pour toute la partie, pas pour une donne."),
    "game_end_invalid": _(
        "Fin de partie invalide : un nombre de donnes ou un score à atteindre (entier positif)."
    ),
    "cli_set_form": _("--set %(value)s : la forme attendue est OPTION=VALEUR."),
    "cli_rules_unreadable": _("--rules : objet JSON illisible."),
    # -- taker, trump, bid, coinche, capot --
    "taker_unknown": _(
        "Preneurs %(value)s inconnus : %(side_a)s, %(side_b)s, ou personne (donne passée)."
    ),
    "passed_deal_filled": _(
        "Donne passée (aucun preneur), mais des champs sont remplis (%(fields)s) : "
        "indiquez les preneurs ou videz ces champs."
    ),
    "trump_not_played": _(
        "Contrat à %(trump_name)s refusé : ces règles ne jouent ni le sans atout ni le "
        "tout atout. Atouts possibles : %(allowed)s."
    ),
    "trump_missing": _("Choisissez l'atout : %(allowed)s."),
    "trump_unknown": _("Atout %(value)s inconnu : %(allowed)s."),
    "bid_in_classic": _("Pas d'enchère à la belote classique : laissez le contrat vide."),
    "bid_missing": _("Contrat manquant : un multiple de %(step)s de %(min)s à %(max)s, ou capot."),
    "bid_generale_not_played": _(
        "Générale refusée : ces règles ne jouent pas la générale (voir les règles du tournoi)."
    ),
    "bid_out_of_range": _(
        "Contrat %(bid)s impossible : un multiple de %(step)s de %(min)s à %(max)s, ou capot."
    ),
    "coinche_invalid": _("Coinche %(value)s invalide : aucune, coinché ou surcoinché."),
    "coinche_in_classic": _("Pas de coinche à la belote classique."),
    "capot_invalid": _("Capot %(value)s invalide : %(side_a)s, %(side_b)s ou aucun."),
    "generale_invalid": _("Générale %(value)s invalide : %(side_a)s, %(side_b)s ou aucune."),
    "generale_not_capot": _(
        "Générale de %(team)s : c'est aussi son capot, pas celui de %(other)s."
    ),
    # -- points --
    "points_missing": _(
        "Points manquants : indiquez les points de cartes (%(side_a)s ou %(side_b)s)."
    ),
    "points_not_int": _("%(team)s : les points doivent être un nombre entier, pas %(value)s."),
    "points_capot": _(
        "Capot pour %(team)s : %(team)s a 252 points et %(other)s 0 "
        "(ici %(side_a)s %(a)s, %(side_b)s %(b)s)."
    ),
    "points_252_without_capot": _(
        "%(team)s : 252 points, c'est un capot ; indiquez le capot pour %(team)s."
    ),
    "points_out_of_range": _("%(team)s : %(value)s points, c'est impossible (de 0 à 162)."),
    "points_sum": _(
        "Les points des deux équipes doivent faire 162 "
        "(ici %(side_a)s %(a)s + %(side_b)s %(b)s = %(total)s)."
    ),
    "points_one": _("Aucun jeu de cartes ne vaut 1 point : %(a)s–%(b)s est une erreur de saisie."),
    "team_object_expected": _("%(field)s : un nombre par équipe est attendu, pas %(value)s."),
    "unknown_team": _("%(field)s : équipe %(value)s inconnue."),
    # -- belote --
    "belote_not_int": _(
        "%(team)s : les belotes doivent être un nombre entier positif, pas %(value)s."
    ),
    "belote_at_no_trump": _("Pas de belote à sans atout."),
    "belote_too_many_all_trump": _("Au plus %(max)s belotes à tout atout (ici %(count)s)."),
    "belote_too_many": _("Une seule belote possible à la couleur (ici %(count)s)."),
    # -- announcements --
    "announcements_both_forms": _(
        "Donnez les annonces soit en détail, soit en points, pas les deux."
    ),
    "announcements_not_played": _("Ces règles se jouent sans annonces (hors belote)."),
    "announcements_not_object": _("Les annonces doivent être données par équipe, pas %(value)s."),
    "announcements_not_list": _("%(team)s : les annonces doivent être une liste, pas %(value)s."),
    "announcement_not_object": _(
        "%(team)s, annonce %(position)s : une annonce (sorte, hauteur, couleur) est "
        "attendue, pas %(value)s."
    ),
    "announcement_unknown_field": _("%(team)s, annonce %(position)s : champ inconnu %(value)s."),
    "announcement_unknown_kind": _(
        "%(team)s, annonce %(position)s : sorte %(value)s inconnue "
        "(tierce, cinquante, cent ou carré)."
    ),
    "announcement_unknown_high": _(
        "%(team)s, annonce %(position)s : hauteur %(value)s inconnue (du 7 à l'as)."
    ),
    "announcement_carre_suit": _("%(team)s, annonce %(position)s : un carré n'a pas de couleur."),
    "announcement_unknown_suit": _(
        "%(team)s, annonce %(position)s : couleur %(value)s inconnue "
        "(pique, cœur, carreau ou trèfle)."
    ),
    "announcement_too_low": _(
        "%(team)s, annonce %(position)s : une %(kind_name)s (%(size)s cartes) ne peut pas "
        "finir au %(high)s ; la plus basse finit au %(lowest)s."
    ),
    "announcement_card_twice": _(
        "%(team)s déclare %(first)s et %(second)s : une carte ne compte que pour une seule annonce."
    ),
    "announcements_too_many_cards": _(
        "%(team)s : ces annonces ne tiennent pas dans deux mains de huit cartes."
    ),
    "announcement_same_carre": _(
        "%(side_a)s et %(side_b)s déclarent tous deux un carré de %(ranks)s : "
        "un carré n'est tenu que par une équipe."
    ),
    "announcements_share_a_card": _(
        "Les annonces des deux équipes (%(side_a)s, %(side_b)s) utilisent une même carte."
    ),
    "belote_cards_announced": ngettext_lazy(
        "%(team)s annonce une belote, mais les annonces adverses (%(other)s) utilisent le "
        "roi ou la dame d'atout.",
        "%(team)s annonce %(count)s belotes, mais les annonces adverses (%(other)s) utilisent "
        "les rois ou les dames d'atout.",
        "count",
    ),
    "belotes_and_announcements": _(
        "Les belotes annoncées ne sont pas compatibles avec les annonces déclarées."
    ),
    "announcement_points_not_int": _(
        "%(team)s : les points d'annonces doivent être un nombre entier positif, pas %(value)s."
    ),
    "announcement_points_impossible": _(
        "%(team)s : %(value)s points d'annonces, c'est impossible avec des tierces (20), "
        "cinquantes (50), cents (100) et carrés (100, 150, 200)."
    ),
    "announcement_points_both_teams": _(
        "Une seule équipe marque ses annonces : l'autre doit avoir 0 "
        "(ici %(side_a)s %(a)s et %(side_b)s %(b)s)."
    ),
}

#: DrawError code -> the sentence shown.
DRAW_SENTENCES: dict[str, Promise] = {
    "not_enough_teams": _(
        "Il faut au moins deux équipes présentes pour tirer une partie (ici %(count)s)."
    ),
    "not_enough_players": _(
        "Il faut au moins deux joueurs présents pour former les équipes (ici %(count)s)."
    ),
    "duplicate_team": _("Une équipe figure deux fois dans le tirage."),
    "duplicate_player": _("Un joueur figure deux fois dans le tirage des équipes."),
    "invalid_previous": _(
        "La partie précédente est incohérente (une équipe y est assise deux fois) : "
        "la rotation ne peut pas la suivre."
    ),
}

_SIDES: dict[str, Promise] = {"A": _("Nord-Sud"), "B": _("Est-Ouest")}
_TRUMPS: dict[str, Promise] = {
    "S": _("pique"),
    "H": _("cœur"),
    "D": _("carreau"),
    "C": _("trèfle"),
    "SA": _("sans atout"),
    "TA": _("tout atout"),
}
_KINDS: dict[str, Promise] = {
    "tierce": _("tierce"),
    "cinquante": _("cinquante"),
    "cent": _("cent"),
    "carre": _("carré"),
}
_FIELDS: dict[str, Promise] = {
    "bid": _("contrat"),
    "coinche": _("coinche"),
    "points": _("points"),
    "capot": _("capot"),
    "belote": _("belotes"),
    "announcements": _("annonces"),
    "announcement_points": _("points d'annonces"),
}
# What scoring.errors.show() writes for a value it does not quote.
_SHOWN: dict[str, Promise] = {
    "un objet": _("un objet"),
    "une liste": _("une liste"),
    "un nombre immense": _("un nombre immense"),
    "null": _("vide"),
}


def side_names(sides: Mapping[str, str] | None = None) -> dict[str, str]:
    """{"A": …, "B": …}: the given names, else Nord-Sud / Est-Ouest."""
    if sides is None:
        return {code: str(name) for code, name in _SIDES.items()}
    return {"A": str(sides["A"]), "B": str(sides["B"])}


def engine_error(
    exc: scoring.ScoringError,
    *,
    sides: Mapping[str, str] | None = None,
    rules: scoring.Rules | None = None,
) -> str:
    """The sentence for an engine refusal, in the active language.

    ``sides`` names sides A and B (team names, say); ``rules``, when given,
    is the profile the deal was scored under (the bids it allows are then
    taken from it). A key this table does not know yet (a newer engine)
    falls back to the engine's French ``exc.message``. Where the error is
    (``exc.deal``) is for the caller to say.
    """
    sentence = ENGINE_SENTENCES.get(exc.key)
    if sentence is None:
        return exc.message
    return str(sentence % _engine_params(exc.key, dict(exc.params), side_names(sides), rules))


def pairing_error(exc: DrawError) -> str:
    """The sentence for a draw that cannot be made, in the active language."""
    sentence = DRAW_SENTENCES.get(exc.code)
    if sentence is None:
        return gettext("Le tirage est impossible (%(code)s).") % {"code": exc.code}
    return str(sentence % exc.params)


# -- params: the engine's values in the interface's words ---------------------------------------


def _engine_params(
    key: str, params: dict[str, Any], sides: dict[str, str], rules: scoring.Rules | None
) -> dict[str, Any]:
    team = params.get("team")
    if team in sides:
        params["team"] = sides[team]
        params["other"] = sides["B" if team == "A" else "A"]
    params["side_a"], params["side_b"] = sides["A"], sides["B"]
    for name in ("value", "a", "b", "preset"):
        if isinstance(params.get(name), str):
            params[name] = _shown(params[name])
    if "trumps" in params:
        params["allowed"] = ", ".join(_trump(code) for code in params["trumps"])
    if "trump_name" in params:
        params["trump_name"] = _trump(params["trump"])
    if "field" in params:
        params["field"] = _field(params["field"]).capitalize()
    if "field_names" in params:
        params["fields"] = ", ".join(_field(name) for name in params["field_names"])
    if "counting" in params:
        params["counting_name"] = counting_label(params["counting"])
    if "min" in params and rules is not None:
        params.update(_bid_limits(rules, params.get("trump")))
    extra = _KEY_PARAMS.get(key)
    if extra is not None:
        params.update(extra(params))
    return params


def _option_params(params: dict[str, Any]) -> dict[str, Any]:
    option = params["option"]
    extra: dict[str, Any] = {"label": option_label(option)}
    if "values" in params:
        extra["allowed"] = " / ".join(option_value_label(option, v) for v in params["values"])
    if "current_value" in params:
        extra["current"] = option_value_label(option, params["current_value"])
    return extra


def _announcement_params(params: dict[str, Any]) -> dict[str, Any]:
    extra: dict[str, Any] = {}
    if "kind" in params:
        extra["kind_name"] = str(_KINDS.get(params["kind"], params["kind"]))
    for name in ("high", "lowest"):
        if name in params:
            extra[name] = _rank(params[name])
    return extra


_KEY_PARAMS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "rules_bad_value": _option_params,
    "rules_option_fixed": _option_params,
    "rules_unknown_preset": lambda p: {
        "presets": ", ".join(_preset_label(name) for name in p["choices"])
    },
    "announcement_too_low": _announcement_params,
    "announcement_card_twice": lambda p: {
        "first": _item(p["first_item"]),
        "second": _item(p["second_item"]),
    },
    "announcement_same_carre": lambda p: {"ranks": _ranks(p["high"])},
}


def _bid_limits(rules: scoring.Rules, trump: str | None) -> dict[str, int]:
    try:
        lowest, highest, step = rules.bid_limits(trump)
    except KeyError:  # a trump these rules do not play: keep the engine's figures
        return {}
    return {"min": lowest, "max": highest, "step": step}


def _shown(text: str) -> str:
    """A user value as scoring.errors.show() wrote it, in the active language."""
    if text in _SHOWN:
        return str(_SHOWN[text])
    if text.startswith("« ") and text.endswith(" »"):
        return gettext("« %(text)s »") % {"text": text[2:-2]}
    return text


def _trump(code: str) -> str:
    name = _TRUMPS.get(code)
    return str(name) if name is not None else code


def _field(name: str) -> str:
    label = _FIELDS.get(name)
    return str(label) if label is not None else name


def _rank(code: str) -> str:
    """A rank after « au » / « at the »: 7…10 as they are, valet, dame, roi, as."""
    names = {
        "J": pgettext("rank", "valet"),
        "Q": pgettext("rank", "dame"),
        "K": pgettext("rank", "roi"),
        "A": pgettext("rank", "as"),
    }
    return names.get(code, code)


def _ranks(code: str) -> str:
    """A rank in the plural, for a carré: « de rois », « de 9 »."""
    names = {
        "7": pgettext("ranks", "7"),
        "8": pgettext("ranks", "8"),
        "9": pgettext("ranks", "9"),
        "10": pgettext("ranks", "10"),
        "J": pgettext("ranks", "valets"),
        "Q": pgettext("ranks", "dames"),
        "K": pgettext("ranks", "rois"),
        "A": pgettext("ranks", "as"),
    }
    return names.get(code, code)


def _item(ident: list[str | None]) -> str:
    """An announcement: « un carré de rois », « une tierce au roi de pique »."""
    kind, high, suit = ident
    if kind == "carre":
        return gettext("un carré de %(ranks)s") % {"ranks": _ranks(str(high))}
    # Every sequence is feminine in French: une tierce, une cinquante, une cent.
    values = {"kind": str(_KINDS.get(str(kind), kind)), "suit": _trump(str(suit))}
    if high == "A":
        return gettext("une %(kind)s à l'as de %(suit)s") % values
    return gettext("une %(kind)s au %(high)s de %(suit)s") % {**values, "high": _rank(str(high))}
