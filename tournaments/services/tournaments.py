"""A tournament's life at its organizers': created, edited, shared with
co-organizers, published or not, archived, deleted.

The rule profile is validated by the engine (`scoring.Rules`) before
anything is saved, and the tournament gets an address (slug) of its own,
which never changes (it is printed in the QR codes of the score sheets).
Once a score is entered the rules that score a deal or end a partie are
locked; the name, the date, the venue, the ranking and the number of
parties can still change.

This module must not register, draw or score: those use-cases have their
own modules.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import date as Date
from datetime import time as Time
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

import scoring
from tournaments import hooks
from tournaments.display.errors import engine_error
from tournaments.models import Change, Deal, Penalty, Round, Table, Tournament
from tournaments.services import persons
from tournaments.services.audit import Actor, home_changed, log_change
from tournaments.services.errors import TournamentError


def rules_from_form(
    preset: str, overrides: Mapping[str, Any] | None = None, *, version: int | None = None
) -> dict:
    """A rule profile as stored on a tournament, validated by the engine:
    version ``version`` of the preset (its latest for a new concours), with
    the version in the stored JSON, so that the concours replays with it for
    ever (a new default never changes the marques of a concours played)."""
    try:
        rules = scoring.Rules.from_preset(preset, version, **dict(overrides or {}))
    except scoring.ScoringError as exc:
        raise TournamentError(engine_error(exc), field="rules") from exc
    return rules.to_json()


def _unique_slug(name: str, day: Date) -> str:
    base = slugify(f"{name}-{day.isoformat()}")[:120] or "tournoi"
    slug, n = base, 2
    while Tournament.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


logger = logging.getLogger(__name__)

# What scores a deal or ends a partie: fixed once a score is entered.
SCORING_FIELDS = ("rules", "end_mode", "end_deals", "end_target", "score_entry")


def checked_criteria(criteria: list[str] | None) -> list[str]:
    criteria = list(criteria or [Tournament.Criterion.POINTS])
    if any(c not in Tournament.Criterion.values for c in criteria):
        raise TournamentError(_("Critère de classement inconnu."), field="ranking_criteria")
    if len(set(criteria)) != len(criteria):
        raise TournamentError(
            _("Chaque critère de classement ne compte qu'une fois."), field="ranking_criteria"
        )
    return criteria


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
    tournament.ranking_criteria = checked_criteria(tournament.ranking_criteria)
    tournament.save()
    log_change(
        tournament, Change.Action.TOURNAMENT_CREATED, by=owner, after={"name": tournament.name}
    )
    return tournament


@transaction.atomic
def add_co_organizer(*, tournament: Tournament, username: str, by: Actor | None) -> None:
    """Only the owner shares a tournament with another organizer account."""
    if not _is_owner(tournament, by):
        raise TournamentError(
            _("Seul l'organisateur principal peut ajouter un co-organisateur."), field="username"
        )
    user = get_user_model().objects.filter(username=username.strip()).first()
    if user is None:
        raise TournamentError(
            _(
                "Aucun compte « %(name)s » : invitez cette personne depuis « Mon compte », "
                "puis ajoutez-la une fois son compte créé."
            )
            % {"name": username.strip()},
            field="username",
        )
    tournament.co_organizers.add(user)
    log_change(
        tournament, Change.Action.CO_ORGANIZER_ADDED, by=by, after={"user": user.get_username()}
    )


def rules_locked(tournament: Tournament) -> bool:
    """Whether a score is entered: the scoring rules can no longer change."""
    return (
        Deal.objects.filter(table__round__tournament=tournament).exists()
        or Penalty.objects.filter(table__round__tournament=tournament).exists()
        or Table.objects.filter(round__tournament=tournament, team_b__isnull=False)
        .exclude(status=Table.Status.NOT_STARTED)
        .exists()
    )


def format_locked(tournament: Tournament) -> bool:
    """Whether someone is registered: pairs or mêlée can no longer change."""
    return tournament.players.exists()


def _snapshot(tournament: Tournament, names) -> dict[str, Any]:
    return {name: _plain(getattr(tournament, name)) for name in names}


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, Date | Time) else value


@transaction.atomic
def update_tournament(
    *,
    tournament: Tournament,
    by: Actor | None,
    preset: str,
    overrides: Mapping[str, Any] | None = None,
    **fields: Any,
) -> Tournament:
    """Change what the organizer set at creation. The scoring rules (the
    rule profile, the end of a partie, the way scores are entered) are
    locked once a score is entered; the formula once someone is registered;
    the number of parties never goes below those already drawn."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    kept = tournament.rule_profile
    # The same preset keeps the version the concours was created with.
    version = kept.version if preset == kept.preset else None
    fields["rules"] = rules_from_form(preset, overrides, version=version)
    fields["ranking_criteria"] = checked_criteria(fields.get("ranking_criteria"))
    if fields.get("end_mode") == Tournament.EndMode.TARGET and not fields.get("end_target"):
        raise TournamentError(_("Indiquez le score à atteindre."), field="end_target")
    before = _snapshot(tournament, fields)
    changed = {name for name, value in fields.items() if _plain(value) != before[name]}
    if changed & set(SCORING_FIELDS) and rules_locked(tournament):
        raise TournamentError(
            _("Des scores sont déjà saisis : les règles de marque ne peuvent plus changer."),
            field="preset",
        )
    if "format" in changed and format_locked(tournament):
        raise TournamentError(
            _("Des joueurs sont inscrits : la formule ne peut plus changer."), field="format"
        )
    drawn = tournament.rounds.count()
    if fields.get("parties", tournament.parties) < drawn:
        raise TournamentError(
            _("%(n)s parties sont déjà tirées : il en faut au moins autant.") % {"n": drawn},
            field="parties",
        )
    for name in changed:
        setattr(tournament, name, fields[name])
    tournament.status = _status(tournament)
    tournament.save()
    log_change(
        tournament,
        Change.Action.TOURNAMENT_CHANGED,
        by=by,
        before={name: before[name] for name in sorted(changed)},
        after=_snapshot(tournament, sorted(changed)),
    )
    return tournament


