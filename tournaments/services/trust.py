"""The accounts the site trusts (issue 35): an administrator approves an
organizer, after which that account's public concours show its players'
pages and count in the cote; or withdraws the approval.

Approval is the administrator's judgement that the account is the club it
says it is; the back office's « Utilisateurs » list holds the two actions
(tournaments/admin.py). Each write moves the revision of the account's
public concours, whose pages link to players' pages or no longer do.
Must not: decide who is shown (services/persons.py does, by records).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from tournaments.models import Change, OrganizerApproval, Tournament
from tournaments.services import persons
from tournaments.services.audit import Actor, log_change


def _log_in_public_concours(user: User, by: Actor | None, approved: bool) -> None:
    for tournament_id in (
        Tournament.objects.filter(owner=user, published=True)
        .order_by("pk")
        .values_list("pk", flat=True)
    ):
        log_change(tournament_id, Change.Action.PLAYERS_SHOWN, by=by, after={"approved": approved})


@transaction.atomic(durable=True)
def approve_organizers(*, users: Iterable[User], by: User | None) -> int:
    """These accounts approved (those already approved stay as they were);
    the cotes computed again. Returns how many were newly approved."""
    now = timezone.now()
    approved = 0
    for user in users:
        _approval, created = OrganizerApproval.objects.get_or_create(
            user=user, defaults={"approved_at": now, "approved_by": by}
        )
        if created:
            approved += 1
            _log_in_public_concours(user, by, True)
    if approved:
        persons.recompute_cotes()
    return approved


@transaction.atomic(durable=True)
def withdraw_approvals(*, users: Iterable[User], by: Actor | None) -> int:
    """These accounts no longer approved: their players' pages and their
    concours leave the players' pages and the cote. Returns how many."""
    withdrawn = 0
    for user in users:
        deleted, _kinds = OrganizerApproval.objects.filter(user=user).delete()
        if deleted:
            withdrawn += 1
            _log_in_public_concours(user, by, False)
    if withdrawn:
        persons.recompute_cotes()
    return withdrawn
