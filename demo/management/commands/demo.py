"""`manage.py demo`: build a realistic concours to look around in.

24 fixed pairs with French names, the `ffb-coinche` profile, 4 parties of
12 donnes: parties 1 and 2 played deal by deal, partie 3 half entered. Every
team is primed (a ham, ducks, bottles, a lanterne rouge) and the women's
teams have their own ranking and lot. The cash box is kept (10 € a team,
three teams still to pay, the bar, the meal and the lots bought), and the
registrations fill the organizer's directory of players. The
deals are random but valid and go through the same services as a real
entry, so every marque comes from the engine. Its options are on: each
draw is announced by the organizer (all three are), and the partie clock
has a « dernière donne » call at 55 minutes and a schedule from 14 h (the
clock of partie 3 is left for the visitor to start). A season challenge
ranks the players over three evenings: two small ones played earlier (8
teams of the same players with other partners) and the concours. A concours
with a final phase (14 teams of the same players, 3 qualifying parties,
then a main bracket of 8 and a consolante of 6) has its first bracket round
played. A small concours in pools shows that qualifying phase: 16 teams in 4
pools of 4, the three pool parties played. A classic belote one, 3 parties
to 1000 points, shows village clubs their own game. The concours being played are
dated the day it is built (first on the public home), the finished ones
the weeks before. Running it again leaves a whole demo alone unless
--reset is given. Each use-case commits on its own, as the organizer's
would: a build that fails halfway removes what it made
(demo/services.py `remove_demo`); one killed part-way (no mark of its end)
is built again by the next run, which says so.
"""

from __future__ import annotations

import random
import secrets
from datetime import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.utils import timezone

from demo import services
from demo.concours import (
    build_classic_concours,
    build_final_phase,
    build_pools_concours,
    build_published_concours,
    play_swiss,
)
from demo.services import DEMO_SLUG
from tournaments import hooks
from tournaments.management.demo_people import (
    CLUBS,
    FIRST_NAMES,
    LANTERN,
    LAST_NAMES,
    LOTS,
    WOMEN,
    WOMEN_LOTS,
)
from tournaments.models import DEMO_OWNER, Category, PrizeRule, Tournament
from tournaments.services import prizes, registration, tournaments, trust

DEMO_USER = DEMO_OWNER  # its concours step aside from the home once a real one exists
#: A build killed part-way (no mark of its end): the next run builds it again.
UNFINISHED = (
    "La démo était inachevée : elle est refaite. / The demo was left unfinished: it is built again."
)


