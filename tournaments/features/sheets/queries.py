"""Reads of the photographed sheets: the table a sheet names, a photo read
for the concours the desk is reading (`read_sheet`), and what a sheet
says that the deals already entered do not (`differences`). Must not:
write: a photo read records nothing; the desk records what a volunteer
confirms, through the grid's service (services/scores.py `record_deal`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.db.models import Max

import scoring
from tournaments.domain.deal_shapes import DEAL_FIELDS
from tournaments.domain.sheet_layout import SheetLayout, SheetMark
from tournaments.features.sheets import display
from tournaments.features.sheets.domain.limits import Refused
from tournaments.features.sheets.models import SheetPhoto
from tournaments.models import Deal, Round, Table, Tournament

if TYPE_CHECKING:  # the reader (numpy, PIL) is loaded when a photo is read
    from tournaments.features.sheets.domain.reader import SheetRead


def table_named(concours: str, partie: int, table: int) -> Table | None:
    """The table `table` of partie `partie` of the concours whose slug is
    `concours`, with its partie and concours, or None."""
    return (
        Table.objects.select_related("round__tournament")
        .filter(round__tournament__slug=concours, round__number=partie, number=table)
        .first()
    )


@dataclass
class Sheet:
    """A photo read: the sheet as read and checked, and the table it names."""

    read: SheetRead
    table: Table

    @property
    def partie_closed(self) -> bool:
        return self.table.round.status == Round.Status.CLOSED


def read_sheet(data: bytes, *, tournament: Tournament | None = None) -> Sheet:
    """The photo `data` read for `tournament` (None: whichever concours of
    this database its QR code names), or `Refused` (display.refusal says
    it). Records nothing."""
    from tournaments.features.sheets.domain.reader import read_photo

    found: dict[str, Table] = {}

    def layout_for(mark: SheetMark) -> tuple[SheetLayout, scoring.Rules]:
        if tournament is not None and mark.concours != tournament.slug:
            raise Refused("other_concours", concours=mark.concours)
        table = table_named(mark.concours, mark.partie, mark.table)
        if table is None or table.team_b_id is None:
            if not Tournament.objects.filter(slug=mark.concours).exists():
                raise Refused("unknown_concours", concours=mark.concours)
            raise Refused("unknown_table", table=mark.table, partie=mark.partie)
        found["table"] = table
        concours = table.round.tournament
        return concours.sheet_layout(mark.rows), concours.rule_profile

    read = read_photo(data, layout_for=layout_for)
    return Sheet(read, found["table"])


def differences(sheet: Sheet) -> list[tuple[int, str, Any, Any]]:
    """What the sheet says that the deals entered at its table do not:
    (deal, Deal field, entered, read), a deal not entered yet left out."""
    entered = {deal["number"]: deal for deal in sheet.table.deals.values("number", *DEAL_FIELDS)}
    found = []
    for deal in sheet.read.deals:
        stored = entered.get(deal.deal)
        if stored is None or deal.values is None:
            continue
        for name, value in deal.values.items():
            if stored.get(name) != value and (stored.get(name) or value):
                found.append((deal.deal, name, stored.get(name), value))
    return found


# The desk's pile (services.py, views.py).


def pile(round: Round) -> list[SheetPhoto]:
    """The photos of `round`'s pile still shown: to confirm and refused
    first, in the order they came, then those recorded (set aside: gone)."""
    photos = list(
        SheetPhoto.objects.filter(round=round)
        .exclude(state=SheetPhoto.State.SET_ASIDE)
        .select_related("table")
        .defer("image")
    )
    order = {SheetPhoto.State.READ: 0, SheetPhoto.State.REFUSED: 1, SheetPhoto.State.RECORDED: 2}
    return sorted(photos, key=lambda p: (order.get(p.state, 3), p.pk))


def entry_lines(round: Round) -> dict[str, dict[int, str]]:
    """The partie page's hook (hooks.PARTIE_TABLES): « Lue sur photo,
    confirmée par … » for each table entered at the desk whose deals are
    those of a sheet confirmed there (a deal changed at the grid since
    leaves the core's « Saisie à la table d'organisation »)."""
    recorded = (
        SheetPhoto.objects.filter(round=round, state=SheetPhoto.State.RECORDED)
        .exclude(table=None)
        .select_related("confirmed_by")
        .order_by("confirmed_at", "pk")
    )
    last = {photo.table_id: photo for photo in recorded}  # the latest a table
    if not last:
        return {}
    changed = dict(
        Deal.objects.filter(table_id__in=last)
        .values("table_id")
        .annotate(last=Max("updated_at"))
        .values_list("table_id", "last")
    )
    lines = {}
    entered = round.tables.filter(pk__in=last, entry_state=Table.EntryState.ENTERED, entered_by="")
    for table in entered:
        photo = last[table.pk]
        since = changed.get(table.pk)
        if photo.confirmed_at is None or (since is not None and since > photo.confirmed_at):
            continue
        lines[table.pk] = display.read_on_photo(photo.confirmed_by)
    return {"entry_lines": lines}


def layout_of(photo: SheetPhoto) -> SheetLayout:
    """The layout `photo`'s sheet was read with (its rows as printed)."""
    tournament = photo.round.tournament
    rows = int((photo.reading or {}).get("rows") or 0)
    return tournament.sheet_layout(rows)
