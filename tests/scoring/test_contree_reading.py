"""The engine against an independent reading of SPEC §6 (tests/scoring/
spec_contree.py) on 6,000 random contrée deals of the presets, versions 1
and 2 (issue 52 item 1: a coinched capot by the defence was marked as a
capot not bid, 0–500 where the takers' capot gave 320–0)."""

from __future__ import annotations

import random

import pytest

from scoring import PRESET_VERSIONS, score_deal
from tests.scoring.spec_contree import CONTREE_PRESETS, random_contree_deal, read_contree


@pytest.mark.parametrize("preset", CONTREE_PRESETS)
@pytest.mark.parametrize("version", [1, 2])
def test_the_engine_marks_random_contree_deals_as_spec_6_reads(preset: str, version: int) -> None:
    if version not in PRESET_VERSIONS[preset]:
        pytest.skip(f"{preset} has no version {version}")
    rules = PRESET_VERSIONS[preset][version]
    rng = random.Random(f"{preset}-{version}")
    wrong = []
    for _ in range(1000):
        deal = random_contree_deal(rng)
        score = score_deal(deal, rules)
        expected = read_contree(deal, preset, version)
        if (score.a, score.b) != expected:
            wrong.append((deal, (score.a, score.b), expected))
    assert wrong == []


@pytest.mark.parametrize(
    ("preset", "capot", "marques"),
    [
        # SPEC §6: contree-faits, T=A 80 ♥ coinché: 320–0 and 0–320.
        ("contree-faits", "A", (320, 0)),
        ("contree-faits", "B", (0, 320)),
        # contree-faits-annonces: 480–0 and 0–480.
        ("contree-faits-annonces", "A", (480, 0)),
        ("contree-faits-annonces", "B", (0, 480)),
    ],
)
@pytest.mark.parametrize("version", [1, 2])
def test_coinched_a_capot_changes_nothing_whichever_side_took_the_tricks(
    preset: str, capot: str, marques: tuple[int, int], version: int
) -> None:
    deal = {"taker": "A", "trump": "H", "bid": 80, "coinche": 1, "capot": capot}
    score = score_deal(deal, PRESET_VERSIONS[preset][version])
    assert (score.a, score.b) == marques
    assert read_contree(deal, preset, version) == marques
