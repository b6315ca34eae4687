"""The tournament's printed documents (moved into a package; split next)."""

from tournaments.pdf.sheets import (
    FontMissing,
    _card_points,
    _contract,
    _fold,
    _qr_path,
    _register_fonts,
    ranking,
    round_results,
    score_sheets,
    table_plan,
)

__all__ = [
    "FontMissing",
    "_card_points",
    "_contract",
    "_fold",
    "_qr_path",
    "_register_fonts",
    "ranking",
    "round_results",
    "score_sheets",
    "table_plan",
]
