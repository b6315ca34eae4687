"""Season challenges: create and edit one, add and remove its evenings, and
read its ranking.

The ranking is computed on read from the evenings' standings
(`tournaments.domain.standings`) by the pure rules of `tournaments.domain.challenge`, and
cached under a key made of the challenge's settings time and each
tournament's revision: a deal corrected, a tournament added or removed
gives a new key, so the ranking is never stale and nothing stores points.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments.domain import challenge as rules
from tournaments.models import Challenge, Tournament
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
    challenge = Challenge.objects.create(owner=owner, name=name, slug=_unique_slug(name), **values)
    home_changed()
    return challenge


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
    home_changed()
    return challenge


def _managed(by: Actor | None, tournament: Tournament) -> None:
    if not Tournament.objects.managed_by(by).filter(pk=tournament.pk).exists():
        raise TournamentError(
            _("Seuls les tournois que vous organisez peuvent entrer dans un challenge."),
            field="tournament",
        )


@transaction.atomic
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


@transaction.atomic
def remove_tournament(*, challenge: Challenge, tournament: Tournament, by: Actor | None) -> None:
    _managed(by, tournament)
    challenge.tournaments.remove(tournament)
    challenge.save(update_fields=["updated_at"])
    home_changed()
