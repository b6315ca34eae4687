"""The service worker of secure pages (templates/tournaments/sw/sw.js): the
app's files it keeps, named as this server serves them, and a version that
changes with their content, so that a new release replaces the old copies.
Served from the root so that it may keep the table's and public pages.

Also the hall's ping (issue 39): a table's phone whose hall went silent asks
the standby laptop, from the first laptop's origin, whether it took that
hall over (infra/standby.py)."""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.views.decorators.http import require_GET

from tournaments.infra import standby

#: What a page of the hall needs besides itself (base.html, table_side.html).
FILES = (
    "css/app.css",
    "django_htmx/htmx-2.min.js",
    "js/app.js",
    "js/grid.js",
    "js/phone.js",
    "js/outbox-queue.js",
    "js/outbox.js",
    "js/hall-proof.js",
    "js/clock.js",
    "js/large-print.js",
    "js/marque.js",
    "js/poll.js",
    "js/tablet.js",
    "js/press.js",
    "js/share.js",
    "js/door.js",
    "css/door.css",
    "js/projector.js",
    "css/projector.css",
    "img/favicon.svg",
)


@lru_cache(maxsize=1)
def _files_and_version() -> tuple[str, str]:
    digest = hashlib.sha256()
    urls = []
    for name in FILES:
        urls.append(static(name))
        found = finders.find(name)
        if found:
            with open(found, "rb") as file:
                digest.update(file.read())
        digest.update(name.encode())
    return json.dumps(urls), digest.hexdigest()[:12]


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    files, version = _files_and_version()
    body = render_to_string(
        "tournaments/sw/sw.js",
        {"files": files, "version": version, "static_prefix": settings.STATIC_URL},
    )
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def hall_ping(request: HttpRequest) -> HttpResponse:
    """This hall's name and the hall it took over, readable by any origin
    (a table's page at the first laptop's address asks it; nothing secret,
    no cookie read or set)."""
    response = JsonResponse(standby.ping(request.GET.get("n", "")))
    response["Access-Control-Allow-Origin"] = "*"
    response["Cache-Control"] = "no-store"
    return response
