"""The season challenge's pure rules (tournaments/features/challenge/domain.py): points per
evening, best N of M, minimum attendance, matching players across evenings,
ranking with ties. Table-driven tests, then Hypothesis properties."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.features.challenge.domain import (
    GAMES,
    RANK,
    Evening,
    Person,
    Placing,
    Rule,
    best,
    evening_points,
    identities,
    parse_table,
    ranking,
)

SETTINGS = settings(
    database=None, deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow]
)

ANNE = Person("Anne", "Lefèvre")
BRUNO = Person("Bruno", "Bérard")
CLAIRE = Person("Claire", "Dupré")
DAVID = Person("David", "Évrard")


@pytest.mark.parametrize(
    ("placing", "rule", "size", "expected"),
    [
        (Placing(ANNE, 1, won=3), Rule(), 8, 12),
        (Placing(ANNE, 1, won=1, drawn=1, lost=1), Rule(), 8, 4 + 3 + 2),
        (Placing(ANNE, 1, won=2, byes=1), Rule(), 8, 8 + 3),
        (Placing(ANNE, 1, won=2, points_for=2400), Rule(with_points=True), 8, 8 + 2400),
        (Placing(ANNE, 1, won=2, lost=1), Rule(win=1, draw=0, loss=0, bye=0), 8, 2),
        (Placing(ANNE, 1), Rule(kind=RANK), 8, 8),
        (Placing(ANNE, 8), Rule(kind=RANK), 8, 1),
        (Placing(ANNE, 3), Rule(kind=RANK), 8, 6),
        (Placing(ANNE, 2), Rule(kind=RANK, table=(20, 17, 15)), 8, 17),
        (Placing(ANNE, 4), Rule(kind=RANK, table=(20, 17, 15)), 8, 0),
    ],
)
def test_evening_points(placing, rule, size, expected):
    assert evening_points(placing, rule, size) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("20, 17, 15", (20, 17, 15)),
        ("1er : 20 ; 2e : 17\n3e: 15", (20, 17, 15)),
        ("20\n\n17\n", (20, 17)),
        ("", ()),
    ],
)
def test_parse_table(text, expected):
    assert parse_table(text) == expected


@pytest.mark.parametrize("text", ["vingt", "1er : -3", "20, 1.5", "9999999"])
def test_parse_table_refuses(text):
    with pytest.raises(ValueError):
        parse_table(text)


@pytest.mark.parametrize(
    ("people", "same", "different"),
    [
        # Accents, case, hyphens: the same name.
        ([Person("Anne", "Lefèvre"), Person("ANNE", "lefevre")], [(0, 1)], []),
        ([Person("Jean-Pierre", "D'Artagnan"), Person("jean pierre", "D’Artagnan")], [(0, 1)], []),
        # A licence wins over the spelling of the name.
        ([Person("Anne", "Lefèvre", "FFB 12"), Person("Annie", "Lefevre", "ffb12")], [(0, 1)], []),
        # Two licences, same name: two persons.
        ([Person("Anne", "Martin", "1"), Person("Anne", "Martin", "2")], [], [(0, 1)]),
        # No licence: joins the only licensed person of that name.
        ([Person("Anne", "Martin", "1"), Person("Anne", "Martin")], [(0, 1)], []),
        # No licence, two licensed persons of that name: neither of them.
        (
            [
                Person("Anne", "Martin", "1"),
                Person("Anne", "Martin", "2"),
                Person("Anne", "Martin"),
            ],
            [],
            [(0, 2), (1, 2)],
        ),
        # First and last names are not swapped.
        ([Person("Martin", "Anne"), Person("Anne", "Martin")], [], [(0, 1)]),
    ],
)
def test_identities(people, same, different):
    keys = identities(people)
    for i, j in same:
        assert keys[i] == keys[j]
    for i, j in different:
        assert keys[i] != keys[j]


@pytest.mark.parametrize(
    ("points", "n", "expected"),
    [
        ([10, 5, 8], 2, [True, False, True]),
        ([10, 5, 8], 0, [True, True, True]),
        ([10, 5, 8], 5, [True, True, True]),
        ([5, 5, 5], 2, [True, True, False]),
        ([], 2, []),
    ],
)
def test_best(points, n, expected):
    assert best(points, n) == expected


def test_individual_ranking_across_changing_partners():
    """Anne plays with Bruno, then with Claire: she gets both teams'
    points; Bruno and Claire only the evening they played."""
    one = Evening(1, (Placing(ANNE, 1, won=3), Placing(BRUNO, 1, won=3)))
    two = Evening(
        2,
        (
            Placing(Person("anne", "LEFEVRE"), 2, won=2, lost=1),
            Placing(CLAIRE, 2, won=2, lost=1),
            Placing(DAVID, 1, won=3),
        ),
    )
    lines = ranking([one, two], Rule())
    totals = {line.person.first_name.lower(): (line.rank, line.total) for line in lines}
    assert totals == {"anne": (1, 12 + 10), "bruno": (2, 12), "david": (2, 12), "claire": (4, 10)}


def test_best_n_and_minimum_attendance():
    evenings = [
        Evening(1, (Placing(ANNE, 1, won=3), Placing(BRUNO, 2, lost=3))),
        Evening(2, (Placing(ANNE, 2, won=1, lost=2), Placing(BRUNO, 1, won=3))),
        Evening(3, (Placing(ANNE, 1, won=2, lost=1), Placing(CLAIRE, 1, won=3))),
    ]
    lines = ranking(evenings, Rule(), best_n=2, min_events=2)
    anne, bruno, claire = lines
    assert (anne.person, anne.rank, anne.total, anne.qualified) == (ANNE, 1, 22, True)
    assert [s.counted for s in anne.scores] == [True, False, True]
    assert (bruno.person, bruno.rank, bruno.total) == (BRUNO, 2, 18)
    # Claire scored as much as Bruno but played once: listed after, not qualified.
    assert (claire.person, claire.rank, claire.total, claire.qualified) == (CLAIRE, 3, 12, False)


def test_twice_in_one_evening_keeps_the_better_placing():
    evening = Evening(1, (Placing(ANNE, 1, won=3), Placing(Person("Anne", "Lefevre"), 5, lost=3)))
    [line] = ranking([evening], Rule())
    assert (line.played, line.total) == (1, 12)


# Hypothesis properties ------------------------------------------------------

NAMES = st.sampled_from([ANNE, BRUNO, CLAIRE, DAVID, Person("Éric", "Noël", "L1")])
placings = st.builds(
    Placing,
    person=NAMES,
    rank=st.integers(1, 10),
    won=st.integers(0, 5),
    drawn=st.integers(0, 2),
    lost=st.integers(0, 5),
    byes=st.integers(0, 1),
    points_for=st.integers(0, 5000),
)
rules = st.one_of(
    st.builds(
        Rule,
        kind=st.just(GAMES),
        win=st.integers(0, 10),
        draw=st.integers(0, 10),
        loss=st.integers(0, 10),
        bye=st.integers(0, 10),
        with_points=st.booleans(),
    ),
    st.builds(Rule, kind=st.just(RANK), table=st.lists(st.integers(0, 50), max_size=6).map(tuple)),
)


@st.composite
def seasons(draw):
    count = draw(st.integers(0, 6))
    return [
        Evening(key, tuple(draw(st.lists(placings, max_size=6))), size=10)
        for key in range(1, count + 1)
    ]


@SETTINGS
@given(seasons(), rules, st.integers(0, 7))
def test_best_n_never_exceeds_n(evenings, rule, n):
    for line in ranking(evenings, rule, best_n=n):
        counted = sum(s.counted for s in line.scores)
        assert counted <= n if n else counted == line.played
        assert line.total <= sum(s.points for s in line.scores)


@SETTINGS
@given(seasons(), st.lists(placings, max_size=6), rules, st.integers(0, 7))
def test_adding_an_evening_never_lowers_a_total_when_n_covers_all(evenings, extra, rule, n):
    more = [*evenings, Evening(len(evenings) + 1, tuple(extra), size=10)]
    n = n and max(n, len(more))
    before = {line.key: line.total for line in ranking(evenings, rule, best_n=n)}
    after = {line.key: line.total for line in ranking(more, rule, best_n=n)}
    for key, total in before.items():
        assert after[key] >= total


@SETTINGS
@given(seasons(), rules, st.integers(0, 3), st.integers(0, 3), st.randoms())
def test_ranking_is_deterministic(evenings, rule, n, minimum, rnd):
    lines = ranking(evenings, rule, best_n=n, min_events=minimum)
    shuffled = [
        Evening(e.key, tuple(rnd.sample(e.placings, len(e.placings))), e.size) for e in evenings
    ]
    again = ranking(shuffled, rule, best_n=n, min_events=minimum)
    assert [(ln.key, ln.rank, ln.total) for ln in lines] == [
        (ln.key, ln.rank, ln.total) for ln in again
    ]
    ranks = [ln.rank for ln in lines]
    assert ranks == sorted(ranks)
    qualified = [ln.qualified for ln in lines]
    assert qualified == sorted(qualified, reverse=True)
