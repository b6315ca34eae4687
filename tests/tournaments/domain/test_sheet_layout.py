"""The score sheet's layout (tournaments/domain/sheet_layout.py): the boxes
each rule profile needs, inside the page and apart from one another, the
QR code's mark read back, and a deal written as a player would."""

from __future__ import annotations

import itertools

import pytest

import scoring
from tournaments.domain.sheet_layout import (
    MIN_BOX,
    MIN_SUMMED,
    PAGE_MM,
    SheetMark,
    qr_text,
    read_mark,
    sheet_layout,
    sheet_values,
)


@pytest.mark.parametrize(
    ("preset", "rows", "fields", "digits"),
    [
        (
            # A partie of so many deals: the defence's points, no running
            # totals (the final total is written below): 6.5 mm boxes.
            "ffb-belote", 12,
            ["taker", "trump", "points", "points_defence", "belote", "capot", "announce_a",
             "announce_b", "marque_a", "marque_b"],
            {"points": 3, "points_defence": 3, "marque_a": 3},
        ),
        (
            # A partie to a target: its running totals, and the defence's
            # points while the boxes stay MIN_BOX wide (4.58 mm).
            "ffb-belote target", 12,
            ["taker", "trump", "points", "points_defence", "belote", "capot", "announce_a",
             "announce_b", "marque_a", "marque_b", "total_a", "total_b"],
            {"points": 3, "marque_a": 3, "total_a": 4},
        ),
        (
            # Contrée to a target: the totals and the defence's would go
            # under MIN_BOX (4.41 mm): the totals, which the players need.
            "contree-faits target", 12,
            ["taker", "trump", "bid", "coinche", "points", "belote", "capot",
             "marque_a", "marque_b", "total_a", "total_b"],
            {"marque_b": 4, "total_a": 4},
        ),
        (
            # Coinche with announcements: 4-digit marques leave no room for
            # running totals at 4.5 mm a box; the final total is written below.
            # The defence's points beside the takers': the two make 162.
            "ffb-coinche", 12,
            ["taker", "trump", "bid", "coinche", "points", "points_defence", "belote", "capot",
             "announce_a", "announce_b", "marque_a", "marque_b"],
            {"bid": 3, "points_defence": 3, "marque_a": 4},
        ),
        (
            # The defence's points before the running totals (4.41 mm with
            # both: under MIN_BOX): the totals are left out.
            "contree-faits", 12,
            ["taker", "trump", "bid", "coinche", "points", "points_defence", "belote", "capot",
             "marque_a", "marque_b"],
            {"marque_b": 4, "points_defence": 3},
        ),
        # 20 deals of classic belote: 99 parties in 100 give 4 540 or less
        # in all (scoring/partie_totals.py, issue 52): 4 boxes
        ("ffb-belote target", 20, None, {"total_a": 4}),
    ],
)  # fmt: skip
def test_each_profile_gets_the_fields_it_needs(preset, rows, fields, digits):
    name, _, target = preset.partition(" ")
    layout = sheet_layout(scoring.PRESETS[name], rows, to_target=bool(target))
    assert len(layout.rows) == rows
    row = layout.rows[0]
    if fields is not None:
        assert [f.name for f in row.fields] == fields
    for name, count in digits.items():
        assert len(row.field(name).boxes) == count
    assert [b.name for b in row.field("trump").boxes] == ["S", "H", "D", "C"]


#: La générale's box beside the capot's, at its widest rows (sans/tout atout).
GENERALE = {"generale": "contract", "sa_ta": True}


@pytest.mark.parametrize("preset", [*sorted(scoring.PRESETS), "ffb-coinche générale"])
@pytest.mark.parametrize("rows", [12, 13, 20])
@pytest.mark.parametrize("to_target", [False, True])
def test_boxes_lie_on_the_page_apart_and_wide_enough_for_a_pen(preset, rows, to_target):
    name, _space, generale = preset.partition(" ")
    rules = scoring.Rules.from_preset(name, **(GENERALE if generale else {}))
    layout = sheet_layout(rules, rows, to_target)
    boxes = [box for row in layout.rows for field in row.fields for box in field.boxes]
    for box in boxes:
        assert layout.left < box.x and box.x + box.w < layout.right
        assert layout.top < box.y and box.y + box.h < layout.bottom < PAGE_MM[1]
    for row in layout.rows:
        for field in row.fields:
            if field.kind == "digits":  # narrower only for the defence's points
                least = MIN_SUMMED if row.field("points_defence") else MIN_BOX
                assert all(box.w >= least for box in field.boxes)
        flat = [box for field in row.fields for box in field.boxes]
        for a, b in itertools.pairwise(flat):
            assert a.x + a.w <= b.x + 1e-9  # left to right, never overlapping
    corners = {mark.name for mark in layout.marks}
    assert corners == {"top_left", "top_right", "bottom_right", "bottom_left"}


