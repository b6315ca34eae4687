"""A concours's score sheets are laid out in one place (Tournament.sheet_layout):
the printed sheet (pdf/sheets.py) and the photo read back
(features/sheets/queries.py) ask it, so they cannot disagree on the
running totals."""

from __future__ import annotations

import pytest

from tournaments.domain.sheet_layout import sheet_layout


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("preset", "end", "totals"),
    [
        ("ffb-belote", {}, False),
        ("ffb-belote", {"end_mode": "target", "end_target": 1000}, True),
        ("contree-faits", {"end_mode": "target", "end_target": 2000}, True),
        ("ffb-coinche", {"end_mode": "deals", "end_deals": 8}, False),
    ],
)
def test_a_concours_s_sheets_carry_running_totals_only_to_a_target(
    make_tournament, preset, end, totals
):
    tournament = make_tournament(preset=preset, **end)
    layout = tournament.sheet_layout(12)
    assert ("total_a" in [f.name for f in layout.columns]) is totals
    assert layout == sheet_layout(tournament.rule_profile, 12, totals)
