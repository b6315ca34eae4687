"""Builders of the calendar's tests, once for the folder (and for the
core's tests that show the calendar): a concours announced, teams
pre-registered, what a team types in the public form, and the readers of
a page's text and of a mail's links. Fixtures are in conftest.py."""

from __future__ import annotations

import datetime
import html
import re
from typing import Any

from django.utils import timezone

from tournaments.features.calendar.models import PreRegistration
from tournaments.features.calendar.services import announcements as calendar
from tournaments.features.calendar.services import preregistration
from tournaments.models import Tournament
from tournaments.services.registration import PlayerData


def announce(owner, **fields: Any) -> Tournament:
    values: dict[str, Any] = {
        "owner": owner,
        "name": "Concours de la Saint-Éloi",
        "date": timezone.localdate() + datetime.timedelta(days=10),
        "start_time": datetime.time(14, 0),
        "hall": "Salle des fêtes",
        "address": "2 rue de l'Église",
        "postcode": "71000",
        "town": "Mâcon",
        "lots": "Jambons, bons d'achat",
        "contact": "Mme Bérard, 03 85 00 00 00",
        "entry_fee_cents": 1000,
    }
    values.update(fields)
    return calendar.announce_concours(**values)


def pair(
    tournament: Tournament, index: int = 1, *, confirmed: bool = True, **fields: Any
) -> PreRegistration:
    """A team pre-registered online; its address confirmed from its mail
    unless `confirmed` is False (its place held until then)."""
    values: dict[str, Any] = {
        "tournament": tournament,
        "player1": PlayerData("Amélie", f"Lefèvre{index}"),
        "player2": PlayerData("Jérôme", f"Bérard{index}"),
        "club": "Les As de Trèfle",
        "email": f"equipe{index}@example.org",
    }
    values.update(fields)
    registration = preregistration.preregister(**values).registration
    if confirmed:
        preregistration.confirm_preregistration(registration=registration)
        registration.refresh_from_db()
    return registration


def text(response) -> str:
    return html.unescape(response.content.decode()).replace("’", "'")


def field_errors(response, name: str) -> str:
    """The text of field `name`'s block (its label, input and message)."""
    page = response.content.decode()
    start = page.index(f'id="field-{name}"')
    return html.unescape(page[start : page.index("</div>", start)])


def team(index: int = 1, **extra) -> dict:
    return {
        "first_name1": "Amélie",
        "last_name1": f"Lefèvre{index}",
        "first_name2": "Jérôme",
        "last_name2": f"Bérard{index}",
        "club": "Les As",
        "email": f"equipe{index}@example.org",
        **extra,
    }


def link_in(message, kind: str = "annuler") -> str:
    """The path of the mail's cancel link (`kind` « annuler ») or confirm
    link (« confirmer »)."""
    url = re.search(rf"http://testserver/preinscription/{kind}/\S+", message.body).group(0)
    return url.removeprefix("http://testserver")


def confirm(client, message):
    """The team opens its mail's confirm link and touches « Confirmer »."""
    return client.post(link_in(message, "confirmer"))


def offers_queued() -> list:
    """The offers' mails the messages feature queued (kind « waiting »), in order."""
    from tournaments.features.messages.models import Message

    return list(Message.objects.filter(kind=Message.Kind.WAITING).order_by("pk"))
