"""Backups keep the phases: a concours with its final phase (a main
bracket and a consolante, a tie played out with one more deal, a bracket
partie in play) and a concours in pools come back with the same brackets,
pools and final ranking; a tampered phase is refused in one sentence and
nothing is imported; a file written before the phases is read with
qualifying parties only."""

from __future__ import annotations

import itertools
import json

import pytest

from tests import factories
from tournaments.models import Bracket, BracketMatch, Pool, PoolTeam, Round, Tournament
from tournaments.queries import brackets as bracket_queries
from tournaments.queries import pools as pool_queries
from tournaments.queries.standings import tournament_standings
from tournaments.services import brackets, rounds
from tournaments.services import pools as pool_services
from tournaments.services import scores as scores_services
from tournaments.services.backup import export_tournament, import_tournament
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db


def as_file(document: dict) -> dict:
    return json.loads(json.dumps(document, default=str))


def names(teams) -> list[str]:
    return [str(t) for t in teams]


def brackets_of(tournament: Tournament) -> list:
    return [
        (b.kind, b.name, b.tie_rule, [str(tournament.teams.get(pk=pk)) for pk in b.seeds])
        for b in Bracket.objects.filter(tournament=tournament).order_by("position")
    ]


def matches_of(tournament: Tournament) -> list:
    return [
        (
            m.bracket.kind,
            m.level,
            m.position,
            str(m.team_a),
            str(m.team_b),
            str(m.winner),
            m.settled,
            m.table.number if m.table else None,
            m.table.round.number if m.table else None,
        )
        for m in BracketMatch.objects.filter(bracket__tournament=tournament).order_by(
            "bracket__position", "level", "position"
        )
    ]


@pytest.fixture
def final_phase(organizer) -> Tournament:
    """Ten teams qualified, a main bracket of 6 and a consolante of 4 (one
    more deal settles ties), the first level played with a tie played out
    at table 2, the second level drawn and half played."""
    tournament = factories.qualified_tournament(owner=organizer)
    brackets.create_brackets(tournament=tournament, main=6, consolante=4)
    first = brackets.draw_bracket_round(tournament=tournament)
    factories.play_bracket_round(first, passed=(2,))
    tied = first.tables.get(number=2)
    assert tied.status == tied.Status.IN_PROGRESS  # goes on: one more deal
    factories.win_deal(tied, "B")
    rounds.close_round(round=first)
    second = brackets.draw_bracket_round(tournament=tournament)
    factories.win_deal(second.tables.order_by("number").first())
    return Tournament.objects.get(pk=tournament.pk)


def test_a_final_phase_comes_back_whole(final_phase):
    before = (
        brackets_of(final_phase),
        matches_of(final_phase),
        names(bracket_queries.final_ranking(final_phase)),
        [(r.number, r.stage, r.status) for r in final_phase.rounds.all()],
        [(s.row.rank, str(s.entrant), s.row.points_for) for s in tournament_standings(final_phase)],
    )
    document = as_file(export_tournament(final_phase))
    final_phase.delete()

    restored = import_tournament(document, owner=None)

    after = (
        brackets_of(restored),
        matches_of(restored),
        names(bracket_queries.final_ranking(restored)),
        [(r.number, r.stage, r.status) for r in restored.rounds.all()],
        [(s.row.rank, str(s.entrant), s.row.points_for) for s in tournament_standings(restored)],
    )
    assert after == before
    # The tie played out keeps its extra deal, and the bracket goes on.
    tied = restored.rounds.get(number=3).tables.get(number=2)
    assert tied.deals.count() == 2 and tied.status == tied.Status.COMPLETE
    second = restored.rounds.get(number=4)
    for table in second.tables.filter(status="not_started"):
        factories.win_deal(table)
    rounds.close_round(round=second)
    brackets.draw_bracket_round(tournament=restored)


