"""The one presenter of a table screen: what the deal grid shows, for the
desk's table screen and the phone's alike (templates/tournaments/includes/
deal_grid.html): the deals as on the paper sheet with their running
totals and « Pourquoi ? », the row being typed, which cells the profile
has, the URLs the grid posts to, the keys legend, and what a save is
answered with (`saved_rows`). Must not: score, save or check anything
(the services and the engine do), nor touch a request.

A save that appends a deal is answered with that row only (`last_row`):
the answer's size and cost do not grow with the table's deals, which is
what lets a hall of tables save at once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q, Sum
from django.utils.translation import gettext as _

from tournaments.display import keys, labels
from tournaments.display.explain import explain
from tournaments.domain.digits import whole_number
from tournaments.models import Bracket, BracketMatch, Deal, Round, Table, running_totals


@dataclass
class Grid:
    form: Any  # the DealForm being typed, None when nothing can be typed
    editing: int | None
    next_number: int
    save_url: str
    edit_url: str
    preview_url: str | None
    delete_url: str | None
    contracts: bool
    announcements: bool
    correctable: bool
    closed: bool
    progress: str
    columns: int
    target: str = "#deal-grid"
    # The other team's phone, its code given: where a deal is ticked
    # (« …/donne/ » + number + « /confirmer/ »).
    tick_url: str | None = None
    # …and where it ticks every deal its screen shows (« Tout confirmer »).
    tick_all_url: str | None = None
    # The phone's pad (display/pad.py) in place of the desk's cells.
    pad: Any = None
    rows: list = field(default_factory=list)
    keys_json: str = ""
    legend: str = ""
    preview: Any = None
    tie: bool = False  # a knockout tie to play off with one more deal
    # (deal number, sentence): the row just saved as understood (forms/entry.py), said under it.
    understood: tuple[int, str] | None = None


def editing_number(form: Any) -> int | None:
    """The number of the deal a form corrects, None for the next deal (or
    a number no deal can have: never read from a hostile post as is)."""
    if form is None:
        return None
    number = str(form.initial.get("number") or form.data.get("number") or "")
    return whole_number(number, digits=5)


def deal_rows(table: Table) -> list[tuple[Deal, int, int]]:
    """The deals with the running totals, each with ``why``: how its marque
    was obtained (display.explain), the pot it may win being the one the
    previous deal left pending. No query beyond the deals'."""
    rows = list(running_totals(table.deals.all()))
    rules = table.round.tournament.rule_profile
    pending = 0
    for row in rows:
        deal = row[0]
        deal.why = explain(deal, rules, pot=pending)
        pending = deal.pot
    return rows


def last_row(table: Table, deal: Deal) -> list[tuple[Deal, int, int]]:
    """`deal`, just saved last at `table`, as `deal_rows` would give it
    (running totals, ``why`` with the pot the deal before left pending), in
    one query whatever the table's length: the answer to a save that
    appended it, the rows above being unchanged."""
    sums = table.deals.aggregate(
        a=Sum("marque_a"), b=Sum("marque_b"), pot=Sum("pot", filter=Q(number=deal.number - 1))
    )
    deal.why = explain(deal, table.round.tournament.rule_profile, pot=sums["pot"] or 0)
    return [(deal, sums["a"] or 0, sums["b"] or 0)]


def appends(table: Table, deal: Deal, number: int | None) -> bool:
    """Whether a save that stored `deal` only added a row at the end of a
    grid that already had rows and goes on being typed: then the answer may
    be `appended_response` (a first deal, a correction or the last deal of
    the partie changes more, and gets the whole grid)."""
    return number is None and deal.number > 1 and table.status != Table.Status.COMPLETE


def tie_to_play_off(table: Table, played: int) -> bool:
    """Whether `table` is a knockout match whose planned deals are all in
    with equal totals, its bracket playing a tie off with one more deal
    (the scores keep such a table open, queries/brackets.py `needs_winner`):
    said on the table at once, not only when the partie is closed. One
    query, and only for such a table."""
    tournament = table.round.tournament
    if table.round.stage != Round.Stage.BRACKET or table.status == Table.Status.COMPLETE:
        return False
    if tournament.end_mode != tournament.EndMode.DEALS or played < tournament.end_deals:
        return False
    if table.total_a != table.total_b:
        return False
    return BracketMatch.objects.filter(
        table=table, bracket__tie_rule=Bracket.DeadHeatRule.EXTRA_DEAL
    ).exists()


