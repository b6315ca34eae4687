"""The partie clock, run by the organizer from the partie's page, and the
day's schedule read from it.

Off unless the tournament's `clock_enabled` is on. The clock is three
values on the round (started, paused, seconds of earlier pauses): start,
pause, resume and reset write them, each with its audit line, which moves
the tournament's revision, so the projector's next poll gets the new state
(views/live.py); between two polls the projector's script counts by itself
(tournaments/features/clock/domain.py says how). The « dernière donne » call is set per
tournament (its form) or per partie (here).

`day_plan` reads the tournament and its parties for the planner
(tournaments/features/clock/domain.py) and writes nothing. This module must not draw,
score or close a partie.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.features.clock.display import Action
from tournaments.models import Round
from tournaments.services.audit import Actor, log_change
from tournaments.services.errors import TournamentError


def _clock_state(rnd: Round) -> dict:
    return {
        "round": rnd.number,
        "started_at": rnd.clock_started_at.isoformat() if rnd.clock_started_at else None,
        "paused_at": rnd.clock_paused_at.isoformat() if rnd.clock_paused_at else None,
        "paused_seconds": rnd.clock_paused_seconds,
    }


def _locked(round: Round) -> Round:
    rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    if not rnd.tournament.clock_enabled:
        raise TournamentError(
            _("Le chrono n'est pas activé : activez-le dans les options du tournoi.")
        )
    if rnd.status == Round.Status.CLOSED:
        raise TournamentError(_("Cette partie est close : son chrono ne tourne plus."))
    return rnd


def _save(rnd: Round, action: str, before: dict, by: Actor | None) -> Round:
    rnd.save(update_fields=["clock_started_at", "clock_paused_at", "clock_paused_seconds"])
    log_change(rnd.tournament, action, by=by, before=before, after=_clock_state(rnd))
    return rnd


@transaction.atomic(durable=True)
def start_clock(*, round: Round, by: Actor | None = None) -> Round:
    rnd = _locked(round)
    if rnd.clock_started_at is not None:
        raise TournamentError(_("Le chrono de cette partie est déjà lancé."))
    before = _clock_state(rnd)
    rnd.clock_started_at, rnd.clock_paused_at, rnd.clock_paused_seconds = timezone.now(), None, 0
    return _save(rnd, Action.CLOCK_STARTED, before, by)


@transaction.atomic(durable=True)
def pause_clock(*, round: Round, by: Actor | None = None) -> Round:
    rnd = _locked(round)
    if rnd.clock_started_at is None or rnd.clock_paused_at is not None:
        raise TournamentError(_("Le chrono ne tourne pas : rien à mettre en pause."))
    before = _clock_state(rnd)
    rnd.clock_paused_at = timezone.now()
    return _save(rnd, Action.CLOCK_PAUSED, before, by)


@transaction.atomic(durable=True)
def resume_clock(*, round: Round, by: Actor | None = None) -> Round:
    rnd = _locked(round)
    if rnd.clock_paused_at is None:
        raise TournamentError(_("Le chrono n'est pas en pause."))
    before = _clock_state(rnd)
    paused = (timezone.now() - rnd.clock_paused_at).total_seconds()
    rnd.clock_paused_seconds += max(0, int(paused + 0.5))  # to the nearest second
    rnd.clock_paused_at = None
    return _save(rnd, Action.CLOCK_RESUMED, before, by)


@transaction.atomic(durable=True)
def reset_clock(*, round: Round, by: Actor | None = None) -> Round:
    rnd = _locked(round)
    if rnd.clock_started_at is None:
        raise TournamentError(_("Le chrono de cette partie n'est pas lancé."))
    before = _clock_state(rnd)
    rnd.clock_started_at, rnd.clock_paused_at, rnd.clock_paused_seconds = None, None, 0
    return _save(rnd, Action.CLOCK_RESET, before, by)


@transaction.atomic(durable=True)
def set_last_deal_call(*, round: Round, minutes: int | None, by: Actor | None = None) -> Round:
    """This partie's « dernière donne » call, `minutes` after its start;
    None goes back to the tournament's."""
    rnd = _locked(round)
    if rnd.last_deal_minutes == minutes:
        return rnd
    before = {"round": rnd.number, "minutes": rnd.last_deal_minutes}
    rnd.last_deal_minutes = minutes
    rnd.save(update_fields=["last_deal_minutes"])
    log_change(
        rnd.tournament,
        Action.CLOCK_CALL_SET,
        by=by,
        before=before,
        after={"round": rnd.number, "minutes": minutes},
    )
    return rnd
