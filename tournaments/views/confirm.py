"""The confirmation step of an action that cannot be undone in one click.

A button for such an action (a forfait, closing a partie, revoking a
table's link, deleting) leads to a page that says what will happen, with
the real button on it: it works without JavaScript. The action's view runs
its service only on a POST that carries `confirm`; a GET, or a POST from an
older page without it, shows the confirmation page instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Tournament


def confirmed(request: HttpRequest) -> bool:
    return request.method == "POST" and request.POST.get("confirm") == "1"


@dataclass
class Confirmation:
    title: str
    question: str
    button: str
    cancel_url: str
    # What will follow, one sentence a line.
    consequences: list[str] = field(default_factory=list)
    # Why it cannot be done now (then no button is shown).
    blockers: list[str] = field(default_factory=list)
    danger: bool = True


def confirm_page(
    request: HttpRequest, tournament: Tournament, confirmation: Confirmation
) -> HttpResponse:
    return render(
        request,
        "tournaments/manage_confirm.html",
        {"tournament": tournament, "confirmation": confirmation},
    )
