"""What the photographed sheets say to a volunteer: the sentence of each
refused photo (French, English when chosen), and why a deal is asked
about. The reader's codes come from domain/ (photo.py, locate.py,
reader.py, checks.py); here they become words. Must not: read or check.
"""

from __future__ import annotations

from typing import Any

from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.utils.translation import ngettext

from tournaments.display.labels import side_label, trump_sign
from tournaments.features.sheets.domain.rows import UNSEEN


def refusal(code: str, params: dict[str, object]) -> str:
    """The sentence of a photo refused with `code`."""
    sentences = {
        "too_large": _(
            "Cette photo pèse %(megabytes)s Mo, plus que les 25 Mo lus : reprenez-la en "
            "qualité normale."
        ),
        "pdf": _(
            "C'est un PDF, pas une photo : prenez la feuille en photo, ou enregistrez sa "
            "page comme image (JPEG ou PNG)."
        ),
        "not_an_image": _(
            "Ce fichier n'est pas une photo (JPEG, PNG…) : prenez la feuille en photo."
        ),
        "too_many_pixels": _(
            "Cette image a trop de points (plus de 60 millions) : reprenez la photo en "
            "qualité normale."
        ),
        "too_small": _(
            "Cette image est trop petite pour lire la feuille : prenez la feuille entière, de près."
        ),
        "too_dark": _(
            "La photo est trop sombre : allumez, ou approchez la feuille de la lumière, et "
            "reprenez-la."
        ),
        "blurred": _(
            "La photo est floue : tenez le téléphone immobile au-dessus de la feuille, et "
            "reprenez-la."
        ),
        "glare": _(
            "Une partie de la feuille ne se voit pas sur la photo (un reflet, un pli) : posez la "
            "feuille bien à plat, sans reflet, et reprenez la photo."
        ),
        "no_qr": _(
            "Le code QR de la feuille n'est pas lisible : prenez la feuille entière, bien à "
            "plat, avec ses quatre carrés noirs des coins."
        ),
        "no_mark": _(
            "Ce code QR n'est pas celui d'une feuille imprimée pour la lecture des photos : "
            "saisissez cette feuille à la main, ou imprimez-la de nouveau."
        ),
        "two_sheets": _("Il y a deux feuilles sur cette photo : prenez-les une par une."),
        "corners": _(
            "Les quatre carrés noirs des coins ne sont pas tous sur la photo : prenez la "
            "feuille entière, rien posé dessus."
        ),
        "other_layout": _(
            "Cette feuille a été imprimée avec d'autres règles ou un autre nombre de donnes "
            "que ceux du concours : saisissez-la à la main, ou imprimez-la de nouveau."
        ),
        "other_concours": _(
            "Cette feuille est celle d'un autre concours (« %(concours)s ») : elle n'est pas "
            "lue ici."
        ),
        "unknown_concours": _(
            "Cette feuille est celle d'un concours qui n'est pas sur cet ordinateur "
            "(« %(concours)s »)."
        ),
        "unknown_table": _(
            "Cette feuille nomme la table %(table)s de la partie %(partie)s, qui ne joue pas "
            "dans ce concours."
        ),
    }
    sentence = sentences.get(code, sentences["no_qr"])
    return sentence % params if params else sentence


def reason(code: str) -> str:
    """Why a deal is asked about, in a few words, from its code alone (the
    review says more: `reasons_said`)."""
    reasons = {
        "unsure": _("une case lue sans certitude"),
        "could_be_other": _("un chiffre pourrait en être un autre avec la même marque"),
        "many_readings": _(
            "trop de lectures possibles de la ligne : les règles ne vérifient pas ce nombre"
        ),
        "marque": _("les marques lues ne sont pas celles que donnent les règles"),
        "marque_missing": _("pas de marque lue : rien ne vérifie les points"),
        "total": _("le total lu ne suit pas"),
        "rounding_hides_digit": _(
            "l'arrondi à la dizaine ne vérifie pas le dernier chiffre des points"
        ),
        "points_sum": _("les points des preneurs et de la défense ne font pas 162"),
        "belotes_counted": _(
            "belote : au tout atout, les marques lues comptent plus d'une belote pour "
            "une équipe (une seule croix par équipe) ; vérifiez leur nombre"
        ),
        "coinche_without_bid": _("une coinche sans contrat"),
        "generale_without_capot": _("une croix à « Générale » sans capot coché"),
        "blank_row": _("une ligne vide entre deux donnes"),
        "washed": _(
            "ces cases ne se voient pas sur la photo (un reflet, un pli) : ce qui y est écrit "
            "a pu disparaître"
        ),
        "stray": _(
            "de l'encre au bord de ces cases, rien au milieu : lue comme aucun chiffre (un "
            "chiffre écrit petit, une correction de la ligne voisine, un chiffre qui déborde)"
        ),
        "struck": _("un nombre barré, corrigé à côté : lisez la correction sur la feuille"),
    }
    if code.startswith("engine_"):
        return ENGINE_REASONS.get(code[7:], ENGINE_REASONS["taker"])()
    return reasons.get(code, code)


