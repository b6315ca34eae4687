"""Season challenges: create and edit one, add and remove its evenings, and
read its ranking.

The ranking is computed on read from the evenings' standings
(`tournaments.domain.standings`) by the pure rules of `tournaments.domain.challenge`, and
cached under a key made of the challenge's settings time and each
tournament's revision: a deal corrected, a tournament added or removed
gives a new key, so the ranking is never stale and nothing stores points.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.core.cache import cache
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments.domain import challenge as rules
from tournaments.models import Challenge, Tournament
from tournaments.queries.standings import tournament_bye, tournament_standings
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


def _unique_slug(name: str) -> str:
    base = slugify(name)[:120] or "challenge"
    slug, n = base, 2
    while Challenge.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


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


@transaction.atomic
def create_challenge(*, owner, name: str, **values) -> Challenge:
    name = name.strip()
    if not name:
        raise TournamentError(_("Donnez un nom au challenge."), field="name")
    unknown = set(values) - set(SETTINGS)
    if unknown:
        raise ValueError(f"unknown challenge settings: {sorted(unknown)}")
    _check(values)
    return Challenge.objects.create(owner=owner, name=name, slug=_unique_slug(name), **values)


@transaction.atomic
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
    return challenge


def _managed(by, tournament: Tournament) -> None:
    if not Tournament.objects.managed_by(by).filter(pk=tournament.pk).exists():
        raise TournamentError(
            _("Seuls les tournois que vous organisez peuvent entrer dans un challenge."),
            field="tournament",
        )


@transaction.atomic
def add_tournament(*, challenge: Challenge, tournament: Tournament, by) -> None:
    _managed(by, tournament)
    if challenge.tournaments.filter(pk=tournament.pk).exists():
        raise TournamentError(
            _("« %(name)s » fait déjà partie du challenge.") % {"name": tournament.name},
            field="tournament",
        )
    challenge.tournaments.add(tournament)
    challenge.save(update_fields=["updated_at"])


@transaction.atomic
def remove_tournament(*, challenge: Challenge, tournament: Tournament, by) -> None:
    _managed(by, tournament)
    challenge.tournaments.remove(tournament)
    challenge.save(update_fields=["updated_at"])


def rule(challenge: Challenge) -> rules.Rule:
    try:
        table = rules.parse_table(challenge.rank_table)
    except ValueError:
        table = ()
    return rules.Rule(
        kind=challenge.kind,
        win=challenge.win,
        draw=challenge.draw,
        loss=challenge.loss,
        bye=challenge.bye,
        with_points=challenge.with_points,
        table=table,
    )


def evening(tournament: Tournament) -> rules.Evening:
    """A tournament's standings as the challenge reads them: each player with
    the rank and record of the team they played in (their own in a mêlée).
    Entrants who played no partie are left out."""
    bye_wins = tournament_bye(tournament).win
    placings = []
    ranked = [s for s in tournament_standings(tournament) if s.row.played]
    for standing in ranked:
        row, entrant = standing.row, standing.entrant
        if entrant is None:
            continue
        people = (
            (entrant.player1, entrant.player2)
            if tournament.format == Tournament.Format.PAIRS
            else (entrant,)
        )
        for player in people:
            placings.append(
                rules.Placing(
                    person=rules.Person(player.first_name, player.last_name, player.licence),
                    rank=row.rank,
                    won=row.won - (row.byes if bye_wins else 0),
                    drawn=row.drawn,
                    lost=row.lost - (0 if bye_wins else row.byes),
                    byes=row.byes,
                    points_for=row.points_for,
                )
            )
    return rules.Evening(key=tournament.pk, placings=tuple(placings), size=len(ranked))


@dataclass
class Board:
    """A challenge's ranking: its evenings in date order and its lines."""

    evenings: list[Tournament]
    lines: list[rules.Line]


def board(challenge: Challenge) -> Board:
    """The challenge's ranking, cached under the evenings' revisions."""
    evenings = list(challenge.evenings())
    fingerprint = "|".join(f"{t.pk}:{t.revision}" for t in evenings)
    digest = hashlib.sha256(fingerprint.encode()).hexdigest()[:32]
    key = f"challenge:{challenge.pk}:{challenge.updated_at.isoformat()}:{digest}"
    lines = cache.get(key)
    if lines is None:
        lines = rules.ranking(
            [evening(t) for t in evenings],
            rule(challenge),
            best_n=challenge.best_n,
            min_events=challenge.min_events,
        )
        cache.set(key, lines, 3600)
    return Board(evenings=evenings, lines=lines)
