"""A tournament's life at its organizers': created, edited, shared with
co-organizers, published or not, archived, deleted.

The rule profile is validated by the engine (`scoring.Rules`) before
anything is saved, and the tournament gets an address (slug) of its own,
which never changes (it is printed in the QR codes of the score sheets).
Once a score is entered the rules that score a deal or end a partie are
locked; the name, the date, the venue and the number of parties can still
change. The ranking's criteria are frozen once partie 1 is drawn: only
`change_tie_breaks` changes them then, with a reason, saying whose place
changes, in the history.

This module must not register, draw or score: those use-cases have their
own modules.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from datetime import date as Date
from datetime import time as Time
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Model
from django.utils.text import slugify
from django.utils.translation import gettext as _

import scoring
from tournaments import hooks
from tournaments.display.errors import engine_error
from tournaments.models import Change, Deal, Penalty, Round, Table, Tournament
from tournaments.models.tournament import new_chance_seed
from tournaments.queries.standings import criteria_moves
from tournaments.services import persons
from tournaments.services.audit import Actor, home_changed, log_change
from tournaments.services.errors import TournamentError


def rules_from_form(
    preset: str, overrides: Mapping[str, Any] | None = None, *, version: int | None = None
) -> dict[str, Any]:
    """A rule profile as stored on a tournament, validated by the engine:
    version ``version`` of the preset (its latest for a new concours), with
    the version in the stored JSON, so that the concours replays with it for
    ever (a new default never changes the marques of a concours played)."""
    try:
        rules = scoring.Rules.from_preset(preset, version, **dict(overrides or {}))
    except scoring.ScoringError as exc:
        raise TournamentError(engine_error(exc), field="rules") from exc
    return rules.to_json()


def unique_slug(model: type[Model], text: str, fallback: str) -> str:
    """`text` as a slug (`fallback` if nothing is left of it) that no `model`
    has yet: -2, -3… added until it is free (a concours, a league, a challenge)."""
    base = slugify(text)[:120] or fallback
    slug, n = base, 2
    while model._default_manager.filter(slug=slug).exists():
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
    if Tournament.Criterion.CHANCE in criteria[:-1]:
        raise TournamentError(
            _("Le tirage au sort ne laisse aucune égalité : il vient en dernier."),
            field="ranking_criteria",
        )
    return criteria


def criteria_frozen(tournament: Tournament) -> bool:
    """Whether partie 1 is drawn: the ranking's criteria then change only
    with a reason (`change_tie_breaks`)."""
    return tournament.rounds.exists()


@transaction.atomic
def create_tournament(
    *,
    owner: User,
    name: str,
    date: Date,
    preset: str = "ffb-belote",
    overrides: Mapping[str, Any] | None = None,
    slug: str = "",
    **fields: Any,
) -> Tournament:
    tournament = Tournament(
        owner=owner,
        name=name,
        date=date,
        slug=slug or unique_slug(Tournament, f"{name}-{date.isoformat()}", "tournoi"),
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


@transaction.atomic(durable=True)
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


def _snapshot(tournament: Tournament, names: Iterable[str]) -> dict[str, Any]:
    return {name: _plain(getattr(tournament, name)) for name in names}


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, Date | Time) else value


@transaction.atomic(durable=True)
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
    if "ranking_criteria" in changed and criteria_frozen(tournament):
        raise TournamentError(
            _(
                "La partie 1 est tirée : les critères de classement se changent depuis "
                "« Départage », avec un motif."
            ),
            field="ranking_criteria",
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
    seed = tournament.chance_seed
    tournament.save()
    if tournament.chance_seed != seed:
        changed.add("chance_seed")
    log_change(
        tournament,
        Change.Action.TOURNAMENT_CHANGED,
        by=by,
        before={name: before.get(name) for name in sorted(changed)},
        after=_snapshot(tournament, sorted(changed)),
    )
    return tournament


@transaction.atomic
def draw_ranking_lots(*, tournament: Tournament, by: Actor | None) -> int:
    """The ranking's drawing of lots, made once: its seed is drawn now
    unless it was already (never again), and recorded in the history."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.chance_seed is None:
        tournament.chance_seed = new_chance_seed()
        tournament.save(update_fields=["chance_seed"])
        log_change(
            tournament,
            Change.Action.CHANCE_DRAWN,
            by=by,
            after={"chance_seed": tournament.chance_seed},
        )
    return tournament.chance_seed


