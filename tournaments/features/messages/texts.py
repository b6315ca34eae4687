"""The words of each message, in its reader's language: a short plain
text a 75-year-old reads on a phone (short lines, the figures first, one
link a line), and the stop link at the end of every one.

A message is two templates, `messages/mail/<kind>_subject.txt` and
`messages/mail/<kind>.txt`. Must not: decide who gets a message, nor send.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from tournaments.infra import address


@dataclass(frozen=True)
class Text:
    subject: str
    body: str


def stop_link(token: str) -> str:
    return address.absolute(reverse("player_messages:stop", args=[token]))


def confirm_link(token: str) -> str:
    return address.absolute(reverse("player_messages:confirm", args=[token]))


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
    from django.utils.translation import gettext as _

    return _("%(concours)s : %(place)s, %(points)s. %(link)s") % {
        "concours": tournament_name,
        "place": place,
        "points": points,
        "link": link,
    }
