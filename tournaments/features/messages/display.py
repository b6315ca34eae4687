"""What the messages feature shows and says: the words of each message, in
its reader's language (a short plain text a 75-year-old reads on a phone:
short lines, the figures first, one link a line, the stop link at the end
of every one), the links they carry, and the desk's line about the queue.

A message is two templates, `messages/mail/<kind>_subject.txt` and
`messages/mail/<kind>.txt`. Must not: query, decide who gets a message,
nor send.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments.display.hall import clock_time
from tournaments.infra import address


@dataclass(frozen=True)
class Text:
    subject: str
    body: str


def stop_link(token: str, mailbox: str) -> str:
    """The agreement's stop link, with the mailbox's own token: only a mail
    to the address has it, and with it the page may stop the whole site."""
    return address.absolute(reverse("tournaments:messages_stop", args=[token, mailbox]))


def confirm_link(token: str) -> str:
    return address.absolute(reverse("tournaments:messages_confirm", args=[token]))


def render(kind: str, context: dict[str, Any], language: str) -> Text:
    """The message `kind` in `language`, with `context` (its `stop` and,
    for an address not yet confirmed, its `confirm` link)."""
    with translation.override(language):
        subject = render_to_string(f"messages/mail/{kind}_subject.txt", context)
        body = render_to_string(f"messages/mail/{kind}.txt", context)
    lines = [line.rstrip() for line in body.strip().splitlines()]
    return Text(" ".join(subject.split())[:200], "\n".join(lines) + "\n")


def share_text(*, tournament_name: str, place: str, points: str, link: str) -> str:
    """What « Partager » sends to the family's group (one short line)."""
    return _("%(concours)s : %(place)s, %(points)s. %(link)s") % {
        "concours": tournament_name,
        "place": place,
        "points": points,
        "link": link,
    }


@dataclass(frozen=True)
class Outbox:
    waiting: int
    sent: int
    refused: int
    consents: int
    #: The reason the oldest waiting message gave ("" if none).
    reason: str
    last_sent_at: datetime | None
    #: Handed to the hosted site, which sends them (services/carried.py).
    handed: int = 0


def _says(reason: str, words: Promise) -> bool:
    """Whether `reason` starts with `words`, in whichever language it was
    written: the worker writes it in the site's language, the desk may read
    it in another."""
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            if reason.startswith(str(words)):
                return True
    return False


def out_of_reach(reason: str) -> bool:
    """Whether `reason` says the mail server could not be reached."""
    return _says(reason, gettext_lazy("Pas de connexion"))


def no_mail_server(reason: str) -> bool:
    """Whether `reason` says no mail server is set: the mails would only be
    written on this machine (sending.no_mail_server)."""
    return _says(reason, gettext_lazy("Aucun serveur de courriel"))


def handed_over(reason: str) -> bool:
    """Whether `reason` says the message was handed to the hosted site
    (services/carried.handed_to_site)."""
    return _says(reason, gettext_lazy("Confié au site en ligne"))


def reason_shown(reason: str) -> str:
    """A message's reason in the volunteer's words: out of reach, said with
    when it is tried again (the system's own words, « [Errno 111] », stay
    in the stored reason for whoever looks after the server); no mail
    server set, said as it is (no retry would send them); what the mail
    server answered, as it answered."""
    if no_mail_server(reason):
        if settings.HALL:
            return _(
                "Aucun serveur de courriel n'est réglé sur ce portable : les messages attendent."
            )
        return _("Aucun serveur de courriel n'est réglé : les messages attendent.")
    if not out_of_reach(reason):
        return reason
    if settings.HALL:  # the hall laptop's « Publier en ligne » sends too
        return _(
            "Pas de connexion au serveur de courriel. Nouvel essai toutes les 5 minutes, "
            "et dès que le concours est publié en ligne."
        )
    return _("Pas de connexion au serveur de courriel. Nouvel essai toutes les 5 minutes.")


def _in_short(reason: str) -> str:
    """Why messages wait, in a few words ("" when the reason is the server's own)."""
    if no_mail_server(reason):
        return _("aucun serveur de courriel réglé")
    if out_of_reach(reason):
        return _("pas de connexion")
    return ""


def reason_in_row(reason: str) -> str:
    """A message's reason in the desk's list, one line per message: out of
    reach or no mail server in a few words (the notice above says the rest)."""
    return _in_short(reason) or reason


def outbox_line(box: Outbox) -> str:
    """« 12 messages en attente d'envoi — pas de connexion », « envoyés à 21 h 04 »."""
    parts = []
    if box.waiting:
        waiting = ngettext(
            "%(n)s message en attente d'envoi",
            "%(n)s messages en attente d'envoi",
            box.waiting,
        ) % {"n": box.waiting}
        if short := _in_short(box.reason):
            waiting += " — " + short
        parts.append(waiting)
    if box.last_sent_at is not None:
        parts.append(
            ngettext(
                "%(n)s envoyé, le dernier à %(time)s",
                "%(n)s envoyés, le dernier à %(time)s",
                box.sent,
            )
            % {"n": box.sent, "time": clock_time(timezone.localtime(box.last_sent_at))}
        )
    if box.refused:
        parts.append(ngettext("%(n)s refusé", "%(n)s refusés", box.refused) % {"n": box.refused})
    if box.handed:
        parts.append(
            ngettext(
                "%(n)s confié au site en ligne, qui l'envoie",
                "%(n)s confiés au site en ligne, qui les envoie",
                box.handed,
            )
            % {"n": box.handed}
        )
    if not parts:
        return ""
    return " · ".join(parts)
