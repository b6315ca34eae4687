"""The core's moments (tournaments/hooks): a moment takes exactly its
arguments, a handler registers once, a page gathers what handlers return,
a handler that only notifies runs after the commit, its failure logged
without undoing what was committed, and the handlers of a feature switched
off for a concours are not called for it."""

from __future__ import annotations

import pytest
from django.db import transaction

from tournaments import hooks


@pytest.fixture
def moment(monkeypatch):
    """A moment of the test's own, with no handler yet."""

    def make(when: str) -> str:
        name = f"test {when}"
        monkeypatch.setitem(
            hooks.MOMENTS, name, hooks.Moment(frozenset({"value"}), when, "for the test")
        )
        monkeypatch.setitem(hooks._handlers, name, [])
        return name

    return make


def test_every_moment_documents_its_arguments_and_when_it_runs():
    for name, spec in hooks.MOMENTS.items():
        assert spec.arguments and spec.doc, name
        assert spec.when in {hooks.IN_TRANSACTION, hooks.ON_COMMIT, hooks.ON_PAGE}


@pytest.mark.parametrize("arguments", [{}, {"value": 1, "other": 2}, {"other": 1}])
def test_a_moment_refuses_any_other_arguments(moment, arguments):
    name = moment(hooks.IN_TRANSACTION)
    with pytest.raises(TypeError, match="takes"):
        hooks.announce(name, **arguments)


def test_a_moment_not_in_the_table_cannot_be_listened_to():
    with pytest.raises(KeyError):
        hooks.register("no such moment", print)


def test_a_handler_registered_twice_runs_once(moment):
    name, seen = moment(hooks.IN_TRANSACTION), []

    def handler(value):
        seen.append(value)

    hooks.register(name, handler)
    hooks.register(name, handler)
    assert hooks.announce(name, value=3) == []
    assert seen == [3]


def test_a_page_gathers_what_its_handlers_return_in_their_order(moment):
    name = moment(hooks.ON_PAGE)
    hooks.register(name, lambda value: {"a": value, "b": 1})
    hooks.register(name, lambda value: None)
    hooks.register(name, lambda value: {"b": 2})
    assert hooks.announce(name, value=7) == [{"a": 7, "b": 1}, {"b": 2}]
    assert hooks.page_context(name, value=7) == {"a": 7, "b": 2}


def test_a_handler_in_the_transaction_fails_the_announcement(moment):
    name = moment(hooks.IN_TRANSACTION)

    def broken(value):
        raise RuntimeError("broken")

    hooks.register(name, broken)
    with pytest.raises(RuntimeError):
        hooks.announce(name, value=1)


@pytest.mark.django_db(transaction=True)
def test_a_notifying_handler_runs_after_the_commit_and_its_failure_is_only_logged(moment, caplog):
    name, seen = moment(hooks.ON_COMMIT), []

    def broken(value):
        raise RuntimeError("broken")

    def noted(value):
        seen.append(value)

    hooks.register(name, broken)
    hooks.register(name, noted)
    with transaction.atomic():
        hooks.announce(name, value=5)
        assert seen == []
    assert seen == [5]
    assert "broken" in caplog.text


@pytest.mark.django_db
def test_a_failing_handler_of_tournament_final_leaves_the_last_partie_open(
    monkeypatch, make_tournament
):
    """The core's transaction is never half-done: a handler that writes runs
    in the closing's transaction, and its failure rolls the closing back."""
    from tests import factories
    from tournaments.models import Round, Tournament
    from tournaments.services import rounds

    tournament = make_tournament(parties=1, end_deals=1)
    factories.add_teams(tournament, 4)
    rnd = factories.draw_random_round(tournament, seed=1)
    for table in rnd.tables.filter(team_b__isnull=False):
        factories.add_deal(table)

    def broken(*, tournament, by):
        raise RuntimeError("broken")

    monkeypatch.setitem(hooks._handlers, hooks.TOURNAMENT_FINAL, [broken])
    with pytest.raises(RuntimeError):
        rounds.close_round(round=rnd)
    rnd.refresh_from_db()
    tournament.refresh_from_db()
    assert rnd.status != Round.Status.CLOSED
    assert tournament.status != Tournament.Status.FINISHED


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("switch", "moment", "handler"),
    [
        ("cash_enabled", hooks.DASHBOARD_PANELS, "tournaments.features.cash.views.dashboard_panel"),
        ("check_in_enabled", hooks.TEAM_LIST, "tournaments.features.door.views.team_list_part"),
    ],
)
def test_a_features_handlers_are_skipped_for_a_concours_that_switched_it_off(
    switch, moment, handler, make_tournament, rf, monkeypatch
):
    from django.utils.module_loading import import_string

    found = import_string(handler)
    assert found in hooks.handlers(moment)
    monkeypatch.setitem(hooks._handlers, moment, [found])
    request = rf.get("/")
    off, on = make_tournament(**{switch: False}), make_tournament(**{switch: True})
    assert hooks.announce(moment, request=request, tournament=off) == []
    assert len(hooks.announce(moment, request=request, tournament=on)) == 1


@pytest.mark.django_db
def test_a_feature_without_a_switch_is_called_for_every_concours(make_tournament, monkeypatch):
    heard = []

    def tablets_like(**arguments):
        heard.append(arguments["tournament"])
        return {}

    tablets_like.__module__ = "tournaments.features.tablets.views"  # no switch on its app
    monkeypatch.setitem(hooks._handlers, hooks.TEAM_LIST, [tablets_like])
    concours = make_tournament(cash_enabled=False, check_in_enabled=False)
    hooks.announce(hooks.TEAM_LIST, request=None, tournament=concours)
    assert heard == [concours]
