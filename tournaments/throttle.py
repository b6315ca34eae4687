"""Throttles: how many attempts a key has made in a sliding window.

Used by the organizer login (tournaments/views/auth.py) and the team codes
at the table (tournaments/services/table_side.py). The count is kept in the
database (`Attempt` rows), which every worker process and every app server
of a hosted instance shares, and which a restart does not reset.

A caller *records* an attempt before doing the costly or guessable thing
(checking a password, comparing a code) when it must bound the number of
checks exactly, even under concurrent requests: `record` returns the count
including this attempt, so of N requests racing for the last place only
the ones that counted within the limit go on. `attempt` does the same and
also names the row, so that an attempt which turned out not to count (a
right team code) is taken back alone with `discount`. `forget` clears a key
(a successful login, a renewed table link)."""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone

from tournaments.models import Attempt


def _since(window: int) -> datetime.datetime:
    return timezone.now() - datetime.timedelta(seconds=window)


def count(key: str, *, window: int) -> int:
    """Attempts under `key` in the last `window` seconds."""
    return Attempt.objects.filter(key=key, at__gte=_since(window)).count()


def record(key: str, *, window: int) -> int:
    """Counts one more attempt under `key` and returns the attempts in the
    last `window` seconds, this one included. Rows older than the window are
    pruned on the way."""
    return attempt(key, window=window)[0]


def attempt(key: str, *, window: int) -> tuple[int, int]:
    """As `record`, returning (the count, this attempt's id for `discount`).

    Must run outside any transaction: the row has to be committed before
    the count, or concurrent attempts would not see each other."""
    now = timezone.now()
    with transaction.atomic():
        Attempt.objects.filter(key=key, at__lt=_since(window)).delete()
        row = Attempt.objects.create(key=key, at=now)
    return count(key, window=window), row.pk


def discount(attempt_id: int) -> None:
    """Takes back one attempt recorded by `attempt` (and no other)."""
    Attempt.objects.filter(pk=attempt_id).delete()


def forget(key: str) -> None:
    Attempt.objects.filter(key=key).delete()
