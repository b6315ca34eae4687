"""Builders of test data: plain functions that make a tournament, its teams,
a drawn partie, a table and its deals through the real services.

Responsible for the defaults the tests share (a published FFB coinche
concours, French names with accents, a coinche of 90 made). The fixtures
of tests/conftest.py call them; a test calls them directly when it needs
more than the fixtures give (a second tournament, 17 teams). Must not: hold
pytest fixtures, mock anything, or write rows the services would not (what
a test builds, an organizer could build)."""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction

from tournaments.models import Deal, Round, Table, Team, Tournament
from tournaments.services import registration, rounds, scores, table_side, tournaments

PASSWORD = "Mot-de-passe-de-test-42"


def owned_transaction() -> transaction.Atomic:
    """A transaction the test holds around what it builds (often to roll it
    back), marked as Django's TestCase marks its own: the app's outermost
    use-cases, durable (services/__init__.py), may run inside it, as they
    refuse to in any transaction of the app."""
    atomic = transaction.atomic()
    atomic._from_testcase = True  # Django's own mark (django.test.TestCase._enter_atomics)
    return atomic


def build_tournament(*, owner, **fields: Any) -> Tournament:
    """A published coinche concours of `owner`; `fields` override the defaults.

    Its draws are public at once (`release_draws` off), as the tests written
    before drafts became the default expect: a test of a draft says
    `release_draws=True` (a tournament made through the organizer's form
    has it on)."""
    defaults: dict[str, Any] = {
        "owner": owner,
        "name": "Concours de la Saint-Éloi",
        "date": datetime.date(2026, 12, 5),
        "venue": "Salle des fêtes",
        "preset": "ffb-coinche",
        "published": True,
        "release_draws": False,
    }
    defaults.update(fields)
    return tournaments.create_tournament(**defaults)


def add_teams(tournament: Tournament, count: int) -> list[Team]:
    return [
        registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData("Amélie", f"Lefèvre{i}"),
            player2=registration.PlayerData("Jérôme", f"Bérard{i}"),
        )
        for i in range(count)
    ]


def draw_random_round(tournament: Tournament, seed: int = 1) -> Round:
    """The next partie, drawn at random with a fixed seed (the same seating
    every run)."""
    return rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=seed)


def first_table(rnd: Round) -> Table:
    return rnd.tables.order_by("number").first()


def coinche_values(**overrides: Any) -> dict[str, Any]:
    """A deal as the entry form gives it: side A takes at 90 hearts and makes
    97 card points (marques 190 to 70 under the FFB coinche rules)."""
    values: dict[str, Any] = {"taker": "A", "trump": "H", "bid": 90, "points_a": 97}
    values.update(overrides)
    return values


def add_deal(table: Table, **overrides: Any) -> Deal:
    """The table's next deal, scored by the engine; see `coinche_values`."""
    return scores.record_deal(table=table, values=coinche_values(**overrides))


def enter_from_the_table(table: Table, *, side: str = "A", count: int = 12, **overrides: Any):
    """`count` deals entered from the table's QR link by the team on `side`
    (each post carries the version it was typed on, as the phone's form does)."""
    for _ in range(count):
        table.refresh_from_db()
        table_side.record_table_deal(
            table=table,
            side=side,
            values=coinche_values(**overrides),
            expected_version=table.version,
        )
    table.refresh_from_db()
    return table


def played_tournament(
    *, owner, name: str, day: datetime.date, pairs, parties: int = 1, seed: int = 1, **fields
) -> Tournament:
    """A tournament of `owner` whose `pairs` ((first, last), (first, last))
    played `parties` parties of one deal each, every table's deal taken and
    made by side A (its team wins). The parties stay open, so a deal can
    still be corrected."""
    tournament = build_tournament(
        owner=owner, name=name, date=day, parties=parties, end_deals=1, **fields
    )
    for (f1, l1), (f2, l2) in pairs:
        registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData(f1, l1),
            player2=registration.PlayerData(f2, l2),
        )
    for number in range(parties):
        method = Round.DrawMethod.RANDOM if number == 0 else Round.DrawMethod.RANKING
        rnd = rounds.draw_round(tournament=tournament, method=method, seed=seed + number)
        for table in rnd.tables.filter(team_b__isnull=False).order_by("number"):
            add_deal(table)
        if number < parties - 1:
            rounds.close_round(round=rnd)
    return tournament


def qualified_tournament(
    *, owner, teams: int = 10, parties: int = 2, played: int | None = None, **fields
) -> Tournament:
    """A concours of `teams` teams whose first `played` (all) of its
    `parties` qualifying parties (one deal a table, won by side A) are
    played and closed: ready for its final phase."""
    tournament = build_tournament(owner=owner, parties=parties, end_deals=1, **fields)
    add_teams(tournament, teams)
    for number in range(parties if played is None else played):
        method = Round.DrawMethod.RANDOM if number == 0 else Round.DrawMethod.RANKING
        rnd = rounds.draw_round(tournament=tournament, method=method, seed=3 + number)
        for table in rnd.tables.filter(team_b__isnull=False):
            add_deal(table)
        rounds.close_round(round=rnd)
    tournament.refresh_from_db()
    return tournament


def win_deal(table: Table, side: str = "A") -> Deal:
    """A deal taken at 90 and made by `side` (97 card points of 162)."""
    return add_deal(table, taker=side, points_a=97 if side == "A" else 65)


def play_bracket_round(rnd: Round, *, winner: str = "A", passed: tuple[int, ...] = ()) -> None:
    """One deal at every table of a partie: won by `winner`'s side, or
    passed (0 to 0, a tie) at the tables numbered in `passed`."""
    for table in rnd.tables.filter(team_b__isnull=False).order_by("number"):
        if table.number in passed:
            scores.record_deal(table=table, values={"taker": ""})
        else:
            win_deal(table, winner)