class Command(BaseCommand):
    help = "Crée un concours de démonstration (24 équipes, coinche FFB, 4 parties de 12 donnes)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--reset", action="store_true", help="Recrée la démo existante.")
        parser.add_argument("--seed", type=int, default=2026, help="Graine du hasard.")
        parser.add_argument(
            "--compte-deja-dit",
            action="store_true",
            help="Le compte de l'organisateur vient d'être affiché (manage.py hall) : ne pas "
            "le redire.",
        )

    def handle(
        self, *args, reset: bool, seed: int, compte_deja_dit: bool = False, **options
    ) -> None:
        user, password = self._organizer()
        existing = Tournament.objects.filter(slug=DEMO_SLUG).first()
        if existing and not reset and services.is_whole():
            self.stdout.write(f"Le concours de démonstration existe déjà : « {existing.name} ».")
        else:
            if existing and not reset:
                self.stdout.write(self.style.WARNING(UNFINISHED))
            services.remove_demo(user)
            try:
                said = self._build_all(user, seed)
            except BaseException:
                # Each use-case committed on its own: what this run made goes,
                # the organizer too when made now (its password was never said).
                services.remove_demo(user, with_account=bool(password))
                raise
            for line in said:
                self.stdout.write(self.style.SUCCESS(line))
        if compte_deja_dit and not password:
            return  # the hall's first start said the login and its password (issue 60)
        self.stdout.write(f"Organisateur : {DEMO_USER}")
        if password:
            self.stdout.write(f"Mot de passe : {password}")
        else:
            self.stdout.write("Mot de passe : inchangé (donné à la première création).")

    def _build_all(self, user, seed: int) -> list[str]:
        """Every concours of the demo, then the installed features' demo data
        (tournaments/hooks: the season challenge, the calendar's coming
        concours, the messages' agreements): the lines to say."""
        tournament = self._build(user, random.Random(seed))
        final_phase = build_final_phase(user, tournament, random.Random(seed + 2))
        in_pools = build_pools_concours(user, tournament, random.Random(seed + 3))
        build_published_concours(user, tournament, random.Random(seed + 4))
        classic = build_classic_concours(user, tournament, random.Random(seed + 5))
        said = [
            f"Concours avec consolante créé : « {final_phase.name} ».",
            f"Concours en poules créé : « {in_pools.name} ».",
            f"Concours de belote classique (parties en 1000) créé : « {classic.name} ».",
        ]
        hooks.announce(hooks.DEMO_BUILT, owner=user, seed=seed, say=said.append)
        services.mark_whole(user)
        return [*said, f"Concours créé : « {tournament.name} »."]

    def _organizer(self) -> tuple[object, str | None]:
        User = get_user_model()
        user = User.objects.filter(username=DEMO_USER).first()
        password = None
        if user is None:
            password = secrets.token_urlsafe(9)
            user = User.objects.create_user(DEMO_USER, password=password, is_staff=True)
        # The demo's club is the site's own: its published concours show the
        # players who agreed, with their cote (issue 35: approved accounts).
        trust.approve_organizers(users=[user], by=None)
        return user, password

    def _build(self, user, rng: random.Random) -> Tournament:
        tournament = tournaments.create_tournament(
            owner=user,
            name="Concours de coinche de Saint-Éloi (démo)",
            date=timezone.localdate(),
            venue="Salle des fêtes, Saint-Éloi",
            preset="ffb-coinche",
            parties=4,
            end_deals=12,
            # As most clubs do: an exempt team gets the partie's average.
            bye_policy=Tournament.ByePolicy.AVERAGE,
            published=True,
            prizes_enabled=True,
            # Every team is primed: the women's bouquet comes on top of a lot.
            prizes_cumulate=True,
            categories_enabled=True,
            cash_enabled=True,
            entry_fee_cents=1000,
            fee_basis=Tournament.FeeBasis.TEAM,
            # Issue 14's options: draws shown when announced, the clock.
            release_draws=True,
            clock_enabled=True,
            start_time=time(14, 0),
            last_deal_minutes=55,
            slug=DEMO_SLUG,
        )
        women = prizes.add_category(
            tournament=tournament, name="Meilleure équipe féminine", kind=Category.Kind.WOMEN
        )
        prizes.set_lots(tournament=tournament, lots=LOTS, last=LANTERN, rule=PrizeRule.EVERY)
        prizes.set_lots(tournament=tournament, category=women, lots=WOMEN_LOTS)
        firsts, lasts = FIRST_NAMES[:], LAST_NAMES[:]
        rng.shuffle(firsts)
        rng.shuffle(lasts)
        for i in range(24):
            club = rng.choice(CLUBS)
            both_women = {firsts[i % 32], firsts[(i + 7) % 32]} <= WOMEN
            registration.register_team(
                tournament=tournament,
                player1=registration.PlayerData(firsts[i % 32], lasts[i % 32], club=club),
                player2=registration.PlayerData(
                    firsts[(i + 7) % 32],
                    lasts[(i + 13) % 32],
                    club=club,
                    licence=f"FFB{rng.randrange(100000, 999999)}",
                ),
                club=club,
                categories=[women.pk] if both_women else None,
            )
        return play_swiss(tournament, user, rng, half_last=True)
