"""The desk's side of the photographed sheets (issue 55, items 2, 5, 6):
a pile of photos taken for a partie, each read or refused with its
reason, then each sheet read confirmed by a volunteer — and only then
recorded, through the desk grid's own service.

- `add_file`: one file of the pile (a photo, or a scanner's PDF: a photo a
  page), read at once (queries.read_sheet) and kept as a `SheetPhoto`:
  `read`, or `refused` with its code (display.refusal says it). A file sent
  twice (a retry, a double tap) is the same photo: nothing is added. The
  reading takes a second or two and runs outside any transaction: the
  hall's database is never held while a photo is read.
- `confirm_sheet`: the deals of a sheet read, as the volunteer confirmed or
  corrected them, recorded in one transaction with its table locked, each
  through `scores.write_deal` (versions, claims, the journal, the audit
  trail: « lu sur photo, confirmé par … »), then one line of the feature's
  own (`SHEET_CONFIRMED`). A refusal records nothing; the same post sent
  again records nothing more.
- `set_aside`: a photo put away.

Nothing here is recorded for a table whose partie is closed or that is
already entered (then what differs is said), and a sheet of another
concours or partie is refused. Must not: read a request, translate a
refusal's code (display.py), score (the engine, through scores.py).
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.features.sheets import display, queries
from tournaments.features.sheets.domain.limits import MAX_BYTES, MAX_PAGES, Refused
from tournaments.features.sheets.models import SheetPhoto
from tournaments.infra import throttle
from tournaments.models import Round, Table
from tournaments.services.audit import Actor, log_change
from tournaments.services.errors import TournamentError
from tournaments.services.scores import write_deal
from tournaments.services.table_versions import lock_table

#: Photos one account sends in an hour (a PDF's each page one): 16 tables ×
#: 4 parties and as many taken again, with room to spare; past it, a
#: sentence, nothing read.
MAX_PER_HOUR = 200
WINDOW = 3600
#: One photo read, or one PDF drawn, at a time in a process (a reading
#: holds 100 MB of arrays for a second or two): the next waits its turn,
#: never the whole machine.
_reading = threading.BoundedSemaphore(1)
READ_WAIT = 60


def add_file(*, round: Round, name: str, data: bytes, by: Actor | None) -> list[SheetPhoto]:
    """The file `data` added to `round`'s pile: one photo, or one a page of
    a PDF; each read or refused (never an exception for a bad file)."""
    from tournaments.features.sheets.domain import pdf_drawing, pictures  # numpy, PIL: now

    name = (name or "").strip()[:120]
    digest = hashlib.sha256(data).hexdigest()
    if len(data) > MAX_BYTES:
        return [_refused(round, name, digest, 0, Refused("too_large", megabytes=_mb(data)), by)]
    counted = by is not None and by.is_authenticated
    key = f"sheet-photos:{by.pk}" if counted else ""
    if counted and throttle.record(key, window=WINDOW) > MAX_PER_HOUR:
        raise _over_the_hour()
    if not pictures.is_pdf(data):
        return [_add_page(round, name, digest, 0, data, by)]
    # A PDF's every page is a photo of the hour's: this file counted one.
    left = MAX_PER_HOUR - throttle.count(key, window=WINDOW) + 1 if counted else MAX_PAGES
    if not _reading.acquire(timeout=READ_WAIT):
        return [_refused(round, name, digest, 0, Refused("busy"), by)]
    try:  # drawn under the reading's lock: one heavy thing at a time
        pages = pdf_drawing.pdf_pages(data, most=left)
    except Refused as refused:
        if refused.code == "pdf_hour":
            raise _over_the_hour() from refused
        return [_refused(round, name, digest, 0, refused, by)]
    finally:
        _reading.release()
    for _page in pages[1:] if counted else ():  # bounded: MAX_PAGES
        throttle.record(key, window=WINDOW)
    return [
        _add_page(round, name, f"{digest}:{number}", number, page, by)
        for number, page in enumerate(pages, start=1)
    ]


def _over_the_hour() -> TournamentError:
    return TournamentError(
        _(
            "Plus de %(n)s photos en une heure depuis ce compte : attendez un peu avant "
            "d'en envoyer d'autres."
        )
        % {"n": MAX_PER_HOUR},
        field="photos",
    )


def _mb(data: bytes) -> int:
    return round(len(data) / 1024 / 1024)


def _add_page(
    round: Round, name: str, digest: str, page: int, data: bytes, by: Actor | None
) -> SheetPhoto:
    from tournaments.features.sheets.domain import pictures  # numpy, PIL: when a photo comes

    digest = hashlib.sha256(digest.encode()).hexdigest() if page else digest
    known = SheetPhoto.objects.filter(round=round, digest=digest).first()
    if known is not None and known.state != SheetPhoto.State.REFUSED:
        return known  # the same file again: one photo of the pile
    if not _reading.acquire(timeout=READ_WAIT):
        return _refused(round, name, digest, page, Refused("busy"), by)
    try:
        try:
            sheet = queries.read_sheet(data, tournament=round.tournament)
        except Refused as refused:
            return _refused(round, name, digest, page, refused, by, data=data)
        try:
            table = _table_for(round, sheet)
        except Refused as refused:
            return _refused(round, name, digest, page, refused, by, data=data, table=sheet.table)
        picture, geometry = pictures.grid_picture(
            sheet.read.photo, sheet.read.homography, sheet.read.layout
        )
    finally:
        _reading.release()
    reading = {
        **_with_digits(sheet.read),
        "grid": geometry.to_json(),
        "rows": len(sheet.read.layout.rows) if sheet.read.layout else 0,
        "marques": [list(deal.marques or ()) for deal in sheet.read.deals],
        "turned": pictures.turned(sheet.read.homography),
    }
    return _keep(
        round,
        digest,
        name=name,
        page=page,
        by=by,
        table=table,
        state=SheetPhoto.State.READ,
        refusal="",
        params={},
        reading=reading,
        image=picture,
    )


def _with_digits(read: Any) -> dict[str, Any]:
    """The sheet as read (its `to_json`), each number also with its digits'
    probabilities and, when the reader gives them, their second choices
    (`seconds`): what the review says of a doubtful digit (« le 1 pourrait
    être un 7 », display.reasons_said)."""
    shown = read.to_json()
    for deal, kept in zip(read.deals, shown["deals"], strict=True):
        for name, field_read in deal.fields.items():
            if not isinstance(field_read.value, int) or not field_read.probabilities:
                continue
            kept["fields"][name]["probabilities"] = [round(p, 4) for p in field_read.probabilities]
            seconds = getattr(field_read, "seconds", ())
            if seconds:
                kept["fields"][name]["seconds"] = [int(d) for d in seconds]
    return shown


def _table_for(round: Round, sheet: queries.Sheet) -> Table:
    """The table the sheet names, if the desk may record it, or Refused."""
    table = sheet.table
    if table.round_id != round.pk:
        raise Refused("other_partie", partie=table.round.number, here=round.number)
    refusal = desk_refusal(table, sheet.read.deals)
    if refusal is not None:
        raise refusal
    return table


def desk_refusal(table: Table, deals: Sequence[Any]) -> Refused | None:
    """Why the desk cannot record this sheet at `table` now: its partie
    closed or its draw still a draft, the table already entered (with what
    the sheet says otherwise), a sheet with no deal; else None."""
    if table.round.status == Round.Status.CLOSED:
        return Refused("partie_closed", partie=table.round.number)
    if not table.round.announced:
        return Refused("draft_draw", partie=table.round.number)
    if table.totals_only or table.round.tournament.score_entry == "totals":
        return Refused("totals_only", table=table.number)
    entered = table.deals.count()
    if entered:
        differences = queries.differences(queries.Sheet(_AsRead(deals), table))
        return Refused(
            "entered",
            table=table.number,
            deals=entered,
            differences=[list(d) for d in differences[:6]],
            more=max(0, len(differences) - 6),
        )
    if not deals:
        return Refused("no_deal", table=table.number)
    return None


class _AsRead:
    """The deals of a sheet, as queries.differences reads them."""

    def __init__(self, deals: Sequence[Any]) -> None:
        self.deals = deals


def _refused(
    round: Round,
    name: str,
    digest: str,
    page: int,
    refused: Refused,
    by: Actor | None,
    *,
    data: bytes = b"",
    table: Table | None = None,
) -> SheetPhoto:
    from tournaments.features.sheets.domain import pictures  # numpy, PIL: when a photo comes

    params = {k: v for k, v in refused.params.items() if isinstance(v, int | str | list)}
    return _keep(
        round,
        digest,
        name=name,
        page=page,
        by=by,
        table=table,
        state=SheetPhoto.State.REFUSED,
        refusal=refused.code,
        params=params,
        reading={},
        image=pictures.thumbnail(data) if data else b"",
    )


def _keep(round: Round, digest: str, **fields: Any) -> SheetPhoto:
    """The photo kept: a refused one sent again is read again in its place;
    two posts of the same file at once make one photo."""
    by = fields["by"]
    fields["by"] = by if by is not None and by.is_authenticated else None
    try:
        with transaction.atomic():
            photo, _created = SheetPhoto.objects.update_or_create(
                round=round,
                digest=digest,
                state=SheetPhoto.State.REFUSED,
                defaults=fields,
                create_defaults={**fields, "round": round, "digest": digest},
            )
            return photo
    except IntegrityError:
        return SheetPhoto.objects.get(round=round, digest=digest)


@transaction.atomic(durable=True)
def confirm_sheet(
    *,
    photo: SheetPhoto,
    deals: Sequence[Mapping[str, Any]],
    version: int,
    by: Actor | None,
) -> SheetPhoto:
    """Records the deals of `photo`'s sheet, as the volunteer confirmed them
    (Deal fields, deal 1 first), on the table's `version` they were shown
    with. Everything or nothing: a deal refused raises, with its number.
    The same confirmation sent again records nothing more."""
    photo = SheetPhoto.objects.select_for_update().get(pk=photo.pk)
    if photo.state == SheetPhoto.State.RECORDED:
        return photo  # sent again: the first one recorded it
    if photo.state != SheetPhoto.State.READ or photo.table_id is None:
        raise TournamentError(_("Cette photo n'a pas de feuille à enregistrer."))
    table = lock_table(photo.table)
    refusal = desk_refusal(table, _read_deals(photo))
    if refusal is not None:
        raise TournamentError(display.desk_refusal(refusal.code, refusal.params), field="sheet")
    if table.version != version:
        raise TournamentError(
            _(
                "Cette table a été modifiée pendant la vérification : relisez la feuille avant "
                "de l'enregistrer."
            ),
            field="sheet",
        )
    who = (by.get_full_name() or by.get_username()) if by and by.is_authenticated else "?"
    reason = _("lu sur photo, confirmé par %(name)s") % {"name": who}
    for number, values in enumerate(deals, start=1):
        try:
            write_deal(table, values=values, expected_version=table.version, reason=reason, by=by)
        except TournamentError as error:
            raise TournamentError(
                _("Donne %(n)s : %(msg)s") % {"n": number, "msg": error.message},
                field=f"{number}:{error.field or ''}",
            ) from error
    photo.state = SheetPhoto.State.RECORDED
    photo.confirmed_at = timezone.now()
    photo.confirmed_by = by if by is not None and by.is_authenticated else None
    photo.save(update_fields=["state", "confirmed_at", "confirmed_by"])
    log_change(
        table.round.tournament,
        display.Action.SHEET_CONFIRMED,
        by=by,
        table=table,
        reason=reason,
        after={"photo": photo.pk, "name": photo.name, "deals": len(deals)},
    )
    return photo


class _Read:
    """A deal as kept in a photo's reading, as queries.differences reads it."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.deal = data["deal"]
        self.values = data.get("values")


def _read_deals(photo: SheetPhoto) -> list[_Read]:
    return [_Read(deal) for deal in (photo.reading or {}).get("deals", [])]


@transaction.atomic(durable=True)
def set_aside(*, photo: SheetPhoto) -> SheetPhoto:
    """A photo put away from the pile (a sheet taken again, a photo of
    something else); a photo already recorded stays recorded."""
    photo = SheetPhoto.objects.select_for_update().get(pk=photo.pk)
    if photo.state != SheetPhoto.State.RECORDED:
        photo.state = SheetPhoto.State.SET_ASIDE
        photo.save(update_fields=["state"])
    return photo