#: What the engine refused, in the volunteer's words (its error's code).
ENGINE_REASONS = {
    "taker": lambda: _("des points ou des croix sans preneur coché"),
    "trump": lambda: _("pas d'atout coché"),
    "bid": lambda: _("ce contrat n'en est pas un sous ces règles"),
    "coinche": lambda: _("la coinche ne va pas avec ce contrat"),
    "capot": lambda: _("un capot coché avec des points"),
    "points": lambda: _("les points des preneurs ne vont pas (de 0 à 162, 252 avec un capot)"),
    "belote": lambda: _("une belote qui ne va pas avec cet atout"),
    "announcement": lambda: _("des annonces qui ne sont pas possibles"),
}

#: A field's crop at the review shows these fields beside it: the takers'
#: points with the defence's, whose sum checks them; the capot's boxes with
#: la générale's, typed in the same cell (« GN »).
SHOWN_BESIDE = {"points": ("points_defence",), "capot": ("generale",)}

#: A field of the sheet's row, named as its column is printed.
SHEET_FIELDS = {
    "taker": _lazy("preneur"),
    "trump": _lazy("atout"),
    "bid": _lazy("contrat"),
    "coinche": _lazy("coinche"),
    "points": _lazy("points des preneurs"),
    "points_defence": _lazy("points de la défense"),
    "belote": _lazy("belote"),
    "capot": _lazy("capot"),
    "generale": _lazy("générale"),
    "announce_a": _lazy("annonces N-S"),
    "announce_b": _lazy("annonces E-O"),
    "marque_a": _lazy("marque N-S"),
    "marque_b": _lazy("marque E-O"),
    "total_a": _lazy("total N-S"),
    "total_b": _lazy("total E-O"),
}


def reasons_said(
    codes: list[str], asked: list[str], fields: dict[str, Any], marques: list[int]
) -> list[str]:
    """Why a deal is asked about, a sentence a reason, each about the cells
    it frames and saying only what is known: what the photo reads (« lu »),
    never what the pen wrote. `fields`: the deal's fields as read
    ({name: {"value", "sure", "seconds"…}}), `marques`: the rules' marques
    for the deal as read (empty: refused)."""
    said = []
    for code in codes:
        if code == "unsure":
            doubted = [
                n
                for n in asked
                if not (fields.get(n) or {}).get("sure", True)
                and not set(UNSEEN) & set(fields.get(n) or {})  # said by their code
            ]
            said += [_unsure(name, fields[name]) for name in doubted] or [reason(code)]
        elif code == "could_be_other":
            said += [_could_be_other(n, fields[n]) for n in asked if _digits_of(fields.get(n))]
        elif code == "marque":
            said.append(_marque(fields, marques))
        elif code == "marque_missing":
            said.append(_marque_missing(fields))
        elif code == "total":
            sides = [SHEET_FIELDS[n] for n in ("total_a", "total_b") if n in asked]
            said.append(
                _("%(field)s lu ne suit pas le total d'avant plus la marque")
                % {"field": " et ".join(str(s) for s in sides) or SHEET_FIELDS["total_a"]}
            )
        elif code == "rounding_hides_digit":
            said.append(
                _(
                    "points des preneurs : la marque arrondie à la dizaine ne vérifie pas leur "
                    "dernier chiffre, lu %(digit)s"
                )
                % {"digit": str((fields.get("points") or {}).get("value", "?"))[-1:]}
            )
        elif code == "points_sum":
            said.append(_points_sum(fields))
        elif code.startswith("engine_") and (fields.get(code[7:]) or {}).get("struck"):
            continue  # the engine refused the number struck out, read as none: said by « struck »
        elif code == "engine_points" and (fields.get("points") or {}).get("value") is not None:
            said.append(
                _("les points des preneurs lus, %(points)s, ne vont pas (de 0 à 162)")
                % {"points": fields["points"]["value"]}
            )
        else:
            said.append(reason(code))
    return list(dict.fromkeys(said))


