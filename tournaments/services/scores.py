"""Scores at a table: deal by deal or final totals, and penalties.

Marques and totals come from the engine (`scoring`) only: `rescore_table`
recomputes a whole table from all its deals and is their only writer. Each
change locks its table and checks the version the organizer saw, so two
people typing at once cannot overwrite each other; correcting a closed
partie needs a reason.

This module must not patch a total by hand, seat or close a partie
(`rounds`), nor know about the table's link: `table_side` builds on it,
never the reverse.

A retry never doubles a change: each audit line keeps the `request_key` of
the post that made it (what was asked, and on which version). When a post
finds the table moved on from its version, and a line of the table has its
key, it is that same post sent again (a phone that lost the answer): it
records nothing and returns what the first one did.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import scoring
from tournaments.display.errors import engine_error
from tournaments.domain.deal_shapes import DEAL_FIELDS, fields_to_engine
from tournaments.models import Change, Deal, Round, Table, Tournament
from tournaments.queries.brackets import needs_winner
from tournaments.services import claims, sheet_totals
from tournaments.services.audit import Actor, log_change
from tournaments.services.errors import TournamentError
from tournaments.services.table_versions import (
    AlreadyDone,
    check_round_open,
    check_version,
    lock_table,
    lock_table_at,
    request_key,
)


def rescore_table(table: Table) -> scoring.GameScore:
    """Recompute every deal's marques and the table's totals from the deals,
    through the engine; the only writer of marques and totals."""
    return rescore_deals(table, stored_deals_of(table))


@dataclass
class _StoredDeal:
    """A deal as the rescoring reads it: its number, its marques as stored
    and the fields the engine scores (a table's deals are all read at each
    save: no model instance is built for them)."""

    pk: int
    number: int
    marques: tuple[int, int, str, int]
    fields: dict[str, Any]

    def to_engine(self) -> dict[str, Any]:
        return fields_to_engine(self.fields)


def stored_deals_of(table: Table) -> list[_StoredDeal]:
    """The table's deals in number order, in one query."""
    rows = table.deals.order_by("number").values_list(
        "pk", "number", "marque_a", "marque_b", "outcome", "pot", *DEAL_FIELDS
    )
    return [
        _StoredDeal(row[0], row[1], tuple(row[2:6]), dict(zip(DEAL_FIELDS, row[6:], strict=True)))
        for row in rows
    ]


def rescore_deals(table: Table, deals: Sequence[_StoredDeal | Deal]) -> scoring.GameScore:
    """`rescore_table` on `deals`, the table's deals in number order as they
    are to be: a `Deal` (new or edited, among them) is written whole, the
    others, as stored, only when their marques move."""
    tournament = table.round.tournament
    rules = tournament.rule_profile
    end = tournament.game_end
    # A bracket match tied after its deals goes on one deal at a time
    # until a team leads (services/brackets.py `needs_winner`).
    dead_heat = "deals" in end and len(deals) >= end["deals"] and needs_winner(table)
    if dead_heat:
        end = {"deals": len(deals)}
    try:
        result = scoring.score_game([d.to_engine() for d in deals], rules, end)
    except scoring.ScoringError as exc:
        number = deals[exc.deal].number if exc.deal is not None else "?"
        raise TournamentError(
            _("Donne %(n)s : %(msg)s") % {"n": number, "msg": engine_error(exc, rules=rules)},
            field=exc.code,
        ) from exc
    for deal, scored in zip(deals, result.deals, strict=True):
        marques = (scored.a, scored.b, scored.outcome, scored.pot)
        if isinstance(deal, Deal):
            deal.marque_a, deal.marque_b, deal.outcome, deal.pot = marques
            deal.save()
        elif deal.marques != marques:
            Deal.objects.filter(pk=deal.pk).update(
                **dict(zip(("marque_a", "marque_b", "outcome", "pot"), marques, strict=True)),
                updated_at=timezone.now(),
            )
    penalty_a, penalty_b = _penalties(table)
    table.total_a = result.totals[0] + penalty_a
    table.total_b = result.totals[1] + penalty_b
    table.lost_pot = result.lost_pot
    if not deals:
        table.status = Table.Status.NOT_STARTED
    elif result.finished and (not dead_heat or table.total_a != table.total_b):
        table.status = Table.Status.COMPLETE
    else:
        table.status = Table.Status.IN_PROGRESS
    return result


def _penalties(table: Table) -> tuple[int, int]:
    a = b = 0
    for team_id, points in table.penalties.order_by().values_list("team_id", "points"):
        if team_id == table.team_a_id:
            a += points
        elif team_id == table.team_b_id:
            b += points
    return a, b


