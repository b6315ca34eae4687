"""Shared fixtures, chained as the data is: organizer → tournament → teams →
round → table → deal. They call the builders of tests/factories.py, which a
test imports when it needs more. Everything runs for real on the configured
database (SQLite by default, PostgreSQL when DATABASE_URL is set).

CI runs the suite in two tiers chosen by marker (.ci/run, docs/checks.md):
everything on SQLite; then on PostgreSQL with Redis, `engine` and `database`
without `browser` nor `same_queries`, and `shared_cache` wherever it is.
Tests run in parallel workers
(pytest-xdist, `-n 2 --dist loadfile`: each file in one worker, so that a
module's servers or browser start once): nothing here may assume that a
test of another file ran before it or in the same process."""

from __future__ import annotations

import faulthandler
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import hypothesis
import pytest
from django.core.signals import setting_changed
from django.db import transaction
from django.dispatch import receiver
from django.test import override_settings
from django.utils import timezone, translation

from tests import built_demo, factories, once_a_run
from tests.clock import Clock
from tournaments.models import Deal, Round, Table, Team, Tournament

# Property tests are judged on what they find, never on the machine's speed:
# no deadline per example and no « too slow » health check, whatever the load
# (a door rule failed once on « too slow » at a load of 5.5, passing alone).
hypothesis.settings.register_profile(
    "unhurried", deadline=None, suppress_health_check=[hypothesis.HealthCheck.too_slow]
)
hypothesis.settings.load_profile("unhurried")

# A hall started by a test (in this process or a server it runs) never looks
# for a USB stick on the machine's real /media (tournaments/infra/stick.py):
# the tests that want a stick give their own folders.
os.environ.setdefault("BELOTE_MEDIA_ROOTS", "")

MARKERS = [
    "database: touches the database (a database fixture, the live server, or app "
    "servers on the run's database); given at collection; with `engine`, the "
    "PostgreSQL + Redis tier of CI",
    "shared_cache: what Redis as the shared cache changes (caches, throttles, 304s, "
    "the hosted cluster, the attacks); the PostgreSQL + Redis tier of CI, wherever it is",
    "same_queries: asks the database nothing that another test of the PostgreSQL "
    "tier does not (the crawl in its second language); left out of that tier only",
    "engine_free: an attack whose defence is the same code on every database and cache "
    "(no lock, transaction, throttle nor cached count in it), or that serves SQLite whatever "
    "the run's database, or a test of code of that kind whose database side another test "
    "of the tier asks (the sheets' reader, the printed sheet); left out of the PostgreSQL "
    "+ Redis tier only",
    "engine: in a folder whose code depends on the database engine (ENGINE); given "
    "at collection; with `database`, the PostgreSQL + Redis tier of CI",
]
#: The tests whose code depends on the database engine (SQL, transactions,
#: locks, migrations, concurrency, services and queries, the views' queries
#: through the crawl, the demo's build): their `database` tests are in CI's
#: PostgreSQL tier. The features' pages' tests ask what their services and
#: queries ask already.
ENGINE = re.compile(
    r"^tests/(tournaments/(services|queries|infra|models)/|tournaments/test_[^/]*$|demo/"
    r"|tournaments/features/(?![^/]+/test_[^/]*pages[^/]*$)|attacks/|hall/|hosted/"
    r"|test_crawl\.py$|test_admin_pages\.py$)"
)
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}


#: A test (setup and teardown included) still running after this long is
#: stuck, not slow (the slowest take under a minute): its process prints
#: every thread's stack and stops. pytest-xdist then reports that test
#: failed and goes on with a new worker, where CI used to wait out its 90
#: minutes on a query that never ended.
STUCK_AFTER_S = int(os.environ.get("TEST_STUCK_AFTER_S", "420"))
_stuck_report = []  # the console's stderr, taken before a test captures it


def pytest_configure(config):
    for marker in MARKERS:
        config.addinivalue_line("markers", marker)
    _stuck_report.append(os.fdopen(os.dup(2), "w"))


def pytest_sessionfinish(session):
    """The run's PostgreSQL databases (tests/once_a_run.py) go with it: in the
    process that started the run, once its workers are done."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        once_a_run.drop_databases(session.config._tmp_path_factory.getbasetemp())


def pytest_unconfigure(config):
    faulthandler.cancel_dump_traceback_later()
    while _stuck_report:
        _stuck_report.pop().close()


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """`--dist loadfile` hands out the longest files first (tests/scheduling.py)."""
    if config.getvalue("dist") != "loadfile":
        return None
    from tests.scheduling import LongestFirst

    return LongestFirst(config, log)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    faulthandler.dump_traceback_later(STUCK_AFTER_S, exit=True, file=_stuck_report[0])
    try:
        return (yield)
    finally:
        faulthandler.cancel_dump_traceback_later()


def pytest_collection_modifyitems(config, items):
    """Marks `engine` the tests of ENGINE, and `database` what touches the
    database: in process (pytest-django refuses the database to any other
    test) or through the app servers of the attacks and the hosted cluster
    (`attack`), which use the run's database."""
    root = config.rootpath
    for item in items:
        if ENGINE.match(item.path.relative_to(root).as_posix()):
            item.add_marker(pytest.mark.engine)
        if (
            item.get_closest_marker("attack") is not None
            or item.get_closest_marker("django_db") is not None
            or DATABASE_FIXTURES.intersection(item.fixturenames)
        ):
            item.add_marker(pytest.mark.database)


