"""Requests refused before their body is read.

A form or a deal posted from a phone is a few kilobytes; only the import of
a registration file takes more. A request that announces a body over what
its view accepts is answered 413 at once, before any middleware or view
reads it (CSRF, sessions and forms read the body later): nothing is read,
parsed or written, whatever the body holds. The limits are settings:
`REQUEST_BODY_MAX` for every view, `UPLOAD_BODY_MAX` for a view marked
with `@accepts_upload`. Django's own limits (DATA_UPLOAD_MAX_MEMORY_SIZE,
FILE_UPLOAD_MAX_MEMORY_SIZE) are set to the same, so nothing past them is
ever kept in memory or written to a temporary file.

On the hall server, the back office answers the laptop only
(`HallAdminMiddleware`). Must not: read the request's body.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render


def accepts_upload(view: Callable) -> Callable:
    """Mark a view that takes a file: its body may reach UPLOAD_BODY_MAX."""
    view.accepts_upload = True
    return view


def body_limit(view: Callable) -> int:
    if getattr(view, "accepts_upload", False):
        return settings.UPLOAD_BODY_MAX
    return settings.REQUEST_BODY_MAX


def announced_length(request: HttpRequest) -> int:
    """The body's length as the request announces it (0 when it says none
    or nonsense: Django then reads nothing)."""
    try:
        return max(0, int(request.META.get("CONTENT_LENGTH") or 0))
    except ValueError:
        return 0


class RequestBodyLimitMiddleware:
    """Answer 413 to a body over its view's limit, before it is read."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view, args, kwargs) -> HttpResponse | None:
        limit = body_limit(view)
        if announced_length(request) <= limit:
            return None
        return render(request, "413.html", {"limit_kb": limit // 1024}, status=413)


def on_this_machine(request: HttpRequest) -> bool:
    try:
        return ipaddress.ip_address(request.META.get("REMOTE_ADDR", "")).is_loopback
    except ValueError:
        return False


class HallAdminMiddleware:
    """On the hall server, the back office (`/admin/`) answers the laptop
    itself only: a phone on the hall's Wi-Fi gets 404, unless the organizer
    started the server with `hall --admin-on-network` (HALL_ADMIN_ON_NETWORK).
    The hosted service, behind its own proxy, is not concerned."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if (
            settings.HALL
            and not settings.HALL_ADMIN_ON_NETWORK
            and request.path.startswith("/admin/")
            and not on_this_machine(request)
        ):
            raise Http404
        return self.get_response(request)


LOOPBACK_NAMES = ("localhost", "127.", "[::1]")


class PlainHttpHeadersMiddleware:
    """A page of the hall's plain-HTTP network (http://192.168.1.20:8000) is
    not a secure origin: browsers ignore its Cross-Origin-Opener-Policy and
    say so in every page's console. It is sent where it means something
    (HTTPS, and the laptop itself), not there."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not request.is_secure() and not request.get_host().startswith(LOOPBACK_NAMES):
            del response["Cross-Origin-Opener-Policy"]
        return response
