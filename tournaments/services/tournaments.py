"""Creating a tournament and sharing it with co-organizers.

The rule profile is validated by the engine (`scoring.Rules`) before
anything is saved, and the tournament gets an address (slug) of its own.

This module must not register, draw or score: those use-cases have their
own modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date as Date
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

import scoring
from tournaments.display.errors import engine_error
from tournaments.models import Change, Tournament
from tournaments.services.audit import log_change
from tournaments.services.errors import TournamentError


def rules_from_form(preset: str, overrides: Mapping[str, Any] | None = None) -> dict:
    """A rule profile as stored on a tournament, validated by the engine."""
    try:
        rules = scoring.Rules.from_preset(preset, **dict(overrides or {}))
    except scoring.ScoringError as exc:
        raise TournamentError(engine_error(exc), field="rules") from exc
    return rules.to_json()


def _unique_slug(name: str, day: Date) -> str:
    base = slugify(f"{name}-{day.isoformat()}")[:120] or "tournoi"
    slug, n = base, 2
    while Tournament.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


@transaction.atomic
def create_tournament(
    *,
    owner,
    name: str,
    date: Date,
    preset: str = "ffb-belote",
    overrides: Mapping[str, Any] | None = None,
    **fields: Any,
) -> Tournament:
    tournament = Tournament(
        owner=owner,
        name=name,
        date=date,
        slug=_unique_slug(name, date),
        rules=rules_from_form(preset, overrides),
        **fields,
    )
    if tournament.end_mode == Tournament.EndMode.TARGET and not tournament.end_target:
        raise TournamentError(_("Indiquez le score à atteindre."), field="end_target")
    criteria = tournament.ranking_criteria or [Tournament.Criterion.POINTS]
    bad = [c for c in criteria if c not in Tournament.Criterion.values]
    if bad:
        raise TournamentError(_("Critère de classement inconnu."), field="ranking_criteria")
    tournament.ranking_criteria = list(criteria)
    tournament.save()
    log_change(
        tournament, Change.Action.TOURNAMENT_CREATED, by=owner, after={"name": tournament.name}
    )
    return tournament


@transaction.atomic
def add_co_organizer(*, tournament: Tournament, username: str, by) -> None:
    """Only the owner shares a tournament with another organizer account."""
    if tournament.owner_id != getattr(by, "pk", None) and not getattr(by, "is_superuser", False):
        raise TournamentError(
            _("Seul l'organisateur principal peut ajouter un co-organisateur."), field="username"
        )
    user = get_user_model().objects.filter(username=username.strip()).first()
    if user is None:
        raise TournamentError(
            _("Aucun compte « %(name)s » : créez-le d'abord (administration).")
            % {"name": username.strip()},
            field="username",
        )
    tournament.co_organizers.add(user)
    log_change(
        tournament, Change.Action.CO_ORGANIZER_ADDED, by=by, after={"user": user.get_username()}
    )