def test_pools_come_back_with_their_places(make_tournament):
    tournament = make_tournament(score_entry="totals", parties=4)
    factories.add_teams(tournament, 11)
    pool_services.form_pools(tournament=tournament, size=4)
    scores = itertools.cycle([(1500, 700), (1200, 1000), (900, 1100)])
    for _ in range(3):
        rnd = rounds.draw_pool_round(tournament=tournament)
        for table in rnd.tables.filter(team_b__isnull=False).order_by("number"):
            a, b = next(scores)
            scores_services.record_totals(table=table, total_a=a, total_b=b)
        rounds.close_round(round=rnd)

    def shown(t):
        return [
            (
                s.pool.number,
                [(str(line.team), line.row.rank, line.row.points_for) for line in s.lines],
            )
            for s in pool_queries.pool_standings(t)
        ]

    before = shown(tournament)
    document = as_file(export_tournament(tournament))
    tournament.delete()
    restored = import_tournament(document, owner=None)
    assert shown(restored) == before
    assert Pool.objects.filter(tournament=restored).count() == 3


def outsider(document: dict, match: int) -> int:
    """A team of the file that does not play match `match`."""
    playing = {document["matches"][match][k] for k in ("team_a_id", "team_b_id")}
    return next(t["id"] for t in document["teams"] if t["id"] not in playing)


@pytest.mark.parametrize(
    ("tamper", "said"),
    [
        (lambda d: d["brackets"][0].update(seeds=[999999, 1]), "têtes de série"),
        (lambda d: d["brackets"][0].update(seeds=[d["teams"][0]["id"]] * 2), "deux fois"),
        (lambda d: d["brackets"].append(dict(d["brackets"][0], id=777)), "en double"),
        (lambda d: d["matches"][1].update(winner_id=outsider(d, 1)), "ne joue pas ce match"),
        (lambda d: d["matches"][1].update(table_id=424242), "ne renvoie à rien"),
        (lambda d: d["matches"][1].update(level=10**6), "matchs de tableau, élément 2"),
        (lambda d: d["matches"][2].update(table_id=d["matches"][1]["table_id"]), "deux matchs"),
        (lambda d: d.update(matches={}), "doit être une liste"),
        (lambda d: d["rounds"][2].update(stage="knockout"), "parties, élément 3"),
    ],
)
def test_a_tampered_phase_is_refused_and_nothing_is_imported(final_phase, tamper, said):
    document = as_file(export_tournament(final_phase))
    final_phase.delete()
    played = [m for m in document["matches"] if m["table_id"] is not None]
    document["matches"] = played + [m for m in document["matches"] if m not in played]
    tamper(document)
    with pytest.raises(TournamentError) as refused:
        import_tournament(document, owner=None)
    assert refused.value.message.startswith("Sauvegarde refusée, rien n'a été importé : ")
    assert said in refused.value.message
    assert not Tournament.objects.exists() and not Bracket.objects.exists()


def test_a_file_from_before_the_phases_has_qualifying_parties_only(organizer):
    tournament = factories.qualified_tournament(owner=organizer)
    document = as_file(export_tournament(tournament))
    for name in ("brackets", "matches", "pools", "pool_teams"):
        del document[name]
    for row in document["rounds"]:
        del row["stage"]
    document["version"] = 3
    tournament.delete()
    restored = import_tournament(document, owner=None)
    assert {r.stage for r in restored.rounds.all()} == {Round.Stage.QUALIFYING}
    assert not PoolTeam.objects.exists()


def test_the_seed_of_random_pools_is_kept_and_comes_back(make_tournament):
    tournament = make_tournament(score_entry="totals", parties=4)
    factories.add_teams(tournament, 10)
    pool_services.form_pools(tournament=tournament, size=3, order="random", seed=4242)
    assert set(Pool.objects.filter(tournament=tournament).values_list("seed", flat=True)) == {4242}
    document = as_file(export_tournament(tournament))
    tournament.delete()
    restored = import_tournament(document, owner=None)
    assert set(Pool.objects.filter(tournament=restored).values_list("seed", flat=True)) == {4242}


def test_pools_from_the_registration_order_have_no_seed_and_older_files_read(make_tournament):
    tournament = make_tournament(score_entry="totals", parties=4)
    factories.add_teams(tournament, 8)
    pool_services.form_pools(tournament=tournament, size=4)
    assert set(Pool.objects.filter(tournament=tournament).values_list("seed", flat=True)) == {None}
    document = as_file(export_tournament(tournament))
    for pool in document["pools"]:
        del pool["seed"]  # a file written before the seed was kept
    tournament.delete()
    restored = import_tournament(document, owner=None)
    assert Pool.objects.filter(tournament=restored).count() == 2
