"""Builders of the large tournaments the benchmarks time (not tests).

Responsible for starting Django on a fresh SQLite database in a temporary
folder and for filling it quickly with a finished concours: teams, tables
and deals by ``bulk_create``, the deals random but scored by the real
engine, so the marques are plausible. Must not: touch the developer's own
database (``DATABASE_URL`` is ignored), or time anything.
"""

from __future__ import annotations

import datetime
import os
import random
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the models are imported once setup_django has run
    from tournaments.models import Team, Tournament


#: The environment variable naming a database already migrated (tests/migrated.py).
MIGRATED_DB = "BELOTE_MIGRATED_DB"


def from_migrated(folder: Path, template: Path | str | None = None) -> None:
    """Where a test run names a database already migrated (`template`, else
    BELOTE_MIGRATED_DB: tests/migrated.py), a new data folder starts from a
    copy of it and the migration that follows has nothing left to do; run by
    hand, a benchmark migrates its new folder from nothing."""
    template = template or os.environ.get(MIGRATED_DB)
    database = folder / "db.sqlite3"
    if template and not database.exists():
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(template, database)


def setup_django(folder: Path) -> None:
    """Django on a fresh SQLite database in `folder`, migrated."""
    from_migrated(folder)
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    os.environ["BELOTE_DATA_DIR"] = str(folder)
    os.environ.pop("DATABASE_URL", None)  # always a fresh SQLite, never a real database
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def new_concours(**fields):
    """A concours for a benchmark, made by the service as the organizer's
    form makes it: ffb-coinche on 5 December 2026, no owner; `fields`
    override (name, parties, deals, end, published…)."""
    from tournaments.services import tournaments

    values = {
        "owner": None,
        "name": "Concours de la Saint-Éloi",
        "date": datetime.date(2026, 12, 5),
        "preset": "ffb-coinche",
        **fields,
    }
    return tournaments.create_tournament(**values)


def finished_concours(
    teams: int = 256, parties: int = 5, deals: int = 12, seed: int = 1
) -> Tournament:
    """A finished concours: every partie drawn in a row and fully played."""
    from tournaments.models import Tournament

    rng = random.Random(seed)
    tournament = new_concours(
        name="Grand concours de coinche de la Saint-Éloi",
        venue="Salle des fêtes de Brézé",
        parties=parties,
        end_deals=deals,
        ranking_criteria=["wins", "points", "difference"],
    )
    team_rows = make_teams(tournament, teams, rng)
    for number in range(1, parties + 1):
        played_partie(tournament, number, team_rows, deals, rng)
    tournament.status = Tournament.Status.FINISHED
    tournament.save(update_fields=["status"])
    return tournament


def make_teams(tournament: Tournament, count: int, rng: random.Random) -> list[Team]:
    from tournaments.models import Player, Team

    first = ["Hélène", "Jérôme", "Amélie", "François", "Gaëlle", "Noël", "Zoé", "Cédric"]
    last = ["Thébault", "Bérard", "Lefèvre", "Müller", "Garçon", "Chênevière", "Désiré", "Évrard"]
    players = Player.objects.bulk_create(
        Player(
            tournament=tournament,
            first_name=rng.choice(first),
            last_name=f"{rng.choice(last)}-{i}",
        )
        for i in range(2 * count)
    )
    return Team.objects.bulk_create(
        Team(
            tournament=tournament,
            number=i + 1,
            name=f"Les As de {rng.choice(last)} {i + 1}" if i % 3 == 0 else "",
            player1=players[2 * i],
            player2=players[2 * i + 1],
        )
        for i in range(count)
    )


def played_partie(
    tournament: Tournament, number: int, teams: list[Team], deals: int, rng: random.Random
) -> None:
    """Partie `number`, closed: random tables (a bye if the count is odd),
    each with `deals` random deals scored by the engine."""
    from django.utils import timezone

    import scoring
    from tournaments.domain import deal_shapes
    from tournaments.models import Deal, Round, Seat, Table

    rules = tournament.rule_profile
    rnd = Round.objects.create(
        tournament=tournament,
        number=number,
        status=Round.Status.CLOSED,
        released_at=timezone.now(),  # closed, so announced (as close_round does)
    )
    order = list(teams)
    rng.shuffle(order)
    bye = order.pop() if len(order) % 2 else None
    tables = Table.objects.bulk_create(
        Table(
            round=rnd,
            number=i + 1,
            team_a=order[2 * i],
            team_b=order[2 * i + 1],
            status=Table.Status.COMPLETE,
        )
        for i in range(len(order) // 2)
    )
    if bye is not None:
        tables.append(
            Table.objects.create(
                round=rnd, number=len(tables) + 1, team_a=bye, status=Table.Status.COMPLETE
            )
        )
    seats: list[Seat] = []
    rows: list[Deal] = []
    for table in tables:
        seats.append(Seat(round=rnd, table=table, team=table.team_a, side="A"))
        if table.team_b is None:
            continue
        seats.append(Seat(round=rnd, table=table, team=table.team_b, side="B"))
        entered = [scoring.random_deal(rng, rules) for _ in range(deals)]
        scored = scoring.score_game(entered, rules, tournament.game_end)
        for n, (deal, result) in enumerate(zip(entered, scored.deals, strict=True), 1):
            rows.append(
                Deal(
                    table=table,
                    number=n,
                    marque_a=result.a,
                    marque_b=result.b,
                    outcome=result.outcome,
                    pot=result.pot,
                    **deal_shapes.engine_to_fields(deal),
                )
            )
        table.total_a, table.total_b = scored.totals
        table.lost_pot = scored.lost_pot
    Seat.objects.bulk_create(seats)
    Deal.objects.bulk_create(rows, batch_size=2000)
    Table.objects.bulk_update(tables, ["total_a", "total_b", "lost_pot"], batch_size=500)
