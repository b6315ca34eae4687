"""Points with nobody taking (a phone's tap on « N-S » missed, the points
typed after it): the row was valid and stored as a passed deal, its points
dropped without a word (0 – 0 where 110 was typed, found by a hall journey
on 26 November). It is refused next to « Preneur », in both doors, and
nothing is recorded; a passed deal without points is kept as before."""

from __future__ import annotations

import json

import pytest
from django.utils import translation

import scoring
from tournaments.forms.entry import DealForm
from tournaments.infra import links

BELOTE = scoring.Rules.from_preset("ffb-belote")
COINCHE = scoring.Rules.from_preset("ffb-coinche")
REFUSED = "points tapés, mais qui a pris ? Une donne passée n'a pas de points."


@pytest.mark.parametrize(
    ("rules", "typed", "refused"),
    [
        # The points with no taker at all, or with « Passe » (P): refused.
        (BELOTE, {"points": "110"}, True),
        (BELOTE, {"taker": "p", "trump": "c", "points": "110"}, True),
        (COINCHE, {"trump": "c", "bid": "90", "points": "110"}, True),
        (COINCHE, {"taker": "p", "points": "0"}, True),
        # A passed deal without points stays one (the trump may be noted).
        (BELOTE, {"taker": "p"}, False),
        (BELOTE, {"taker": "p", "trump": "c"}, False),
        (COINCHE, {"taker": "p"}, False),
        # A taker with the points is a deal as before.
        (COINCHE, {"taker": "n", "trump": "c", "bid": "90", "points": "110"}, False),
        (BELOTE, {"taker": "e", "trump": "c", "points": "82"}, False),
    ],
)
def test_points_with_nobody_taking_are_refused_at_the_taker(rules, typed, refused):
    form = DealForm({"version": "1", **typed}, rules=rules)
    assert form.is_valid() is not refused
    if refused:
        assert list(form.errors) == ["taker"]
        assert REFUSED in form.errors["taker"][0]
        assert form.errors["taker"][0].startswith(typed["points"] + " ")


def test_the_refusal_is_said_in_english_when_english_is_chosen():
    with translation.override("en"):
        form = DealForm({"version": "1", "points": "110"}, rules=BELOTE)
        assert not form.is_valid()
        said = "110 points typed, but who took? A passed deal has no points."
        assert form.errors["taker"] == [said]


@pytest.mark.django_db
def test_the_phones_waiting_deal_without_a_taker_is_refused_and_records_nothing(client, table):
    """The hall journey's case: the phone's outbox sends the deal it held
    (its taker tap lost) in a batch; the server refuses it and keeps nothing."""
    client.post(links.entry_path(table) + "code/", {"code": table.code_a})
    fields = [["trump", "c"], ["bid", "90"], ["points", "110"]]
    answer = client.post(
        links.entry_path(table) + "donnes/",
        {"entries": json.dumps([{"fields": fields, "version": table.version}])},
    )
    assert answer.status_code in (200, 409, 422), answer.status_code
    assert table.deals.count() == 0