def test_the_fingerprint_follows_the_boxes():
    belote, coinche = scoring.PRESETS["ffb-belote"], scoring.PRESETS["ffb-coinche"]
    assert sheet_layout(belote, 12).fingerprint == sheet_layout(belote, 12).fingerprint
    assert sheet_layout(belote, 12).fingerprint != sheet_layout(belote, 13).fingerprint
    assert sheet_layout(belote, 12).fingerprint != sheet_layout(coinche, 12).fingerprint
    assert sheet_layout(belote, 12).fingerprint != sheet_layout(belote, 12, True).fingerprint


def test_running_totals_are_printed_only_for_a_partie_to_a_target():
    for name in sorted(scoring.PRESETS):
        rules = scoring.PRESETS[name]
        assert "total_a" not in [f.name for f in sheet_layout(rules, 12).columns]
    for name in ("ffb-belote", "contree-faits", "contree-annonces"):
        assert "total_a" in [f.name for f in sheet_layout(scoring.PRESETS[name], 12, True).columns]


@pytest.mark.parametrize(
    ("text", "mark"),
    [
        (
            "http://192.168.1.20:8000/saisie/abc/#feuille=saint-eloi-2026/2/5/12/0123abcd",
            SheetMark("saint-eloi-2026", 2, 5, 12, "0123abcd"),
        ),
        ("http://192.168.1.20:8000/saisie/abc/", None),  # a sheet printed before
        ("#feuille=a/b/5/12/0123abcd", None),
        ("https://exemple.fr/#feuille=x/1/1/12/XYZ", None),
    ],
)
def test_the_qr_codes_mark_is_read_back(text, mark):
    assert read_mark(text) == mark


def test_a_mark_names_a_concours_whatever_its_slug():
    mark = SheetMark("concours-été/2026#1", 1, 3, 12, "deadbeef")
    assert read_mark(qr_text("http://hall/saisie/k/", mark)) == mark


@pytest.mark.parametrize(
    ("fields", "marques", "totals", "expected"),
    [
        (
            {"taker": "A", "trump": "H", "bid": 90, "points_a": 97},
            (190, 70), (190, 70),
            {"taker": ("A",), "trump": ("H",), "bid": "90", "points": "97",
             "points_defence": "65"},
        ),
        (
            # The defence's points typed: the takers' are written, and theirs.
            {"taker": "B", "trump": "S", "points_a": 60, "belote_a": 1},
            (80, 102), (80, 102),
            {"taker": ("B",), "trump": ("S",), "points": "102", "points_defence": "60",
             "belote": ("A",)},
        ),
        (
            {"taker": "B", "trump": "D", "bid_capot": True, "capot": "B", "coinche": 2},
            (0, 2000), (0, 2000),
            {"taker": ("B",), "trump": ("D",), "bid": "250", "capot": ("B",), "coinche": ("2",)},
        ),
        (
            {"taker": "A", "trump": "C", "points_a": 100,
             "announcements": {"announcement_points": {"A": 0, "B": 50}}},
            (100, 112), (300, 400),
            {"taker": ("A",), "trump": ("C",), "points": "100", "points_defence": "62",
             "announce_b": "50"},
        ),
        (
            # La générale: bid 500, the capot's side, one player of it alone.
            {"taker": "A", "trump": "H", "bid_generale": True, "capot": "A", "generale": "A"},
            (500, 0), (500, 0),
            {"taker": ("A",), "trump": ("H",), "bid": "500", "capot": ("A",),
             "generale": ("alone",)},
        ),
        (
            # Failed on the takers' points: no capot, no générale's box.
            {"taker": "B", "trump": "S", "bid_generale": True, "points_b": 100},
            (660, 0), (1160, 0),
            {"taker": ("B",), "trump": ("S",), "bid": "500", "points": "100",
             "points_defence": "62"},
        ),
        (
            # One defender alone, stored without its capot: the capot's box still.
            {"taker": "A", "trump": "C", "bid": 100, "points_a": 0, "points_b": 252,
             "generale": "B"},
            (0, 350), (0, 350),
            {"taker": ("A",), "trump": ("C",), "bid": "100", "capot": ("B",),
             "generale": ("alone",)},
        ),
        ({"taker": ""}, (0, 0), (10, 20), {}),
    ],
)  # fmt: skip
def test_a_deal_is_written_as_a_player_would(fields, marques, totals, expected):
    values = sheet_values(fields, marques, totals)
    written = {
        "marque_a": str(marques[0]), "marque_b": str(marques[1]),
        "total_a": str(totals[0]), "total_b": str(totals[1]),
    }  # fmt: skip
    assert values == {**expected, **written}


def test_la_generale_has_its_box_beside_the_capots_only_where_it_is_played():
    for rules in (scoring.PRESETS["ffb-coinche"], scoring.PRESETS["contree-faits"]):
        assert "generale" not in [f.name for f in sheet_layout(rules, 12).columns]
    for name in ("ffb-coinche", "contree-faits", "contree-annonces"):
        rules = scoring.Rules.from_preset(name, generale="flat")
        names = [f.name for f in sheet_layout(rules, 12).columns]
        assert names[names.index("capot") - 1] == "generale"
        box = sheet_layout(rules, 12).rows[0].field("generale")
        assert (box.kind, [b.name for b in box.boxes]) == ("choice", ["alone"])
