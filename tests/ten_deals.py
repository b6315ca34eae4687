"""Ten donnes as a table types them on its phone, a few of each mark
(belote, coinche, surcoinche, announcements, capot): the phone's sheet
(issue 25) is shown and measured with them."""

from __future__ import annotations

from tournaments.forms.entry import DealForm
from tournaments.services import table_side

# Ten donnes as a table types them (taker, trump, bid, points, coinche,
# belote, capot, announcements N-S and E-O), a few of each mark.
TEN_DEALS = [
    {"taker": "n", "trump": "c", "bid": "90", "points": "97"},
    {"taker": "e", "trump": "p", "bid": "80", "points": "100", "belote": "e"},
    {"taker": "n", "trump": "k", "bid": "100", "points": "120", "coinche": "x"},
    {"taker": "e", "trump": "t", "bid": "80", "points": "60"},
    {"taker": "n", "trump": "p", "bid": "80", "points": "120", "announce_a": "t R♥"},
    {"taker": "n", "trump": "c", "bid": "Capot", "points": "162", "capot": "n"},
    {"taker": "e", "trump": "c", "bid": "110", "points": "130", "coinche": "xx"},
    {"taker": "n", "trump": "t", "bid": "90", "points": "100", "belote": "n"},
    {"taker": "e", "trump": "k", "bid": "90", "points": "81"},
    {"taker": "n", "trump": "p", "bid": "80", "points": "90"},
]


def enter_ten_deals(table) -> None:
    """The ten donnes entered from the table's link by Nord-Sud."""
    rules = table.round.tournament.rule_profile
    for typed in TEN_DEALS:
        table.refresh_from_db()
        form = DealForm(typed, rules=rules)
        assert form.is_valid(), form.errors
        table_side.record_table_deal(
            table=table, side="A", values=form.deal_values(), expected_version=table.version
        )