def save_table(table: Table, *, corrected: bool, also_update: Iterable[str] = ()) -> None:
    table.version += 1
    table.corrected = table.corrected or corrected
    if table.entry_state in (Table.EntryState.EMPTY, Table.EntryState.CONFIRMED):
        # New scores: a confirmation given earlier no longer covers them.
        table.entry_state = Table.EntryState.ENTERED
        table.settled_by = ""
    table.save(
        update_fields=[
            "total_a",
            "total_b",
            "lost_pot",
            "status",
            "version",
            "corrected",
            "entry_state",
            "settled_by",
            "totals_only",
            *also_update,
        ]
    )
    rnd = table.round
    if rnd.status == Round.Status.DRAFT:
        rnd.status = Round.Status.PLAYING
        rnd.save(update_fields=["status"])


def deal_snapshot(deal: Deal) -> dict[str, Any]:
    data = {name: getattr(deal, name) for name in DEAL_FIELDS}
    data.update(number=deal.number, marque_a=deal.marque_a, marque_b=deal.marque_b)
    return data


@transaction.atomic(durable=True)
def record_deal(
    *,
    table: Table,
    values: Mapping[str, Any],
    number: int | None = None,
    expected_version: int | None = None,
    reason: str = "",
    by: Actor | None = None,
    after_claims: bool = False,
) -> Deal:
    """Add the next deal of a table (number None) or replace deal `number`.

    `values` uses the Deal field names (DEAL_FIELDS). The whole table is
    rescored; an impossible deal raises with the engine's French message and
    the field at fault, and nothing is written. The same post sent again
    returns the deal it recorded and writes nothing."""
    return write_deal(
        lock_table(table),
        values=values,
        number=number,
        expected_version=expected_version,
        reason=reason,
        by=by,
        after_claims=after_claims,
    )


def write_deal(
    table: Table,
    *,
    values: Mapping[str, Any],
    number: int | None = None,
    expected_version: int | None = None,
    reason: str = "",
    by: Actor | None = None,
    also_update: Iterable[str] = (),
    after_claims: bool = False,
) -> Deal:
    """`record_deal` on a table its caller locked (`lock_table`) in its own
    transaction. `also_update` names fields the caller changed on the table,
    written with its new totals. The table's deals are read once and the
    deal is written scored: the few statements a save takes are all the
    time other tables wait for the database. The same post sent again
    returns the deal it recorded and writes nothing."""
    key = request_key("deal", expected_version, {"number": number, "values": dict(values)})
    try:
        check_version(table, expected_version, key)
    except AlreadyDone as done:
        recorded = (done.change.after or {}).get("number") or 0
        return table.deals.filter(number=recorded).first() or Deal(table=table, number=recorded)
    refusal = deal_refusal(table, values, new=number is None)
    if refusal:
        raise refusal
    corrected = check_round_open(table, reason)
    deals: list[_StoredDeal | Deal] = list(stored_deals_of(table))
    rules = table.round.tournament.rule_profile
    if number is None:
        deal = new_deal(table, (deals[-1].number if deals else 0) + 1, values, rules)
        deals.append(deal)
        before = None
    else:
        at = next((i for i, d in enumerate(deals) if d.number == number), None)
        if at is None:
            raise TournamentError(_("Cette donne n'existe pas."))
        deal = deals[at] = table.deals.get(pk=deals[at].pk)
        before = deal_snapshot(deal)
        _set_values(deal, values, rules)
    rescore_deals(table, deals)
    save_table(table, corrected=corrected, also_update=also_update)
    log_change(
        table.round.tournament,  # loaded above: its slug needs no query
        Change.Action.DEAL_CHANGED if before else Change.Action.DEAL_ADDED,
        by=by,
        table=table,
        reason=reason,
        before=before,
        after=deal_snapshot(deal),
        request_key=key,
    )
    claims.check_final(table, corrected=corrected, after_claims=after_claims)
    return deal


def deal_refusal(table: Table, values: Mapping[str, Any], *, new: bool) -> TournamentError | None:
    """Why `values` cannot be written as a deal of `table` (a `new` one:
    its partie must still be going on), or None. The one list of these
    refusals, for a single post and for a phone's batch alike."""
    if table.round.tournament.score_entry == Tournament.ScoreEntry.TOTALS:
        return TournamentError(_("Ce tournoi ne saisit que les totaux de fin de partie."))
    if table.totals_only:
        return TournamentError(
            _("Cette table a été saisie par ses totaux : effacez-les pour saisir ses donnes."),
            field="taker",
        )
    unknown = set(values) - set(DEAL_FIELDS)
    if unknown:
        return TournamentError(_("Champ inconnu : %(f)s") % {"f": ", ".join(sorted(unknown))})
    if new and table.status == Table.Status.COMPLETE:
        return TournamentError(_("La partie de cette table est terminée."), field="taker")
    return None


def new_deal(table: Table, number: int, values: Mapping[str, Any], rules: scoring.Rules) -> Deal:
    """Deal `number` of `table` from `values`, not yet saved, scored alone
    (its own refusal names its own field)."""
    deal = Deal(table=table, number=number)
    _set_values(deal, values, rules)
    return deal


