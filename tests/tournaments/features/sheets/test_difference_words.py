"""What differs between a sheet and the deals entered reads in the desk's
words, the générale too (its fields read « bid_generale : True saisi »)."""

from __future__ import annotations

from django.utils import translation

from tournaments.features.sheets import display


def _said(differences: list[list]) -> str:
    params = {"table": 3, "deals": 4, "differences": differences}
    return display.desk_refusal("entered", params)


def test_a_generale_that_differs_reads_in_words() -> None:
    differences = [[2, "bid_generale", True, False], [2, "generale", "A", ""]]
    with translation.override("fr"):
        said = _said(differences)
    assert "donne 2, générale annoncée : oui saisi, — sur la feuille" in said
    assert "donne 2, générale : N-S saisi, — sur la feuille" in said
    with translation.override("en"):
        said = _said(differences)
    assert "bid_generale" not in said and "True" not in said
    assert "deal 2, generale: N-S entered, — on the sheet" in said
    assert "deal 2, generale bid: yes entered, — on the sheet" in said
