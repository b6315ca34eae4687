"""What is said about « Appeler l'arbitre » (issue 38, item 12c): the
desk's line for a table that calls, and what the table's phone says of its
call. Must not: query the database or decide who may call."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.display.hall import clock_time
from tournaments.display.labels import side_label


def desk_line(call) -> str:
    """« Table 4 appelle l'arbitre — 18 h 17 (Nord-Sud, partie 2) »."""
    return _("Table %(table)s appelle l'arbitre — %(time)s (%(side)s, partie %(round)s)") % {
        "table": call.table.number,
        "time": clock_time(call.called_at),
        "side": side_label(call.side),
        "round": call.table.round.number,
    }


def phone_state(call, *, played_on: bool = False) -> str:
    """What the phone says of its last call: waiting, or the desk's answer
    until the table plays on (`played_on`: a deal saved since the answer,
    the call settled), then nothing (issue 54, item 7: « l'arbitre arrive »
    stayed until the end of the partie)."""
    if call is None or (call.answered_at is not None and played_on):
        return ""
    if call.answered_at is None:
        return _(
            "Arbitre appelé à %(time)s : l'organisateur est prévenu. Restez à votre table."
        ) % {"time": clock_time(call.called_at)}
    if call.answer == "coming":
        return _("L'organisateur a vu votre appel (%(time)s) : l'arbitre arrive.") % {
            "time": clock_time(call.answered_at)
        }
    return _("Appel réglé par l'organisateur (%(time)s).") % {"time": clock_time(call.answered_at)}


def code_first() -> str:
    """The refusal of a call from a phone that gave no team code."""
    return _("Donnez d'abord le code de votre équipe : l'appel part ensuite.")
