"""Django's last resort for an error no view or middleware answered
(config/urls.py's `handler500`): a database out of reach or a disk that
refused a write, raised in a middleware or while a response goes out (the
session's save), gets the same 503 « rien n'a été enregistré » as in a
view (infra/middleware.py), which the phones' outbox sends again; anything
else the plain 500 page. Must not: read the database."""

from __future__ import annotations

import sys

from django.http import HttpRequest, HttpResponse
from django.views import defaults

from tournaments.infra.middleware import unavailable_response


def server_error(request: HttpRequest) -> HttpResponse:
    error = sys.exc_info()[1]  # Django calls this while it handles the error
    if error is not None and (response := unavailable_response(request, error)) is not None:
        return response
    return defaults.server_error(request)
