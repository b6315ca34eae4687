"""The season challenge read: a challenge's rule, an evening as the
challenge reads it (each player with their team's rank and record, the
final order where a final phase decided it), and the challenge's board.
Writes nothing (the feature's services.py creates and edits challenges)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.core.cache import cache

from tournaments.features.challenge import domain as rules
from tournaments.features.challenge.models import Challenge
from tournaments.models import Tournament
from tournaments.queries.brackets import final_order
from tournaments.queries.standings import public_standings, tournament_bye


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
    The rank is the tournament's final place once its final phase is
    decided (`final_order`, as on the tournament's page), else its
    qualifying rank: the public's, without a partie whose ranking is hidden
    until the end (issue 51: the challenge told who won it). Entrants who
    played no partie are left out."""
    bye_wins = tournament_bye(tournament).win
    placings = []
    standings = final_order(tournament, public_standings(tournament))
    ranked = [s for s in standings if s.row.played]
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
