"""`manage.py sheet_layout`: a table's layout as JSON, its sheet as PDF
exactly as printed (QR code read back by zbarimg), a table that does not
play refused in a sentence."""

from __future__ import annotations

import io
import json
import shutil
import subprocess

import pytest
from django.core.management import CommandError, call_command

from tests.factories import add_teams, draw_random_round, first_table
from tournaments.domain.sheet_layout import read_mark, sheet_layout

# engine_free: the sheet as printed (its layout, its PDF) is the same code
# on any database, reading the concours's rows as the pages do; the
# sheets' database side test_desk_pile.py and test_generale_sheet.py ask
# in CI's PostgreSQL + Redis tier, so that tier would run these a second
# time alike.
pytestmark = [pytest.mark.django_db, pytest.mark.engine_free]


@pytest.fixture
def table(tournament):
    add_teams(tournament, 4)
    return first_table(draw_random_round(tournament))


def test_the_layout_is_printed_as_json_with_every_deals_boxes(table):
    out = io.StringIO()
    call_command("sheet_layout", table.round.tournament.slug, 1, table.number, "--json", stdout=out)
    shown = json.loads(out.getvalue())
    layout = sheet_layout(table.round.tournament.rule_profile, 12)
    assert shown["concours"] == table.round.tournament.slug
    assert (shown["partie"], shown["table"]) == (1, table.number)
    assert shown["page_mm"] == [210.0, 297.0]
    assert [m["name"] for m in shown["marks"]] == [
        "top_left", "top_right", "bottom_right", "bottom_left",
    ]  # fmt: skip
    assert shown["fingerprint"] == layout.fingerprint
    assert [d["deal"] for d in shown["deals"]] == list(range(1, 13))
    points = next(f for f in shown["deals"][0]["fields"] if f["name"] == "points")
    assert points["kind"] == "digits" and [b["name"] for b in points["boxes"]] == ["0", "1", "2"]
    taker = next(f for f in shown["deals"][0]["fields"] if f["name"] == "taker")
    assert [b["name"] for b in taker["boxes"]] == ["A", "B"]


def test_the_pdf_is_the_sheet_as_printed_with_its_mark_in_the_qr_code(table, tmp_path):
    target = tmp_path / "feuille.pdf"
    call_command("sheet_layout", table.round.tournament.slug, 1, table.number, "--pdf", target)
    assert target.read_bytes().startswith(b"%PDF")
    if shutil.which("zbarimg") is None:
        pytest.skip("zbarimg (zbar-tools) not installed")
    subprocess.run(
        ["pdftoppm", "-png", "-r", "150", "-singlefile", str(target), str(tmp_path / "p")],
        check=True,
    )
    decoded = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(tmp_path / "p.png")], capture_output=True, text=True
    ).stdout.strip()
    mark = read_mark(decoded)
    assert mark is not None and decoded.startswith("http")
    assert (mark.concours, mark.partie, mark.table, mark.rows) == (
        table.round.tournament.slug, 1, table.number, 12,
    )  # fmt: skip


def test_a_table_that_does_not_play_is_refused(table):
    with pytest.raises(CommandError, match="No table 99 playing in partie 1"):
        call_command("sheet_layout", table.round.tournament.slug, 1, 99, "--json")
