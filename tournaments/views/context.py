"""What every page's template may read besides the view's context: the
hall server's restart, and its journal's medium in one line on the
organizer's pages (display/hall.py `stick_line`): the stick's name and its
last write; gone (the stick pulled out: writes refused) in red; on the
laptop's own disk (the laptop dying takes everything; several sticks, none
used) in orange. On an organizer's page of a concours, its address
(`desk_slug`): the tables calling the arbiter are shown there, wherever
the desk is (issue 54, item 7)."""

from __future__ import annotations

import time
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest
from django.utils import timezone

from tournaments.display.hall import restart_notice, stick_line
from tournaments.infra import stick, uptime
from tournaments.infra.journal import sealing
from tournaments.infra.journal import writer as journal


def hall_status(request: HttpRequest) -> dict:
    user = getattr(request, "user", None)  # none on a page refused before the session
    if not settings.HALL or user is None or not user.is_authenticated:
        return {}
    status = stick_status()
    start = uptime.last_start(Path(settings.DATA_DIR))
    if start is None:
        return status
    notice = restart_notice(start.started, start.previous_alive, timezone.now())
    return status | {"server_restart": notice} if notice else status


def desk_calls(request: HttpRequest) -> dict:
    """The concours whose organizer's page this is (its calls are asked for
    by the page itself, includes/referee_calls.html: no query here)."""
    match = getattr(request, "resolver_match", None)
    user = getattr(request, "user", None)
    if match is None or user is None or not user.is_authenticated:
        return {}
    if not request.path.startswith("/organisation/t/") or "slug" not in match.kwargs:
        return {}
    return {"desk_slug": match.kwargs["slug"]}


def stick_status() -> dict:
    """The desk's one line about the journal's medium (none without a journal)."""
    trouble, laptop, active = journal.trouble(), journal.on_laptop(), journal.ACTIVE
    folder = trouble or laptop or (active.folder if active is not None else None)
    if folder is None:
        return {}
    kind, text = stick_line(
        folder=str(folder),
        trouble=trouble is not None,
        apart=laptop is None,
        several=bool(stick.several()),
        # The header of its segment at the latest (written at start).
        seconds=time.monotonic() - (getattr(active, "written_at", None) or time.monotonic()),
        code=sealing.kept_code(Path(settings.DATA_DIR)),
    )
    return {"stick_line": {"kind": kind, "text": text}}
