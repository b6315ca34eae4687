"""The columns of a ranking, the same on the web page, the PDF and the exports,
and the sentence that says how the ranking is computed.

Responsible for which columns a ranking shows (every criterion that decides
it is visible: match points and the opponents' points appear when they are
criteria, the bye column when a bye was given), their labels, short headers
and legend, which column the first criterion puts in bold, and the ranking's
explanation. Must not: rank anyone (see :mod:`tournaments.domain.standings`) or
query the database.

How the bye (« exempt ») is counted, so that every row adds up: a bye is a
partie played. It is a partie won when the tournament's bye policy gives it a
win (the partie's average, the default, or fixed points) and a partie lost,
with no points, under « ni victoire ni points »; it is never drawn. So on
every row, wherever it is shown::

    Jouées = Gagnées + Nulles + Perdues        and        Exempt ≤ Jouées

The Exempt column says how many of the parties played were byes (« dont
exempt »). The bye's points are in Points; a bye worth the partie's average
has that average in Contre too (a partie against an average opponent: its
difference is 0, `domain.standings.bye_against`), fixed points are not in
Contre unless the organizer counts them against too (« pour et contre »).
The explanation sentence says all this to the players.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import get_language, gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.display import labels
from tournaments.domain import standings as ranking


@dataclass(frozen=True)
class Column:
    """``key`` is an attribute of :class:`tournaments.domain.standings.Row`."""

    key: str
    label: str | Promise
    short: str | Promise
    legend: str | Promise = ""
    signed: bool = False


RANK = Column("rank", _("Rang"), _("Rang"))
PLAYED = Column("played", _("Jouées"), pgettext_lazy("played", "J"), _("parties jouées"))
WON = Column("won", _("Gagnées"), pgettext_lazy("won", "G"), _("gagnées"))
DRAWN = Column("drawn", _("Nulles"), pgettext_lazy("drawn", "N"), _("nulles"))
LOST = Column("lost", _("Perdues"), pgettext_lazy("lost", "P"), _("perdues"))
#: Of the parties played, how many were byes (see the module's docstring).
BYES = Column("byes", _("Exempt"), pgettext_lazy("byes", "Ex."), _("dont exempt"))
MATCH_POINTS = Column(
    "match_points",
    _("Points de match"),
    pgettext_lazy("match points", "Pts m."),
    _("points de match"),
)
BUCHHOLZ = Column(
    "buchholz",
    _("Points des adversaires"),
    pgettext_lazy("buchholz", "Buch."),
    _("points des adversaires (Buchholz)"),
)
BEST_GAME = Column(
    "best_game",
    _("Meilleure partie"),
    pgettext_lazy("best game", "Meill."),
    _("meilleure partie"),
)
POINTS_FOR = Column("points_for", _("Points"), _("Points"))
POINTS_AGAINST = Column("points_against", _("Contre"), _("Contre"), _("points encaissés"))
DIFFERENCE = Column(
    "difference",
    pgettext_lazy("difference", "Diff."),
    pgettext_lazy("difference", "Diff."),
    _("différence"),
    True,
)

#: The column each ranking criterion reads (head-to-head has none of its own).
CRITERION_COLUMN = {
    ranking.POINTS: POINTS_FOR,
    ranking.WINS: WON,
    ranking.MATCH_POINTS: MATCH_POINTS,
    ranking.DIFFERENCE: DIFFERENCE,
    ranking.BUCHHOLZ: BUCHHOLZ,
    ranking.BEST_GAME: BEST_GAME,
    ranking.POINTS_AGAINST: POINTS_AGAINST,
}

#: Each criterion as the explanation names it (« départagés par … »).
CRITERION_WORDS = {
    ranking.POINTS: _("le total des points"),
    ranking.WINS: _("le nombre de parties gagnées"),
    ranking.MATCH_POINTS: _("les points de match"),
    ranking.DIFFERENCE: _("la différence de points"),
    ranking.HEAD_TO_HEAD: _("la confrontation directe (les parties gagnées entre elles)"),
    ranking.BUCHHOLZ: _("les points des adversaires rencontrés (Buchholz)"),
    ranking.BEST_GAME: _("la meilleure partie"),
    ranking.POINTS_AGAINST: _("le moins de points contre"),
}


def standings_columns(criteria: Sequence[str], *, byes: bool = True) -> list[Column]:
    """The number columns of a ranking, in order, after rank and name: every
    criterion's column is shown; the bye column when a bye was given."""
    extra = [
        column
        for column, shown in (
            (BYES, byes),
            (MATCH_POINTS, ranking.MATCH_POINTS in criteria),
            (BUCHHOLZ, ranking.BUCHHOLZ in criteria),
            (BEST_GAME, ranking.BEST_GAME in criteria),
        )
        if shown
    ]
    return [PLAYED, WON, DRAWN, LOST, *extra, POINTS_FOR, POINTS_AGAINST, DIFFERENCE]