def _points_sum(fields: dict[str, Any]) -> str:
    """« points lus 97 pour les preneurs et 66 pour la défense : ils ne font
    pas 162 », or, a capot crossed, that a capot makes 252 and 0; the
    defence's alone when the takers' are not read."""
    takers = (fields.get("points") or {}).get("value")
    defence = (fields.get("points_defence") or {}).get("value")
    if (fields.get("capot") or {}).get("value"):
        return _(
            "points lus %(takers)s et %(defence)s avec un capot coché : un capot fait 252 et 0"
        ) % {"takers": "—" if takers is None else takers, "defence": defence}
    if takers is None:
        return _("points de la défense lus %(defence)s, sans points des preneurs") % {
            "defence": defence
        }
    return _(
        "points lus %(takers)s pour les preneurs et %(defence)s pour la défense : "
        "ils ne font pas 162"
    ) % {"takers": takers, "defence": defence}


def _digits_of(read: dict[str, Any] | None) -> bool:
    return bool(read) and isinstance(read.get("value"), int)  # type: ignore[union-attr]


def _unsure(name: str, read: dict[str, Any]) -> str:
    """« points des preneurs : le 1 pourrait être un 7 », « preneur : une
    croix pas nette »…"""
    field = SHEET_FIELDS.get(name, name)
    if name in ("taker", "trump", "coinche", "belote", "capot", "generale"):
        return _("%(field)s : une croix pas nette, ou deux cases cochées") % {"field": field}
    if read.get("value") is None:
        return _("%(field)s : un chiffre illisible sur la photo") % {"field": field}
    other = _second(read)
    if other:
        return _("%(field)s : le %(digit)s pourrait être un %(other)s") % {
            "field": field,
            "digit": other[0],
            "other": other[1],
        }
    return _("%(field)s : un chiffre lu sans certitude") % {"field": field}


def _could_be_other(name: str, read: dict[str, Any]) -> str:
    field = SHEET_FIELDS.get(name, name)
    other = _second(read)
    if other:
        return _(
            "%(field)s : le %(digit)s pourrait être un %(other)s, et la marque serait la même"
        ) % {"field": field, "digit": other[0], "other": other[1]}
    return _("%(field)s : un chiffre pourrait en être un autre avec la même marque") % {
        "field": field
    }


def _second(read: dict[str, Any]) -> tuple[str, str] | None:
    """The least sure digit of a number read and its second choice, when
    the reading kept them (`probabilities`, `seconds`)."""
    text = str(read.get("value"))
    probabilities = read.get("probabilities") or []
    seconds = read.get("seconds") or []
    if len(probabilities) != len(text) or len(seconds) != len(text):
        return None
    place = min(range(len(text)), key=lambda i: probabilities[i])
    if not 0 <= int(seconds[place]) <= 9:
        return None
    return text[place], str(seconds[place])


def _read_value(read: dict[str, Any] | None) -> str:
    """A number as the photo reads it: its value, « ? » when unreadable,
    « rien » when blank."""
    if not read or read.get("value") is None:
        return _("rien") if not read or read.get("sure", True) else "?"
    return str(read["value"])


def _marque(fields: dict[str, Any], marques: list[int]) -> str:
    read = " – ".join(_read_value(fields.get(f"marque_{s}")) for s in "ab")
    if not marques:
        return _("marques lues sur la photo : %(read)s") % {"read": read}
    return _(
        "marques lues sur la photo %(read)s, les règles donnent %(rules)s pour cette ligne : "
        "regardez la ligne"
    ) % {"read": read, "rules": " – ".join(str(m) for m in marques)}


def _marque_missing(fields: dict[str, Any]) -> str:
    """No marque read: blank on the sheet (sure), or written but not read."""
    unread = [
        SHEET_FIELDS[name]
        for name in ("marque_a", "marque_b")
        if (fields.get(name) or {}).get("value") is None
        and not (fields.get(name) or {}).get("sure", True)
        and not (fields.get(name) or {}).get("struck")  # not unread: struck out, said so
    ]
    struck = [
        SHEET_FIELDS[n] for n in ("marque_a", "marque_b") if (fields.get(n) or {}).get("struck")
    ]
    if struck and not unread:
        return _("%(field)s barrée : rien ne vérifie les points") % {
            "field": " et ".join(str(s) for s in struck)
        }
    if unread:
        return _("%(field)s illisible sur la photo : rien ne vérifie les points") % {
            "field": " et ".join(str(u) for u in unread)
        }
    return _("pas de marque écrite : rien ne vérifie les points")


# The desk's pile (services.py): its own refusals, what differs from a table
# already entered, and how a photo stands.


class Action(models.TextChoices):
    """The feature's own line of the audit trail (models/audit.py `register_actions`)."""

    SHEET_CONFIRMED = "sheet_confirmed", _lazy("Feuille lue sur photo, confirmée")


