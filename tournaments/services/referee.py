"""« Appeler l'arbitre » (issue 38, item 12c): a table's phone calls the
desk, the desk answers « J'arrive » or « Réglé ».

A call comes from a phone that gave its team's code (the view passes the
side it holds); a team that withdrew since calls no more, as it enters no
more deals. One open call per table: a second tap is told the referee is
already called. The same post sent again (a phone that lost the answer
when the Wi-Fi dropped) finds its call by its request key and records
nothing. The calls are throttled: `CALLS_PER_TABLE` per table and
`CALLS_IN_ALL` for the whole server in any `CALLS_WINDOW`, counted before
anything is written (tournaments/infra/throttle.py). Must not: receive a
request, or say anything but its refusals."""

from __future__ import annotations

import re

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.display.hall import clock_time
from tournaments.infra import throttle
from tournaments.models import Change, RefereeCall, Table, Tournament
from tournaments.services.audit import Actor, log_change
from tournaments.services.errors import TournamentError
from tournaments.services.table_side import check_link_open, withdrawn_sides

CALLS_PER_TABLE = 3
CALLS_IN_ALL = 200
CALLS_WINDOW = 10 * 60
#: What a request key looks like (the page makes it: 22 URL-safe characters).
KEY = re.compile(r"[A-Za-z0-9_-]{8,32}")


def open_call(table: Table) -> RefereeCall | None:
    return table.referee_calls.filter(answered_at__isnull=True).first()


def _already_called(call: RefereeCall) -> TournamentError:
    return TournamentError(
        _("L'arbitre est déjà appelé (depuis %(time)s) : il arrive.")
        % {"time": clock_time(timezone.localtime(call.called_at))}
    )


def call_referee(*, table: Table, side: str, key: str) -> RefereeCall:
    """The call of the team on `side` of `table`, or the refusal. Must run
    outside a transaction (the throttle's count is committed first)."""
    if not KEY.fullmatch(key or ""):
        raise TournamentError(_("Cet appel n'est pas reconnu : rechargez la page."))
    check_link_open(table)
    if side not in ("A", "B") or side in withdrawn_sides(table):
        raise TournamentError(
            _("Ce code est celui d'une équipe qui a déclaré forfait : il ne sert plus.")
        )
    sent = table.referee_calls.filter(request_key=key).first()
    if sent is not None:
        return sent  # the same post again: nothing more
    if (call := open_call(table)) is not None:
        raise _already_called(call)
    if throttle.record(f"referee-table:{table.pk}", window=CALLS_WINDOW) > CALLS_PER_TABLE:
        raise TournamentError(
            _(
                "Trop d'appels de cette table en dix minutes : levez la main, ou allez voir "
                "l'organisateur."
            )
        )
    if throttle.record("referee-all", window=CALLS_WINDOW) > CALLS_IN_ALL:
        raise TournamentError(
            _("Trop d'appels en ce moment : levez la main, ou allez voir l'organisateur.")
        )
    try:
        with transaction.atomic(durable=True):
            call = RefereeCall.objects.create(table=table, side=side, request_key=key)
            log_change(
                table.round.tournament_id,
                Change.Action.REFEREE_CALLED,
                table=table,
                after={"table": table.number, "side": side},
                request_key=key,
            )
    except IntegrityError:  # a call made meanwhile: this post's, or another
        sent = table.referee_calls.filter(request_key=key).first()
        if sent is not None:
            return sent
        raise _already_called(open_call(table) or RefereeCall(called_at=timezone.now())) from None
    return call


@transaction.atomic(durable=True)
def answer_call(
    *, tournament: Tournament, call_id: int, answer: str, by: Actor | None = None
) -> RefereeCall:
    """The desk's answer to a call of `tournament`: « J'arrive » or « Réglé »
    ends it. An answer to a call already answered changes nothing."""
    if answer not in (RefereeCall.Answer.COMING, RefereeCall.Answer.SETTLED):
        raise TournamentError(_("Réponse inconnue."))
    call = (
        RefereeCall.objects.select_for_update()
        .filter(pk=call_id, table__round__tournament=tournament)
        .select_related("table")
        .first()
    )
    if call is None:
        raise TournamentError(_("Cet appel n'existe plus."))
    if call.answered_at is not None:
        return call
    call.answer, call.answered_at = answer, timezone.now()
    call.answered_by = by if by is not None and by.is_authenticated else None
    call.save(update_fields=["answer", "answered_at", "answered_by"])
    log_change(
        tournament,
        Change.Action.REFEREE_ANSWERED,
        by=by,
        table=call.table,
        after={"table": call.table.number, "answer": answer},
    )
    return call


def desk_calls(tournament: Tournament) -> list[RefereeCall]:
    """The calls the desk has to answer, the oldest first."""
    return list(
        RefereeCall.objects.filter(table__round__tournament=tournament, answered_at__isnull=True)
        .select_related("table__round")
        .order_by("called_at", "pk")
    )