def all_columns() -> list[Column]:
    """Every number column (the spreadsheet exports keep them all)."""
    return [
        PLAYED,
        WON,
        DRAWN,
        LOST,
        BYES,
        POINTS_FOR,
        POINTS_AGAINST,
        DIFFERENCE,
        MATCH_POINTS,
        BUCHHOLZ,
        BEST_GAME,
    ]


def emphasised_key(criteria: Sequence[str]) -> str | None:
    """The key of the column the first criterion reads (shown in bold)."""
    column = CRITERION_COLUMN.get(criteria[0]) if criteria else None
    return column.key if column else None


def legend(columns: Sequence[Column]) -> str:
    """« J : parties jouées · G : gagnées · … » for the columns shown."""
    return " · ".join(
        gettext("%(short)s : %(legend)s") % {"short": c.short, "legend": c.legend}
        for c in columns
        if c.legend
    )


def value(row: ranking.Row, column: Column) -> int:
    return getattr(row, column.key)


def figure(row: ranking.Row, column: Column) -> str:
    """A number cell as printed: grouped thousands, a true minus, and a sign
    on the signed columns (« +1 440 », « −614 »)."""
    number = value(row, column)
    return labels.signed(number) if column.signed else labels.number(number)


def phone_keys(criteria: Sequence[str]) -> set[str]:
    """The number columns a phone's narrow screen keeps: the wins, the
    points and the difference, and the column of every criterion."""
    keys = {WON.key, POINTS_FOR.key, DIFFERENCE.key}
    keys.update(CRITERION_COLUMN[c].key for c in criteria if c in CRITERION_COLUMN)
    return keys


def ranking_explanation(tournament) -> str:
    """How `tournament` is ranked, in a few sentences for players: the
    criteria in order (« à égalité de points, départagés par … »), the
    match points when they count, and how a bye is counted (see the
    module's docstring)."""
    criteria = tournament.criteria
    sentences = [criteria_explanation(criteria, tournament.chance_seed)]
    if ranking.MATCH_POINTS in criteria:
        sentences.append(
            gettext("Points de match : victoire %(win)s, nul %(draw)s, défaite %(loss)s.")
            % {
                "win": tournament.match_points_win,
                "draw": tournament.match_points_draw,
                "loss": tournament.match_points_loss,
            }
        )
    sentences.append(bye_explanation(tournament.bye_policy, tournament.bye_points))
    return " ".join(sentences)


def criterion_words(criterion: str, seed: int | None) -> str:
    """One criterion as the explanation names it; the drawing of lots with
    its seed, so that anyone can draw it again from the concours file."""
    if criterion == ranking.CHANCE:
        return gettext("un tirage au sort fait une fois (numéro %(seed)s)") % {
            "seed": seed if seed is not None else "?"
        }
    return str(CRITERION_WORDS[criterion])


def split_sentence(criterion: str) -> str:
    """Beside a ranking's line equal to the one above on the first criterion:
    which criterion put it below (« départagé par le tirage au sort »)."""
    words = (
        gettext("le tirage au sort")
        if criterion == ranking.CHANCE
        else str(CRITERION_WORDS[criterion])
    )
    return gettext("départagé par %(criterion)s") % {"criterion": words}


