"""The demo's two coming concours (issue 26): a belote concours announced
without a maximum, and a coinche one limited to 8 teams with 10 teams
pre-registered, so 2 wait on the list. Dated from today (two and five
weeks ahead), so they stay « à venir » whenever the demo is built; older
ones under the same addresses are replaced. Built when `manage.py demo`
announces `DEMO_BUILT` (tournaments/hooks).
"""

from __future__ import annotations

import datetime
import random

from django.utils import timezone

from tournaments.features.calendar.services import announcements, preregistration
from tournaments.management.demo_people import CLUBS, FIRST_NAMES, LAST_NAMES
from tournaments.models import Tournament
from tournaments.services.registration import PlayerData

COMING_SLUGS = ("concours-de-la-saint-vincent-demo", "coinche-du-comite-des-fetes-demo")


def _announced(user, slug: str, *, weeks: int, **fields) -> Tournament:
    Tournament.objects.filter(slug=slug).delete()
    return announcements.announce_concours(
        owner=user, date=timezone.localdate() + datetime.timedelta(weeks=weeks), slug=slug, **fields
    )


def build_coming_concours(user, rng: random.Random) -> list[Tournament]:
    open_one = _announced(
        user,
        COMING_SLUGS[0],
        weeks=2,
        name="Concours de la Saint-Vincent (démo)",
        start_time=datetime.time(14, 0),
        hall="Salle des fêtes",
        address="2 place de l'Église",
        postcode="71000",
        town="Mâcon",
        preset="ffb-belote",
        entry_fee_cents=1000,
        lots="Un jambon à chaque équipe, bons d'achat, volailles",
        contact="Mme Bérard, 03 85 00 00 00",
    )
    limited = _announced(
        user,
        COMING_SLUGS[1],
        weeks=5,
        name="Coinche du Comité des fêtes (démo)",
        start_time=datetime.time(13, 30),
        hall="Foyer rural",
        address="12 rue des Écoles",
        postcode="21000",
        town="Dijon",
        preset="ffb-coinche",
        entry_fee_cents=1200,
        lots="Filets garnis, canards, bouteilles",
        contact="M. Quéré, comite.fetes@example.org",
        max_teams=8,
    )
    names = rng.sample([(f, last) for f in FIRST_NAMES for last in LAST_NAMES], 20)
    for index in range(10):
        (first1, last1), (first2, last2) = names[2 * index], names[2 * index + 1]
        done = preregistration.preregister(
            tournament=limited,
            player1=PlayerData(first1, last1),
            player2=PlayerData(first2, last2),
            club=rng.choice(CLUBS),
            email=f"equipe{index + 1}@example.org",
        )
        # Each team confirmed its address from its mail.
        preregistration.confirm_preregistration(registration=done.registration)
    return [open_one, limited]


def on_demo_built(*, owner, seed: int, say) -> None:
    """`DEMO_BUILT`: the two coming concours, each said on the command's output."""
    for announced in build_coming_concours(owner, random.Random(seed + 4)):
        say(f"Concours annoncé : « {announced.name} ».")