def _set_values(deal: Deal, values: Mapping[str, Any], rules: scoring.Rules) -> None:
    apply_values(deal, values)
    deal.confirmed = False  # what the other team ticked has changed
    # Score this deal alone first, so the error names its own field.
    score_alone(deal, rules)


def preview_deal(*, tournament: Tournament, values: Mapping[str, Any]) -> scoring.DealScore:
    """The engine's marques for a deal being typed, before it is saved (no
    pot from earlier deals). Writes nothing."""
    deal = Deal()
    apply_values(deal, values)
    return score_alone(deal, tournament.rule_profile)


def apply_values(deal: Deal, values: Mapping[str, Any]) -> None:
    for name in DEAL_FIELDS:
        if name in values:
            setattr(deal, name, values[name] if values[name] is not None else _blank(name))


def score_alone(deal: Deal, rules: scoring.Rules) -> scoring.DealScore:
    try:
        return scoring.score_deal(deal.to_engine(), rules)
    except scoring.ScoringError as exc:
        raise TournamentError(engine_error(exc, rules=rules), field=exc.code) from exc


def _blank(name: str) -> Any:
    field = Deal._meta.get_field(name)
    assert isinstance(field, models.Field)  # DEAL_FIELDS are the deal's columns
    if field.null:
        return None
    return field.get_default()


@transaction.atomic(durable=True)
def delete_last_deal(
    *,
    table: Table,
    expected_version: int | None = None,
    reason: str = "",
    by: Actor | None = None,
    after_claims: bool = False,
) -> None:
    """Deletes the table's last deal; the same post sent again deletes
    nothing more."""
    key = request_key("delete", expected_version, None)
    try:
        table = lock_table_at(table, expected_version, key)
    except AlreadyDone:
        return
    corrected = check_round_open(table, reason)
    last = table.deals.order_by("-number").first()
    if last is None:
        raise TournamentError(_("Aucune donne à supprimer."))
    before = deal_snapshot(last)
    last.delete()
    rescore_table(table)
    save_table(table, corrected=corrected)
    log_change(
        table.round.tournament_id,
        Change.Action.DEAL_DELETED,
        by=by,
        table=table,
        reason=reason,
        before=before,
        request_key=key,
    )
    claims.check_final(table, corrected=corrected, after_claims=after_claims)


@transaction.atomic(durable=True)
def record_totals(
    *,
    table: Table,
    total_a: int,
    total_b: int,
    sheet: dict[str, int] | None = None,
    anyway: bool = False,
    ask_if_unusual: bool = False,
    expected_version: int | None = None,
    reason: str = "",
    by: Actor | None = None,
    after_claims: bool = False,
) -> Table:
    """A table's final totals typed from its sheet: the way of a tournament
    that records totals only, or of one table whose sheet came back with
    totals only in a deal-by-deal tournament (then it must have no deal).

    `sheet` is what the organizer counted on it (played deals, belotes,
    capots): where the profile allows it, the totals must make the
    organizers' sum (scoring.sheet), else the refusal says what is likely
    wrong, unless `anyway`. With `ask_if_unusual` (the desk, until « Oui,
    c'est bien ça » is ticked), an unusual sum of both totals is asked about
    first. The same post sent again writes nothing."""
    asked = {"totals": [total_a, total_b], "sheet": sheet, "anyway": anyway}
    key = request_key("totals", expected_version, asked)
    try:
        table = lock_table_at(table, expected_version, key)
    except AlreadyDone:
        return Table.objects.get(pk=table.pk)
    tournament = table.round.tournament
    if tournament.score_entry != Tournament.ScoreEntry.TOTALS and table.deals.exists():
        raise TournamentError(
            _("Cette table a déjà des donnes : corrigez-les, ou supprimez-les d'abord."),
            field="total_a",
        )
    corrected = check_round_open(table, reason)
    for value, field in ((total_a, "total_a"), (total_b, "total_b")):
        if value < 0:
            raise TournamentError(_("Un total ne peut pas être négatif."), field=field)
    sheet_totals.check_bounds(tournament, total_a, total_b, ask_if_unusual)
    if sheet is not None and not anyway:
        sheet_totals.check_sheet(tournament.rule_profile, total_a, total_b, sheet)
    before = [table.total_a, table.total_b] if table.status == Table.Status.COMPLETE else None
    penalty_a, penalty_b = _penalties(table)
    table.total_a, table.total_b = total_a + penalty_a, total_b + penalty_b
    table.status = Table.Status.COMPLETE
    table.totals_only = tournament.score_entry != Tournament.ScoreEntry.TOTALS
    save_table(table, corrected=corrected)
    log_change(
        table.round.tournament_id,
        Change.Action.TOTALS,
        by=by,
        table=table,
        reason=reason,
        before=before,
        after=[table.total_a, table.total_b],
        request_key=key,
    )
    claims.check_final(table, corrected=corrected, after_claims=after_claims)
    return table
