"""A deal saved at the desk goes one way down the layers and back through
one presenter: view → service → engine → presenter → template, never
climbing back up (the answer is built by display/table_screen.py, shared
with the phone)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[3]
LAYERS = {
    "tournaments.views": "view",
    "tournaments.forms": "form",
    "tournaments.services": "service",
    "scoring": "engine",
    "tournaments.display.table_screen": "presenter",
    "django.template": "template",
}
MADE = {"taker": "NS", "trump": "♥", "bid": "90", "coinche": "", "points": "97"}

pytestmark = pytest.mark.django_db


def _layer(module: str) -> str | None:
    for prefix, name in sorted(LAYERS.items(), key=lambda item: -len(item[0])):
        if module == prefix or module.startswith(prefix + "."):
            return name
    return None


def _trace(call):
    """The layers entered, in order (a layer entered twice in a row once),
    and the app's functions called."""
    seen: list[str] = []
    functions: list[str] = []

    def profile(frame, event, arg):
        if event != "call":
            return
        module = frame.f_globals.get("__name__", "")
        layer = _layer(module)
        if module.startswith(("tournaments.", "scoring")):
            functions.append(f"{module}.{frame.f_code.co_name}")
        if layer and (not seen or seen[-1] != layer):
            seen.append(layer)

    sys.setprofile(profile)
    try:
        response = call()
    finally:
        sys.setprofile(None)
    return response, seen, functions


def test_a_desk_deal_post_goes_view_service_engine_presenter_template(client, organizer, table):
    client.force_login(organizer)
    rnd = table.round
    url = reverse("tournaments:deal_save", args=[rnd.tournament.slug, rnd.number, table.number])
    client.post(url, {**MADE, "version": table.version}, headers={"HX-Request": "true"})
    table.refresh_from_db()
    response, layers, functions = _trace(
        lambda: client.post(url, {**MADE, "version": table.version}, headers={"HX-Request": "true"})
    )
    assert response.status_code == 200

    def first(name: str) -> int:
        return next(i for i, f in enumerate(functions) if f.startswith(name))

    chain = [
        first("tournaments.views.entry.deal_save"),
        first("tournaments.services.scores.record_deal"),
        first("scoring.game.score_game"),
        first("tournaments.display.table_screen.saved_rows"),
        first("tournaments.display.table_screen.build_grid"),
    ]
    assert chain == sorted(chain)
    assert layers[-1] == "template"
    # Nothing of the write side runs once the presenter builds the answer.
    assert not [f for f in functions[chain[3] :] if f.startswith("tournaments.services.")]
