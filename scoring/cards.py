"""The 32-card pack: suits, ranks, card points (SPEC §1) and announcement
values (SPEC §3), as plain tables.

Responsible for: the numbers printed in the rules and used by the engine —
card points per contract, trick order (for the help page), carré and
sequence values. Must not: validate deals or score anything.
"""

from __future__ import annotations

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_NAMES_FR: dict[str, str] = {"S": "pique", "H": "cœur", "D": "carreau", "C": "trèfle"}
SUIT_SIGNS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

#: Trump codes of SPEC §8: four suits, SA (no trump) and TA (all trump).
TRUMPS: tuple[str, ...] = ("S", "H", "D", "C", "SA", "TA")
NO_TRUMP = "SA"
ALL_TRUMP = "TA"
TRUMP_NAMES_FR: dict[str, str] = {**SUIT_NAMES_FR, "SA": "sans atout", "TA": "tout atout"}

#: Natural order, used by sequences and to compare announcements (SPEC §3).
RANKS: tuple[str, ...] = ("7", "8", "9", "10", "J", "Q", "K", "A")
RANK_INDEX: dict[str, int] = {rank: i for i, rank in enumerate(RANKS)}

TOTAL_CARD_POINTS = 162  # 152 in the cards + 10 for the last trick (dix de der)
CAPOT_CARD_POINTS = 252  # the last trick is worth 100 when one team takes all 8 tricks

#: Card points per rank (SPEC §1). Keys: "trump", "plain" (non-trump of a suit
#: contract), "SA", "TA-ffb", "TA-funbelote".
CARD_POINTS: dict[str, dict[str, int]] = {
    "trump": {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0},
    "plain": {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0},
    "SA": {"A": 19, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0},
    "TA-ffb": {"J": 13, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 2, "8": 0, "7": 0},
    "TA-funbelote": {"J": 14, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 1, "8": 0, "7": 0},
}

#: Trick order, strongest first (for the rules help page).
TRICK_ORDER: dict[str, tuple[str, ...]] = {
    "trump": ("J", "9", "A", "10", "K", "Q", "8", "7"),
    "plain": ("A", "10", "K", "Q", "J", "9", "8", "7"),
    "SA": ("A", "10", "K", "Q", "J", "9", "8", "7"),
    "TA": ("J", "9", "A", "10", "K", "Q", "8", "7"),
}

BELOTE_POINTS = 20

#: Carré values (SPEC §3): suit and TA contracts, and SA contracts.
CARRE_POINTS: dict[str, dict[str, int]] = {
    "suit": {"J": 200, "9": 150, "A": 100, "10": 100, "K": 100, "Q": 100, "8": 0, "7": 0},
    "SA": {"A": 200, "10": 150, "K": 100, "Q": 100, "J": 100, "9": 100, "8": 0, "7": 0},
}

#: Sequences: kind -> (number of cards, points). Named by their top card.
SEQUENCES: dict[str, tuple[int, int]] = {"tierce": (3, 20), "cinquante": (4, 50), "cent": (5, 100)}
KIND_NAMES_FR: dict[str, str] = {
    "tierce": "tierce",
    "cinquante": "cinquante",
    "cent": "cent",
    "carre": "carré",
}

#: The most announcement points one team can score in a deal: four carrés
#: (200 + 150 + 100 + 100) use its sixteen cards.
MAX_TEAM_ANNOUNCEMENTS = 550


def card_points_table(trump: str, ta_scale: str) -> dict[str, dict[str, int]]:
    """Per suit, the card points of each rank for a contract at ``trump``."""
    if trump == NO_TRUMP:
        return {suit: CARD_POINTS["SA"] for suit in SUITS}
    if trump == ALL_TRUMP:
        return {suit: CARD_POINTS[f"TA-{ta_scale}"] for suit in SUITS}
    return {suit: CARD_POINTS["trump" if suit == trump else "plain"] for suit in SUITS}


def card_point_one_possible(trump: str, ta_scale: str) -> bool:
    """Whether a team can hold exactly 1 card point (SPEC §1: only at TA on
    the FunBelote scale, where a queen is worth 1)."""
    return trump == ALL_TRUMP and ta_scale == "funbelote"


def max_belotes(trump: str) -> int:
    """Belotes possible in one deal (SPEC §2): 1 at a suit, 0 at SA, 4 at TA."""
    if trump == NO_TRUMP:
        return 0
    if trump == ALL_TRUMP:
        return 4
    return 1
