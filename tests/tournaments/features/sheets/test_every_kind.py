"""Every kind of sheet read and checked the same way (issue 59, item 5): a
classic belote concours (no contract), a partie to a target written with
its running totals until a team reaches it, a coinche with announcements
and sans/tout atout, a mêlée. Each is the app's own sheet, filled in and
photographed (builders.py); a deal passed unasked is read right, a marque
or a running total written wrong is asked about."""

from __future__ import annotations

import pytest

from tests.tournaments.features.sheets import builders
from tests.tournaments.features.sheets.builders import kind_table, photo_of
from tournaments.features.sheets import queries
from tournaments.features.sheets.domain.checks import FieldRead, engine_deal

# engine_free: reading a photo of a sheet (its QR code, its corners, its
# digits, the reasons said) is the same code on any database; what it asks
# the database (the table of a QR code, the photo's row, a deal recorded)
# test_desk_pile.py and test_generale_sheet.py ask in CI's PostgreSQL + Redis
# tier, so that tier would run these a second time alike.
pytestmark = [pytest.mark.django_db, pytest.mark.engine_free]

KINDS = ["classic", "partie to a target", "coinche with announcements", "mêlée"]


def _rows(table, kind: str) -> list[dict]:
    rows = [dict(values) for _deal, values in builders.played(table, 12, seed=11)]
    target = table.round.tournament.end_target
    if target:  # written until a team reaches the target
        reached = [max(int(r["total_a"]), int(r["total_b"])) >= target for r in rows]
        rows = rows[: reached.index(True) + 1] if True in reached else rows
    return rows


def _as_read(values: dict) -> dict:
    return {name: (int(v) if isinstance(v, str) else "".join(v)) for name, v in values.items()}


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_of_sheet_is_read_and_checked_the_same_way(make_tournament, kind):
    table = kind_table(make_tournament, kind)
    rows = _rows(table, kind)
    rows[1]["marque_a"] = str(int(rows[1]["marque_a"]) + 10)  # a marque added up wrong
    data = photo_of(table, dict(enumerate(rows, start=1)), seed=3)
    read = queries.read_sheet(data, tournament=table.round.tournament).read
    assert [deal.deal for deal in read.deals] == list(range(1, len(rows) + 1))
    assert read.deals[1].reasons  # the wrong marque is asked about
    passed = 0
    for deal, written in zip(read.deals, rows, strict=True):
        if deal.reasons:
            continue
        passed += 1
        expected = {k: v for k, v in _as_read(written).items() if k in deal.fields}
        got = {name: f.value for name, f in deal.fields.items() if f.value is not None}
        assert got == expected, deal.deal
        assert engine_deal(deal.fields) == engine_deal(
            {n: FieldRead(v, True) for n, v in expected.items()}
        )
    assert passed  # how many: bench/bench_sheets.py --kind measures it


def test_a_running_total_written_wrong_is_asked_about(make_tournament):
    table = kind_table(make_tournament, "partie to a target")
    assert "total_a" in {f.name for f in builders.sheets_layout(table).columns}
    rows = _rows(table, "partie to a target")
    rows[2]["total_b"] = str(int(rows[2]["total_b"]) + 100)
    read = queries.read_sheet(photo_of(table, dict(enumerate(rows, start=1)), seed=3)).read
    assert "total" in read.deals[2].reasons and "total_b" in read.deals[2].asked
