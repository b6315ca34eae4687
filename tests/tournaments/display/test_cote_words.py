"""The cote said in a player's words (issue 38, item 11): where it stands
among the shown players' cotes, in the club and on the site, and what its
number means; no « mu », no « sigma »."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.utils import translation

from tournaments.display.persons import cote_text, standing


@dataclass(frozen=True)
class Where:
    place: int
    of: int
    club_place: int = 0
    club_of: int = 0


@dataclass(frozen=True)
class Stored:
    mu: float = 27.4
    sigma: float = 3.1
    games: int = 12


@pytest.mark.parametrize(
    ("language", "where", "said"),
    [
        (
            "fr",
            Where(12, 140, 3, 40),
            "3e joueur coté du club sur 40 · 12e sur les 140 joueurs cotés du site",
        ),
        ("fr", Where(1, 1, 1, 1), "1er joueur coté du club sur 1 · 1er sur 1 joueur coté du site"),
        ("fr", Where(2, 9), "2e sur les 9 joueurs cotés du site"),
        (
            "en",
            Where(12, 140, 3, 40),
            "3rd of the club's 40 rated players · 12th of the site's 140 rated players",
        ),
        (
            "en",
            Where(1, 1, 1, 1),
            "1st of the club's 1 rated player · 1st of the site's 1 rated player",
        ),
        ("en", Where(22, 31), "22nd of the site's 31 rated players"),
    ],
)
def test_a_cote_says_its_place_in_the_club_and_on_the_site(language, where, said):
    with translation.override(language):
        assert standing(where) == said


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", ["Chaque joueur part de 25", "monte quand on gagne", "entre 21 et 34"]),
        ("en", ["Every player starts at 25", "goes up with each partie won", "between 21 and 34"]),
    ],
)
def test_a_cote_says_what_its_number_means_without_jargon(language, words):
    with translation.override(language):
        text = cote_text(Stored(), Where(3, 40))
    said = " ".join([text.figure, text.standing, text.meaning, text.explanation, text.basis])
    assert text.figure == "27"
    for word in words:
        assert word in said
    for jargon in ("mu", "sigma", "σ", "μ", "Plackett"):
        assert jargon not in said.split() and "σ" not in said
