"""The club's count of a coinche, set at the desk before the first coinched
deal (issue 37 item 3): the answers to « Une coinche chutée à 90 : combien
pour la défense ? » and its sisters change the concours's profile, as long
as no deal they would mark differently has been entered.

Responsible for: whether the count may still change, and changing it in one
transaction with its audit line. Must not: word a question (display/counts)
or compute a marque (the engine)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from scoring import examples
from tournaments.models import Change, Deal, Table, Tournament
from tournaments.services.audit import Actor, log_change
from tournaments.services.errors import TournamentError


def club_count_open(tournament: Tournament) -> bool:
    """Whether the club's count may still change: deals are entered one by
    one, and none is coinched, bid capot, or hidden in a sheet's totals."""
    if tournament.score_entry != Tournament.ScoreEntry.DEALS:
        return False
    rules = tournament.rule_profile
    if not any(asked.question.desk for asked in examples.walk(rules, {})[1]):
        return False  # classic belote, contrée points annoncés: nothing to ask
    deals = Deal.objects.filter(table__round__tournament=tournament)
    totals = Table.objects.filter(
        round__tournament=tournament, totals_only=True, status=Table.Status.COMPLETE
    )
    return not (deals.filter(coinche__gt=0).exists() or deals.filter(bid_capot=True).exists()) and (
        not totals.exists()
    )


def asked_first(tournament: Tournament) -> bool:
    """Whether no deal at all is entered yet: the desk then shows the
    questions open; afterwards folded under the count in force, so that the
    grid stays on the first screen."""
    return not Deal.objects.filter(table__round__tournament=tournament).exists()


@transaction.atomic(durable=True)
def set_club_count(
    *, tournament: Tournament, answers: Mapping[str, int], by: Actor | None
) -> Tournament:
    """The concours's profile with each asked option set by the marques the
    organizer chose (question key -> marque), keeping its preset and
    version. Refused when the answers contradict each other (at the later
    question) or once a deal they would mark is entered."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not club_count_open(tournament):
        raise TournamentError(
            _(
                "Une donne coinchée ou un capot demandé est déjà saisi : le compte du club ne "
                "change plus."
            )
        )
    before = tournament.rule_profile
    rules, conflicts = examples.profile_for(before, dict(answers))
    if conflicts:
        raise TournamentError(
            _(
                "Aucun compte ne donne cette marque avec les réponses précédentes : "
                "changez l'une d'elles."
            ),
            field=conflicts[0],
        )
    if rules == before:
        return tournament
    deals = Deal.objects.filter(table__round__tournament=tournament).select_related("table")
    for deal in deals.order_by("pk"):
        engine = deal.to_engine()
        if _marques(engine, before) != _marques(engine, rules):
            raise TournamentError(
                _(
                    "La donne %(number)s de la table %(table)s serait marquée autrement avec ce "
                    "compte : le compte du club ne change plus."
                )
                % {"number": deal.number, "table": deal.table.number}
            )
    tournament.rules = rules.to_json()
    tournament.save(update_fields=["rules"])
    log_change(
        tournament,
        Change.Action.TOURNAMENT_CHANGED,
        by=by,
        before={"rules": before.to_json()},
        after={"rules": rules.to_json()},
    )
    return tournament


def _marques(deal: dict[str, Any], rules: scoring.Rules) -> tuple[int, int] | None:
    try:
        score = scoring.score_deal(deal, rules)
    except scoring.ScoringError:
        return None
    return score.a, score.b