def _test_database_from_template(config) -> Path | None:
    """The SQLite file of this process's test database, when it is made by
    copying the run's migrated database (tests/migrated.py) rather than by
    migrating (5 s of CPU in each worker of each tier); None on PostgreSQL or
    with --create-db."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if config.getvalue("create_db") or "sqlite" not in database["ENGINE"]:
        return None
    return Path(database["TEST"]["NAME"])


def _test_database_from_postgres_template(config) -> str | None:
    """The name of this process's PostgreSQL test database, when it is made
    by copying the run's migrated database (tests/migrated.py `postgres`)
    rather than by migrating (9 s on a quiet machine, 20 to 30 s beside the
    journeys, in each worker); None on SQLite, with --create-db or
    --reuse-db."""
    from django.conf import settings
    from django.db import connections

    database = settings.DATABASES["default"]
    if config.getvalue("create_db") or config.getvalue("reuse_db"):
        return None
    if "postgresql" not in database["ENGINE"] or "DATABASE_URL" not in os.environ:
        return None
    return connections["default"].creation._get_test_db_name()


@pytest.fixture(scope="session")
def django_db_modify_db_settings(request, django_db_modify_db_settings_parallel_suffix):
    """The test database (its name has the worker's suffix by now) starts as
    a copy of the migrated database, the SQLite file or the PostgreSQL
    database, and Django's set-up, told to keep it (`django_db_keepdb`),
    runs `migrate` on it as on any database: every migration is found
    applied, or the missing ones are applied (the schema is the
    migrations', as it was). The copy goes at the end."""
    from tests import migrated

    postgres = _test_database_from_postgres_template(request.config)
    if postgres is not None:
        url = os.environ["DATABASE_URL"]
        migrated.copy_postgres(url, postgres)
        yield
        import psycopg
        from django.db import connections

        connections.close_all()
        with psycopg.connect(url, autocommit=True) as connection:
            once_a_run.drop(connection, postgres)
        return
    path = _test_database_from_template(request.config)
    if path is None:
        yield
        return

    def remove() -> None:
        for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
            leftover.unlink(missing_ok=True)

    remove()
    shutil.copyfile(migrated.template(), path)
    yield
    remove()


@pytest.fixture(scope="session")
def django_db_keepdb(request, django_db_modify_db_settings) -> bool:
    """Kept: the copy of the migrated database above (or --reuse-db)."""
    reuse = bool(request.config.getvalue("reuse_db"))
    copied = _test_database_from_template(request.config) is not None
    return reuse or copied or _test_database_from_postgres_template(request.config) is not None


@pytest.fixture(scope="session", autouse=True)
def _the_runs_folder(tmp_path_factory):
    """What the run's workers build once for all (tests/once_a_run.py) goes
    in the folder their temporary folders share."""
    once_a_run.use(tmp_path_factory.getbasetemp())


@pytest.fixture(scope="session", autouse=True)
def _a_redis_database_per_worker():
    """With Redis, each parallel worker caches in a database of its own (0
    for gw0, 4 for gw1…: tests/attacks/server.py's `redis_database`): every
    test empties the cache (`_empty_cache`), which would otherwise wipe
    another worker's counters mid-test."""
    from django.conf import settings

    from tests.attacks.server import redis_database

    if not settings.REDIS_URL or not os.environ.get("PYTEST_XDIST_WORKER"):
        yield
        return
    location = redis_database(settings.REDIS_URL, 0)
    with override_settings(
        CACHES={"default": {**settings.CACHES["default"], "LOCATION": location}}
    ):
        yield


#: The templates of Django's form renderer: a field's widget, its label, a
#: form's layout.
FORM_TEMPLATES = "django/forms/"


@pytest.fixture(scope="session", autouse=True)
def _form_templates_not_recorded(django_test_environment):
    """The test client records every template a response renders, with a copy
    of its context (`response.templates`, `response.context`): Django's test
    environment sends a signal from each render. A page of forms renders each
    widget through a template, about 200 for the concours' settings, each
    recorded. The form renderer's templates are no longer recorded; the
    pages' own (and their includes') are, as before: `response.context["form"]`
    reads the view's context, and no test reads a widget's. Paired on this
    machine, user + system CPU: the hostile values of
    tests/tournaments/views/test_hostile_values.py (220 settings pages among
    them) 55.2 and 53.6 s against 42.8 and 44.5 s (0.80); the views' and
    forms' tests, 134.5 s against 123.8 s (0.92)."""
    from django.template import Template

    recorded = Template._render

    def _render(self, context):
        if (getattr(self.origin, "template_name", None) or "").startswith(FORM_TEMPLATES):
            return self.nodelist.render(context)
        return recorded(self, context)

    Template._render = _render
    yield
    Template._render = recorded


#: The ordinary tests run each background task at once, in the request that
#: queues it (tests/attacks and the journeys that show the « being processed »
#: page run the real backend and its worker).
IMMEDIATE_TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}


@receiver(setting_changed)
def _new_task_backends(*, setting, **kwargs):
    """Django keeps its task backends once made: a test that changes TASKS
    gets backends made again from the new setting."""
    if setting == "TASKS":
        from django.tasks import task_backends
        from django.utils.connection import Local

        task_backends._settings = None
        task_backends.__dict__.pop("settings", None)
        task_backends._connections = Local(task_backends.thread_critical)


@pytest.fixture(scope="session", autouse=True)
def _plain_http_settings():
    """Tests and the live server speak plain HTTP and have no static manifest,
    and hash the passwords they make with a fast hasher (the settings' own
    still check theirs): PBKDF2's 0.3 s a user was most of many tests'
    set-up. What a slow hash protects (a sign-up that takes as long for a
    known address) is tested on real servers with the real settings
    (tests/attacks/).

    Session-scoped and autouse so it is in force before the live server
    builds its middleware (which reads the security settings once)."""
    from django.conf import settings

    override = override_settings(
        PASSWORD_HASHERS=[
            "django.contrib.auth.hashers.MD5PasswordHasher",
            *settings.PASSWORD_HASHERS,
        ],
        SECURE_SSL_REDIRECT=False,
        SECURE_HSTS_SECONDS=0,
        SESSION_COOKIE_SECURE=False,
        CSRF_COOKIE_SECURE=False,
        STORAGES={
            **settings.STORAGES,
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        },
        TASKS=IMMEDIATE_TASKS,
    )
    override.enable()
    yield
    override.disable()


@pytest.fixture(autouse=True)
def _french_by_default():
    """Each test starts in French, the interface's language: a request made
    in English by an earlier test leaves English active in the thread."""
    from django.utils import translation

    translation.activate("fr")
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with no rendered page cached by an earlier one."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _default_language_after():
    """Each test ends in the default language: a request in English leaves
    English active in the thread (LocaleMiddleware activates the request's
    language and nothing deactivates it), and the tests after it would read
    English messages where they expect French."""
    yield
    translation.deactivate()


@pytest.fixture
def clock(monkeypatch) -> Clock:
    """The app's clock pinned at the moment the test begins (`clock.now = …`
    or `clock.advance(seconds=…)` move it)."""
    pinned = Clock(timezone.now())
    monkeypatch.setattr(timezone, "now", pinned)
    return pinned


@pytest.fixture(scope="module")
def demo_of_the_module(django_db_setup, django_db_blocker) -> Iterator[str]:
    """`manage.py demo` run once for a module whose tests read the demo (it
    takes seconds): its output. The demo stays in a transaction rolled back
    after the module's last test; each test runs in a savepoint of it
    (pytest-django's `db`), rolled back after it, so a test that changes the
    demo (or runs the command again) leaves it as the next test expects.
    Not for transactional tests (they empty the tables).

    The command runs once a process (tests/built_demo.py)."""
    with django_db_blocker.unblock(), factories.owned_transaction():
        said = built_demo.demo()
        yield said
        transaction.set_rollback(True)


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user("orga", password=factories.PASSWORD)


@pytest.fixture
def make_tournament(organizer):
    """Another tournament of the organizer: `make_tournament(parties=3)`."""

    def make(**fields) -> Tournament:
        return factories.build_tournament(**{"owner": organizer, **fields})

    return make


@pytest.fixture
def tournament(make_tournament) -> Tournament:
    return make_tournament()


@pytest.fixture
def teams(tournament) -> list[Team]:
    return factories.add_teams(tournament, 4)


@pytest.fixture
def round1(tournament, teams) -> Round:
    return factories.draw_random_round(tournament, seed=1)


@pytest.fixture
def table(round1) -> Table:
    return factories.first_table(round1)


@pytest.fixture
def deal(table) -> Deal:
    return factories.add_deal(table)
