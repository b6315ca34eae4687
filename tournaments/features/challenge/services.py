"""Season challenges: create and edit one, add and remove its evenings, and
read its ranking.

The ranking is computed on read from the evenings' standings
(`tournaments.domain.standings`) by the pure rules of `tournaments.features.challenge.domain`, and
cached under a key made of the challenge's settings time and each
tournament's revision: a deal corrected, a tournament added or removed
gives a new key, so the ranking is never stale and nothing stores points.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import date

from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from tournaments.domain import deal_shapes
from tournaments.features.challenge import domain as rules
from tournaments.features.challenge.models import Challenge
from tournaments.models import DEMO_SLUG, Round, Tournament, demo_filter
from tournaments.services import registration, release, rounds, scores, tournaments
from tournaments.services.audit import Actor, home_changed
from tournaments.services.errors import TournamentError

#: The settings a form edits (besides the name).
SETTINGS = (
    "kind",
    "win",
    "draw",
    "loss",
    "bye",
    "with_points",
    "rank_table",
    "best_n",
    "min_events",
    "lot_text",
    "published",
)


def _check(values: dict) -> None:
    try:
        rules.parse_table(values.get("rank_table", "") or "")
    except ValueError as error:
        raise TournamentError(
            _(
                "« %(part)s » n'est pas un nombre de points : écrivez par exemple "
                "« 1er : 20, 2e : 17, 3e : 15 »."
            )
            % {"part": error.args[0]},
            field="rank_table",
        ) from None


@transaction.atomic(durable=True)
def create_challenge(*, owner, name: str, **values) -> Challenge:
    name = name.strip()
    if not name:
        raise TournamentError(_("Donnez un nom au challenge."), field="name")
    unknown = set(values) - set(SETTINGS)
    if unknown:
        raise ValueError(f"unknown challenge settings: {sorted(unknown)}")
    _check(values)
    challenge = Challenge.objects.create(
        owner=owner, name=name, slug=tournaments.unique_slug(Challenge, name, "challenge"), **values
    )
    home_changed()
    return challenge


@transaction.atomic(durable=True)
def update_challenge(*, challenge: Challenge, name: str, **values) -> Challenge:
    name = name.strip()
    if not name:
        raise TournamentError(_("Donnez un nom au challenge."), field="name")
    _check(values)
    challenge.name = name
    for key in SETTINGS:
        if key in values:
            setattr(challenge, key, values[key])
    challenge.save()
    home_changed()
    return challenge


def _managed(by: Actor | None, tournament: Tournament) -> None:
    if not Tournament.objects.managed_by(by).filter(pk=tournament.pk).exists():
        raise TournamentError(
            _("Seuls les tournois que vous organisez peuvent entrer dans un challenge."),
            field="tournament",
        )


@transaction.atomic(durable=True)
def add_tournament(*, challenge: Challenge, tournament: Tournament, by: Actor | None) -> None:
    _managed(by, tournament)
    if challenge.tournaments.filter(pk=tournament.pk).exists():
        raise TournamentError(
            _("« %(name)s » fait déjà partie du challenge.") % {"name": tournament.name},
            field="tournament",
        )
    challenge.tournaments.add(tournament)
    challenge.save(update_fields=["updated_at"])
    home_changed()


@transaction.atomic(durable=True)
def remove_tournament(*, challenge: Challenge, tournament: Tournament, by: Actor | None) -> None:
    _managed(by, tournament)
    challenge.tournaments.remove(tournament)
    challenge.save(update_fields=["updated_at"])
    home_changed()


#: The season challenge of the demo: two earlier evenings of 8 teams (same
#: players, other partners) and the concours itself.
DEMO_CHALLENGE_SLUG = "challenge-de-saint-eloi-demo"
DEMO_EVENINGS = [
    ("soiree-coinche-octobre-demo", "Soirée coinche d'octobre (démo)", date(2026, 10, 17)),
    ("soiree-coinche-novembre-demo", "Soirée coinche de novembre (démo)", date(2026, 11, 14)),
]


def on_demo_built(*, owner, seed: int, say: Callable[[str], None]) -> None:
    """`DEMO_BUILT`: the demo's season challenge, said on the command's output."""
    concours = Tournament.objects.get(slug=DEMO_SLUG)
    challenge = build_demo(owner, concours, random.Random(seed + 1))
    say(f"Challenge créé : « {challenge.name} ».")


def on_demo_removed(*, owner) -> None:
    """`DEMO_REMOVED`: the demo's challenges (its evenings went with its concours)."""
    Challenge.objects.filter(demo_filter()).delete()


def build_demo(user, concours: Tournament, rng: random.Random) -> Challenge:
    """The demo's season challenge: two small evenings played earlier (8
    teams of the concours' players paired differently, 3 parties of 6
    donnes, every partie closed) and the concours itself, ranked player by
    player. Half the players keep their licence, the others are matched by
    name. An older demo challenge and its evenings are replaced."""
    Challenge.objects.filter(slug=DEMO_CHALLENGE_SLUG).delete()
    Tournament.objects.filter(slug__in=[slug for slug, _name, _day in DEMO_EVENINGS]).delete()
    players = [
        p
        for team in concours.teams.filter(round__isnull=True).order_by("number")
        for p in (team.player1, team.player2)
    ]
    evenings = []
    for slug, name, day in DEMO_EVENINGS:
        evening = tournaments.create_tournament(
            owner=user,
            name=name,
            date=day,
            venue="Café des Sports, Saint-Éloi",
            preset="ffb-coinche",
            parties=3,
            end_deals=6,
            published=True,
            slug=slug,
        )
        chosen = rng.sample(players[:24], 16)
        for i in range(8):
            pair = chosen[2 * i : 2 * i + 2]
            registration.register_team(
                tournament=evening,
                player1=registration.PlayerData(
                    pair[0].first_name, pair[0].last_name, club=pair[0].club
                ),
                player2=registration.PlayerData(
                    pair[1].first_name,
                    pair[1].last_name,
                    club=pair[1].club,
                    licence=pair[1].licence if i % 2 else "",
                ),
            )
        rules = evening.rule_profile
        for number in (1, 2, 3):
            method = Round.DrawMethod.RANDOM if number == 1 else Round.DrawMethod.RANKING
            rnd = rounds.draw_round(tournament=evening, method=method, seed=rng.randrange(10**6))
            release.release_round(round=rnd, by=user)
            for table in rnd.tables.filter(team_b__isnull=False).order_by("number"):
                for _deal in range(evening.end_deals):
                    scores.record_deal(
                        table=table,
                        values=deal_shapes.engine_to_fields(scoring.random_deal(rng, rules)),
                    )
            rounds.close_round(round=rnd)
        evenings.append(evening)
    challenge = create_challenge(
        owner=user,
        name="Challenge de coinche de Saint-Éloi (démo)",
        kind=Challenge.Kind.GAMES,
        win=4,
        draw=3,
        loss=2,
        bye=3,
        best_n=2,
        min_events=2,
        lot_text="Au premier : un panier garni ; aux cinq suivants : une bouteille de Cahors.",
        published=True,
    )
    challenge.slug = DEMO_CHALLENGE_SLUG
    challenge.save(update_fields=["slug"])
    for evening in [*evenings, concours]:
        add_tournament(challenge=challenge, tournament=evening, by=user)
    return challenge
