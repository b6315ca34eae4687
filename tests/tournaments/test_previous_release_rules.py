"""A new default never changes the marques of a concours already played
(issue 37): a contrée points-faits concours of the previous release, with a
capot by the defence (160 in version 1 of the preset, 250 since version 2),
keeps its version, its marques and its ranking once the new release has
migrated the data folder, replayed every table, written its concours file
and its backup, and checked them."""

from __future__ import annotations

import datetime
import json

import pytest
from django.apps import apps as django_apps

import scoring
from tests.scoring.test_rules_profiles import STORED_BEFORE_PRESET_VERSIONS
from tests.tournaments.test_migrations import PREVIOUS_RELEASE, _latest, back_to_latest, migrate

pytestmark = pytest.mark.django_db(transaction=True)

# What the previous release wrote in the « rules » column: the same profile
# the engine's own test replays (tests/scoring/test_rules_profiles.py).
STORED_RULES = STORED_BEFORE_PRESET_VERSIONS

# Two tables of two deals, the marques the previous release recorded.
# Table 1: Nord-Sud bid 80 ♥ and took no trick (0–160); Est-Ouest made 100 ♠
# with 122 (40–120): team 2 has 280. Table 2: team 4 made 150 twice: 300.
TABLES = [
    (
        (1, 2),
        [
            ({"taker": "A", "trump": "H", "bid": 80, "capot": "B"}, (0, 160, "chute")),
            (
                {"taker": "B", "trump": "S", "bid": 100, "points_a": 40, "points_b": 122},
                (40, 120, "made"),
            ),
        ],
    ),
    (
        (3, 4),
        [
            (
                {"taker": "B", "trump": "C", "bid": 80, "points_a": 12, "points_b": 150},
                (10, 150, "made"),
            ),
            (
                {"taker": "B", "trump": "D", "bid": 90, "points_a": 10, "points_b": 152},
                (10, 150, "made"),
            ),
        ],
    ),
]
RANKING = [(4, 300), (2, 280), (1, 40), (3, 20)]


def _previous_release_concours(apps) -> int:
    get = lambda name: apps.get_model("tournaments", name)  # noqa: E731
    user = apps.get_model("auth", "User").objects.create(username="orga")
    tournament = get("Tournament").objects.create(
        name="Contrée de la Saint-Vincent",
        slug="saint-vincent",
        date=datetime.date(2026, 1, 22),
        owner=user,
        rules=STORED_RULES,
        end_mode="deals",
        end_deals=2,
    )
    Player, Team = get("Player"), get("Team")
    teams = {}
    for n in range(1, 5):
        p1 = Player.objects.create(tournament=tournament, first_name=f"A{n}", last_name=f"N{n}")
        p2 = Player.objects.create(tournament=tournament, first_name=f"B{n}", last_name=f"N{n}")
        teams[n] = Team.objects.create(tournament=tournament, number=n, player1=p1, player2=p2)
    rnd = get("Round").objects.create(tournament=tournament, number=1, status="closed")
    for number, ((a, b), deals) in enumerate(TABLES, start=1):
        table = get("Table").objects.create(
            round=rnd,
            number=number,
            team_a=teams[a],
            team_b=teams[b],
            total_a=sum(marques[0] for _, marques in deals),
            total_b=sum(marques[1] for _, marques in deals),
            status="complete",
        )
        get("Seat").objects.create(round=rnd, table=table, team=teams[a], side="A")
        get("Seat").objects.create(round=rnd, table=table, team=teams[b], side="B")
        for n, (values, (ma, mb, outcome)) in enumerate(deals, start=1):
            get("Deal").objects.create(
                table=table, number=n, marque_a=ma, marque_b=mb, outcome=outcome, **values
            )
    return tournament.pk


def _marques(tournament) -> list[tuple[int, int, int, str]]:
    Deal = django_apps.get_model("tournaments", "Deal")
    rows = Deal.objects.filter(table__round__tournament=tournament).order_by(
        "table__number", "number"
    )
    return list(rows.values_list("table__number", "marque_a", "marque_b", "outcome"))


def _ranking(tournament) -> list[tuple[int, int]]:
    from tournaments.queries.standings import tournament_standings

    return [(s.entrant.number, s.row.points_for) for s in tournament_standings(tournament)]


def test_a_previous_release_concours_keeps_its_version_marques_and_ranking() -> None:
    apps = migrate(PREVIOUS_RELEASE)
    try:
        pk = _previous_release_concours(apps)
        migrate(_latest())
        from checker.check import check
        from tournaments.models import Tournament
        from tournaments.queries.concours_file import concours_file
        from tournaments.services.backup import export_tournament, import_tournament
        from tournaments.services.scores import rescore_table, save_table

        tournament = Tournament.objects.get(pk=pk)
        before = _marques(tournament)
        assert _ranking(tournament) == RANKING
        assert (tournament.rule_profile.preset, tournament.rule_profile.version) == (
            "contree-faits",
            1,
        )

        # Every table replayed by the new engine, as an edited deal would.
        for table in tournament.rounds.get().tables.all():
            rescore_table(table)
            save_table(table, corrected=False)
        assert _marques(tournament) == before
        assert _ranking(tournament) == RANKING

        # The concours file carries version 1 and its checker agrees with it.
        doc = json.loads(json.dumps(concours_file(tournament)))
        assert doc["rules"]["version"] == 1
        # (The previous release kept no draw seed: its draw is not replayed.)
        no_seed = "Partie 1 : le tirage au hasard ne se rejoue pas"
        assert [s for s in check(doc) if not s.startswith(no_seed)] == []
        # Read under the preset's latest defaults, the same file would be wrong at table 1.
        latest_doc = {**doc, "rules": {"preset": "contree-faits", "version": 2}}
        assert any(s.startswith("Partie 1, table 1") for s in check(latest_doc))

        # Its backup, restored after the concours is deleted, replays as version 1 too.
        data = json.loads(json.dumps(export_tournament(tournament), default=str))
        owner = tournament.owner
        tournament.delete()
        copy = import_tournament(data, owner=owner)
        assert copy.rule_profile.version == 1
        assert [m[1:] for m in _marques(copy)] == [m[1:] for m in before]
        assert _ranking(copy) == RANKING

        # Not a test that cannot fail: the new default would have moved the
        # first deal to 0–250 and team 2 above team 4.
        latest = scoring.Rules.from_json("contree-faits")
        first = copy.rounds.get().tables.get(number=1).deals.get(number=1)
        replayed = scoring.score_deal(first.to_engine(), latest)
        assert (latest.version, replayed.a, replayed.b) == (2, 0, 250)
    finally:
        back_to_latest()