def _new_criteria(tournament: Tournament, criteria: list[str]) -> list[str]:
    criteria = checked_criteria(criteria)
    if criteria == tournament.criteria:
        raise TournamentError(
            _("C'est déjà l'ordre de départage du concours."), field="ranking_criteria"
        )
    return criteria


@transaction.atomic(durable=True)
def preview_tie_breaks(
    *, tournament: Tournament, criteria: list[str], by: Actor | None
) -> list[tuple[Any, int, int]]:
    """Whose place in the ranking of the tables finished a change of the
    criteria would move, before it is confirmed: (team or player, rank
    before, rank after). A list that draws lots has them drawn now (once,
    `draw_ranking_lots`), so that the order shown is the one confirmed."""
    criteria = _new_criteria(tournament, criteria)
    if Tournament.Criterion.CHANCE in criteria:
        tournament.chance_seed = draw_ranking_lots(tournament=tournament, by=by)
    return criteria_moves(tournament, criteria)


@transaction.atomic(durable=True)
def change_tie_breaks(
    *, tournament: Tournament, criteria: list[str], reason: str, by: Actor | None
) -> list[tuple[Any, int, int]]:
    """The ranking's criteria changed. Once partie 1 is drawn the list is
    frozen: a change needs a reason, and the history keeps it with whose
    place changed in the ranking of the tables finished (returned as
    (team or player, rank before, rank after))."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    criteria = _new_criteria(tournament, criteria)
    frozen = criteria_frozen(tournament)
    if frozen and not reason.strip():
        raise TournamentError(
            _("La partie 1 est tirée : dites pourquoi l'ordre de départage change."),
            field="reason",
        )
    if Tournament.Criterion.CHANCE in criteria:
        tournament.chance_seed = draw_ranking_lots(tournament=tournament, by=by)
    moved = criteria_moves(tournament, criteria) if frozen else []
    before = tournament.criteria
    tournament.ranking_criteria = criteria
    tournament.save(update_fields=["ranking_criteria"])
    log_change(
        tournament,
        Change.Action.TIE_BREAKS_CHANGED,
        by=by,
        reason=reason,
        before={"ranking_criteria": before},
        after={
            "ranking_criteria": criteria,
            "chance_seed": tournament.chance_seed,
            "moved": [[_number(e), was, now] for e, was, now in moved],
        },
    )
    return moved


def _number(entrant: Any) -> Any:
    """A team by its number, a mêlée's player by its name (the history's words)."""
    return getattr(entrant, "number", None) or str(entrant)


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


@transaction.atomic(durable=True)
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


@transaction.atomic(durable=True)
def set_archived(*, tournament: Tournament, archived: bool, by: Actor | None) -> Tournament:
    """Put a tournament away (off the home and the organizer's current list;
    its pages stay reachable), or bring it back."""
    tournament.archived = archived
    tournament.save(update_fields=["archived"])
    action = Change.Action.ARCHIVED if archived else Change.Action.UNARCHIVED
    log_change(tournament, action, by=by, after={"archived": archived})
    return tournament


def _is_owner(tournament: Tournament, user: Actor | None) -> bool:
    return tournament.owner_id == getattr(user, "pk", None) or getattr(user, "is_superuser", False)


@transaction.atomic
def delete_tournament(*, tournament: Tournament, by: Actor) -> None:
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
