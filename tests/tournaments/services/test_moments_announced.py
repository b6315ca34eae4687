"""The core announces its moments where tournaments/hooks says, once,
with their arguments (a handler of the test's own records the calls), and a
handler that fails in the transaction rolls the whole use-case back: no
claims closed, no concours made public, not even the audit line."""

from __future__ import annotations

import datetime

import pytest

from tests import factories
from tests.tournaments.features.calendar.builders import announce, pair
from tournaments import hooks
from tournaments.features.calendar.services import announcements as calendar
from tournaments.models import Change, Round, Team, Tournament
from tournaments.services import (
    claims,
    imports,
    publication,
    registration,
    rounds,
    singles,
    tournaments,
)
from tournaments.services.registration import PlayerData

pytestmark = pytest.mark.django_db

#: The moments a service announces (the others are a page's or the demo's).
SERVICE_MOMENTS = (
    hooks.TOURNAMENT_FINAL,
    hooks.RESULTS_PUBLISHED,
    hooks.DRAW_ANNOUNCED,
)


@pytest.fixture
def heard(monkeypatch):
    """Every service moment announced, in order: (moment, its arguments),
    heard by a handler added after those the apps registered."""
    calls: list[tuple[str, dict]] = []
    for moment in SERVICE_MOMENTS:

        def handler(moment=moment, **arguments):
            calls.append((moment, arguments))

        monkeypatch.setitem(hooks._handlers, moment, [*hooks._handlers[moment], handler])
    return calls


def _played(owner, *, published: bool = True) -> tuple[Tournament, Round]:
    """One partie of four teams, its deals entered, not closed yet."""
    tournament = factories.build_tournament(
        owner=owner, parties=1, end_deals=1, published=published, date=datetime.date(2026, 11, 1)
    )
    factories.add_teams(tournament, 4)
    rnd = factories.draw_random_round(tournament, seed=3)
    for table in rnd.tables.filter(team_b__isnull=False):
        factories.win_deal(table, "A")
    return tournament, rnd


# Each case: a builder run before listening, which returns the use-case to
# run (it returns what the moments must name), and the moments it announces.


def _desk(owner):
    tournament = factories.build_tournament(owner=owner)
    return lambda: registration.register_team(
        tournament=tournament,
        player1=PlayerData("Amélie", "Lefèvre"),
        player2=PlayerData("Jérôme", "Bérard"),
        by=owner,
    )


def _import(owner):
    tournament = factories.build_tournament(owner=owner)
    data = "nom1;prenom1;nom2;prenom2\nThébault;Hélène;Quéré;Loïc\nNoël;Léa;Ségur;Zoé\n"

    def run():
        imports.import_teams(tournament=tournament, data=data.encode(), by=owner)
        return tournament.teams.order_by("number")

    return run


def _preregistered(owner):
    tournament = announce(owner)
    pair(tournament, 1)

    def run():
        return calendar.take_in_preregistrations(tournament=tournament, by=owner)

    return run


def _singles(owner):
    tournament = factories.build_tournament(owner=owner)
    first, second = (
        singles.add_waiting_player(tournament=tournament, player=PlayerData(name, "Lefèvre"))
        for name in ("Amélie", "Hélène")
    )
    return lambda: singles.pair_waiting_players(
        tournament=tournament, first_id=first.pk, second_id=second.pk, by=owner
    )


def _claims(owner):
    tournament = factories.build_tournament(owner=owner, parties=2, end_deals=1)
    factories.add_teams(tournament, 4)
    rnd = factories.draw_random_round(tournament, seed=3)
    for table in rnd.tables.filter(team_b__isnull=False):
        factories.win_deal(table, "A")
    rounds.close_round(round=rnd)
    return lambda: claims.close_claims(round=rnd, by=owner)


def _made_public(owner):
    tournament = factories.build_tournament(owner=owner, published=False)
    return lambda: tournaments.set_published(tournament=tournament, published=True, by=owner)


def _last_closed(owner, *, published: bool = True):
    _tournament, rnd = _played(owner, published=published)
    return lambda: rounds.close_round(round=rnd, by=owner)


