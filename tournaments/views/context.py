"""What every page's template may read besides the view's context: the
hall server's restart, said on the organizer's pages (display/hall.py)."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.http import HttpRequest
from django.utils import timezone

from tournaments.display.hall import restart_notice
from tournaments.infra import uptime


def hall_status(request: HttpRequest) -> dict:
    user = getattr(request, "user", None)  # none on a page refused before the session
    if not settings.HALL or user is None or not user.is_authenticated:
        return {}
    start = uptime.last_start(Path(settings.DATA_DIR))
    if start is None:
        return {}
    notice = restart_notice(start.started, start.previous_alive, timezone.now())
    return {"server_restart": notice} if notice else {}
