"""Builders of the calendar's tests: a concours announced, teams pre-registered."""

from __future__ import annotations

import datetime
from typing import Any

from django.utils import timezone

from tournaments.models import PreRegistration, Tournament
from tournaments.services import calendar, preregistration
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
