"""What is said about lots and special rankings: why a typed line of lots
cannot be read, the organizer's warnings about an allocation (lots missing,
tied teams with different lots, swaps set aside), a lot as printed on a
label, and the title of a ranking.

Must not: give a lot (`tournaments.prizes`), read the database or rank.
"""

from __future__ import annotations

from decimal import Decimal

from django.utils import formats
from django.utils.translation import gettext, ngettext

from tournaments import prizes
from tournaments.display import labels


def line_error(error: prizes.LineError) -> str:
    """« Ligne 3 : … » for a line of the typed list that cannot be read."""
    reasons = {
        prizes.NO_NAME: gettext("le nom du lot manque."),
        prizes.NAME_TOO_LONG: gettext("nom trop long (%(n)s caractères au plus).")
        % {"n": error.text},
        prizes.QUANTITY: gettext("quantité « %(q)s » impossible (de 1 à %(max)s).")
        % {"q": error.text, "max": prizes.MAX_QUANTITY},
        prizes.VALUE: gettext("valeur « %(v)s » trop grande.") % {"v": error.text},
        prizes.TOO_MANY: gettext("trop de lignes (%(n)s au plus).") % {"n": error.text},
    }
    return gettext("Ligne %(line)s : %(reason)s") % {
        "line": error.line,
        "reason": reasons[error.code],
    }


def lines_refused(errors: list[prizes.LineError]) -> str:
    return " ".join(line_error(e) for e in errors)


def value(amount: Decimal | None) -> str:
    """« 35 € », « 12,50 € » (with the language's decimal sign), or ""."""
    if amount is None:
        return ""
    if amount == amount.to_integral_value():
        return f"{labels.number(int(amount))} €"
    text = formats.number_format(amount, decimal_pos=2, force_grouping=True)
    return f"{text.replace(chr(0xA0), chr(0x202F))} €"


def ranking_title(category) -> str:
    return category.name if category is not None else gettext("Classement général")


def warnings(board) -> list[str]:
    """What the organizer should know about a ranking's lots before printing."""
    out = []
    allocation = board.allocation
    if allocation is None:
        return out
    if allocation.missing:
        out.append(
            ngettext(
                "Toutes les équipes doivent être primées, mais il manque %(n)s lot.",
                "Toutes les équipes doivent être primées, mais il manque %(n)s lots.",
                allocation.missing,
            )
            % {"n": allocation.missing}
        )
    for rank in allocation.split_ties:
        out.append(
            gettext(
                "Égalité au %(rank)s rang : les lots y sont donnés dans l'ordre du classement. "
                "Échangez-les si vous préférez un autre ordre."
            )
            % {"rank": labels.ordinal(rank)}
        )
    if board.stale:
        out.append(
            ngettext(
                "%(n)s échange fait à la main date d'avant un changement du classement ou "
                "des lots : il n'est plus appliqué. Gardez-le ou annulez-le.",
                "%(n)s échanges faits à la main datent d'avant un changement du classement ou "
                "des lots : ils ne sont plus appliqués. Gardez-les ou annulez-les.",
                len(board.stale),
            )
            % {"n": len(board.stale)}
        )
    return out
