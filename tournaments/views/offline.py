"""The service worker of secure pages (templates/tournaments/sw/sw.js): the
app's files it keeps, named as this server serves them, and a version that
changes with their content, so that a new release replaces the old copies.
Served from the root so that it may keep the table's and public pages.

Also the hall's ping (issue 39): a table's phone whose hall went silent asks
the standby laptop, from the first laptop's origin, whether it took that
hall over (infra/standby.py)."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
from functools import lru_cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.csp import CSP
from django.views.decorators.http import require_GET

from tournaments.display.hall import resume_texts
from tournaments.infra import standby

#: What a page of the hall needs besides itself (base.html, table_side.html).
FILES = (
    "css/app.css",
    "django_htmx/htmx-2.min.js",
    "js/app.js",
    "js/grid.js",
    "js/outbox-queue.js",
    "js/outbox.js",
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


#: How long a phone's browser keeps the /reprise/ page: the concours' day
#: (opened from its cache when this server never answers again).
RESUME_KEPT = 24 * 3600
#: The scripts the /reprise/ page carries in itself: nothing else is
#: fetched from a server that is dead.
RESUME_SCRIPTS = (
    "js/outbox-queue.js",
    "js/outbox-resume.js",
    "js/hall-proof.js",
    "js/reprise.js",
)
RESUME_STYLE = "css/reprise.css"


def _inline(name: str) -> str:
    found = finders.find(name)
    with open(found, encoding="utf-8") as file:
        return file.read()


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


@require_GET
def hall_resume(request: HttpRequest) -> HttpResponse:
    """The page that carries a table's outbox to the laptop that took this
    hall over at an address no one named in advance (issue 39,
    static/js/reprise.js). Fetched by the table's page while this server
    lives and kept by the browser for the day, it opens from the cache once
    this server is dead: whole in itself (its scripts and style inside),
    no cookie read or set, nothing secret (this hall's name, as the ping
    says it). It may ask any address's ping: the address comes from the
    fragment, and nothing goes there unless that address says it took this
    very hall over."""
    scripts, style = [_inline(name) for name in RESUME_SCRIPTS], _inline(RESUME_STYLE)
    nonce = secrets.token_hex(16)
    context = {"scripts": scripts, "style": style, "hall": standby.IDENTITY, "nonce": nonce}
    context["key"] = standby.page_key(nonce)
    context["texts"] = json.dumps(resume_texts())
    # Rendered without the request: no session or message read, so the
    # answer does not vary with the cookies (which change during the day).
    response = HttpResponse(render_to_string("tournaments/reprise.html", context))
    response["Cache-Control"] = f"private, max-age={RESUME_KEPT}"
    response._csp_config = {  # type: ignore[attr-defined]
        "default-src": [CSP.NONE],
        "script-src": [_sha256(script) for script in scripts],
        "style-src": [_sha256(style)],
        "img-src": ["data:"],
        "connect-src": ["http:", "https:"],
        "base-uri": [CSP.NONE],
        "form-action": [CSP.NONE],
        "frame-ancestors": [CSP.NONE],
    }
    return response
