"""The mails the hall's laptop wrote instead of sending them (no mail
server in a village hall): to whom, their subject, when, and their text
with its link clickable, for the organizer to pass the link on.

Shown only when the hall's file mail backend is on, to a signed-in
organizer, and on the hall to the laptop itself as the back office is
(a phone on the Wi-Fi must not read another organizer's password link).
Must not write or send anything."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.infra import mail_files


@login_required
def laptop_mails(request: HttpRequest) -> HttpResponse:
    if not mail_files.readable_by(request):
        raise Http404
    return render(
        request,
        "tournaments/laptop_mails.html",
        {"mails": mail_files.written_mails(), "folder": mail_files.folder()},
    )