def criteria_explanation(criteria: Sequence[str], seed: int | None) -> str:
    """« Classement par le total des points ; à égalité de points, départagés
    par le nombre de parties gagnées, puis la meilleure partie ; à égalité
    sur tous ces critères, le rang est partagé. »"""
    first, rest = criteria[0], list(criteria[1:])
    text = gettext("Classement par %(first)s") % {"first": criterion_words(first, seed)}
    if rest:
        tied = gettext("à égalité de points") if first == ranking.POINTS else gettext("à égalité")
        text += gettext(" ; %(tied)s, départagés par %(rest)s") % {
            "tied": tied,
            "rest": gettext(", puis ").join(criterion_words(c, seed) for c in rest),
        }
    if ranking.CHANCE not in criteria:
        text += gettext(" ; à égalité sur tous ces critères, le rang est partagé")
    return text + "."


def moved_sentence(moved: Sequence[tuple[object, int, int]]) -> str:
    """Whose place a change of the criteria moves: « n° 4 Dupont – Martin :
    2e → 3e ; … », or that nobody's does."""
    if not moved:
        return gettext("Aucune équipe ne change de place au classement actuel.")
    return ngettext(
        "Change de place au classement actuel : %(moves)s.",
        "Changent de place au classement actuel : %(moves)s.",
        len(moved),
    ) % {
        "moves": " ; ".join(
            gettext("%(entrant)s : %(was)s → %(now)s")
            % {"entrant": _entrant_name(e), "was": labels.ordinal(was), "now": labels.ordinal(now)}
            for e, was, now in moved
        )
    }


def _entrant_name(entrant: object) -> str:
    number = getattr(entrant, "number", None)
    name = getattr(entrant, "display_name", None) or str(entrant)
    return f"n° {number} {name}" if number is not None else name


def bye_explanation(policy: str, points: int) -> str:
    """How a bye counts under `policy` (a `Tournament.ByePolicy` value)."""
    if policy == "nothing":
        return gettext("L'exempt compte comme une partie jouée et perdue, sans points.")
    if policy == "fixed_both":
        return ngettext(
            "L'exempt compte comme une partie jouée et gagnée, avec %(points)s point, "
            "pour et contre : sa différence n'en bouge pas.",
            "L'exempt compte comme une partie jouée et gagnée, avec %(points)s points, "
            "pour et contre : sa différence n'en bouge pas.",
            1 if points == 0 and (get_language() or "fr").startswith("fr") else points,
        ) % {"points": labels.number(points)}
    if policy == "fixed":
        return ngettext(
            "L'exempt compte comme une partie jouée et gagnée, avec %(points)s point.",
            "L'exempt compte comme une partie jouée et gagnée, avec %(points)s points.",
            # French says « 0 point », and has no catalogue to carry that rule.
            1 if points == 0 and (get_language() or "fr").startswith("fr") else points,
        ) % {"points": labels.number(points)}
    return gettext(
        "L'exempt compte comme une partie jouée et gagnée, avec la moyenne des points "
        "marqués aux tables de sa partie, pour et contre : sa différence n'en bouge pas."
    )


def hidden_said(cutoff: int | None) -> str:
    """What the public pages say while the ranking is hidden (issue 38,
    item 12a), « » when it is not: the sentence, and which parties the
    ranking shown counts."""
    if cutoff is None:
        return ""
    return gettext(
        "Classement masqué jusqu'à la fin du concours : celui-ci compte les parties jouées "
        "avant la partie %(number)s."
    ) % {"number": cutoff}


def hidden_from_players_said(cutoff: int | None) -> str:
    """What the desk's live ranking says while the public's is hidden."""
    if cutoff is None:
        return ""
    return gettext(
        "Classement à jour, masqué aux joueurs jusqu'à la fin du concours : l'écran de la "
        "salle et les pages publiques montrent celui d'avant la partie %(number)s."
    ) % {"number": cutoff}