def _status(tournament: Tournament) -> str:
    """Registration before any draw; finished when the last partie planned
    is closed (more parties planned reopen a finished tournament)."""
    rounds = tournament.rounds.all()
    if not rounds:
        return Tournament.Status.REGISTRATION
    all_closed = not rounds.exclude(status=Round.Status.CLOSED).exists()
    if all_closed and rounds.count() >= tournament.parties:
        return Tournament.Status.FINISHED
    return Tournament.Status.RUNNING


@transaction.atomic
def set_published(*, tournament: Tournament, published: bool, by: Actor | None) -> Tournament:
    """Show the tournament to players (on the home page and at its address),
    or keep it to its organizers."""
    tournament.published = published
    tournament.save(update_fields=["published"])
    action = Change.Action.PUBLISHED if published else Change.Action.UNPUBLISHED
    log_change(tournament, action, by=by, after={"published": published})
    # Its players found again across concours, the cotes with or without it.
    if published:
        hooks.announce(hooks.RESULTS_PUBLISHED, tournament=tournament, by=by)
    else:
        persons.recompute_cotes()
    return tournament


@transaction.atomic
def set_archived(*, tournament: Tournament, archived: bool, by: Actor | None) -> Tournament:
    """Put a tournament away (off the home and the organizer's current list;
    its pages stay reachable), or bring it back."""
    tournament.archived = archived
    tournament.save(update_fields=["archived"])
    action = Change.Action.ARCHIVED if archived else Change.Action.UNARCHIVED
    log_change(tournament, action, by=by, after={"archived": archived})
    return tournament


def _is_owner(tournament: Tournament, user) -> bool:
    return tournament.owner_id == getattr(user, "pk", None) or getattr(user, "is_superuser", False)


@transaction.atomic
def delete_tournament(*, tournament: Tournament, by: Actor | None) -> None:
    """Delete the tournament and everything it holds: teams, parties, deals,
    its history too (so the trace of the deletion goes to the server's log).
    Only its owner may."""
    if not _is_owner(tournament, by):
        raise TournamentError(_("Seul l'organisateur principal peut supprimer le tournoi."))
    logger.info(
        "Tournament %s (%s) deleted by %s", tournament.slug, tournament.name, by.get_username()
    )
    tournament.delete()
    home_changed()
