"""What the table's phone shows of « Appeler l'arbitre » (issue 38, item
12c): the context of includes/referee_call.html, for the table's page
(views/table_side.py) and the call's own answers (views/referee.py)."""

from __future__ import annotations

import secrets

from tournaments.display import referee as words
from tournaments.models import RefereeCall, Table
from tournaments.services import referee


def call_context(table: Table, token: str, side: str | None, **extra) -> dict:
    """The phone's call block: its button (with a new request key, so that
    a call sent again is recognised), the state of its last call (said
    until the table plays on after the desk's answer), a refusal."""
    last = table.referee_calls.order_by("-called_at", "-pk").first()
    answered = last.answered_at if last is not None else None
    played_on = answered is not None and table.deals.filter(updated_at__gt=answered).exists()
    return {
        "token": token,
        "call_side": side,
        "call": last,
        "call_open": last is not None and last.open,
        "call_said": words.phone_state(last, played_on=played_on),
        "call_key": secrets.token_urlsafe(16),
        **extra,
    }


def desk_context(tournament) -> dict:
    """The desk's list of tables calling (includes/referee_calls.html), its
    own polled answer: every organizer's page of the concours asks for it
    (base.html)."""
    calls = [(call, words.desk_line(call)) for call in referee.desk_calls(tournament)]
    return {"calls": calls, "answers": RefereeCall.Answer}