def progress(table: Table, played: int, *, tie: bool = False) -> str:
    """« Donne 5 sur 12 », « 1 240 points visés », « égalité : une donne de
    plus » (`tie`: a knockout tie, `tie_to_play_off`), or « Partie terminée »."""
    if table.status == Table.Status.COMPLETE:
        return _("Partie terminée")
    if tie:
        return _("égalité : une donne de plus")
    tournament = table.round.tournament
    if tournament.end_mode == tournament.EndMode.DEALS:
        return _("Donne %(n)s sur %(of)s") % {"n": played + 1, "of": tournament.end_deals}
    return _("Partie en %(target)s points") % {"target": labels.number(tournament.end_target)}


def build_grid(
    table: Table,
    rows: list[tuple[Deal, int, int]],
    *,
    form: Any,
    editing: int | None,
    urls: dict[str, str | None],
    correctable: bool,
    target: str = "#deal-grid",
    played: int | None = None,
    understood: tuple[int, str] | None = None,
) -> Grid:
    """The grid of `table`; `form` is None when nothing can be typed.
    `played`, the deals the table has, defaults to the rows given (give it
    when `rows` is only the `last_row`)."""
    played = len(rows) if played is None else played
    rules = table.round.tournament.rule_profile
    tie = tie_to_play_off(table, played)
    contracts = rules.counting != "belote"
    announcements = rules.announcements
    shown_keys = {
        "taker": keys.keys_shown(keys.taker_keys(), keys.taker_shown),
        "trump": keys.keys_shown(keys.trump_keys(sa_ta=rules.sa_ta), labels.trump_sign),
        "side": keys.keys_shown({k: v for k, v in keys.taker_keys().items() if v}, keys.side_shown),
    }
    return Grid(
        form=form,
        editing=editing,
        next_number=played + 1,
        save_url=urls["save"] or "",
        edit_url=urls["edit"] or "",
        preview_url=urls.get("preview"),
        delete_url=urls.get("delete"),
        tick_url=urls.get("tick"),
        tick_all_url=urls.get("tick_all"),
        contracts=contracts,
        announcements=announcements,
        correctable=correctable,
        closed=table.round.status == Round.Status.CLOSED,
        progress=progress(table, played, tie=tie),
        tie=tie,
        columns=11 + 2 * contracts + 2 * announcements,
        target=target,
        rows=rows,
        keys_json=json.dumps(shown_keys, ensure_ascii=False),
        legend=legend(contracts=contracts, sa_ta=rules.sa_ta, generale=rules.generale != "off"),
        understood=understood,
    )


def legend(*, contracts: bool, sa_ta: bool = True, generale: bool = False) -> str:
    """The keys under the grid, « Preneur : N ou E (P : passe) · … », the générale's if played."""
    parts = [
        _("Preneur : N ou E (P : passe)"),
        _("Atout : %(keys)s") % {"keys": keys.trump_legend(sa_ta=sa_ta)},
    ]
    if contracts:
        parts.append(_("Contrat : 80…160, C : capot · Coinche : X, XX"))
        parts += [_("Générale : G au contrat, GN ou GE au capot")] if generale else []
    parts.append(_("Belote, capot : N ou E · Entrée : enregistrer"))
    return " · ".join(str(p) for p in parts)


def saved_rows(
    table: Table, deal: Deal, *, number: int | None, expected_version: int
) -> list[tuple[Deal, int, int]] | None:
    """What a deal save is answered with, for the desk and the phone: the
    new row alone (`last_row`) when the save only appended it to a grid
    that goes on being typed and the table moved exactly that one version;
    None for the whole grid (a first deal, a correction, the last deal, or a
    post sent again after others moved the table on). `table` is as the
    save left it."""
    if appends(table, deal, number) and table.version == expected_version + 1:
        return last_row(table, deal)
    return None
