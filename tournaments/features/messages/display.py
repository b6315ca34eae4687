"""The desk's line about the messages, in words. Must not: query."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.features.messages.queries import Outbox


def clock(moment) -> str:
    """« 21 h 04 » in French, « 9:04 pm » style left to the language."""
    local = timezone.localtime(moment)
    return _("%(h)s h %(m)02d") % {"h": local.hour, "m": local.minute}


def outbox_line(box: Outbox) -> str:
    """« 12 messages en attente d'envoi — pas de connexion », « envoyés à 21 h 04 »."""
    parts = []
    if box.waiting:
        waiting = ngettext(
            "%(n)s message en attente d'envoi",
            "%(n)s messages en attente d'envoi",
            box.waiting,
        ) % {"n": box.waiting}
        if box.reason.startswith(_("Pas de connexion")):
            waiting += " — " + _("pas de connexion")
        parts.append(waiting)
    if box.last_sent_at is not None:
        parts.append(
            ngettext(
                "%(n)s envoyé, le dernier à %(time)s",
                "%(n)s envoyés, le dernier à %(time)s",
                box.sent,
            )
            % {"n": box.sent, "time": clock(box.last_sent_at)}
        )
    if box.refused:
        parts.append(ngettext("%(n)s refusé", "%(n)s refusés", box.refused) % {"n": box.refused})
    if not parts:
        return ""
    return " · ".join(parts)
