"""Data migrations leave existing tournaments as the new code expects them.

The migrations up to the previous release are squashed (a new database
applies one migration); an existing data folder still goes through the
replaced ones, which these tests walk one by one: the test database is
taken back to zero, then migrated with a loader that keeps the replaced
migrations. Each test writes its rows at its rung and checks the
migration it names; the rows of all of them then go through every later
migration together, in one walk (the last test), and each test's
database is made the latest again from a copy."""

from __future__ import annotations

import datetime
import functools
import sqlite3

import pytest
from django.apps import apps as django_apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder

pytestmark = pytest.mark.django_db(transaction=True)


def _executor() -> MigrationExecutor:
    """An executor whose graph holds the replaced migrations one by one
    (the path of a data folder made before the squash)."""
    executor = MigrationExecutor(connection)
    executor.loader = MigrationLoader(connection, replace_migrations=False)
    return executor


def _latest() -> list[tuple[str, str]]:
    """The last migration of the replaced chain (and of the other apps)."""
    graph = _executor().loader.graph
    squashed = set(MigrationExecutor(connection).loader.replacements)
    return [n for n in graph.leaf_nodes() if n not in squashed]


def named(suffix: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The targets just before and just after the app's migration named
    `…_<suffix>`, whatever its number."""
    graph = _executor().loader.graph
    node = next(n for n in graph.nodes if n[0] == "tournaments" and n[1].endswith(f"_{suffix}"))
    before = [n for n in graph.node_map[node].parents if n[0] == "tournaments"]
    return [before[0].key], [node]


def _dependents(app: str) -> set[str]:
    """`app` and every app whose migrations depend on it (a feature's own
    chain), which migrating `app` back to zero would take back too."""
    graph = MigrationLoader(connection).graph
    found = {app}
    while True:
        more = {
            key[0]
            for key, node in graph.node_map.items()
            if key[0] not in found and any(parent.key[0] in found for parent in node.parents)
        }
        if not more:
            return found
        found |= more


def _back_to_zero() -> None:
    """What migrating the app back to zero leaves (none of its tables, no
    migration of it recorded, the same for the apps that depend on it),
    without the executor: going backwards renders the model states of every
    migration, half of each test's time (51 of 107 s in a profile). Its
    tables are those named after it (no model names its own table)."""
    labels = _dependents("tournaments")
    tables = [
        table
        for table in connection.introspection.table_names()
        if any(table.startswith(f"{label}_") for label in labels)
    ]
    with connection.schema_editor() as editor:
        for table in tables:
            editor.execute(editor.sql_delete_table % {"table": editor.quote_name(table)})
    MigrationRecorder(connection).migration_qs.filter(app__in=labels).delete()


def _backwards(targets) -> bool:
    """Whether reaching `targets` from the database's state unapplies a migration."""
    return any(backwards for _migration, backwards in _executor().migration_plan(targets))


def migrate(targets):
    return _walk(targets).loader.project_state(targets).apps


def _walk(targets) -> MigrationExecutor:
    """`migrate` without the state it returns (rendering it takes time)."""
    if (MigrationExecutor(connection).loader.replacements and _squashed_applied()) or _backwards(
        targets
    ):
        # A new database applied the squashed migration, or the target lies
        # behind: back to zero first, then forwards one by one.
        _back_to_zero()
    executor = _executor()
    executor.migrate(targets)
    return executor


def _squashed_applied() -> bool:
    applied = MigrationExecutor(connection).recorder.applied_migrations()
    return any(key in applied for key in MigrationExecutor(connection).loader.replacements)


def back_to_latest() -> None:
    """A test's clean-up: the database at the latest state for the tests
    after it. Partway along the replaced migrations, on along them (the
    test's rows go through every later one); at the end of that chain (the
    test migrated to the latest itself), or made after the squash, only
    what comes after it, if anything: `migrate` would take the database
    back to zero and walk the whole chain again, with no row in it."""
    executor = MigrationExecutor(connection)
    if executor.loader.replacements and not _squashed_applied():
        _walk(_latest())
        return
    executor.migrate(executor.loader.graph.leaf_nodes())


def _rows_search_keys(apps) -> None:
    tournament = apps.get_model("tournaments", "Tournament").objects.create(
        name="Concours d’hiver", slug="hiver", date=datetime.date(2026, 1, 10)
    )
    Player = apps.get_model("tournaments", "Player")
    amelie = Player.objects.create(tournament=tournament, first_name="Amélie", last_name="Lefèvre")
    charles = Player.objects.create(
        tournament=tournament, first_name="Charles", last_name="D’Artagnan", club="L'As"
    )
    apps.get_model("tournaments", "Team").objects.create(
        tournament=tournament, number=1, name="Les Cœurs", player1=amelie, player2=charles
    )


def test_the_search_keys_of_existing_players_and_teams_are_filled_in():
    _before, after = named("search_keys")
    apps = _from_zero("search_keys")
    try:
        _rows_search_keys(apps)

        apps = migrate(after)
        keys = dict(
            apps.get_model("tournaments", "Player").objects.values_list("last_name", "search_key")
        )
        assert keys == {"Lefèvre": "amelie lefevre", "D’Artagnan": "charles dartagnan las"}
        team = apps.get_model("tournaments", "Team").objects.get()
        assert team.search_key == "lescoeurs"
    finally:
        _to_the_latest_copy()


def _migrate_after_the_squash(targets):
    """The state `targets` reached by the executor as a data folder made after
    the squash goes (no need to start again from zero)."""
    return _walk_after_the_squash(targets).loader.project_state(targets).apps


def _walk_after_the_squash(targets) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor


#: Where tests start from the latest database with no row: just before the
#: app's migration named `…_<name>` (or at the migration `00…`, or at the
#: targets of TARGETS). Each test walked from the latest to its rung, back
#: (the tests after the squash) or forwards from zero along the replaced
#: migrations (those before): the same walk as the test before it, a little
#: longer, and a walk renders the state of every migration on the way (most
#: of these tests' time). One walk along the rungs, in this order, keeps a
#: copy of the database at each rung it passes (every table and row, the
#: migrations recorded: SQLite's backup, PostgreSQL's `CREATE DATABASE …
#: TEMPLATE`), which a test going to that rung gets whole. The copy is the
#: database the test's own walk would leave: with no row in it, migrating
#: to `tournaments` 00N unapplies the same migrations from the latest as
#: from a later rung (those after 00N and all that depend on them), and
#: applies the same from zero as from an earlier rung (00N and those before
#: it). The rows a test writes go through every migration after its rung
#: in `test_every_tests_rows_go_through_every_later_migration_in_one_walk`,
#: with every other test's: a test's clean-up is a copy of the latest
#: database (`_to_the_latest_copy`).
BACK_FROM_THE_LATEST = (
    "before_contributions",
    "before_the_moves",
    "features",
    "person_owner_and_approval",
    "release_draws_by_default",
    "search_keys_of_concours",
)
FORWARDS_FROM_ZERO = ("search_keys", "bye_average_by_default", "release_and_clock")
#: Rungs of more than one target: the release before the features' own
#: migrations (0062, with the messages' first two), and before the
#: contributions (0064, the contributions unapplied).
TARGETS = {
    "before_the_moves": (("tournaments", "0062_features"), ("feature_messages", "0002_sender")),
    "before_contributions": (("feature_contributions", None), ("tournaments", "0064_moved_halls")),
}
#: The copies made, by rung: an SQLite database in memory, or the name of
#: a PostgreSQL database.
_copies: dict[str, sqlite3.Connection | str] = {}
#: The copy of the database as the file's first walk found it (latest).
LATEST = "latest"


@functools.cache
def _rung(name: str) -> tuple[tuple[str, str | None], ...]:
    """The targets a rung names: a migration, or the one before `…_<name>`."""
    if name in TARGETS:
        return TARGETS[name]
    if name.startswith("0"):
        return (("tournaments", name),)
    (before,), _after = named(name)
    return (before,)


def _from_the_latest(name: str):
    """The state at the rung `name` of BACK_FROM_THE_LATEST, as
    `_migrate_after_the_squash` leaves it."""
    _ladder(BACK_FROM_THE_LATEST, name, _walk_after_the_squash)
    nodes = [node for node in _rung(name) if node[1] is not None]
    return MigrationExecutor(connection).loader.project_state(nodes).apps


def _from_zero(name: str):
    """The state at the rung `name` of FORWARDS_FROM_ZERO (or
    PREVIOUS_RELEASE's migration, above them), as `migrate` leaves it."""
    _ladder((*FORWARDS_FROM_ZERO, PREVIOUS_RELEASE[0][1]), name, _walk)
    return _executor().loader.project_state(list(_rung(name))).apps


def _ladder(rungs, name: str, walk) -> None:
    """The database at the rung `name`, from a test's start: a copy of it,
    made now by `walk`ing along `rungs` unless made already."""
    if connection.vendor not in ("sqlite", "postgresql"):
        walk(list(_rung(name)))
        return
    from django.contrib.contenttypes.models import ContentType

    if LATEST not in _copies:  # the database as the tests found it, for their clean-up
        _keep(LATEST)
    if name not in _copies:
        made = [index for index, rung in enumerate(rungs) if rung in _copies]
        start = max((i for i in made if i < rungs.index(name)), default=-1) + 1
        if start:  # on from the last copy on the way
            _restore(rungs[start - 1])
        for rung in rungs[start : rungs.index(name) + 1]:
            walk(list(_rung(rung)))
            _keep(rung)
    _restore(name)
    ContentType.objects.clear_cache()  # their ids are the copy's


def _to_the_latest_copy() -> None:
    """A test's clean-up: the database at the latest state for the tests
    after it, made again from the copy `_ladder` kept before the file's
    first walk (every table and row as it was, the migrations recorded).
    The rows each test wrote go through every later migration in
    `test_every_tests_rows_go_through_every_later_migration_in_one_walk`,
    all together: each test walking them along alone (`back_to_latest`)
    took more than half of the file's time."""
    from django.contrib.contenttypes.models import ContentType

    if LATEST not in _copies:  # an engine without copies: the walk
        back_to_latest()
        return
    _restore(LATEST)
    ContentType.objects.clear_cache()


def _keep(rung: str) -> None:
    """A copy of the database as it is now, the rung's."""
    if connection.vendor == "sqlite":
        connection.ensure_connection()
        copy = _copies[rung] = sqlite3.connect(":memory:", check_same_thread=False)
        connection.connection.backup(copy)
        return
    from tests import once_a_run

    database = connection.settings_dict["NAME"]
    name = _copies[rung] = f"{database}_{len(_copies)}"
    once_a_run.database(name)  # dropped at the run's end
    _on_the_server(
        f'DROP DATABASE IF EXISTS "{name}"', f'CREATE DATABASE "{name}" TEMPLATE "{database}"'
    )


def _restore(rung: str) -> None:
    """The database made again from the rung's copy."""
    copy = _copies[rung]
    if isinstance(copy, sqlite3.Connection):
        connection.ensure_connection()
        copy.backup(connection.connection)
        return
    database = connection.settings_dict["NAME"]
    _on_the_server(
        f'DROP DATABASE "{database}"',
        f'CREATE DATABASE "{database}" TEMPLATE "{copy}"',
    )


def _on_the_server(*statements: str) -> None:
    """Runs `statements` on PostgreSQL outside the test database, which
    nobody may use meanwhile (a template, or dropped): Django's connection
    to it is closed, and opens again at its next query. No `WITH (FORCE)`:
    it refuses to stop an autovacuum worker busy on the database (« must be
    a member of the role whose process is being terminated », seen in CI),
    where a plain DROP or CREATE stops it and waits for the closed session
    to end."""
    connection.close()
    with connection._nodb_cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


def _rows_search_keys_of_concours(apps) -> None:
    tournament = apps.get_model("tournaments", "Tournament").objects.create(
        name="Concours de l’Épiphanie",
        slug="epiphanie",
        date=datetime.date(2026, 1, 10),
        venue="Salle des fêtes, Saint-Éloi",
    )
    apps.get_model("tournaments", "Announcement").objects.create(
        tournament=tournament,
        start_time=datetime.time(14, 0),
        town="Châtillon-sur-Chalaronne",
        departement="01",
    )


def test_the_search_keys_of_existing_concours_and_announcements_are_filled_in():
    _before, after = named("search_keys_of_concours")
    apps = _from_the_latest("search_keys_of_concours")
    try:
        _rows_search_keys_of_concours(apps)

        apps = _migrate_after_the_squash(after)
        tournament = apps.get_model("tournaments", "Tournament").objects.get()
        assert tournament.search_key == "concoursdelepiphanie salledesfetessainteloi"
        announcement = apps.get_model("tournaments", "Announcement").objects.get()
        assert announcement.search_key == "chatillonsurchalaronne"
    finally:
        _to_the_latest_copy()


def _rows_bye_average_by_default(apps) -> None:
    Tournament = apps.get_model("tournaments", "Tournament")
    for slug, policy in (("fixe", "fixed"), ("rien", "nothing"), ("moyenne", "average")):
        Tournament.objects.create(
            name=slug, slug=slug, date=datetime.date(2026, 1, 10), bye_policy=policy
        )


def test_existing_tournaments_keep_their_bye_policy_when_the_default_becomes_the_average():
    _before, after = named("bye_average_by_default")
    apps = _from_zero("bye_average_by_default")
    try:
        _rows_bye_average_by_default(apps)
        old_default = (
            apps.get_model("tournaments", "Tournament")._meta.get_field("bye_policy").default
        )

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
        _to_the_latest_copy()


def _rows_release_and_clock(apps) -> None:
    tournament = apps.get_model("tournaments", "Tournament").objects.create(
        name="Concours de printemps", slug="printemps", date=datetime.date(2026, 4, 10)
    )
    Round = apps.get_model("tournaments", "Round")
    for number in (1, 2):
        Round.objects.create(tournament=tournament, number=number)


def test_the_parties_drawn_before_the_release_option_are_marked_announced():
    _before, after = named("release_and_clock")
    apps = _from_zero("release_and_clock")
    try:
        _rows_release_and_clock(apps)

        apps = migrate(after)
        rounds = apps.get_model("tournaments", "Round").objects.order_by("number")
        assert all(r.released_at == r.created_at for r in rounds)
        assert not apps.get_model("tournaments", "Tournament").objects.get().release_draws
    finally:
        _to_the_latest_copy()


def _rows_release_draws_by_default(apps) -> None:
    Tournament = apps.get_model("tournaments", "Tournament")
    for slug, hidden in (("montre", False), ("cache", True)):
        Tournament.objects.create(
            name=slug, slug=slug, date=datetime.date(2026, 1, 10), release_draws=hidden
        )


def test_existing_tournaments_keep_their_draws_shown_when_drafts_become_the_default():
    _before, after = named("release_draws_by_default")
    apps = _from_the_latest("release_draws_by_default")
    try:
        _rows_release_draws_by_default(apps)
        Tournament = apps.get_model("tournaments", "Tournament")
        old_default = Tournament._meta.get_field("release_draws").default

        apps = _migrate_after_the_squash(after)
        Tournament = apps.get_model("tournaments", "Tournament")
        assert dict(Tournament.objects.values_list("slug", "release_draws")) == {
            "montre": False,
            "cache": True,
        }
        assert (old_default, Tournament._meta.get_field("release_draws").default) == (False, True)
    finally:
        _to_the_latest_copy()


def _rows_person_owner_and_approval(apps) -> None:
    User = apps.get_model("auth", "User")
    Tournament = apps.get_model("tournaments", "Tournament")
    Person = apps.get_model("tournaments", "Person")
    Player = apps.get_model("tournaments", "Player")
    first, intruder = User.objects.create(username="club"), User.objects.create(username="x")
    club = Tournament.objects.create(
        name="Club", slug="club", date=datetime.date(2026, 1, 10), owner=first
    )
    later = Tournament.objects.create(
        name="Intrus", slug="intrus", date=datetime.date(2026, 2, 10), owner=intruder
    )
    ticks = {"Agreed": (True, False), "Attacked": (False, True)}
    for name, (at_club, at_intruder) in ticks.items():
        person = Person.objects.create(first_name=name, last_name=name, shown=True)
        apps.get_model("tournaments", "Cote").objects.create(
            person=person, mu=25, sigma=8, games=1, computed_at="2026-02-11T00:00Z"
        )
        for tournament, shown in ((later, at_intruder), (club, at_club)):
            Player.objects.create(
                tournament=tournament, first_name=name, last_name=name, shown=shown, person=person
            )


def test_each_record_belongs_to_its_first_organizer_whose_box_alone_keeps_it_shown():
    """Issue 35: a record shown by another organizer's tick (the attack) is
    hidden and loses its cote; one its first organizer's box showed stays."""
    _before, after = named("person_owner_and_approval")
    apps = _from_the_latest("person_owner_and_approval")
    try:
        _rows_person_owner_and_approval(apps)

        apps = _migrate_after_the_squash(after)
        Person = apps.get_model("tournaments", "Person")
        rows = Person.objects.values_list("last_name", "owner__username", "shown")
        assert sorted(rows) == [("Agreed", "club", True), ("Attacked", "club", False)]
        cotes = apps.get_model("tournaments", "Cote").objects.values_list("person__last_name")
        assert list(cotes) == [("Agreed",)]
    finally:
        _to_the_latest_copy()


PREVIOUS_RELEASE = [("tournaments", "0030_round_number_bound")]


def _previous_release_data(apps) -> dict[str, int]:
    """A data folder as the previous release left it: one row at least of
    every kind, written through that release's models. Returns the pks the
    test checks afterwards."""
    get = lambda name: apps.get_model("tournaments", name)  # noqa: E731
    user = apps.get_model("auth", "User").objects.create(username="orga")
    tournament = get("Tournament").objects.create(
        name="Concours de la Saint-Martin",
        slug="saint-martin",
        date=datetime.date(2026, 11, 11),
        owner=user,
        prizes_enabled=True,
        categories_enabled=True,
        cash_enabled=True,
        entry_fee_cents=1000,
        clock_enabled=True,
    )
    Player, Team = get("Player"), get("Team")
    teams = []
    for n in range(1, 5):
        p1 = Player.objects.create(tournament=tournament, first_name=f"A{n}", last_name=f"N{n}")
        p2 = Player.objects.create(tournament=tournament, first_name=f"B{n}", last_name=f"N{n}")
        teams.append(Team.objects.create(tournament=tournament, number=n, player1=p1, player2=p2))
    rnd = get("Round").objects.create(tournament=tournament, number=1, status="closed")
    Table, Seat, Deal = get("Table"), get("Seat"), get("Deal")
    totals = {(0, 1): (1200, 800), (2, 3): (1000, 1100)}
    for number, ((a, b), (ta, tb)) in enumerate(totals.items(), start=1):
        table = Table.objects.create(
            round=rnd,
            number=number,
            team_a=teams[a],
            team_b=teams[b],
            total_a=ta,
            total_b=tb,
            status="complete",
        )
        Seat.objects.create(round=rnd, table=table, team=teams[a], side="A")
        Seat.objects.create(round=rnd, table=table, team=teams[b], side="B")
        Deal.objects.create(table=table, number=1, outcome="made", marque_a=ta, marque_b=tb)
    first = Table.objects.get(round=rnd, number=1)
    get("Penalty").objects.create(table=first, team=teams[1], points=0, reason="retard")
    Change = get("Change")
    for action in ("draw", "deal_added", "round_closed"):
        Change.objects.create(tournament=tournament, action=action, by=user)
    category = get("Category").objects.create(tournament=tournament, name="Féminine")
    get("Lot").objects.create(tournament=tournament, position=1, name="Un jambon")
    get("Lot").objects.create(tournament=tournament, category=category, position=1, name="Fleurs")
    get("Payment").objects.create(tournament=tournament, team=teams[0], amount_cents=1000)
    get("CashEntry").objects.create(
        tournament=tournament, kind="expense", label="Café", amount_cents=450
    )
    pool = get("Pool").objects.create(tournament=tournament, number=1)
    for position, team in enumerate(teams, start=1):
        get("PoolTeam").objects.create(pool=pool, team=team, position=position)
    bracket = get("Bracket").objects.create(
        tournament=tournament,
        kind="main",
        name="Tableau principal",
        seeds=[teams[0].pk, teams[3].pk, teams[2].pk, teams[1].pk],
    )
    get("BracketMatch").objects.create(
        bracket=bracket, level=0, position=0, team_a=teams[0], team_b=teams[1]
    )
    challenge = get("Challenge").objects.create(name="Challenge d'hiver", slug="hiver", owner=user)
    challenge.tournaments.add(tournament)
    get("KnownPlayer").objects.create(
        owner=user,
        first_name="Amélie",
        last_name="Lefèvre",
        last_seen=datetime.date(2026, 11, 11),
        search_key="amelie lefevre",
    )
    get("WaitingPlayer").objects.create(tournament=tournament, first_name="Jo", last_name="Seul")
    return {
        "tournament": tournament.pk,
        "bracket": bracket.pk,
        **{f"team{n}": t.pk for n, t in enumerate(teams, start=1)},
    }


def _counts(apps) -> dict[str, int]:
    """The rows of each model of the core and of the features (a model the
    core gave to its feature is counted where it lives now)."""
    return {
        model.__name__: model.objects.count()
        for config in apps.get_app_configs()
        if config.label == "tournaments" or config.label.startswith("feature_")
        for model in config.get_models()
        if model.__name__ != "BracketSeed"
    }


def test_a_data_folder_of_the_previous_release_migrates_with_every_row_and_its_standings():
    apps = _from_zero(PREVIOUS_RELEASE[0][1])
    try:
        ids = _previous_release_data(apps)
        before = _counts(apps)
        assert all(before.values()) or {k for k, v in before.items() if not v} <= {
            "Attempt",
            "SignUp",
            "LotSwap",
        }

        migrate(_latest())
        from tournaments.models import Bracket, Change, Tournament
        from tournaments.queries.standings import tournament_standings

        after = {k: v for k, v in _counts(django_apps).items() if k in before}
        assert after == before
        bracket = Bracket.objects.get(pk=ids["bracket"])
        assert bracket.seeds == [ids["team1"], ids["team4"], ids["team3"], ids["team2"]]
        assert bracket.seed_of(ids["team3"]) == 3
        assert list(Change.objects.order_by("pk").values_list("action", flat=True)) == [
            "draw",
            "deal_added",
            "round_closed",
        ]
        tournament = Tournament.objects.get(pk=ids["tournament"])
        assert (tournament.cash_enabled, tournament.entry_fee_cents) == (True, 1000)
        ranking = [(s.entrant.number, s.row.points_for) for s in tournament_standings(tournament)]
        assert ranking == [(1, 1200), (4, 1100), (3, 1000), (2, 800)]
    finally:
        _to_the_latest_copy()


def _rows_features(apps) -> None:
    Tournament = apps.get_model("tournaments", "Tournament")
    day = datetime.date(2026, 1, 10)
    Tournament.objects.create(name="sans", slug="sans", date=day)
    Tournament.objects.create(
        name="tout", slug="tout", date=day, cash_enabled=True, clock_enabled=True,
        check_in_enabled=True, sheets_enabled=True,
    )  # fmt: skip
    Tournament.objects.create(name="caisse", slug="caisse", date=day, cash_enabled=True)
    salles = Tournament.objects.create(name="salles", slug="salles", date=day)
    apps.get_model("tournaments", "HallMerge").objects.create(tournament=salles, planned=3)


def test_the_features_switches_become_labels_of_one_field():
    """0062: `cash_enabled`, `clock_enabled`, `check_in_enabled`,
    `sheets_enabled` and a declared `HallMerge` become `features`' labels."""
    before, after = named("features")
    apps = _from_the_latest("features")
    try:
        _rows_features(apps)

        apps = _migrate_after_the_squash(after)
        Tournament = apps.get_model("tournaments", "Tournament")
        assert dict(Tournament.objects.values_list("slug", "features")) == {
            "sans": [],
            "tout": ["cash", "clock", "door", "sheets"],
            "caisse": ["cash"],
            "salles": ["halls"],
        }
        names = {field.name for field in Tournament._meta.get_fields()}
        assert not names & {"cash_enabled", "clock_enabled", "check_in_enabled", "sheets_enabled"}

        apps = _migrate_after_the_squash(before)  # and back
        Tournament = apps.get_model("tournaments", "Tournament")
        assert Tournament.objects.get(slug="tout").sheets_enabled
        assert not Tournament.objects.get(slug="salles").cash_enabled
        assert Tournament.objects.get(slug="caisse").cash_enabled
    finally:
        _to_the_latest_copy()


#: The models the core gave to their features, by the feature's app label
#: (their tables keep the core's names: no row moves).
MOVED = {
    "feature_tablets": ["Tablet"],
    "feature_challenge": ["Challenge"],
    "feature_halls": ["HallMerge", "MergedHall"],
    "feature_leagues": ["League", "Stage", "Qualification"],
    "feature_cash": ["Payment", "CashEntry"],
    "feature_calendar": ["Announcement", "PreRegistration"],
}


def _rows_of_the_release_before_the_moves(apps) -> None:
    """One row of each model the core gave to a feature, written through
    the core's models of the release before (0062)."""
    get = lambda name: apps.get_model("tournaments", name)  # noqa: E731
    user = apps.get_model("auth", "User").objects.create(username="orga-catherine")
    tournament = get("Tournament").objects.create(
        name="Concours de la Sainte-Catherine",
        slug="sainte-catherine",
        date=datetime.date(2026, 11, 25),
        owner=user,
    )
    get("Tablet").objects.create(tournament=tournament, name="Tablette 1", table_number=3)
    challenge = get("Challenge").objects.create(
        name="Challenge d'automne", slug="automne", owner=user
    )
    challenge.tournaments.add(tournament)
    merge = get("HallMerge").objects.create(tournament=tournament, planned=3)
    hall = get("MergedHall").objects.create(merge=merge, position=1, name="Vic")
    get("Upload").objects.create(owner=user, kind="hall_file", hall=hall, body=b"{}")
    league = get("League").objects.create(owner=user, name="Ligue du Rhône", slug="rhone")
    stage = get("Stage").objects.create(league=league, position=1, name="Qualifications")
    stage.tournaments.add(tournament)
    team = get("Team").objects.create(
        tournament=tournament,
        number=1,
        player1=get("Player").objects.create(tournament=tournament, first_name="A", last_name="B"),
        player2=get("Player").objects.create(tournament=tournament, first_name="C", last_name="D"),
    )
    get("Qualification").objects.create(
        stage=stage, source=tournament, source_team=team, team=team, rank=2
    )
    get("Payment").objects.create(tournament=tournament, team=team, amount_cents=800)
    get("CashEntry").objects.create(
        tournament=tournament, kind="income", label="Buvette", amount_cents=4550
    )
    get("Announcement").objects.create(
        tournament=tournament,
        start_time=datetime.time(14),
        hall="Salle des fêtes",
        address="1 place de la Mairie",
        postcode="71000",
        town="Mâcon",
        departement="71",
        contact="06 00 00 00 00",
    )
    registration = get("PreRegistration").objects.create(
        tournament=tournament,
        first_name1="A",
        last_name1="B",
        first_name2="C",
        last_name2="D",
        email="equipe@example.org",
        pair_key="a b|c d",
        team=team,
    )
    mailbox = apps.get_model("feature_messages", "Mailbox").objects.create(key="equipe@example.org")
    apps.get_model("feature_messages", "Consent").objects.create(
        tournament=tournament,
        preregistration=registration,
        email="equipe@example.org",
        mailbox=mailbox,
        source="prereg",
        wants_result=True,
    )


#: Tables of models added after the moves' first release (issue 61's contributions).
NEW_TABLES = {"feature_contributions_contribution"}


def test_a_database_of_the_release_before_the_moves_keeps_the_features_rows():
    """The models moved from the core to their features (state only: each
    keeps its table) are read, after the migration, by the features' models,
    with the same rows, links and content types (the admin's history)."""
    from django.contrib.contenttypes.models import ContentType

    apps = _from_the_latest("before_the_moves")
    try:
        _rows_of_the_release_before_the_moves(apps)
        for model in ("tablet", "preregistration"):
            ContentType.objects.get_or_create(app_label="tournaments", model=model)
        kept = ContentType.objects.get(app_label="tournaments", model="tablet").pk
        tables = set(connection.introspection.table_names())

        _migrate_after_the_squash(MigrationExecutor(connection).loader.graph.leaf_nodes())
        # No table moved; the only new ones are those of models new since.
        assert set(connection.introspection.table_names()) - tables == NEW_TABLES
        for label, names in MOVED.items():
            for name in names:
                model = django_apps.get_model(label, name)
                assert model._meta.db_table == f"tournaments_{name.lower()}"
                assert model.objects.count() == 1, name
        tablet = django_apps.get_model("feature_tablets", "Tablet").objects.get()
        assert (tablet.name, tablet.table_number, tablet.tournament.slug) == (
            "Tablette 1",
            3,
            "sainte-catherine",
        )
        challenge = django_apps.get_model("feature_challenge", "Challenge").objects.get()
        assert [t.slug for t in challenge.tournaments.all()] == ["sainte-catherine"]
        assert ContentType.objects.get(pk=kept).app_label == "feature_tablets"
        stage = django_apps.get_model("feature_leagues", "Stage").objects.get()
        assert [t.slug for t in stage.tournaments.all()] == ["sainte-catherine"]
        Team = django_apps.get_model("tournaments", "Team")
        assert Team.objects.get().qualification.rank == 2
        assert Team.objects.get().payment.amount_cents == 800
        # The core's upload keeps its hall's id, no longer a foreign key: a
        # hall deleted (here with its concours) takes its uploads with it.
        Upload = django_apps.get_model("tournaments", "Upload")
        hall = django_apps.get_model("feature_halls", "MergedHall").objects.get()
        assert (hall.merge.planned, Upload.objects.get().hall_id) == (3, hall.pk)
        with connection.cursor() as cursor:
            constraints = connection.introspection.get_constraints(cursor, "tournaments_upload")
        assert not [
            c for c in constraints.values() if c["foreign_key"] and c["columns"] == ["hall_id"]
        ]
        assert [c for c in constraints.values() if c["index"] and c["columns"] == ["hall_id"]]
        # The calendar's rows, read by its models; a team knows its
        # pre-registration still (the core's concours file reads its e-mail),
        # and the messages' agreement keeps its id, no longer a foreign key:
        # the pre-registration deleted takes the agreement with it.
        announcement = django_apps.get_model("feature_calendar", "Announcement").objects.get()
        assert (announcement.town, announcement.tournament.slug) == ("Mâcon", "sainte-catherine")
        assert Team.objects.get().preregistration.email == "equipe@example.org"
        assert ContentType.objects.get(model="preregistration").app_label == "feature_calendar"
        Consent = django_apps.get_model("feature_messages", "Consent")
        registration = Team.objects.get().preregistration
        assert Consent.objects.get().preregistration_id == registration.pk
        with connection.cursor() as cursor:
            constraints = connection.introspection.get_constraints(
                cursor, "feature_messages_consent"
            )
        held = [c for c in constraints.values() if c["columns"] == ["preregistration_id"]]
        assert held and not [c for c in held if c["foreign_key"]]
        registration.delete()
        assert not Consent.objects.exists()
        hall.merge.tournament.delete()
        assert not Upload.objects.exists()
    finally:
        _to_the_latest_copy()


def _rows_before_contributions(apps):
    """A record of one organizer, and a player of it in a concours of his and
    in one of another organizer: the record and the two players."""
    get = functools.partial(apps.get_model, "tournaments")
    user = apps.get_model("auth", "User")
    owner, other = (user.objects.create(username=n) for n in ("orga-amelie", "voisin"))
    person = get("Person").objects.create(first_name="Amélie", last_name="Lefèvre", owner=owner)
    players = []
    for who, slug in ((owner, "chez-orga"), (other, "chez-voisin")):
        tournament = get("Tournament").objects.create(
            name=slug, slug=slug, date=datetime.date(2026, 11, 1), owner=who
        )
        players.append(
            get("Player").objects.create(
                tournament=tournament, first_name="Amélie", last_name="Lefèvre", person=person
            )
        )
    return person, players


def test_the_players_linked_to_another_organizers_record_are_asked_again():
    """Issue 61: a player of another organizer's concours linked to a record
    it does not own counted at once; after the migration it is asked of the
    record's owner (a pending contribution) and left apart until then."""
    apps = _from_the_latest("before_contributions")
    try:
        person, players = _rows_before_contributions(apps)
        apps = _migrate_after_the_squash([("feature_contributions", "0001_initial")])
        mine, theirs = (
            apps.get_model("tournaments", "Player").objects.get(pk=p.pk) for p in players
        )
        assert mine.person_id == person.pk and theirs.person_id is None
        (asked,) = apps.get_model("feature_contributions", "Contribution").objects.all()
        assert (asked.player_id, asked.person_id, asked.status) == (theirs.pk, person.pk, "pending")
    finally:
        _to_the_latest_copy()


#: Each test's rows, in the order of the migrations: the rung where the test
#: writes them, and what writes them.
ROWS = (
    ("search_keys", _rows_search_keys),
    ("bye_average_by_default", _rows_bye_average_by_default),
    ("release_and_clock", _rows_release_and_clock),
    (PREVIOUS_RELEASE[0][1], _previous_release_data),
    ("search_keys_of_concours", _rows_search_keys_of_concours),
    ("release_draws_by_default", _rows_release_draws_by_default),
    ("person_owner_and_approval", _rows_person_owner_and_approval),
    ("features", _rows_features),
    ("before_the_moves", _rows_of_the_release_before_the_moves),
    ("before_contributions", _rows_before_contributions),
)


def test_every_tests_rows_go_through_every_later_migration_in_one_walk():
    """The rows each test above writes, each at its test's rung, go through
    every migration after it to the latest, all in one walk from zero (the
    tests' clean-up no longer walks them, `_to_the_latest_copy`): a later
    migration that fails on a test's rows fails here. Their names (slugs,
    usernames) are the tests' own, none shared."""
    _from_zero(ROWS[0][0])
    try:
        for rung, write in ROWS:
            # Forwards along the replaced migrations, then, once they are all
            # applied (Django records the squashed one too), on as a data
            # folder made before the squash goes: `_walk` would start again
            # from zero, and the replaced migrations' executor renders the
            # squashed one's state on top of theirs.
            if _squashed_applied():
                executor = _walk_after_the_squash(list(_rung(rung)))
            else:
                executor = _executor()
                executor.migrate(list(_rung(rung)))
            nodes = [node for node in _rung(rung) if node[1] is not None]
            apps = executor.loader.project_state(nodes).apps
            write(apps)
        written = apps.get_model("tournaments", "Tournament").objects.values_list("slug", "name")
        written = sorted(written)
        assert len(written) == 18

        _walk_after_the_squash(MigrationExecutor(connection).loader.graph.leaf_nodes())
        from tournaments.models import Tournament

        assert sorted(Tournament.objects.values_list("slug", "name")) == written
    finally:
        _to_the_latest_copy()
