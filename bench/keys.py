"""The keys a volunteer presses at the desk, counted one way for the
journeys that press them in Chromium (tests/browser) and for the benchmark
that counts them on sheets no browser opens (bench_sheets):

- a deal typed whole at the grid (`deal_keys`, `grid_keys`): the taker's
  and the trump's letters, the bid, the points, then a Tab to each rarer
  cell needed, and Enter;
- a sheet read from a photo confirmed at its review (`review_keys`), as
  its script walks it (tournaments/features/sheets/static/js/sheet_review.js):
  in each deal, Enter in each cell asked, the truth typed first over one
  that shows something else; Enter on « Juste » in a deal with no cell
  asked; Enter on « Enregistrer la feuille ». A marque or a total asked
  has no cell: the review shows why, and the volunteer types nothing there.

Counting only: the journeys press these keys and see the sheet recorded as
written (tests/browser/test_sheets_at_the_desk.py), and check that they
pressed exactly `review_keys`. The Django parts are imported when a sheet's
review is counted (a benchmark sets Django up first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import scoring
    from tournaments.features.sheets.forms import SheetReview

# The keys of the grid in each language (display/keys.py): taker and trump letters.
KEYS = {
    "fr": (
        {"A": "n", "B": "e", "": "p"},
        {"S": "p", "H": "c", "D": "k", "C": "t", "SA": "s", "TA": "a"},
    ),
    "en": (
        {"A": "n", "B": "e", "": "p"},
        {"S": "s", "H": "h", "D": "d", "C": "c", "SA": "n", "TA": "a"},
    ),
}


def bid_completes(bid: str) -> bool:
    """The grid moves on by itself after a complete bid (80, 90, 100…)."""
    return bid.lower() == "c" or (len(bid) == 2 and bid[0] in "3456789") or len(bid) == 3


def deal_keys(
    *,
    taker: str,
    trump: str = "",
    bid: str = "",
    points: str = "",
    coinche: int = 0,
    belote: str = "",
    capot: str = "",
    contracts: bool = True,
    language: str = "fr",
) -> list[str]:
    """The keys, in order, from the taker cell to Enter, in `language`'s grid."""
    taker_keys, trump_keys = KEYS[language]
    keys = [taker_keys[taker]]
    if not taker:
        return [*keys, "Enter"]
    keys.append(trump_keys[trump])
    if contracts:
        keys += list(bid)
        if not bid_completes(bid):
            keys.append("Tab")
    keys += list(points)
    # The rarer cells come after the points: Tab to reach each one needed.
    rest = [("coinche", "x" * coinche)] if contracts else []
    rest += [
        ("belote", taker_keys[belote] if belote else ""),
        ("capot", taker_keys[capot] if capot else ""),
    ]
    needed = [i for i, (_, typed) in enumerate(rest) if typed]
    if needed:
        for i in range(needed[-1] + 1):
            keys.append("Tab")
            keys += list(rest[i][1])
    return [*keys, "Enter"]


def grid_keys(deal: dict[str, Any]) -> int:
    """The keys of `deal` (the engine's, SPEC §8) typed whole at the grid;
    its announcements, each its digits and the key that leaves the cell."""
    from tournaments.domain.deal_shapes import engine_to_fields, fields_to_form

    form = fields_to_form(engine_to_fields(deal))
    if not form["taker"]:
        return len(deal_keys(taker=""))
    belote = "A" if form["belote_a"] else "B" if form["belote_b"] else ""
    keys = deal_keys(
        taker=form["taker"],
        trump=form["trump"],
        bid="c" if form["bid_capot"] else str(form["bid"] or ""),
        points="" if form["points"] is None or form["capot"] else str(form["points"]),
        coinche=form["coinche"] or 0,
        belote=belote,
        capot=form["capot"] or "",
    )
    announced = [form.get(f"announce_{s}") for s in "ab"]
    return len(keys) + sum(len(str(a)) + 1 for a in announced if a)


def typed(deal: dict[str, Any], cell: str) -> str:
    """What a volunteer types in the grid's `cell` for `deal` (the engine's;
    the grid's keys, French)."""
    from tournaments.domain.deal_shapes import engine_to_fields, fields_to_form

    form = fields_to_form(engine_to_fields(deal))
    taker_keys, trump_keys = KEYS["fr"]
    side = {"A": "n", "B": "e"}
    if cell == "taker":
        return taker_keys[form["taker"]]
    if cell == "trump":
        return trump_keys.get(form["trump"], "")
    if cell == "bid":
        return "c" if form["bid_capot"] else str(form["bid"] or "")
    if cell == "points":
        return "" if form["points"] is None or form["capot"] else str(form["points"])
    if cell == "coinche":
        return "x" * (form["coinche"] or 0)
    if cell == "belote":
        return "n" * (form["belote_a"] or 0) + "e" * (form["belote_b"] or 0)
    if cell == "capot":
        return side.get(form["capot"], "")
    return str(form.get(cell) or "")


def shown(deal: dict[str, Any], number: int, rules: scoring.Rules) -> dict[str, str]:
    """Each cell of a review's (or the grid's) row as it shows `deal` (the engine's)."""
    from tournaments.domain.deal_shapes import engine_to_fields
    from tournaments.forms.entry import DealForm
    from tournaments.models import Deal

    initial = DealForm.initial_for(Deal(number=number, **engine_to_fields(deal)), rules)
    return {name: "" if value is None else str(value) for name, value in initial.items()}


def cell_keys(shows: str, deal: dict[str, Any], cell: str, truth: dict[str, str]) -> int:
    """The keys in one cell asked, from arriving to leaving it: Enter when
    it `shows` the truth; else the truth typed over it (Backspace to empty
    it), then Enter."""
    if shows == truth.get(cell, ""):
        return 1
    return max(len(typed(deal, cell)), 1) + 1


def review_keys(review: SheetReview, truth: list[dict[str, Any]], rules: scoring.Rules) -> int:
    """The keys that confirm the sheet under `review` (forms.SheetReview: the
    page's rows, its cells asked and what each shows) when its deals were
    written as `truth` (the engine's deals, deal 1 first): see the module."""
    keys = 1  # Enter on « Enregistrer la feuille »
    for row in review.rows:
        deal = truth[row.number - 1] if row.number <= len(truth) else {}  # a blank row read
        want = shown(deal, row.number, rules)
        asked = row.asked_cells
        for cell in asked:
            value = row.form[cell].value()
            keys += cell_keys("" if value is None else str(value), deal, cell, want)
        keys += 0 if asked else 1  # Enter on « Juste »
    return keys
