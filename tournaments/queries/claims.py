"""Whether a partie's results, and the ranking, are still provisional: the
claims window (tournaments/domain/claims.py) read from the database.

Must not: write (services/claims.py closes a window by hand).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from tournaments.domain import claims
from tournaments.models import Round, Tournament


@dataclass(frozen=True)
class Claims:
    """`final`: the results stand; `until`: when the claims end (None while
    the partie is played, or when they ended); `by_hand`: closed early."""

    final: bool
    until: datetime | None = None
    by_hand: bool = False


PLAYING = Claims(final=False)


def is_last(rnd: Round) -> bool:
    tournament = rnd.tournament
    return (
        tournament.status == Tournament.Status.FINISHED
        and not tournament.rounds.filter(number__gt=rnd.number).exists()
    )


def minutes_for(rnd: Round) -> int:
    tournament = rnd.tournament
    return tournament.claims_minutes_last if is_last(rnd) else tournament.claims_minutes


def round_claims(rnd: Round, now: datetime | None = None) -> Claims:
    """Where a partie's results stand at `now`."""
    if rnd.status != Round.Status.CLOSED:
        return PLAYING
    if not rnd.tournament.claims_window or rnd.closed_at is None:
        # No window, or a partie closed with no time kept (imported or
        # built in bulk): its results stand.
        return Claims(final=True)
    now = now or timezone.now()
    minutes = minutes_for(rnd)
    end = claims.claims_end(rnd.closed_at, rnd.claims_closed_at, minutes)
    if claims.is_final(rnd.closed_at, rnd.claims_closed_at, minutes, now):
        return Claims(final=True, by_hand=rnd.claims_closed_at is not None)
    return Claims(final=False, until=end)


def ranking_claims(tournament: Tournament, now: datetime | None = None) -> Claims:
    """The ranking is final once every partie is closed and final; else it
    is provisional until the last window open ends (None while one is played)."""
    rounds = list(tournament.rounds.select_related("tournament").order_by("number"))
    if not rounds:
        return PLAYING
    states = [round_claims(rnd, now) for rnd in rounds]
    if any(state is PLAYING for state in states) or tournament.status != Tournament.Status.FINISHED:
        waiting = [s.until for s in states if s.until is not None]
        return Claims(final=False, until=max(waiting) if waiting else None)
    if all(state.final for state in states):
        return Claims(final=True)
    return Claims(final=False, until=max((s.until for s in states if s.until), default=None))
