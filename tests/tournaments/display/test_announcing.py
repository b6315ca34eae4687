"""The announcement cell reads what the scorer says (« t R♥ », « 50 D♠ »,
« carré V »; « tierce K♥ », « fifty Q♠ », « four J ») into the engine's
declared items, or points as before, and refuses the rest with a sentence."""

from __future__ import annotations

import pytest
from django.utils import translation

import scoring
from tournaments.display.announcing import (
    AnnouncementTextError,
    announcements_text,
    read_announcements,
)


def seq(kind: str, high: str, suit: str) -> dict[str, str]:
    return {"kind": kind, "high": high, "suit": suit}


def carre(high: str) -> dict[str, str]:
    return {"kind": "carre", "high": high}


FRENCH = [
    ("", None),
    ("  ", None),
    ("50", 50),
    ("120", 120),
    ("t R♥", [seq("tierce", "K", "H")]),
    ("T r♥", [seq("tierce", "K", "H")]),
    ("tierce roi cœur", [seq("tierce", "K", "H")]),
    ("tierce au roi de coeur", [seq("tierce", "K", "H")]),
    ("tierce cœur roi", [seq("tierce", "K", "H")]),
    ("t rc", [seq("tierce", "K", "H")]),
    ("t 9 p", [seq("tierce", "9", "S")]),
    ("tierce à l'as de trèfle", [seq("tierce", "A", "C")]),
    ("t As♣", [seq("tierce", "A", "C")]),
    ("50 D♠", [seq("cinquante", "Q", "S")]),
    ("cinquante dame pique", [seq("cinquante", "Q", "S")]),
    ("quarte 10 carreau", [seq("cinquante", "10", "D")]),
    ("50 10k", [seq("cinquante", "10", "D")]),
    ("100 V♦", [seq("cent", "J", "D")]),
    ("cent as trèfle", [seq("cent", "A", "C")]),
    ("quinte roi t", [seq("cent", "K", "C")]),
    ("carré V", [carre("J")]),
    ("c V", [carre("J")]),
    ("carre de valets", [carre("J")]),
    ("carré de neuf", [carre("9")]),
    ("carré d'as", [carre("A")]),
    ("4 dames", [carre("Q")]),
    ("c 7", [carre("7")]),
    ("t R♥, 50 D♠", [seq("tierce", "K", "H"), seq("cinquante", "Q", "S")]),
    ("t R♥ + carré V", [seq("tierce", "K", "H"), carre("J")]),
    ("tierce roi cœur et carré de dames", [seq("tierce", "K", "H"), carre("Q")]),
]

ENGLISH = [
    ("50", 50),
    ("tierce K♥", [seq("tierce", "K", "H")]),
    ("t kh", [seq("tierce", "K", "H")]),
    ("tierce to the king of hearts", [seq("tierce", "K", "H")]),
    ("t T♦", [seq("tierce", "10", "D")]),
    ("fifty Q♠", [seq("cinquante", "Q", "S")]),
    ("50 queen spades", [seq("cinquante", "Q", "S")]),
    ("hundred A♣", [seq("cent", "A", "C")]),
    ("100 jack diamonds", [seq("cent", "J", "D")]),
    ("four J", [carre("J")]),
    ("four jacks", [carre("J")]),
    ("four nines", [carre("9")]),
    ("4 aces", [carre("A")]),
    ("tierce K♥, four J", [seq("tierce", "K", "H"), carre("J")]),
    ("tierce K♥ and fifty Q♠", [seq("tierce", "K", "H"), seq("cinquante", "Q", "S")]),
]


@pytest.mark.parametrize(("text", "read"), FRENCH)
def test_french_announcements_are_read(text: str, read) -> None:
    with translation.override("fr"):
        assert read_announcements(text) == read


@pytest.mark.parametrize(("text", "read"), ENGLISH)
def test_english_announcements_are_read(text: str, read) -> None:
    with translation.override("en"):
        assert read_announcements(text) == read


@pytest.mark.parametrize(
    ("language", "text", "says"),
    [
        ("fr", "bof", "Annonce illisible : « bof ». Par exemple : t R♥, 50 D♠, carré V."),
        ("fr", "t R♥ ♠", "Annonce illisible : « t R♥ ♠ »"),
        ("fr", "t R D♥", "Annonce illisible : « t R D♥ »"),
        ("fr", "t R♥,", "Annonce illisible"),
        ("fr", "t ♥", "Annonce incomplète : « t ♥ », il manque la hauteur (7 … As)."),
        ("fr", "t R", "Annonce incomplète : « t R », il manque la couleur (♠ ♥ ♦ ♣)."),
        ("fr", "carré V♠", "« carré V♠ » : un carré n'a pas de couleur (carré V)."),
        ("fr", "t 8♥", "Annonce impossible : « t 8♥ », elle finit au 9 au plus bas."),
        ("fr", "50 9♥", "elle finit au 10 au plus bas"),
        ("fr", "100 10♥", "elle finit au V au plus bas"),
        ("fr", "12345", "9999 au plus"),
        # an English word is no French one: « fifty » is unreadable in French
        ("fr", "fifty Q♠", "Annonce illisible : « fifty Q♠ »"),
        ("en", "bof", "Unreadable announcement: “bof”. For example: tierce K♥, fifty Q♠, four J."),
        ("en", "tierce K", "Incomplete announcement: “tierce K”, the suit is missing"),
        ("en", "four", "Incomplete announcement: “four”, the top card is missing"),
        ("en", "hundred 10♥", "Impossible announcement: “hundred 10♥”, it ends at J"),
        ("en", "four J♠", "“four J♠”: a four of a kind has no suit (four J)."),
    ],
)
def test_unreadable_announcements_are_refused_with_a_reason(
    language: str, text: str, says: str
) -> None:
    with translation.override(language), pytest.raises(AnnouncementTextError) as error:
        read_announcements(text)
    assert says in error.value.message


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_announcement_written_back_is_read_again(language: str) -> None:
    items = [
        {"kind": kind, "high": high, "suit": suit} if kind != "carre" else carre(high)
        for kind in ("tierce", "cinquante", "cent", "carre")
        for high in ("9", "10", "J", "Q", "K", "A")
        for suit in "SHDC"
        if kind == "carre"
        or ("tierce", "cinquante", "cent").index(kind) + 9
        <= int({"J": 11, "Q": 12, "K": 13, "A": 14}.get(high, high))
    ]
    with translation.override(language):
        for item in items:
            assert read_announcements(announcements_text([item])) == [item]
        assert read_announcements(announcements_text(items[:3])) == items[:3]


def test_what_is_read_is_what_the_engine_reads() -> None:
    with translation.override("fr"):
        declared = {"A": read_announcements("t R♥"), "B": read_announcements("50 D♠")}
    deal = {"taker": "A", "trump": "S", "bid": 80, "points": {"A": 120}, "announcements": declared}
    score = scoring.score_deal(deal, scoring.PRESETS["ffb-coinche"])
    assert score.announcements == (0, 50)
