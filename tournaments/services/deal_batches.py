"""The deals a table's phone kept while the hall's server was away, written
at once when it comes back (views/table_side_batch.py, static/js/outbox.js).

The server's return is when 40 phones send what they kept, several deals
each: what it costs a deal is how long the hall waits. A batch is one
transaction with its table locked once (one commit, one write to disk).
In the usual case — new deals, typed one after the other on the versions
the table went through — they are scored together and the table written
once (`_write_new_deals`): two inserts a deal (the deal, its audit line with
the same request key a single post would have had). Anything else (a
correction, a batch sent again after a lost answer, a deal the engine
refuses, a partie ending in the middle) is written deal by deal as
`record_table_deal` writes one, which stops at the first refused and says
why exactly as a single post does.

Must not: decide who may enter a table (table_side.py does) or score
anything outside the engine (scores.py's helpers)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from tournaments.display.labels import side_label
from tournaments.models import Change, Table
from tournaments.services.audit import log_change
from tournaments.services.errors import TournamentError
from tournaments.services.scores import (
    deal_refusal,
    deal_snapshot,
    new_deal,
    rescore_deals,
    save_table,
    stored_deals_of,
)
from tournaments.services.table_side import check_link_open, record_on_locked
from tournaments.services.table_versions import check_round_open, lock_table, request_key

Entry = tuple[Mapping[str, Any], int, int | None]  # values, version first sent on, number


@transaction.atomic(durable=True)
def record_table_deals(*, table: Table, side: str, entries: list[Entry]) -> tuple[int, Table]:
    """The deals kept on a phone, each (values, version it was first sent
    with, number or None), recorded in their order as `record_table_deal`
    records one, in one transaction. Stops at the first deal refused, which
    its savepoint rolls back alone: the deals before it stay recorded.
    Returns how many were recorded and the table as it now is."""
    locked = lock_table(table)  # once: the lock holds until the commit
    if _plain(locked, entries):
        try:
            with transaction.atomic():
                if _write_new_deals(locked, side=side, entries=entries):
                    return len(entries), lock_table(table)
        except TournamentError:
            pass  # which one, and why: said by the way below
        locked = lock_table(table)  # the copy in memory may be half-changed
    saved = 0
    for values, version, number in entries:
        try:
            with transaction.atomic():  # a savepoint: a refusal undoes its deal alone
                record_on_locked(
                    locked, side=side, values=values, expected_version=version, number=number
                )
        except TournamentError:
            break
        saved += 1
    # Read again: a deal refused may have left the copy in memory half-changed.
    return saved, lock_table(table)


def _plain(table: Table, entries: list[Entry]) -> bool:
    """New deals on the versions the table went through, from its own."""
    versions = [version for _, version, _ in entries]
    return (
        len(entries) > 1
        and all(number is None for _, _, number in entries)
        and versions == list(range(table.version, table.version + len(entries)))
    )


def _write_new_deals(table: Table, *, side: str, entries: list[Entry]) -> bool:
    """The plain batch written as many single posts would write it: the same
    deals, marques, totals, version and audit lines (each with its post's
    request key). False, with nothing written, when it is not that simple."""
    check_link_open(table)
    tournament = table.round.tournament
    if (table.entered_by and table.entered_by != side) or any(
        deal_refusal(table, values, new=True) for values, _, _ in entries
    ):
        return False  # said deal by deal, as a single post says it
    reason = _("saisie à la table (%(side)s)") % {"side": side_label(side)}
    if check_round_open(table, reason):
        return False  # a correction of a closed partie: one by one
    rules = tournament.rule_profile
    stored = stored_deals_of(table)
    last = stored[-1].number if stored else 0
    new = [
        new_deal(table, last + offset, values, rules)
        for offset, (values, _version, _number) in enumerate(entries, start=1)
    ]
    deals = stored + new
    # A partie that ends before the last deal refuses the deals after it.
    try:
        engine = [d.to_engine() for d in deals[:-1]]
        before_last = scoring.score_game(engine, rules, tournament.game_end)
    except scoring.ScoringError:
        return False
    if before_last.finished:
        return False
    table.entered_by, table.claimed_totals = side, None
    if table.entry_state not in (Table.EntryState.EMPTY, Table.EntryState.CONFIRMED):
        table.entry_state = Table.EntryState.ENTERED
    rescore_deals(table, deals)
    table.version += len(new) - 1  # save_table adds the last one
    save_table(table, corrected=False, also_update=("entered_by", "claimed_totals"))
    for deal, (values, version, number) in zip(new, entries, strict=True):
        log_change(
            tournament,
            Change.Action.DEAL_ADDED,
            table=table,
            reason=reason,
            after=deal_snapshot(deal),
            request_key=request_key("deal", version, {"number": number, "values": dict(values)}),
        )
    return True