#: The Deal fields a difference may name, in the desk's words.
FIELD_WORDS = {
    "taker": _lazy("preneur"),
    "trump": _lazy("atout"),
    "bid": _lazy("contrat"),
    "bid_capot": _lazy("contrat capot"),
    "bid_generale": _lazy("générale annoncée"),
    "coinche": _lazy("coinche"),
    "points_a": _lazy("points N-S"),
    "points_b": _lazy("points E-O"),
    "capot": _lazy("capot"),
    "generale": _lazy("générale"),
    "belote_a": _lazy("belote N-S"),
    "belote_b": _lazy("belote E-O"),
    "announcements": _lazy("annonces"),
}


def desk_refusal(code: str, params: dict[str, Any]) -> str:
    """The sentence of a photo the desk's pile refused with `code` (the
    reader's codes, and the desk's own)."""
    if code == "entered":
        return _entered(params)
    sentences = {
        "busy": _("L'ordinateur lit déjà d'autres photos : envoyez celle-ci de nouveau."),
        "pdf_broken": _(
            "Ce PDF ne s'ouvre pas : enregistrez de nouveau la numérisation, ou prenez les "
            "feuilles en photo."
        ),
        "pdf_heavy": _(
            "Ce PDF demande trop de mémoire ou de temps pour être dessiné : numérisez les "
            "feuilles de nouveau, en images (JPEG ou PNG) ou à une résolution normale."
        ),
        "pdf_pages": _(
            "Ce PDF a %(pages)s pages, plus que les %(most)s lues d'un coup : numérisez les "
            "feuilles en plusieurs fois."
        ),
        "other_partie": _(
            "Cette feuille est celle de la partie %(partie)s, pas de la partie %(here)s : "
            "lisez-la depuis la page de la partie %(partie)s."
        ),
        "partie_closed": _(
            "La partie %(partie)s est close : une feuille lue n'y est plus enregistrée. "
            "Corrigez la table à la main, avec le motif."
        ),
        "draft_draw": _(
            "Le tirage de la partie %(partie)s est encore un brouillon : annoncez-le avant "
            "d'enregistrer des feuilles."
        ),
        "totals_only": _("La table %(table)s se saisit par ses totaux : saisissez-la à la main."),
        "no_deal": _("Aucune donne n'est écrite sur cette feuille (table %(table)s)."),
    }
    sentence = sentences.get(code)
    if sentence is None:
        return refusal(code, params)
    return sentence % params if params else sentence


def _entered(params: dict[str, Any]) -> str:
    said = ngettext(
        "La table %(table)s est déjà saisie (%(deals)s donne) : rien n'est enregistré.",
        "La table %(table)s est déjà saisie (%(deals)s donnes) : rien n'est enregistré.",
        params.get("deals", 0),
    ) % {"table": params.get("table"), "deals": params.get("deals", 0)}
    differences = params.get("differences") or []
    if not differences:
        return said + " " + _("La feuille dit la même chose que la saisie.")
    parts = [
        _("donne %(n)s, %(field)s : %(entered)s saisi, %(read)s sur la feuille")
        % {
            "n": deal,
            "field": FIELD_WORDS.get(name, name),
            "entered": _value(name, entered),
            "read": _value(name, read),
        }
        for deal, name, entered, read in differences
    ]
    more = params.get("more") or 0
    if more:
        parts.append(ngettext("et %(n)s autre", "et %(n)s autres", more) % {"n": more})
    return said + " " + _("Ce qui diffère : %(list)s.") % {"list": " ; ".join(parts)}


def _value(name: str, value: Any) -> str:
    if value in (None, "", 0, False) and name not in ("points_a", "points_b", "bid"):
        return "—"
    if value is None:
        return "—"
    if name in ("taker", "capot", "generale") and value in ("A", "B"):
        return side_label(value, short=True)
    if name == "trump":
        return trump_sign(value)
    if name in ("bid_capot", "bid_generale", "belote_a", "belote_b"):
        return _("oui") if value else _("non")
    if name == "announcements":
        points = (value or {}).get("announcement_points") or {}
        return " / ".join(str(points.get(side, 0)) for side in "AB")
    return str(value)


def read_on_photo(by: Any) -> str:
    """How a table's deals came in, on the partie's page: « Lue sur photo,
    confirmée par Marie Durand » (by: the account that confirmed, or None)."""
    if by is None:
        return _("Lue sur photo, confirmée")
    name = by.get_full_name() or by.get_username()
    return _("Lue sur photo, confirmée par %(name)s") % {"name": name}


def turned(degrees: int) -> str:
    """What the desk says of a photo taken turned (the QR code told which way up)."""
    if degrees >= 135:
        return _("Photo prise à l'envers : lue dans le bon sens.")
    return _("Photo prise de travers : lue dans le bon sens.")
