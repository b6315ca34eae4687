"""« Aide »: the organizer's day in ten steps, each with a picture taken
from the app itself (static/img/help/, made again by `bin/help-shots`).

Linked from the header of every page an organizer sees. Reads nothing
from the database; the steps' words are in the template, translated."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET


@require_GET
def help_page(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/help.html")
