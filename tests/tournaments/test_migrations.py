"""Data migrations leave existing tournaments as the new code expects them."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)


def named(suffix: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The targets just before and just after the app's migration named
    `…_<suffix>`, whatever its number."""
    graph = MigrationExecutor(connection).loader.graph
    node = next(n for n in graph.nodes if n[0] == "tournaments" and n[1].endswith(f"_{suffix}"))
    before = [n for n in graph.node_map[node].parents if n[0] == "tournaments"]
    return [before[0].key], [node]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_the_search_keys_of_existing_players_and_teams_are_filled_in():
    before, after = named("search_keys")
    apps = migrate(before)
    try:
        tournament = apps.get_model("tournaments", "Tournament").objects.create(
            name="Concours d’hiver", slug="hiver", date=datetime.date(2026, 1, 10)
        )
        Player = apps.get_model("tournaments", "Player")
        amelie = Player.objects.create(
            tournament=tournament, first_name="Amélie", last_name="Lefèvre"
        )
        charles = Player.objects.create(
            tournament=tournament, first_name="Charles", last_name="D’Artagnan", club="L'As"
        )
        apps.get_model("tournaments", "Team").objects.create(
            tournament=tournament, number=1, name="Les Cœurs", player1=amelie, player2=charles
        )

        apps = migrate(after)
        keys = dict(
            apps.get_model("tournaments", "Player").objects.values_list("last_name", "search_key")
        )
        assert keys == {"Lefèvre": "amelie lefevre", "D’Artagnan": "charles dartagnan las"}
        team = apps.get_model("tournaments", "Team").objects.get()
        assert team.search_key == "lescoeurs"
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_existing_tournaments_keep_their_bye_policy_when_the_default_becomes_the_average():
    before, after = named("bye_average_by_default")
    apps = migrate(before)
    try:
        Tournament = apps.get_model("tournaments", "Tournament")
        for slug, policy in (("fixe", "fixed"), ("rien", "nothing"), ("moyenne", "average")):
            Tournament.objects.create(
                name=slug, slug=slug, date=datetime.date(2026, 1, 10), bye_policy=policy
            )
        old_default = Tournament._meta.get_field("bye_policy").default

        apps = migrate(after)
        Tournament = apps.get_model("tournaments", "Tournament")
        assert dict(Tournament.objects.values_list("slug", "bye_policy")) == {
            "fixe": "fixed",
            "rien": "nothing",
            "moyenne": "average",
        }
        assert (old_default, Tournament._meta.get_field("bye_policy").default) == (
            "fixed",
            "average",
        )
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_the_parties_drawn_before_the_release_option_are_marked_announced():
    before, after = named("release_and_clock")
    apps = migrate(before)
    try:
        tournament = apps.get_model("tournaments", "Tournament").objects.create(
            name="Concours d’hiver", slug="hiver", date=datetime.date(2026, 1, 10)
        )
        Round = apps.get_model("tournaments", "Round")
        for number in (1, 2):
            Round.objects.create(tournament=tournament, number=number)

        apps = migrate(after)
        rounds = apps.get_model("tournaments", "Round").objects.order_by("number")
        assert all(r.released_at == r.created_at for r in rounds)
        assert not apps.get_model("tournaments", "Tournament").objects.get().release_draws
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