def _hall_file(owner):
    tournament, rnd = _played(owner, published=False)
    rounds.close_round(round=rnd)
    raw = publication.packed_backup(tournament)
    tournament.delete()
    return lambda: publication.publish_file(raw=raw, owner=owner)


def _drawn(owner, *, release_draws: bool):
    tournament = factories.build_tournament(owner=owner, parties=2, release_draws=release_draws)
    factories.add_teams(tournament, 4)
    return lambda: rounds.draw_round(
        tournament=tournament, method=Round.DrawMethod.RANDOM, seed=3, by=owner
    )


def _released(owner):
    from tournaments.services import release

    rnd = _drawn(owner, release_draws=True)()
    return lambda: release.release_round(round=rnd, by=owner)


FINAL, PUBLISHED, DRAWN = SERVICE_MOMENTS
# A team registered announces none of them (« team registered » went with
# its last listener, issue 53).
CASES = {
    "team registered at the desk": (_desk, []),
    "teams imported from a file": (_import, []),
    "a pre-registration taken in at the door": (_preregistered, []),
    "two players waiting alone paired": (_singles, []),
    "claims closed by hand": (_claims, [FINAL]),
    "a concours made public": (_made_public, [PUBLISHED]),
    "the last partie of a public concours closed": (_last_closed, [PUBLISHED, FINAL]),
    "the last partie of a private concours closed": (
        lambda owner: _last_closed(owner, published=False),
        [FINAL],
    ),
    "a hall laptop's file published": (_hall_file, [PUBLISHED]),
    "a partie drawn, shown at once": (lambda owner: _drawn(owner, release_draws=False), [DRAWN]),
    "a partie drawn as a draft": (lambda owner: _drawn(owner, release_draws=True), []),
    "a draft announced": (_released, [DRAWN]),
}


@pytest.mark.parametrize("case", CASES)
def test_each_moment_is_announced_where_documented_once(case, organizer, heard):
    build, moments = CASES[case]
    run = build(organizer)
    heard.clear()
    result = run()
    assert [moment for moment, _ in heard] == moments
    for moment, arguments in heard:
        assert set(arguments) == hooks.MOMENTS[moment].arguments
        if "by" in arguments:
            assert arguments["by"] == organizer
    if DRAWN in moments:
        assert heard[0][1]["round"].pk == result.pk
    if FINAL in moments:
        assert heard[-1][1]["tournament"].pk == result.tournament_id
    if PUBLISHED in moments:
        public = heard[0][1]["tournament"]
        assert public.published and public.owner == organizer


def _written(organizer) -> tuple[int, int, int, int]:
    return (
        Team.objects.count(),
        Change.objects.count(),
        Tournament.objects.filter(published=True).count(),
        Round.objects.filter(claims_closed_at__isnull=False).count(),
    )


@pytest.mark.parametrize(
    ("case", "moment"),
    [
        ("claims closed by hand", FINAL),
        ("a concours made public", PUBLISHED),
        ("a hall laptop's file published", PUBLISHED),
        ("a partie drawn, shown at once", DRAWN),
        ("a draft announced", DRAWN),
    ],
)
def test_a_failing_handler_in_the_transaction_rolls_the_use_case_back(
    case, moment, organizer, monkeypatch
):
    assert hooks.MOMENTS[moment].when == hooks.IN_TRANSACTION
    run = CASES[case][0](organizer)

    def broken(**arguments):
        raise RuntimeError("broken")

    monkeypatch.setitem(hooks._handlers, moment, [broken])
    before = _written(organizer)
    with pytest.raises(RuntimeError, match="broken"):
        run()
    assert _written(organizer) == before


def test_the_core_finds_the_players_again_when_results_are_published(organizer):
    """The persons' handler is registered by the core's app: a concours made
    public still links its players who agreed (services/persons.py)."""
    from tournaments.services import persons

    assert persons.publish_players in hooks.handlers(hooks.RESULTS_PUBLISHED)
    assert hooks.handlers(hooks.RESULTS_PUBLISHED).index(persons.publish_players) == 0
