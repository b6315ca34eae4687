"""Table-side entry, from the QR code of the score sheet.

One team enters its table's deals with its code; the other team confirms
with its own code, or gives its own totals, which flags the table as
disputed for the organizer, who validates it. Any change of the deals after
a confirmation asks for a new one.

Deals go through `scores.write_deal`, as the organizer's do: this module
only decides who may enter and confirm. It must not score anything itself,
and `scores` must never import it.
"""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.display.labels import side_label
from tournaments.models import Change, Deal, Round, Table, new_entry_key
from tournaments.services.audit import log_change
from tournaments.services.errors import TournamentError
from tournaments.services.scores import lock_table, write_deal


def _check_link_open(table: Table) -> None:
    if table.is_bye:
        raise TournamentError(_("L'équipe exempte ne joue pas : rien à saisir."))
    if table.round.status == Round.Status.CLOSED:
        raise TournamentError(
            _("Cette partie est close : le lien de la table ne sert plus. Voyez l'organisateur.")
        )


def normalise_code(code: str) -> str:
    """A code as typed on any keyboard: digits of any script (٣, ３…) become
    ASCII digits, spaces go; anything else is kept (and will not match)."""
    digits = "".join(
        str(unicodedata.decimal(ch)) if unicodedata.decimal(ch, None) is not None else ch
        for ch in code
        if not ch.isspace()
    )
    return digits.encode("ascii", "replace").decode("ascii")


def _side_for_code(table: Table, code: str) -> str:
    code = normalise_code(code)
    if code and secrets.compare_digest(code, table.code_a):
        return "A"
    if code and secrets.compare_digest(code, table.code_b):
        return "B"
    raise TournamentError(
        _("Code inconnu : il est imprimé dans le cadre de signature de votre équipe."),
        field="code",
    )


def claim_entry(*, table: Table, code: str) -> str:
    """The side whose code this is (the team that will enter the deals)."""
    _check_link_open(table)
    side = _side_for_code(table, code)
    if table.entered_by and table.entered_by != side:
        raise TournamentError(
            _("L'autre équipe saisit déjà cette table : à vous de confirmer à la fin."),
            field="code",
        )
    return side


@transaction.atomic
def record_table_deal(
    *,
    table: Table,
    side: str,
    values: Mapping[str, Any],
    expected_version: int | None,
    number: int | None = None,
) -> Deal:
    """A deal entered from the table's link by the team on `side`: the next
    one, or deal `number` corrected, until the other team has answered.

    `expected_version` is required: a phone that lost the answer and sends
    the same form again is refused (the table moved on), so a retry never
    records a deal twice."""
    locked = lock_table(table)
    _check_link_open(locked)
    if locked.entered_by and locked.entered_by != side:
        raise TournamentError(_("L'autre équipe saisit cette table."))
    if expected_version is None:
        raise TournamentError(
            _("Formulaire incomplet : rechargez la page de la table."), field="version"
        )
    if number is not None and locked.entry_state not in (
        Table.EntryState.EMPTY,
        Table.EntryState.ENTERED,
    ):
        raise TournamentError(
            _("L'autre équipe a déjà répondu : seul l'organisateur peut corriger."),
            field="taker",
        )
    # The deals are this side's entry, and any answer of the other team lapses
    # (an empty or confirmed table becomes « entered » in write_deal), written
    # with the deal's totals.
    locked.entered_by, locked.claimed_totals = side, None
    if locked.entry_state not in (Table.EntryState.EMPTY, Table.EntryState.CONFIRMED):
        locked.entry_state = Table.EntryState.ENTERED
    return write_deal(
        locked,
        values=values,
        number=number,
        expected_version=expected_version,
        reason=_("saisie à la table (%(side)s)") % {"side": side_label(side)},
        also_update=("entered_by", "claimed_totals"),
    )


@transaction.atomic
def confirm_table(*, table: Table, code: str, totals: tuple[int, int] | None = None) -> Table:
    """The other team's answer: no totals (or the same) confirms; different
    totals mark the table as disputed, for the organizer to settle."""
    table = (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__tournament")
        .get(pk=table.pk)
    )
    _check_link_open(table)
    side = _side_for_code(table, code)
    if not table.entered_by:
        raise TournamentError(_("Rien n'a encore été saisi à cette table."))
    if side == table.entered_by:
        raise TournamentError(
            _("La confirmation revient à l'autre équipe, avec son propre code."), field="code"
        )
    if table.status != Table.Status.COMPLETE:
        raise TournamentError(_("La partie de cette table n'est pas terminée."))
    if totals is None or tuple(totals) == (table.total_a, table.total_b):
        table.entry_state = Table.EntryState.CONFIRMED
        table.claimed_totals = None
    else:
        table.entry_state = Table.EntryState.DISPUTED
        table.claimed_totals = {"by": side, "totals": [int(totals[0]), int(totals[1])]}
    table.settled_by = side
    table.save(update_fields=["entry_state", "claimed_totals", "settled_by"])
    confirmed = table.entry_state == Table.EntryState.CONFIRMED
    log_change(
        table.round.tournament_id,
        Change.Action.TABLE_CONFIRMED if confirmed else Change.Action.TABLE_DISPUTED,
        table=table,
        reason=side_label(side),
        after={"state": table.entry_state, "claimed": table.claimed_totals},
    )
    return table


@transaction.atomic
def validate_table(*, table: Table, by=None) -> Table:
    """The organizer settles a table (entered or disputed) as it stands."""
    table = Table.objects.select_for_update(of=("self",)).get(pk=table.pk)
    if not table.deals.exists() and table.status != Table.Status.COMPLETE:
        raise TournamentError(_("Rien n'a encore été saisi à cette table."))
    before = {"state": table.entry_state, "claimed": table.claimed_totals}
    table.entry_state = Table.EntryState.CONFIRMED
    table.settled_by = Table.DESK
    table.save(update_fields=["entry_state", "settled_by"])
    log_change(
        table.round.tournament_id,
        Change.Action.TABLE_VALIDATED,
        by=by,
        table=table,
        before=before,
        after={"state": table.entry_state},
    )
    return table


@transaction.atomic
def revoke_entry_link(*, table: Table, by=None) -> Table:
    """A new key: the printed QR code stops working (reprint the sheet)."""
    table = Table.objects.select_for_update(of=("self",)).get(pk=table.pk)
    table.entry_key = new_entry_key()
    table.save(update_fields=["entry_key"])
    log_change(
        table.round.tournament_id,
        Change.Action.LINK_REVOKED,
        by=by,
        table=table,
    )
    return table
