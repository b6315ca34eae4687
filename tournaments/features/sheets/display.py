"""What the photographed sheets say to a volunteer: the sentence of each
refused photo (French, English when chosen), and why a deal is asked
about. The reader's codes come from domain/ (photo.py, locate.py,
reader.py, checks.py); here they become words. Must not: read or check.
"""

from __future__ import annotations

from django.utils.translation import gettext as _


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
