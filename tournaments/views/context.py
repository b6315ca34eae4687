"""What every page's template may read besides the view's context: the
hall server's restart, its journal's medium gone (the stick pulled out:
writes refused) or on the laptop's own disk (no stick: the laptop dying
takes everything; several sticks, none used), said on the organizer's pages (display/hall.py)."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.http import HttpRequest
from django.utils import timezone

from tournaments.display.hall import (
    journal_notice,
    journal_on_laptop_notice,
    restart_notice,
    several_sticks_notice,
)
from tournaments.infra import stick, uptime
from tournaments.infra.journal import writer as journal


def hall_status(request: HttpRequest) -> dict:
    user = getattr(request, "user", None)  # none on a page refused before the session
    if not settings.HALL or user is None or not user.is_authenticated:
        return {}
    status = {}
    if (folder := journal.trouble()) is not None:
        status["journal_trouble"] = journal_notice(str(folder))
    elif journal.on_laptop() is not None:
        several = stick.several()
        status["journal_on_laptop"] = (
            several_sticks_notice() if several else journal_on_laptop_notice()
        )
    start = uptime.last_start(Path(settings.DATA_DIR))
    if start is None:
        return status
    notice = restart_notice(start.started, start.previous_alive, timezone.now())
    return status | {"server_restart": notice} if notice else status
