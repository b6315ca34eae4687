"""The builders of the halls' tests: a hall's concours file, the halls
declared and a file uploaded or sent from a hall's laptop, as pages."""

from __future__ import annotations

import datetime
import json

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests import factories
from tournaments.features.halls.models import MergedHall
from tournaments.queries.concours_file import concours_file

DAY = datetime.date(2026, 12, 5)
RECEIVE = "/salles/envoi/"


def hall_file(owner, *, name: str, teams: int = 4, played: int = 2, parties: int = 2) -> dict:
    """The « Fichier du concours » of a hall's laptop: a concours played
    there (here on the same database), exported, then deleted."""
    tournament = factories.qualified_tournament(
        owner=owner, teams=teams, parties=parties, played=played, name=name, date=DAY
    )
    doc = json.loads(json.dumps(concours_file(tournament)))
    tournament.delete()
    # Each hall has teams of its own (a team plays in one hall only): the
    # builders name every hall's players alike, so the hall's name is added.
    for team in doc["teams"]:
        team["name"] = f"{team['name']} {name}"
    return doc


def raw(doc) -> bytes:
    return json.dumps(doc).encode()


def halls_of(tournament) -> list[MergedHall]:
    return list(MergedHall.objects.filter(merge__tournament=tournament))


def post_hall(client, values):
    """A hall laptop's signed upload, posted as the laptop sends it."""
    return client.post(
        RECEIVE,
        data=values["body"],
        content_type="application/json",
        headers={
            "Authorization": f"Cle {values['secret']}",
            "X-Publication-Time": values["moment"],
            "X-Publication-Nonce": values["nonce"],
            "X-Publication-Signature": values["signature"],
        },
    )


def declare(client, tournament, halls="Salle des fêtes de Vic\nFoyer rural de Lembeye", planned=2):
    url = reverse("tournaments:halls_manage", args=[tournament.slug])
    return client.post(url, {"halls": halls, "planned": planned})


def upload(client, tournament, hall, body: bytes, **extra):
    url = reverse("tournaments:hall_upload", args=[tournament.slug, hall.pk])
    data = {f"hall{hall.pk}-file": SimpleUploadedFile("salle.json", body), **extra}
    return client.post(url, data)
