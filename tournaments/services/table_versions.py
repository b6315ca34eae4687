"""A table's versions: each change locks its table and checks the version
the person typing saw, so two people typing at once never overwrite each
other; a post sent again (a phone that lost the answer) is recognised by
its request key and records nothing; a closed round is corrected only with
a reason. Shared by every change at a table (services/scores.py,
services/table_side.py). Must not: score or write a deal."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.utils.translation import gettext as _

from tournaments.models import Change, Round, Table
from tournaments.services.errors import TournamentError


class AlreadyDone(Exception):
    """The post was recorded before: `change` is its audit line."""

    def __init__(self, change: Change) -> None:
        super().__init__(change.pk)
        self.change = change


def request_key(action: str, expected_version: int | None, asked: Any) -> str:
    """What identifies a post: the change asked, on the version it was asked
    on (empty without a version: such a post cannot be told from a new one)."""
    if expected_version is None:
        return ""
    text = json.dumps([action, expected_version, asked], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def lock_table(table: Table) -> Table:
    """`table` read again with its partie and tournament, locked until the
    caller's transaction ends."""
    return (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__tournament")
        .get(pk=table.pk)
    )


def check_version(table: Table, expected_version: int | None, key: str = "") -> None:
    if expected_version is not None and table.version != expected_version:
        done = table.changes.filter(request_key=key).first() if key else None
        if done is not None:
            raise AlreadyDone(done)
        raise TournamentError(
            _(
                "Cette table a été modifiée par quelqu'un d'autre pendant votre saisie. "
                "Voici la version actuelle : vérifiez-la avant d'enregistrer à nouveau."
            ),
            field="version",
        )
    if table.is_bye:
        raise TournamentError(_("L'équipe exempte ne joue pas : rien à saisir."))


def lock_table_at(table: Table, expected_version: int | None, key: str = "") -> Table:
    locked = lock_table(table)
    check_version(locked, expected_version, key)
    return locked


def ensure_published(rnd: Round) -> None:
    """Refuse a score on a draw still in draft: the players do not see it,
    and the organizer may still exchange teams."""
    if not rnd.announced:
        raise TournamentError(
            _(
                "Le tirage de cette partie est encore un brouillon : publiez-le "
                "(« Annoncer le tirage ») avant de saisir les scores."
            )
        )


def check_round_open(table: Table, reason: str) -> bool:
    """True when this change corrects a closed partie (a reason is then due).
    A draft draw (not announced, services/release.py) takes no score."""
    ensure_published(table.round)
    if table.round.status == Round.Status.CLOSED:
        if not reason.strip():
            raise TournamentError(
                _("Cette partie est close : indiquez le motif de la correction."), field="reason"
            )
        return True
    return False
