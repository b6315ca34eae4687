"""« Ma table »: a player reaches their table's page with their team's code
alone (issue 60, item 1).

After a takeover at a new address the printed QR codes lead to the dead
laptop, and a phone whose page was closed holds nothing of its table: the
desk's QR code, the home and « Où je joue ? » lead to one page that asks
the team's code, and the code names the table (the code is the team's for
the whole concours, copied onto its table of each partie: services/table_side.py).

Guessing is bounded as at a table: an attempt is counted before the code is
looked up and taken back when it was right, at most `MAX_WRONG_PER_CLIENT`
wrong codes per client and `MAX_WRONG_IN_ALL` in all in `CODES_WINDOW`
(a code is 8 digits: 200 guesses find one of 80 teams' codes once in 6,000
windows). The table's own lock (too many wrong codes on its link) holds here
too. This module finds the table and the side; it records nothing else, and
the view keeps the side in the phone's session as the table's page does.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.infra import throttle
from tournaments.models import CODE_DIGITS, Round, Table, Team, Tournament
from tournaments.services.errors import TournamentError
from tournaments.services.table_side import (
    CODES_WINDOW,
    codes_locked_until,
    normalise_code,
    withdrawn_sides,
)

MAX_WRONG_PER_CLIENT = 10
MAX_WRONG_IN_ALL = 200


@dataclass(frozen=True)
class Found:
    """The table a team's code opens, its side, and whether the other team
    enters it already (this phone then answers: confirms at the end)."""

    table: Table
    side: str
    answering: bool


def _refused(message: str) -> TournamentError:
    return TournamentError(message, field="code")


def _tables_of(code: str, tournament: Tournament | None) -> list[Table]:
    """The tables in play whose code is `code`: a partie announced, not closed."""
    tables = (
        Table.objects.filter(Q(code_a=code) | Q(code_b=code), team_b__isnull=False)
        .exclude(round__status=Round.Status.CLOSED)
        .filter(round__in=Round.objects.announced())
        .select_related("round__tournament")
        .order_by("-round__number", "number")
    )
    if tournament is not None:
        tables = tables.filter(round__tournament=tournament)
    return list(tables[:10])


def find_my_table(*, code: str, client: str, tournament: Tournament | None = None) -> Found:
    """The table in play of the team whose code is `code` (in `tournament`
    when given), or a refusal the player can act on. Must run outside a
    transaction (throttle.attempt)."""
    code = normalise_code(code)
    if len(code) != CODE_DIGITS or not code.isdigit():
        raise _refused(
            _("Le code d'une équipe a %(n)s chiffres : recopiez-le depuis son coupon.")
            % {"n": CODE_DIGITS}
        )
    mine, mine_token = throttle.attempt(f"my-table-client:{client}", window=CODES_WINDOW)
    every, every_token = throttle.attempt("my-table-all", window=CODES_WINDOW)
    if mine > MAX_WRONG_PER_CLIENT or every > MAX_WRONG_IN_ALL:
        throttle.discount(mine_token)
        throttle.discount(every_token)
        raise _refused(
            _(
                "Trop de codes faux : attendez %(minutes)s minutes, ou scannez le QR code de "
                "la feuille de votre table, ou demandez au bureau."
            )
            % {"minutes": CODES_WINDOW // 60}
        )
    tables = _tables_of(code, tournament)
    if not tables:
        teams = Team.objects.filter(code=code)
        if tournament is not None:
            teams = teams.filter(tournament=tournament)
        if not teams.exists():
            left = MAX_WRONG_PER_CLIENT - mine
            raise _refused(
                ngettext(
                    "Aucune équipe n'a ce code : vérifiez-le sur son coupon (encore %(left)s "
                    "essai).",
                    "Aucune équipe n'a ce code : vérifiez-le sur son coupon (encore %(left)s "
                    "essais).",
                    left,
                )
                % {"left": left}
            )
        throttle.discount(mine_token)
        throttle.discount(every_token)
        raise _refused(
            _(
                "Votre équipe n'a pas de table en jeu en ce moment : attendez l'annonce du "
                "tirage, puis recommencez."
            )
        )
    throttle.discount(mine_token)
    throttle.discount(every_token)
    if len({t.round.tournament_id for t in tables}) > 1:
        raise _refused(
            _("Ce code sert dans deux concours : scannez le QR code de la feuille de votre table.")
        )
    table = tables[0]
    if codes_locked_until(table):
        raise _refused(
            _(
                "Trop de codes faux sur cette table : attendez %(minutes)s minutes ou appelez "
                "l'organisateur."
            )
            % {"minutes": CODES_WINDOW // 60}
        )
    side = "A" if table.code_a == code else "B"
    if side in withdrawn_sides(table):
        raise _refused(_("Ce code est celui d'une équipe qui a déclaré forfait : il ne sert plus."))
    answering = bool(table.entered_by) and table.entered_by != side
    return Found(table=table, side=side, answering=answering)
