"""A tournament saved to one JSON file comes back with identical standings."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from demo.management.commands.demo import DEMO_SLUG
from tests import built_demo
from tournaments.features.cash.queries import summary as cash_queries
from tournaments.models import Change, Deal, Table, Tournament
from tournaments.queries.standings import tournament_standings
from tournaments.services.backup import export_tournament, import_tournament
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db


def standings_snapshot(tournament):
    return [
        (
            str(s.entrant),
            s.row.rank,
            s.row.played,
            s.row.won,
            s.row.points_for,
            s.row.points_against,
            s.row.byes,
        )
        for s in tournament_standings(tournament)
    ]


def tables_snapshot(tournament):
    return sorted(
        (t.round.number, t.number, str(t.team_a), str(t.team_b), t.total_a, t.total_b, t.status)
        for t in Table.objects.filter(round__tournament=tournament).select_related(
            "round", "team_a__player1", "team_a__player2", "team_b__player1", "team_b__player2"
        )
    )


def test_a_round_trip_through_the_commands_gives_identical_standings(tmp_path):
    built_demo.demo()
    original = Tournament.objects.get(slug=DEMO_SLUG)
    before = (standings_snapshot(original), tables_snapshot(original))
    deals = Deal.objects.count()
    changes = Change.objects.count()
    path = tmp_path / "sauvegarde.json"
    call_command("export_tournament", original.slug, output=str(path), stdout=StringIO())
    others = Deal.objects.exclude(table__round__tournament=original).count()
    original.delete()
    assert Deal.objects.count() == others
    call_command("import_tournament", str(path), owner="organisateur", stdout=StringIO())
    restored = Tournament.objects.get(name=original.name)
    assert (standings_snapshot(restored), tables_snapshot(restored)) == before
    # The trail comes back whole, with one more line: the restore itself.
    assert Deal.objects.count() == deals and Change.objects.count() == changes + 1
    assert restored.changes.order_by("-pk").first().action == Change.Action.RESTORED
    assert restored.owner.username == "organisateur"


def test_importing_a_tournament_that_already_exists_changes_nothing(tournament, round1):
    data = json.loads(json.dumps(export_tournament(tournament), default=str))
    with pytest.raises(TournamentError) as error:
        import_tournament(data, owner=tournament.owner)
    assert "existe déjà" in error.value.message
    assert Tournament.objects.count() == 1


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"format": "autre"},
        {"format": "belote-tournois/backup", "version": 99},
        {"format": "belote-tournois/backup", "version": 1, "tournament": {"slug": "x"}},
    ],
)
def test_a_file_that_is_not_a_backup_is_refused_in_french(data):
    with pytest.raises(TournamentError) as error:
        import_tournament(data, owner=None)
    assert "Sauvegarde refusée" in error.value.message
    assert not Tournament.objects.exists()


def test_the_import_command_reports_an_unreadable_file(tmp_path):
    path = tmp_path / "cassé.json"
    path.write_text("{pas du json", encoding="utf-8")
    with pytest.raises(CommandError, match="pas du JSON"):
        call_command("import_tournament", str(path), owner="orga", stdout=StringIO())


def test_a_restore_keeps_each_tables_link_codes_and_dispute(tournament, round1, table):
    from tests.factories import enter_from_the_table
    from tournaments.infra import links
    from tournaments.services import table_side

    enter_from_the_table(table, side="A")
    table_side.confirm_table(table=table, code=table.code_b, totals=(2000, 900))
    table.refresh_from_db()
    kept = (table.entry_key, table.code_a, table.code_b, table.entry_state, table.entered_by)
    printed_link = links.entry_path(table)
    document = export_tournament(tournament)
    tournament.delete()
    restored = import_tournament(document, owner=tournament.owner)
    again = Table.objects.get(round__tournament=restored, number=table.number, round__number=1)
    assert (
        again.entry_key,
        again.code_a,
        again.code_b,
        again.entry_state,
        again.entered_by,
    ) == kept
    assert again.claimed_totals == {"by": "B", "totals": [2000, 900]}
    assert links.table_for_token(printed_link.strip("/").split("/")[-1]) == again


def test_an_old_backup_is_read_and_says_its_table_links_are_new(tournament, round1):
    document = export_tournament(tournament)
    document["version"] = 1
    document["adjustments"] = document.pop("penalties")
    for row in document["tables"]:
        for name in (
            "entry_key",
            "code_a",
            "code_b",
            "entry_state",
            "entered_by",
            "claimed_totals",
        ):
            row.pop(name)
    tournament.delete()
    restored = import_tournament(document, owner=None)
    last = restored.changes.order_by("-pk").first()
    assert last.action == Change.Action.RESTORED
    assert "renouvelés" in last.reason


def test_a_restore_keeps_the_cash_box_and_the_players_waiting(make_tournament):
    from tests.factories import add_teams
    from tournaments.features.cash import services as cash
    from tournaments.services import registration, singles

    tournament = make_tournament(cash_enabled=True, entry_fee_cents=800, fee_basis="player")
    teams = add_teams(tournament, 3)
    cash.record_payment(entrant=teams[1], method="cheque")
    cash.add_cash_entry(tournament=tournament, kind="income", label="Buvette", amount_cents=4200)
    singles.add_waiting_player(
        tournament=tournament, player=registration.PlayerData("Léa", "Noël", "L1", "Les As")
    )
    before = cash_queries.cash_summary(tournament)
    data = json.loads(json.dumps(export_tournament(tournament)))
    owner = tournament.owner
    tournament.delete()
    restored = import_tournament(data, owner=owner)
    after = cash_queries.cash_summary(restored)
    assert restored.cash_enabled and restored.entry_fee_cents == 800
    assert restored.fee_basis == "player"
    assert restored.payments.get().team.number == 2
    assert (after.collected_cents, after.unpaid_cents, after.balance_cents) == (
        before.collected_cents,
        before.unpaid_cents,
        before.balance_cents,
    )
    assert [e.label for e in after.income] == ["Buvette"]
    waiting = restored.waiting_players.get()
    assert (str(waiting), waiting.licence, waiting.club) == ("Léa Noël", "L1", "Les As")


def test_a_backup_written_before_the_cash_box_is_still_read(tournament, round1):
    data = json.loads(json.dumps(export_tournament(tournament)))
    del data["cash"], data["waiting"]
    for key in ("features", "entry_fee_cents", "fee_basis"):
        del data["tournament"][key]
    owner = tournament.owner
    tournament.delete()
    restored = import_tournament(data, owner=owner)
    assert not restored.cash_enabled and not restored.payments.exists()


def test_a_file_the_hall_wrote_on_its_stick_carries_no_code_and_restores(
    tournament, round1, table, tmp_path
):
    """The hall writes its files on the stick with the teams' codes hidden
    (issue 61): such a file opens no table, and restored, the codes are
    drawn again (eight digits, two per table, apart)."""
    from tournaments.infra.journal import sealing
    from tournaments.services import autosave

    key = sealing.key("KM7Q-3ZPW-H9TD", "h1")
    autosave.hide_codes_with(lambda value: sealing.hide(key, value))
    try:
        path = autosave.write_backup(tournament, folder=tmp_path)
    finally:
        autosave.hide_codes_with(None)
    text = path.read_text(encoding="utf-8")
    assert table.code_a not in text and table.code_b not in text
    tournament.delete()
    restored = import_tournament(json.loads(text), owner=tournament.owner)
    again = Table.objects.get(round__tournament=restored, number=table.number, round__number=1)
    assert {len(again.code_a), len(again.code_b)} == {8}
    assert again.code_a.isdigit() and again.code_b.isdigit() and again.code_a != again.code_b
    assert all(len(t.code) == 8 and t.code.isdigit() for t in restored.teams.all())
