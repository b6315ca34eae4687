"""One team code for the whole concours (issue 38 item 4): each draw copies
the team's code onto its table, its coupon is printed with the first partie
that gives it that code and never again, a code opens nothing once its team
has withdrawn, and a renewed link gives both teams a new code of the day."""

from __future__ import annotations

import re
import subprocess

import pytest

from tests.factories import add_deal, add_teams, build_tournament
from tournaments import pdf
from tournaments.infra import links
from tournaments.models import Round, Team
from tournaments.services import registration, rounds, table_side
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db


def entry_url(table) -> str:
    return "http://127.0.0.1:8000" + links.entry_path(table)


def _next_round(tournament, number: int) -> Round:
    method = Round.DrawMethod.RANDOM if number == 1 else Round.DrawMethod.RANKING
    return rounds.draw_round(tournament=tournament, method=method, seed=number)


def _play_and_close(rnd: Round) -> None:
    for t in rnd.tables.filter(team_b__isnull=False):
        add_deal(t)
    rounds.close_round(round=rnd)


def _codes_by_team(rnd: Round) -> dict[int, str]:
    out = {}
    for t in rnd.tables.all():
        out[t.team_a_id] = t.code_a
        if t.team_b_id is not None:
            out[t.team_b_id] = t.code_b
    return out


def _coupons(data: bytes, tmp_path) -> int:
    path = tmp_path / "sheets.pdf"
    path.write_bytes(data)
    text = subprocess.run(
        ["pdftotext", "-raw", str(path), "-"], check=True, capture_output=True, text=True
    ).stdout
    return len(re.findall(r"Coupon de l'équipe n°", text))


def test_a_team_keeps_its_code_at_every_table_of_the_day(organizer):
    tournament = build_tournament(owner=organizer, parties=3, end_deals=1)
    teams = add_teams(tournament, 8)
    seen: dict[int, set[str]] = {team.pk: set() for team in teams}
    for number in (1, 2, 3):
        rnd = _next_round(tournament, number)
        for team, code in _codes_by_team(rnd).items():
            seen[team].add(code)
        _play_and_close(rnd)
    assert all(len(codes) == 1 for codes in seen.values())
    assert {team.pk: next(iter(seen[team.pk])) for team in teams} == dict(
        Team.objects.filter(tournament=tournament).values_list("pk", "code")
    )
    assert len({team.code for team in Team.objects.filter(tournament=tournament)}) == 8


def test_16_teams_4_parties_cut_16_coupons_instead_of_64(organizer, tmp_path):
    """The paper the desk cuts and hands out: partie 1's coupons, then none."""
    tournament = build_tournament(owner=organizer, parties=4, end_deals=1)
    add_teams(tournament, 16)
    per_partie = []
    for number in (1, 2, 3, 4):
        rnd = _next_round(tournament, number)
        per_partie.append(_coupons(pdf.score_sheets(rnd, entry_url=entry_url), tmp_path))
        _play_and_close(rnd)
    assert per_partie == [16, 0, 0, 0]


def test_a_late_team_and_a_reprint_get_their_coupon(organizer, tmp_path):
    tournament = build_tournament(owner=organizer, parties=2, end_deals=1)
    add_teams(tournament, 4)
    _play_and_close(_next_round(tournament, 1))
    for i in range(2):  # came after partie 1
        registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData("Odile", f"Tardive{i}"),
            player2=registration.PlayerData("Marcel", f"Tardif{i}"),
        )
    rnd = _next_round(tournament, 2)
    assert _coupons(pdf.score_sheets(rnd, entry_url=entry_url), tmp_path) == 2
    other = rnd.tables.filter(team_b__isnull=False, team_a__number__lte=4, team_b__number__lte=4)
    reprint = pdf.score_sheets(rnd, entry_url=entry_url, only=other.first().number)
    assert _coupons(reprint, tmp_path) == 2


def test_a_code_opens_nothing_once_its_team_withdrew(organizer):
    tournament = build_tournament(owner=organizer, parties=2, end_deals=1)
    add_teams(tournament, 4)
    rnd = _next_round(tournament, 1)
    table = rnd.tables.filter(team_b__isnull=False).first()
    assert table_side.claim_entry(table=table, code=table.team_a.code) == "A"
    registration.withdraw_team(team=table.team_a)
    with pytest.raises(TournamentError, match="forfait"):
        table_side.claim_entry(table=table, code=table.code_a)
    assert table_side.claim_entry(table=table, code=table.code_b) == "B"


def test_a_renewed_link_gives_both_teams_a_new_code_of_the_day(organizer, tmp_path):
    tournament = build_tournament(owner=organizer, parties=2, end_deals=1)
    add_teams(tournament, 4)
    rnd = _next_round(tournament, 1)
    table = rnd.tables.filter(team_b__isnull=False).first()
    old = (table.code_a, table.code_b)
    table = table_side.revoke_entry_link(table=table)
    assert {table.code_a, table.code_b}.isdisjoint(old)
    assert (table.team_a.code, table.team_b.code) == (
        Team.objects.get(pk=table.team_a_id).code,
        Team.objects.get(pk=table.team_b_id).code,
    )
    assert Team.objects.get(pk=table.team_a_id).code == table.code_a
    assert Team.objects.get(pk=table.team_b_id).code == table.code_b
    _play_and_close(rnd)
    second = _next_round(tournament, 2)
    assert _codes_by_team(second)[table.team_a_id] == table.code_a
    # The renewed codes were printed on the reprint of partie 1: no new coupon.
    assert _coupons(pdf.score_sheets(second, entry_url=entry_url), tmp_path) == 0


def test_a_code_from_a_tampered_file_is_drawn_again(organizer):
    tournament = build_tournament(owner=organizer)
    first, second = add_teams(tournament, 2)
    registration_team = Team(
        tournament=tournament,
        number=3,
        player1=first.player1,
        player2=second.player1,
        code=first.code,
    )
    registration_team.save()
    assert registration_team.code != first.code and len(registration_team.code) == 8
