"""What is said about lots and special rankings: why a typed line of lots
cannot be read, the organizer's warnings about an allocation (lots missing,
tied teams with different lots, swaps set aside), a lot as printed on a
label, and the title of a ranking.

Must not: give a lot (`tournaments.domain.prizes`), read the database or rank.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils import formats
from django.utils.translation import get_language, gettext, ngettext

from tournaments.display import labels
from tournaments.domain import prizes
from tournaments.models.prizes import PrizeRule


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


def cumulation(tournament) -> str:
    """Whether an entrant may take a lot in more than one ranking, as the
    palmarès says it (`tournaments.queries.awards.boards` applies it)."""
    if tournament.prizes_cumulate:
        return gettext("Les lots se cumulent.")
    return gettext(
        "Les lots ne se cumulent pas : qui a déjà un lot (au classement général, puis dans "
        "un classement spécial avant) laisse le suivant à qui n'en a pas."
    )


def ranking_title(category) -> str:
    return category.name if category is not None else gettext("Classement général")


def category_explanation(category) -> str:
    """How a special ranking is made, in a sentence for players."""
    if category.by_club:
        return gettext(
            "Chaque club est classé par sa meilleure équipe, à sa place du classement général."
        )
    return gettext(
        "Les équipes de ce classement, dans l'ordre du classement général ; "
        "les rangs sont comptés entre elles."
    )


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


def who(placing) -> tuple[str, str]:
    """An entrant of a ranking as the prize-giving names it: its name (after
    its club in a club ranking) and a second line, « n° 7 · players » for a
    team, the club for a player of a mêlée."""
    entrant = placing.entrant
    if entrant is None:
        return "?", ""
    number = getattr(entrant, "number", None)
    if number is None:  # a player of a mêlée
        return str(entrant), placing.club or getattr(entrant, "club", "")
    detail = gettext("n° %(number)s") % {"number": number}
    detail += f" · {labels.players_line(entrant)}"
    name = entrant.display_name
    if placing.club:
        name = f"{placing.club} — {name}"
    return name, detail


@dataclass(frozen=True)
class AwardRow:
    """A line of the organizer's table of lots."""

    entrant: int
    rank: str
    name: str
    detail: str
    lot: str
    swapped: bool


def award_rows(board) -> list[AwardRow]:
    rows = []
    for placing in board.placings:
        name, detail = who(placing)
        rows.append(
            AwardRow(
                placing.row.entrant,
                labels.ordinal(placing.row.rank),
                name,
                detail,
                placing.lot_name,
                placing.swapped,
            )
        )
    return rows


def _plural(count: int) -> int:
    """French says « 0 lot » with the singular; gettext's default, plural."""
    return 1 if count == 0 and (get_language() or "fr").startswith("fr") else count


def rule_label(board) -> str:
    """How the board's lots are given: « Toutes les équipes primées »,
    « Les 3 premiers seulement »…"""
    if board.rule == prizes.TOP:
        return ngettext("Le premier seulement", "Les %(n)s premiers seulement", board.top) % {
            "n": board.top
        }
    return str(PrizeRule(board.rule).label)


def summary(board) -> str:
    """« Toutes les équipes primées · 24 lots, 23 donnés · valeur 540 € ·
    restent : 2 × Bouteille »."""
    count = sum(lot.quantity for lot in board.lots)
    allocation = board.allocation
    given = allocation.given if allocation else 0
    parts = [
        rule_label(board),
        ngettext("%(n)s lot", "%(n)s lots", _plural(count)) % {"n": count}
        + ", "
        + ngettext("%(n)s donné", "%(n)s donnés", _plural(given)) % {"n": given},
    ]
    if any(lot.value is not None for lot in board.lots):
        parts.append(gettext("valeur %(v)s") % {"v": value(board.total_value)})
    if allocation and allocation.left:
        left = ", ".join(f"{n} × {lot.name}" for lot, n in allocation.left)
        parts.append(gettext("restent : %(lots)s") % {"lots": left})
    return " · ".join(parts)


def teams_tagged_sentence(category: str, changed: int, add: bool) -> str:
    """What the team list says after ticking teams into a special ranking."""
    if not changed:
        return gettext("Rien à changer : les équipes cochées y étaient déjà (ou n'y étaient pas).")
    if add:
        text = ngettext(
            "%(n)s équipe ajoutée au classement « %(name)s ».",
            "%(n)s équipes ajoutées au classement « %(name)s ».",
            changed,
        )
    else:
        text = ngettext(
            "%(n)s équipe retirée du classement « %(name)s ».",
            "%(n)s équipes retirées du classement « %(name)s ».",
            changed,
        )
    return text % {"n": changed, "name": category}
