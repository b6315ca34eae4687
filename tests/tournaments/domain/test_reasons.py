"""Why each table of a draw is what it is (tournaments/domain/reasons.py):
one reason a table for every kind of draw, one for the exempt team, and the
two tables changed by hand. Pure: no database, no Django."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.domain import pairing
from tournaments.domain.pools import round_tables_of_pools
from tournaments.domain.reasons import (
    REASON_KINDS,
    Reason,
    explain_pools,
    explain_random,
    explain_ranking,
    explain_rotation,
    random_line,
    swap_reasons,
)

PROPERTY = settings(max_examples=150, deadline=None, database=None)


def met(*pairs: tuple[int, int]) -> set[frozenset[int]]:
    return {frozenset(pair) for pair in pairs}


@pytest.mark.parametrize(
    ("ranking", "played", "byes", "tables", "bye"),
    [
        # 1–2, 3–4: the plain pairing.
        ([1, 2, 3, 4], set(), {}, [("ranking", (1, 2)), ("ranking", (3, 4))], None),
        # 1 and 2 met: 1–3 and 2–4, both because of that rematch.
        (
            [1, 2, 3, 4],
            met((1, 2)),
            {},
            [("ranking_moved", (1, 3, 1, 2)), ("ranking_moved", (2, 4, 1, 2))],
            None,
        ),
        # The leader met the 2nd and the 3rd: « 2e contre 3e : le 1er a déjà
        # rencontré le 2e »; the last table stays plain.
        (
            [1, 2, 3, 4, 5, 6],
            met((1, 2), (1, 3)),
            {},
            [
                ("ranking_moved", (1, 4, 1, 2)),
                ("ranking_moved", (2, 3, 1, 2)),
                ("ranking", (5, 6)),
            ],
            None,
        ),
        # Two teams that met have no one else: the rematch is forced.
        ([1, 2], met((1, 2)), {}, [("ranking_rematch", (1, 2))], None),
        # Five teams: the last exempt, none exempt before.
        ([1, 2, 3, 4, 5], set(), {}, [("ranking", (1, 2)), ("ranking", (3, 4))], (0,)),
        # The last had its bye: the 4th, among those without one, is exempt.
        ([1, 2, 3, 4, 5], set(), {5: 1}, [("ranking", (1, 2)), ("ranking", (3, 5))], (0,)),
        # Everyone had a bye once: the last again, among the least exempted.
        (
            [1, 2, 3],
            set(),
            {1: 1, 2: 1, 3: 1},
            [("ranking", (1, 2))],
            (1,),
        ),
    ],
)
def test_a_draw_by_ranking_says_the_ranks_and_the_rematch_that_moved_them(
    ranking, played, byes, tables, bye
):
    draw = pairing.draw_by_ranking(ranking, played=played, byes=byes)
    why = explain_ranking(draw, ranking, played=played, byes=byes)
    assert [(r.kind, r.numbers) for r in why.tables] == tables
    assert why.bye == (Reason("bye_ranking", bye) if bye is not None else None)


def test_a_random_draw_says_tirage_au_sort_then_the_rematch_it_avoided():
    teams = [1, 2, 3, 4, 5, 6]
    draw = pairing.draw_random(teams, seed=7)
    why = explain_random(draw, teams, seed=7, played=set(), byes={})
    assert [r.kind for r in why.tables] == ["random"] * 3 and why.bye is None
    line = random_line(teams, 7)
    played = met((line[0], line[1]))  # the first two drawn already met
    draw = pairing.draw_random(teams, seed=7, played=played)
    why = explain_random(draw, teams, seed=7, played=played, byes={})
    assert Reason("random_moved", (1, 2)) in why.tables
    assert all(r.kind in ("random", "random_moved") for r in why.tables)


def test_a_random_draw_with_an_odd_count_says_why_the_exempt_team_is():
    teams = [1, 2, 3, 4, 5]
    draw = pairing.draw_random(teams, seed=3, byes={})
    why = explain_random(draw, teams, seed=3, played=set(), byes={})
    assert draw.bye == random_line(teams, 3)[-1]
    assert why.bye == Reason("bye_random", (0,))


@pytest.mark.parametrize(
    ("previous", "teams", "expected"),
    [
        # Everyone stays: North/South keep their table, East/West come from the one before.
        (
            [(1, 2), (3, 4), (5, 6)],
            [1, 2, 3, 4, 5, 6],
            [("rotation", (3,)), ("rotation", (1,)), ("rotation", (2,))],
        ),
        # The first partie by rotation.
        ([], [1, 2, 3, 4], [("rotation_first", ()), ("rotation_first", ())]),
        # Team 4 is absent and team 5 arrives: its seat is refilled.
        ([(1, 2), (3, 4)], [1, 2, 3, 5], [("rotation_filled", ()), ("rotation", (1,))]),
    ],
)
def test_a_rotation_says_east_west_moved_on_or_a_seat_was_refilled(previous, teams, expected):
    draw = pairing.draw_rotation(previous, teams, byes={}, order=teams)
    why = explain_rotation(draw, previous, byes={})
    assert [(r.kind, r.numbers) for r in why.tables] == expected


def test_pools_say_the_pool_and_the_match_and_why_a_team_rests():
    seats = [[1, 2, 3, 4], [5, 6, 7]]
    tables, byes = round_tables_of_pools(seats, 1)
    why, why_bye = explain_pools(seats, 1, tables, byes)
    assert [(r.kind, r.numbers) for r in why] == [
        ("pool", (1, 1)),
        ("pool", (1, 2)),
        ("pool", (2, 1)),
    ]
    assert why_bye == (Reason("bye_pool", (2,)),)
    tables, _ = round_tables_of_pools(seats, 2)
    why, _ = explain_pools(seats, 2, tables, ())
    assert [r.numbers for r in why][:2] == [(1, 3), (1, 4)]
    # Team 4 absent at partie 1: team 1 rests, its opponent being away.
    why, why_bye = explain_pools(seats, 1, [(2, 3), (6, 7)], [5, 1])
    assert why_bye == (Reason("bye_pool", (2,)), Reason("bye_pool_absent", (1,)))


def test_the_two_tables_changed_by_hand_say_which_team_came_in():
    before = [Reason("ranking", (1, 2)), Reason("ranking", (3, 4)), Reason("bye_ranking", (0,))]
    after = swap_reasons([(1, 2), (3, 4), (5, None)], before, 1, 5, {1: 11, 5: 15})
    assert after == [Reason("swap", (15, 11)), before[1], Reason("swap", (11, 15))]


def test_a_reason_reads_back_what_it_wrote_and_nothing_else():
    reason = Reason("ranking_moved", (2, 3, 1, 2))
    assert Reason.from_json(reason.to_json()) == reason
    for junk in (None, {}, {"kind": "coin"}, {"kind": "ranking", "numbers": ["1"]}, "random"):
        assert Reason.from_json(junk) is None
    with pytest.raises(ValueError):
        Reason("coin")


@PROPERTY
@given(
    count=st.integers(min_value=2, max_value=16),
    seed=st.integers(min_value=0, max_value=2**31 - 1),
    density=st.floats(min_value=0, max_value=1),
    kind=st.sampled_from(["random", "ranking", "rotation"]),
)
def test_every_table_of_a_generated_draw_has_a_reason(count, seed, density, kind):
    import random

    rng = random.Random(seed)
    teams = list(range(1, count + 1))
    played = {
        frozenset((a, b)) for a in teams for b in teams if a < b and rng.random() < density / 2
    }
    byes = {team: rng.randrange(2) for team in teams}
    if kind == "random":
        draw = pairing.draw_random(teams, seed=seed, played=played, byes=byes)
        why = explain_random(draw, teams, seed=seed, played=played, byes=byes)
    elif kind == "ranking":
        rng.shuffle(teams)
        draw = pairing.draw_by_ranking(teams, played=played, byes=byes)
        why = explain_ranking(draw, teams, played=played, byes=byes)
    else:
        previous = [(teams[i], teams[i + 1]) for i in range(0, count - 1, 2)][: rng.randrange(4)]
        draw = pairing.draw_rotation(previous, teams, byes=byes, order=teams)
        why = explain_rotation(draw, previous, byes=byes)
    assert len(why.tables) == len(draw.tables)
    assert all(r.kind in REASON_KINDS for r in why.tables)
    assert (why.bye is None) == (draw.bye is None)
    for (a, b), reason in zip(draw.tables, why.tables, strict=True):
        rematch = frozenset((a, b)) in played
        assert reason.kind.endswith("_rematch") == (rematch and kind != "rotation")
