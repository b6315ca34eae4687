"""What is said about a season challenge: how its points are counted, in a
sentence for players, and the rows of its ranking as pages and the PDF lay
them out.

Must not: rank or compute points (`tournaments.features.challenge.domain`) nor write.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, ngettext

from tournaments.features.challenge.domain import RANK, Line, Score, parse_table


def explanation(challenge) -> str:
    """« Partie gagnée 4 points, … ; les 5 meilleures soirées comptent ; 3
    soirées au moins pour les lots. »"""
    if challenge.kind == RANK:
        try:
            table = parse_table(challenge.rank_table)
        except ValueError:
            table = ()
        if table:
            shown = ", ".join(str(p) for p in table)
            parts = [gettext("Points selon la place de la soirée : %(t)s.") % {"t": shown}]
        else:
            parts = [gettext("Points selon la place : nombre d'inscrits + 1 − place.")]
    else:
        parts = [
            gettext("Par partie : gagnée %(w)s points, nulle %(d)s, perdue %(l)s, exempt %(b)s.")
            % {"w": challenge.win, "d": challenge.draw, "l": challenge.loss, "b": challenge.bye}
        ]
        if challenge.with_points:
            parts.append(gettext("Les points marqués s'y ajoutent."))
    parts.append(gettext("Chacun reçoit les points de l'équipe avec laquelle il a joué la soirée."))
    if challenge.best_n:
        parts.append(
            ngettext(
                "Seule la meilleure soirée compte.",
                "Les %(n)s meilleures soirées comptent, les autres sont barrées.",
                challenge.best_n,
            )
            % {"n": challenge.best_n}
        )
    if challenge.min_events:
        parts.append(
            ngettext(
                "Il faut %(n)s soirée au moins pour être classé aux lots.",
                "Il faut %(n)s soirées au moins pour être classé aux lots.",
                challenge.min_events,
            )
            % {"n": challenge.min_events}
        )
    return " ".join(parts)


@dataclass
class Row:
    line: Line
    scores: list[Score | None]

    @property
    def name(self) -> str:
        return f"{self.line.person.first_name} {self.line.person.last_name}"


def rows(board) -> list[Row]:
    """Each line with its score of every evening in date order (None where
    the player did not play)."""
    return [Row(line, [line.score(t.pk) for t in board.evenings]) for line in board.lines]
