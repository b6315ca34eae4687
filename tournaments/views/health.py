"""The health check a load balancer asks (haproxy's `option httpchk`).

It answers 200 « ok » when this app server can reach its database and, when
one is configured, Redis; 503 otherwise, so the balancer sends the next
requests to another server. It touches nothing else: no session, no user,
no template, one `SELECT 1`."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

log = logging.getLogger(__name__)


@never_cache
@require_safe
def health(request: HttpRequest) -> HttpResponse:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        if settings.REDIS_URL:
            # A real round trip: the tolerant cache's get would miss quietly.
            if check := getattr(cache, "check", None):
                check()
            else:
                cache.get("health-check")
    except Exception as error:  # whatever fails, this server is down
        log.warning("health check failed: %s", error)
        return HttpResponse("unavailable\n", status=503, content_type="text/plain")
    return HttpResponse("ok\n", content_type="text/plain")
