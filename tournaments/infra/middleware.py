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
(`HallAdminMiddleware`). A disk that is full or read-only (the data folder
on a stick pulled out, a laptop's disk filled by something else) makes a
write fail: `StorageMiddleware` answers 503 with a sentence that says
nothing was saved, rather than a bare 500; the transaction was rolled back
whole, reads go on, and writes work again when space returns. A database
out of reach (PostgreSQL restarted, its connection lost or refused; SQLite
still locked after its wait) is answered alike: 503 « rien n'a été
enregistré », which the phones' outbox sends again (static/js/outbox.js
retries 502 to 504, and knows a save it sent before by its request key).
Raised outside a view (a middleware's read, the session's save), the same
errors reach Django's 500 handler, which answers the same
(`unavailable_response`, views/errors.py). The database's page is made
without the database: no user, session or message read.
Must not: read the request's body.
"""

from __future__ import annotations

import errno
import ipaddress
import logging
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import InterfaceError, OperationalError, connection
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.gzip import GZipMiddleware
from django.shortcuts import render
from django.template.loader import render_to_string

from tournaments.infra.journal import writer as journal
from tournaments.infra.journal.writer import HallReplaced, JournalUnavailable


def accepts_upload(view: Callable) -> Callable:
    """Mark a view that takes a file: its body may reach UPLOAD_BODY_MAX,
    or its own `upload_limit` (a photo of a sheet: tournaments/features/sheets)."""
    view.accepts_upload = True
    return view


def body_limit(view: Callable) -> int:
    if getattr(view, "accepts_upload", False):
        return getattr(view, "upload_limit", settings.UPLOAD_BODY_MAX)
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


class HallGZipMiddleware(GZipMiddleware):
    """Django's gzip pads each answer with up to 100 random bytes against
    BREACH; the app's files (/static/) carry no secret and travel unpadded:
    some 50 bytes fewer each on the hall's Wi-Fi, the same weight each time."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        super().__init__(get_response)
        self.files = GZipMiddleware(get_response)
        self.files.max_random_bytes = 0

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        to_files = request.path.startswith(settings.STATIC_URL)
        return (self.files if to_files else super()).process_response(request, response)


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


log = logging.getLogger(__name__)
# SQLite's words for a write its disk refused, and the system's errors for it.
STORAGE_MESSAGES = ("disk is full", "readonly database", "read-only file system", "disk i/o error")
STORAGE_ERRNOS = {errno.ENOSPC, errno.EROFS, errno.EDQUOT, errno.EFBIG}


def storage_refused(exception: BaseException) -> bool:
    """Whether `exception` says the disk refused a write (the laptop's, or
    the second medium the hall journals every write on: infra/journal)."""
    if isinstance(exception, JournalUnavailable):
        return True
    if isinstance(exception, OSError) and exception.errno in STORAGE_ERRNOS:
        return True
    return isinstance(exception, OperationalError) and any(
        words in str(exception).lower() for words in STORAGE_MESSAGES
    )


# SQLite's words for a database it could not use in time or at all (the
# data folder gone): its other OperationalErrors are the code's mistakes.
SQLITE_UNAVAILABLE = ("database is locked", "database table is locked", "unable to open database")


def database_unavailable(exception: BaseException) -> bool:
    """Whether `exception` says the database could not be reached or used
    for now: every transaction under way was rolled back, and the same
    request may be sent again. On PostgreSQL every OperationalError (a
    connection lost, refused, a server shutting down or starting, a
    deadlock or a serialization failure) and InterfaceError (a connection
    already closed)."""
    if isinstance(exception, InterfaceError):
        return True
    if not isinstance(exception, OperationalError):
        return False
    if connection.vendor != "sqlite":
        return True
    return any(words in str(exception).lower() for words in SQLITE_UNAVAILABLE)


#: The header that tells a table's phone where the hall went on (a second
#: laptop took it over: static/js/outbox.js follows it, `follow`).
MOVED_HEADER = "X-Hall-Moved"


def replaced_response(request: HttpRequest, address: str) -> HttpResponse:
    """503 for every request once a second laptop took this hall over:
    nothing recorded here, the sentence and the header name the new address."""
    context = {"journal": True, "replaced": True, "moved_to": address}
    response = render(request, "503_storage.html", context, status=503)
    if address:
        response[MOVED_HEADER] = address
    return response


def unavailable_response(request: HttpRequest, exception: BaseException) -> HttpResponse | None:
    """503 « nothing saved » for a write the disk refused or a database out
    of reach, with Retry-After; None for any other error."""
    if isinstance(exception, HallReplaced):
        log.error("write refused on %s: this hall was taken over", request.path)
        return replaced_response(request, exception.address)
    if storage_refused(exception):
        journal = isinstance(exception, JournalUnavailable)
        if not journal:  # the stick gone is said once, by the journal (the hall's terminal)
            log.error("write refused by the disk on %s: %s", request.path, exception)
        response = render(request, "503_storage.html", {"journal": journal}, status=503)
    elif database_unavailable(exception):
        log.error("database unavailable on %s: %s", request.path, exception)
        context = {"request": request, "user": AnonymousUser(), "saving": request.method == "POST"}
        response = HttpResponse(render_to_string("503_database.html", context), status=503)
    else:
        return None
    response["Retry-After"] = "30" if storage_refused(exception) else "5"
    response._has_been_logged = True  # said above: not again as « Service Unavailable »
    return response


class StorageMiddleware:
    """503 « nothing was saved » when the disk refuses a write or the
    database is out of reach; every request once a second laptop took this
    hall over (infra/journal/handover), with the new address."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if (address := journal.replaced()) is not None:
            return replaced_response(request, address)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        return unavailable_response(request, exception)
