"""The partie clock as shown: its face at the moment a page is rendered,
and the values the projector's script counts from (static/js/clock.js).

`clock_face` reads a round's clock fields and its « dernière donne » call
(the partie's own, else the tournament's) and says what to show; the time
played is `tournaments.features.clock.domain.elapsed`. Must not query the database (the
round's tournament is the one the page already loaded) or decide anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import models
from django.utils.translation import gettext, gettext_lazy, ngettext

from tournaments.features.clock import domain as clock


class Action(models.TextChoices):
    """The clock's lines in a concours's history (tournaments/models/audit.py)."""

    CLOCK_STARTED = "clock_started", gettext_lazy("Chrono lancé")
    CLOCK_PAUSED = "clock_paused", gettext_lazy("Chrono en pause")
    CLOCK_RESUMED = "clock_resumed", gettext_lazy("Chrono relancé")
    CLOCK_RESET = "clock_reset", gettext_lazy("Chrono remis à zéro")
    CLOCK_CALL_SET = "clock_call_set", gettext_lazy("Appel « dernière donne » réglé")


def duration(seconds: int) -> str:
    """« 07:05 », « 1:02:03 »: a time played, as a clock shows it."""
    seconds = max(0, int(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes:02d}:{secs:02d}"


def _ms(moment: datetime | None) -> str:
    return str(int(moment.timestamp() * 1000)) if moment else ""


@dataclass(frozen=True)
class ClockFace:
    state: str  # "idle", "running" or "paused"
    started_ms: str  # epoch milliseconds, "" when not started
    paused_at_ms: str
    paused_seconds: int
    call_seconds: int | None  # the « dernière donne » call, None for none
    elapsed: int

    @property
    def text(self) -> str:
        return duration(self.elapsed)

    @property
    def call_text(self) -> str:
        return duration(self.call_seconds or 0)

    @property
    def call_reached(self) -> bool:
        return (
            self.state != "idle"
            and self.call_seconds is not None
            and self.elapsed >= self.call_seconds
        )


def clock_face(rnd, now: datetime) -> ClockFace:
    if rnd.clock_started_at is None:
        state = "idle"
    elif rnd.clock_paused_at is not None:
        state = "paused"
    else:
        state = "running"
    call = rnd.last_deal_call
    return ClockFace(
        state=state,
        started_ms=_ms(rnd.clock_started_at),
        paused_at_ms=_ms(rnd.clock_paused_at),
        paused_seconds=rnd.clock_paused_seconds,
        call_seconds=None if call is None else call * 60,
        elapsed=clock.elapsed(
            rnd.clock_started_at, rnd.clock_paused_at, rnd.clock_paused_seconds, now
        ),
    )


def plan_assumptions(plan: clock.DayPlan, *, minutes_per_deal: int, break_minutes: int) -> str:
    """What the day's schedule assumes, in a sentence or two."""
    extra = clock.straggler_deals(plan.tables)
    text = gettext(
        "Estimation : %(deals)s donnes de %(minutes)s min par partie, %(break)s min entre "
        "deux parties, %(tables)s tables."
    ) % {
        "deals": plan.deals,
        "minutes": minutes_per_deal,
        "break": break_minutes,
        "tables": plan.tables,
    }
    if extra:
        text += " " + ngettext(
            "La table la plus lente compte une donne de plus.",
            "La table la plus lente compte %(n)s donnes de plus.",
            extra,
        ) % {"n": extra}
    return text
