"""`manage.py demo` has no transaction around it: each use-case commits on
its own (they are durable, services/__init__.py), so a demo that fails
halfway removes what it made before it says why, and runs again afterwards.

A transactional test: the use-cases commit for real, as on the hall's
laptop, and what the failure leaves is read from the database itself."""

from __future__ import annotations

from io import StringIO

import pytest
from django.apps import apps
from django.core.management import call_command

from demo.management.commands.demo import DEMO_SLUG
from tournaments import hooks
from tournaments.models import Tournament, demo_filter

pytestmark = pytest.mark.django_db(transaction=True)


class FeatureBroken(Exception):
    pass


def rows() -> dict[str, int]:
    """Every table's row count, the project's and Django's alike."""
    return {model._meta.label: model.objects.count() for model in apps.get_models()}


def fail_halfway(monkeypatch) -> tuple[dict[str, int], dict[str, int], str]:
    """`manage.py demo` run with a feature's demo data refused after every
    concours and the other features' data were made: the rows before it,
    those made when it failed, and what it said. The hook's handlers are
    its own again afterwards."""
    before = rows()
    made: dict[str, int] = {}

    def broken(*, owner, seed, say) -> None:
        """A feature's demo data refused (registered last: it runs last)."""
        made.update(rows())
        raise FeatureBroken("the demo data of a feature could not be made")

    handlers = hooks.handlers(hooks.DEMO_BUILT)
    monkeypatch.setitem(hooks._handlers, hooks.DEMO_BUILT, [*handlers, broken])
    out = StringIO()
    with pytest.raises(FeatureBroken):
        call_command("demo", stdout=out)
    monkeypatch.setitem(hooks._handlers, hooks.DEMO_BUILT, list(handlers))
    return before, made, out.getvalue()


def test_a_demo_failing_halfway_leaves_nothing_of_it(monkeypatch):
    before, made, said = fail_halfway(monkeypatch)
    # Halfway: the concours, their deals and the features' data were committed.
    assert made["tournaments.Tournament"] == 9 and made["tournaments.Deal"] > 800
    assert made["feature_challenge.Challenge"] == 1 and made["feature_messages.Consent"] == 6
    assert made["auth.User"] == before["auth.User"] + 1
    # Nothing of it stays: no concours, player record, directory line,
    # address, approval, audit line, nor the organizer made for it.
    assert rows() == before
    assert "Mot de passe" not in said


# same_queries: the build again asks PostgreSQL what a first build asks
# (tests/demo/test_demo.py, the crawl's set-up), from the rows the test above
# shows are back to what they were; two demo builds were 100 s of that tier.
@pytest.mark.same_queries
def test_a_demo_that_failed_halfway_builds_again_whole(monkeypatch):
    _, made, _ = fail_halfway(monkeypatch)
    again = StringIO()
    call_command("demo", stdout=again)
    assert Tournament.objects.get(slug=DEMO_SLUG).teams.count() == 24
    assert Tournament.objects.filter(demo_filter()).count() == 9
    # The organizer is made again, so its password is said (it never was).
    assert "Mot de passe : " in again.getvalue() and "inchangé" not in again.getvalue()
    # Built whole this time: the rows the failed run had made, and the mark
    # of its end (one audit line, written after the features' data).
    assert rows() == made | {"tournaments.Change": made["tournaments.Change"] + 1}
