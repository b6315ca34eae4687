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
    """Why a deal is asked about (« à vérifier »), in a few words."""
    if code.startswith("engine_"):
        return _("les règles refusent cette donne telle qu'elle est lue")
    reasons = {
        "unsure": _("une case lue sans certitude"),
        "marque": _("la marque écrite n'est pas celle que donnent les règles"),
        "marque_missing": _("pas de marque écrite : rien ne vérifie les points"),
        "total": _("le total cumulé ne suit pas"),
        "rounding_hides_digit": _(
            "l'arrondi à la dizaine ne vérifie pas le dernier chiffre des points"
        ),
        "coinche_without_bid": _("une coinche sans contrat"),
        "blank_row": _("une ligne vide entre deux donnes"),
    }
    return reasons.get(code, code)


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
    "coinche": _lazy("coinche"),
    "points_a": _lazy("points N-S"),
    "points_b": _lazy("points E-O"),
    "capot": _lazy("capot"),
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
    if name in ("taker", "capot") and value in ("A", "B"):
        return side_label(value, short=True)
    if name == "trump":
        return trump_sign(value)
    if name in ("bid_capot", "belote_a", "belote_b"):
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
