"""A capot read as the volunteer means it (issue 21, item 9): a capot bid
typed with every point to the takers (162) and no side in « Capot » was
scored as a failed capot (0 – 410) without a word. It is a capot made by
the takers, and the grid says what it understood; a deal of 162 points
without any capot is counted without one, and the grid says so too."""

from __future__ import annotations

import pytest
from django.urls import reverse

import scoring
from tournaments.display.explain import engine_deal
from tournaments.forms.entry import DealForm

COINCHE = scoring.Rules.from_preset("ffb-coinche")
HTMX = {"HX-Request": "true"}


def read(**typed: str) -> DealForm:
    form = DealForm({"version": "1", **typed}, rules=COINCHE)
    assert form.is_valid(), form.errors
    return form


def scored(form: DealForm) -> tuple[int, int]:
    score = scoring.score_deal(engine_deal(form.deal_values()), COINCHE)
    return score.a, score.b


@pytest.mark.parametrize("points", ["162", "252"])
def test_a_capot_bid_with_every_point_is_a_capot_made(points):
    form = read(taker="n", trump="c", bid="c", points=points)
    assert form.deal_values()["capot"] == "A"
    assert scored(form) == (500, 0)
    assert form.understood == (
        f"Capot demandé et {points} points : compté comme un capot réussi par Nord-Sud."
    )


def test_the_points_typed_beside_the_takers_own_capot_are_its_252():
    form = read(taker="e", trump="p", bid="80", points="162", capot="e")
    assert scored(form) == (0, 330)
    assert form.understood == ""


def test_a_capot_bid_short_of_every_point_fails_as_before():
    form = read(taker="n", trump="c", bid="c", points="150")
    assert form.deal_values()["capot"] == ""
    assert scored(form) == (0, 410)
    assert form.understood == ""


def test_162_points_without_a_capot_are_counted_without_one_and_said_so():
    form = read(taker="n", trump="c", bid="80", points="162")
    assert scored(form) == (240, 0)
    assert "compté sans capot" in form.understood


def test_a_usual_deal_says_nothing_more():
    assert read(taker="n", trump="c", bid="90", points="97").understood == ""


@pytest.mark.django_db
def test_the_desk_says_what_it_understood_before_and_after_the_save(client, organizer, table):
    client.force_login(organizer)
    args = [table.round.tournament.slug, 1, table.number]
    typed = {"taker": "n", "trump": "c", "bid": "c", "points": "162"}
    preview = client.post(reverse("tournaments:deal_preview", args=args), typed).text
    assert '<span class="understood-line">Capot demandé et 162 points' in preview
    assert '<strong class="preview-a">500</strong>' in preview
    response = client.post(
        reverse("tournaments:deal_save", args=args),
        {**typed, "version": table.version},
        headers=HTMX,
    )
    assert '<tr id="understood-1" class="understood-row">' in response.text
    assert "compté comme un capot réussi par Nord-Sud" in response.text
    deal = table.deals.get()
    assert (deal.capot, deal.marque_a, deal.marque_b) == ("A", 500, 0)
