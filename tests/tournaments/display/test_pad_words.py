"""The phone's pad in English says one word for the coinche, and a bid
button that wraps between words (issue 60, item 13: a « Double » row beside
« Coinched ×2 », and « Highe / r » cut in a narrow button)."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournaments.display.pad import deal_pad
from tournaments.forms.entry import DealForm

pytestmark = pytest.mark.django_db


def test_the_english_pad_names_the_coinche_as_its_buttons_do(tournament):
    rules = tournament.rule_profile
    with translation.override("en"):
        pad = deal_pad(DealForm(rules=rules), rules, "A")
        coinche = next(g for g in pad["tail"] if g.name == "coinche")
        bid = next(g for g in pad["head"] if g.name == "bid")
        assert coinche.label == "Coinche"
        assert [c.label for c in coinche.choices] == ["No", "Coinched"]
        assert coinche.more_label == "Surcoinche"
        assert bid.more_label == "More bids"
    with translation.override("fr"):
        pad = deal_pad(DealForm(rules=rules), rules, "A")
        assert next(g for g in pad["tail"] if g.name == "coinche").label == "Coinche"
        assert next(g for g in pad["head"] if g.name == "bid").more_label == "Plus haut"
