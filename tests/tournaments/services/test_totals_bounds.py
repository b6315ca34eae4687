"""A sheet's totals that the partie's deals cannot give under the concours's
profile are refused in a sentence that says the range (issue 38 item 1:
« Totaux seulement » took 5000–3 and 99999–0 for 12-deal parties)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.bounds import partie_bound
from tests.factories import add_teams, draw_random_round, first_table
from tournaments.display.labels import number
from tournaments.models import Table
from tournaments.services import errors, scores

pytestmark = pytest.mark.django_db


def _table(make_tournament, preset: str, **fields) -> Table:
    tournament = make_tournament(preset=preset, score_entry="totals", **fields)
    add_teams(tournament, 4)
    return first_table(draw_random_round(tournament))


# (preset, overrides, end_deals, total_a, total_b, refused field or None)
CASES = [
    ("ffb-belote", {"announcements": False}, 12, 99_999, 0, "total_a"),
    ("ffb-belote", {"announcements": False}, 12, 5000, 3, "total_a"),
    ("ffb-belote", {"announcements": False}, 12, 3, 5000, "total_b"),
    # 12 deals × 272 (a capot, its belote): the most a team can mark
    ("ffb-belote", {"announcements": False}, 12, 3264, 0, None),
    ("ffb-belote", {"announcements": False}, 12, 3265, 0, "total_a"),
    ("ffb-belote", {"announcements": False}, 4, 1089, 0, "total_a"),
    ("ffb-belote", {}, 12, 99_999, 0, "total_a"),
    ("ffb-belote", {}, 12, 1254, 800, None),
    ("ffb-coinche", {}, 12, 99_999, 0, "total_a"),
    ("ffb-coinche", {"rounding": "none"}, 12, 5000, 3, None),  # possible, to the point
    ("contree-faits", {}, 12, 24_240, 0, None),  # 12 × 2020
    ("contree-faits", {}, 12, 24_250, 0, "total_a"),
]


@pytest.mark.parametrize(("preset", "overrides", "deals", "a", "b", "field"), CASES)
def test_totals_the_deals_cannot_give_are_refused(
    make_tournament, preset, overrides, deals, a, b, field
):
    table = _table(make_tournament, preset, overrides=overrides, end_deals=deals)
    if field is None:
        scores.record_totals(table=table, total_a=a, total_b=b)
        table.refresh_from_db()
        assert (table.total_a, table.total_b) == (a, b)
        return
    with pytest.raises(errors.TournamentError) as refused:
        scores.record_totals(table=table, total_a=a, total_b=b)
    assert refused.value.field == field
    highest = partie_bound(table.round.tournament.rule_profile, deals)
    assert f"de 0 à {number(highest)}" in refused.value.message
    table.refresh_from_db()
    assert table.status != Table.Status.COMPLETE


def test_the_desk_says_the_range_next_to_the_field_and_records_nothing(
    client, organizer, make_tournament
):
    table = _table(make_tournament, "ffb-belote", overrides={"announcements": False})
    client.force_login(organizer)
    slug = table.round.tournament.slug
    response = client.post(
        reverse("tournaments:totals", args=[slug, 1, table.number]),
        {"total_a": 99999, "total_b": 0, "version": table.version},
    )
    assert response.status_code == 422
    assert "impossible en 12 donnes" in response.text
    assert "de 0 à 3\u202f264" in response.text
    table.refresh_from_db()
    assert table.status != Table.Status.COMPLETE


@pytest.mark.parametrize(
    ("preset", "overrides", "a", "b", "field"),
    [
        # Every marque rounded to ten: a total ends in 0 (issue 52: 5000–3).
        ("ffb-coinche", {}, 5000, 3, "total_b"),
        ("ffb-coinche", {}, 1255, 1340, "total_a"),
        ("contree-faits", {}, 1000, 1001, "total_b"),
        ("ffb-belote", {"rounding": "nearest"}, 1000, 1005, "total_b"),
        ("ffb-coinche", {"rounding": "complement"}, 1001, 1000, "total_a"),
    ],
)
def test_a_total_the_rounding_cannot_give_is_refused_in_a_sentence_that_says_why(
    make_tournament, preset, overrides, a, b, field
):
    table = _table(make_tournament, preset, overrides=overrides, end_deals=12)
    with pytest.raises(errors.TournamentError) as refused:
        scores.record_totals(table=table, total_a=a, total_b=b)
    assert refused.value.field == field
    wrong = a if field == "total_a" else b
    assert refused.value.message == (
        f"{number(wrong)} ne peut pas être un total : sous ces règles chaque marque est arrondie "
        "à la dizaine, un total finit donc par 0. Vérifiez la feuille."
    )
    table.refresh_from_db()
    assert table.status != Table.Status.COMPLETE


def test_the_rounding_sentence_is_said_next_to_its_box_in_english_too(
    client, organizer, make_tournament
):
    table = _table(make_tournament, "ffb-coinche")
    client.force_login(organizer)
    client.cookies["django_language"] = "en"
    url = reverse("tournaments:totals", args=[table.round.tournament.slug, 1, table.number])
    response = client.post(url, {"total_a": 5000, "total_b": 3, "version": table.version})
    assert response.status_code == 422
    assert (
        "3 cannot be a total: under these rules every score is rounded to the ten, so a total "
        "ends in 0." in response.text
    )
    table.refresh_from_db()
    assert table.status != Table.Status.COMPLETE


# Totals far from what the deals usually give are asked about, not refused:
# (preset, end_deals, total_a, total_b, asked). 12 deals of FFB coinche
# give 3 000 to 7 210 in all and 600 to 4 970 to a team, 99 parties in 100
# the engine played (scoring/partie_totals.py); the sum is widened down to
# 1 440, half of twelve ordinary deals at 80 (a hall passes more deals).
USUAL = [
    ("ffb-coinche", 12, 12_500, 0, True),  # 1 250 with one key too many
    ("ffb-coinche", 12, 3100, 1900, False),
    ("ffb-coinche", 12, 5000, 0, True),  # the issue: one team at 0
    ("ffb-coinche", 12, 4970, 2240, False),
    ("ffb-coinche", 12, 4970, 2250, True),  # 7 220 in all
    ("ffb-coinche", 12, 1500, 600, False),  # a quiet table
    ("ffb-coinche", 12, 1000, 430, True),  # 1 430 in all
    ("ffb-coinche", 12, 2290, 590, True),  # a team at 590
    ("ffb-coinche", 12, 120, 10, True),  # 1 250 with one key too few
    ("ffb-belote", 12, 1254, 800, False),
    ("ffb-belote", 12, 5000, 1600, True),  # possible with announcements, unusual
    ("contree-annonces", 12, 1100, 460, False),
]


@pytest.mark.parametrize(("preset", "deals", "a", "b", "asked"), USUAL)
def test_a_sum_far_from_the_usual_one_is_asked_about_before_it_counts(
    make_tournament, preset, deals, a, b, asked
):
    table = _table(make_tournament, preset, end_deals=deals)
    if asked:
        with pytest.raises(errors.TournamentError) as question:
            scores.record_totals(table=table, total_a=a, total_b=b, ask_if_unusual=True)
        assert question.value.field == "sure"
        assert "C'est bien ça ?" in question.value.message
        table.refresh_from_db()
        assert table.status != Table.Status.COMPLETE
    scores.record_totals(table=table, total_a=a, total_b=b, ask_if_unusual=not asked)
    table.refresh_from_db()
    assert (table.status, table.total_a, table.total_b) == (Table.Status.COMPLETE, a, b)


def test_the_desk_asks_next_to_its_box_then_records_once_ticked(client, organizer, make_tournament):
    table = _table(make_tournament, "ffb-coinche")
    client.force_login(organizer)
    url = reverse("tournaments:totals", args=[table.round.tournament.slug, 1, table.number])
    sheet = {"total_a": 12500, "total_b": 0, "version": table.version}
    response = client.post(url, sheet)
    assert response.status_code == 422
    assert "Les deux totaux font 12\u202f500 en tout" in response.text
    assert 'name="sure"' in response.text
    table.refresh_from_db()
    assert table.status != Table.Status.COMPLETE
    assert client.post(url, {**sheet, "sure": "on"}).status_code == 302
    table.refresh_from_db()
    assert (table.total_a, table.total_b) == (12500, 0)


def test_a_plausible_sheet_goes_in_with_one_post_and_no_question(
    client, organizer, make_tournament
):
    table = _table(make_tournament, "ffb-coinche")
    client.force_login(organizer)
    url = reverse("tournaments:totals", args=[table.round.tournament.slug, 1, table.number])
    page = client.get(reverse("tournaments:table", args=[table.round.tournament.slug, 1, 1]))
    assert 'name="sure"' not in page.text  # the box shows only with its question
    response = client.post(url, {"total_a": 1850, "total_b": 1330, "version": table.version})
    assert response.status_code == 302


def test_a_team_far_from_what_a_team_usually_marks_is_named_in_the_question(make_tournament):
    # 5000–0 in 12 coinche deals: 5 000 in all is usual, a team at 0 is not
    # (99 parties in 100 give a team 600 to 4 970: scoring/partie_totals.py).
    table = _table(make_tournament, "ffb-coinche")
    with pytest.raises(errors.TournamentError) as question:
        scores.record_totals(table=table, total_a=4960, total_b=0, ask_if_unusual=True)
    assert question.value.field == "sure"
    assert question.value.message == (
        "Est-Ouest : 0 en 12 donnes, quand une équipe y marque d'habitude de 600 à 4\u202f970. "
        "C'est bien ça ? Vérifiez la feuille, ou cochez « Oui, c'est bien ça » pour "
        "l'enregistrer."
    )


def _both_beyond(total: int, deals: int, highest: int) -> str:
    return (
        f"Les deux totaux font {number(total)} en tout, impossible en {deals} donnes : sous ces "
        f"règles, les deux équipes y marquent ensemble au plus {number(highest)}. Vérifiez la "
        "feuille."
    )


# Both teams together, and a partie to a target: what the concours checker
# says of a file (checker/typed.py) is refused at the desk first.
# (preset, overrides, end, total_a, total_b, refusal or None). No classic deal
# puts more than a capot and its belote on the sheet (272, its pot included),
# so 12 deals give 3 264 to both teams together as to one.
TOGETHER = [
    ("ffb-belote", {"announcements": False}, {"end_deals": 12}, 3000, 264, None),
    (
        "ffb-belote",
        {"announcements": False},
        {"end_deals": 12},
        3000,
        270,
        _both_beyond(3270, 12, 3264),
    ),
    (
        "ffb-belote",
        {"announcements": False},
        {"end_deals": 12},
        1700,
        1700,
        _both_beyond(3400, 12, 3264),
    ),
    # four carrés too: 822 a deal
    ("ffb-belote", {}, {"end_deals": 4}, 3288, 0, None),
    ("ffb-belote", {}, {"end_deals": 4}, 1644, 1645, _both_beyond(3289, 4, 3288)),
    # a partie to 1 000: a team at it (SPEC §9), the other anywhere
    ("ffb-coinche", {}, {"end_mode": "target", "end_target": 1000}, 980, 1000, None),
    ("ffb-coinche", {}, {"end_mode": "target", "end_target": 1000}, 2960, 0, None),
    (
        "ffb-coinche",
        {},
        {"end_mode": "target", "end_target": 1000},
        990,
        980,
        f"Aucune équipe n'atteint les {number(1000)} points : la partie n'est pas finie. "
        "Vérifiez la feuille.",
    ),
    (
        "ffb-belote",
        {},
        {"end_mode": "target", "end_target": 501},
        500,
        0,
        "Aucune équipe n'atteint les 501 points : la partie n'est pas finie. Vérifiez la feuille.",
    ),
]


@pytest.mark.parametrize(("preset", "overrides", "end", "a", "b", "refusal"), TOGETHER)
def test_totals_both_teams_cannot_make_or_short_of_the_target_are_refused(
    make_tournament, preset, overrides, end, a, b, refusal
):
    table = _table(make_tournament, preset, overrides=overrides, **end)
    if refusal is None:
        scores.record_totals(table=table, total_a=a, total_b=b)
        table.refresh_from_db()
        assert (table.status, table.total_a, table.total_b) == (Table.Status.COMPLETE, a, b)
        return
    with pytest.raises(errors.TournamentError) as refused:
        scores.record_totals(table=table, total_a=a, total_b=b)
    assert (refused.value.field, refused.value.message) == ("total_a", refusal)
    table.refresh_from_db()
    assert table.status != Table.Status.COMPLETE


@pytest.mark.parametrize(
    ("end", "a", "b", "english"),
    [
        (
            {"end_deals": 12},
            1700,
            1700,
            "Both totals make 3,400 in all, impossible in 12 deals: under these rules both teams "
            "together score at most 3,264. Check the sheet.",
        ),
        (
            {"end_mode": "target", "end_target": 1000},
            990,
            980,
            "Neither team reaches the 1,000 points: the game is not over. Check the sheet.",
        ),
    ],
)
def test_the_desk_says_both_refusals_next_to_the_box_in_english(
    client, organizer, make_tournament, end, a, b, english
):
    table = _table(make_tournament, "ffb-belote", overrides={"announcements": False}, **end)
    client.force_login(organizer)
    client.cookies["django_language"] = "en"
    url = reverse("tournaments:totals", args=[table.round.tournament.slug, 1, table.number])
    response = client.post(url, {"total_a": a, "total_b": b, "version": table.version})
    assert response.status_code == 422
    assert f'<ul class="errorlist" id="id_total_a_error"><li>{english}</li>' in response.text
    table.refresh_from_db()
    assert table.status != Table.Status.COMPLETE
