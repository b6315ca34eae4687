"""Who takes which lot (tournaments/domain/prizes.py): each rule on a table of
cases, then the properties every allocation keeps, and the typed list."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain import prizes
from tournaments.domain.prizes import BY_RANK, EVERY, TOP, Lot, Placed, allocate, parse_lots

HAM = Lot(1, "Jambon")
DUCKS = Lot(2, "Canard", quantity=2)
BOTTLES = Lot(3, "Bouteille", quantity=3)
LANTERN = Lot(9, "Lanterne rouge", last=True)


def ranking(*ranks: int) -> list[Placed]:
    """Entrants 1, 2, 3… with the ranks given, in that order."""
    return [Placed(entrant=i, rank=r) for i, r in enumerate(ranks, start=1)]


def names(allocation: prizes.Allocation) -> list[str]:
    return [a.lot.name if a.lot else "" for a in allocation.awards]


@pytest.mark.parametrize(
    ("ranks", "lots", "rule", "top", "expected"),
    [
        # By rank: the list read in order, each lot as often as its quantity.
        ((1, 2, 3, 4), [HAM, DUCKS], BY_RANK, None, ["Jambon", "Canard", "Canard", ""]),
        ((1, 2, 3, 4, 5, 6, 7), [HAM, DUCKS, BOTTLES], BY_RANK, None, [
            "Jambon", "Canard", "Canard", "Bouteille", "Bouteille", "Bouteille", "",
        ]),
        # More lots than entrants: the last ones are left.
        ((1, 2), [HAM, DUCKS, BOTTLES], BY_RANK, None, ["Jambon", "Canard"]),
        # Tied entrants take lots in the order the ranking lists them.
        ((1, 1, 3), [HAM, DUCKS], BY_RANK, None, ["Jambon", "Canard", "Canard"]),
        ((1, 2, 2, 4), [HAM, Lot(5, "Oie")], BY_RANK, None, ["Jambon", "Oie", "", ""]),
        # Every team primed: one lot each while there are enough.
        ((1, 2, 3), [HAM, DUCKS], EVERY, None, ["Jambon", "Canard", "Canard"]),
        ((1, 2, 3, 4), [HAM, DUCKS], EVERY, None, ["Jambon", "Canard", "Canard", ""]),
        # Top N: the first N only, whatever is left.
        ((1, 2, 3, 4), [HAM, DUCKS, BOTTLES], TOP, 2, ["Jambon", "Canard", "", ""]),
        ((1, 2, 3), [HAM], TOP, 3, ["Jambon", "", ""]),
        ((1, 2, 3), [HAM], TOP, 0, ["", "", ""]),
        # The lanterne rouge goes to the last, who then takes nothing else.
        ((1, 2, 3), [HAM, DUCKS, LANTERN], BY_RANK, None, ["Jambon", "Canard", "Lanterne rouge"]),
        ((1, 2, 3), [LANTERN, HAM, DUCKS, BOTTLES], EVERY, None, [
            "Jambon", "Canard", "Lanterne rouge",
        ]),
        ((1, 2, 3, 4), [HAM, LANTERN], TOP, 1, ["Jambon", "", "", "Lanterne rouge"]),
        # Two consolations go to the last two, from the bottom up.
        ((1, 2, 3), [HAM, Lot(8, "Consolation", 2, last=True)], BY_RANK, None, [
            "Jambon", "Consolation", "Consolation",
        ]),
        # A single entrant: the lanterne rouge comes first.
        ((1,), [HAM, LANTERN], BY_RANK, None, ["Lanterne rouge"]),
        ((), [HAM, LANTERN], EVERY, None, []),
    ],
)  # fmt: skip
def test_each_rule_gives_the_lots_of_the_table(ranks, lots, rule, top, expected):
    assert names(allocate(ranking(*ranks), lots, rule=rule, top=top)) == expected


def test_every_team_primed_says_how_many_lots_are_missing():
    assert allocate(ranking(1, 2, 3, 4), [HAM, DUCKS], rule=EVERY).missing == 1
    assert allocate(ranking(1, 2, 3), [HAM, DUCKS], rule=EVERY).missing == 0
    assert allocate(ranking(1, 2, 3, 4), [HAM, DUCKS], rule=BY_RANK).missing == 0


def test_lots_not_given_are_counted():
    allocation = allocate(ranking(1, 2), [HAM, DUCKS, BOTTLES])
    assert [(lot.name, n) for lot, n in allocation.left] == [("Canard", 1), ("Bouteille", 3)]


@pytest.mark.parametrize(
    ("ranks", "lots", "split"),
    [
        ((1, 1, 3), [HAM, DUCKS], (1,)),  # a ham and a duck for two firsts
        ((1, 2, 2), [HAM, DUCKS], ()),  # both seconds take a duck
        ((1, 2, 2), [HAM, Lot(5, "Oie")], (2,)),  # a goose for one second only
        ((1, 2, 3), [HAM], ()),
    ],
)
def test_tied_entrants_with_different_lots_are_flagged(ranks, lots, split):
    assert allocate(ranking(*ranks), lots).split_ties == split


def test_a_withdrawn_entrant_keeps_its_place_but_takes_no_lot():
    placed = [Placed(1, 1), Placed(2, 2, eligible=False), Placed(3, 3)]
    allocation = allocate(placed, [HAM, DUCKS, LANTERN], rule=EVERY)
    assert names(allocation) == ["Jambon", "", "Lanterne rouge"]
    assert allocation.missing == 0


def test_a_swap_exchanges_two_entrants_lots():
    allocation = allocate(ranking(1, 2, 3), [HAM, DUCKS], swaps=[(1, 3)])
    assert names(allocation) == ["Canard", "Canard", "Jambon"]
    assert [a.swapped for a in allocation.awards] == [True, False, True]


def test_a_swap_can_give_a_lot_to_an_entrant_without_one():
    allocation = allocate(ranking(1, 2, 3), [HAM], swaps=[(1, 2)])
    assert names(allocation) == ["", "Jambon", ""]


def test_swaps_apply_in_order_and_a_stranger_is_ignored():
    allocation = allocate(ranking(1, 2, 3), [HAM, DUCKS], swaps=[(1, 2), (2, 3), (1, 99), (2, 2)])
    assert names(allocation) == ["Canard", "Canard", "Jambon"]
    assert allocation.ignored_swaps == ((1, 99), (2, 2))


@pytest.mark.parametrize(
    ("kwargs", "lots"),
    [
        ({"rule": "lottery"}, [HAM]),
        ({"rule": TOP}, [HAM]),
        ({"rule": TOP, "top": -1}, [HAM]),
        ({}, [Lot(1, "Rien", quantity=0)]),
        ({}, [HAM, Lot(1, "Double")]),
    ],
)
def test_bad_input_is_refused(kwargs, lots):
    with pytest.raises(ValueError):
        allocate(ranking(1, 2), lots, **kwargs)


# --- Properties -----------------------------------------------------------------


@st.composite
def rankings(draw) -> list[Placed]:
    """A ranking as `standings.rank` gives one: ranks that never go down,
    equal ranks for ties, a rank equal to the place where a run of ties
    starts; some entrants not eligible."""
    count = draw(st.integers(0, 14))
    tied = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    eligible = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    entrants = draw(st.permutations(range(100, 100 + count)))
    placed = []
    for i in range(count):
        rank = placed[-1].rank if i and tied[i] else i + 1
        placed.append(Placed(entrants[i], rank, eligible[i] or draw(st.booleans())))
    return placed


@st.composite
def lot_lists(draw) -> list[Lot]:
    count = draw(st.integers(0, 6))
    return [
        Lot(key, f"lot {key}", draw(st.integers(1, 4)), last=draw(st.integers(0, 5)) == 0)
        for key in range(count)
    ]


RULE_CHOICES = st.sampled_from([(BY_RANK, None), (EVERY, None), (TOP, 0), (TOP, 2), (TOP, 9)])


@given(rankings(), lot_lists(), RULE_CHOICES)
def test_every_lot_is_given_at_most_its_quantity(ranked, lots, choice):
    rule, top = choice
    allocation = allocate(ranked, lots, rule=rule, top=top)
    used = Counter(a.lot.key for a in allocation.awards if a.lot)
    for lot in lots:
        assert used[lot.key] <= lot.quantity
    left = dict((lot.key, n) for lot, n in allocation.left)
    assert all(used[lot.key] + left.get(lot.key, 0) == lot.quantity for lot in lots)


@given(rankings(), lot_lists(), RULE_CHOICES)
def test_each_entrant_takes_at_most_one_lot_of_a_list(ranked, lots, choice):
    rule, top = choice
    allocation = allocate(ranked, lots, rule=rule, top=top)
    assert [a.entrant for a in allocation.awards] == [p.entrant for p in ranked]
    for placed, award in zip(ranked, allocation.awards, strict=True):
        if not placed.eligible:
            assert award.lot is None


@given(rankings(), lot_lists())
def test_every_team_is_primed_when_there_are_enough_lots(ranked, lots):
    allocation = allocate(ranked, lots, rule=EVERY)
    eligible = [p for p in ranked if p.eligible]
    enough = sum(lot.quantity for lot in lots) >= len(eligible)
    if enough:
        assert allocation.missing == 0
        assert all(a.lot for a, p in zip(allocation.awards, ranked, strict=True) if p.eligible)
    else:
        assert allocation.missing == len(eligible) - allocation.given


@given(rankings(), lot_lists(), RULE_CHOICES)
def test_lots_follow_the_ranking_order_ties_included(ranked, lots, choice):
    """Down the ranking, the lots by rank come in the list's order: of two
    tied entrants, the one listed first never takes a later lot. The same
    input always gives the same allocation."""
    rule, top = choice
    allocation = allocate(ranked, lots, rule=rule, top=top)
    assert allocation == allocate(list(ranked), list(lots), rule=rule, top=top)
    order = {lot.key: i for i, lot in enumerate(lots)}
    positions = [order[a.lot.key] for a in allocation.awards if a.lot and not a.lot.last]
    assert positions == sorted(positions)
    if rule == TOP:
        assert len(positions) <= top


@given(rankings(), lot_lists(), st.data())
def test_swaps_move_lots_without_creating_or_losing_any(ranked, lots, data):
    entrants = [p.entrant for p in ranked] or [1]
    pairs = data.draw(st.lists(st.tuples(st.sampled_from(entrants), st.sampled_from(entrants))))
    plain = allocate(ranked, lots)
    swapped = allocate(ranked, lots, swaps=pairs)
    assert Counter(a.lot for a in plain.awards) == Counter(a.lot for a in swapped.awards)


# --- The list as typed ----------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "name", "quantity", "value"),
    [
        ("Jambon", "Jambon", 1, None),
        ("Jambon ; 60 €", "Jambon", 1, Decimal(60)),
        ("2 × Canard gras — 35 €", "Canard gras", 2, Decimal(35)),
        ("10 x Bouteille de vin", "Bouteille de vin", 10, None),
        ("3x Filet garni : 12,50 euros", "Filet garni", 3, Decimal("12.50")),
        ("4 * Bouteille de champagne (25 €)", "Bouteille de champagne", 4, Decimal(25)),
        ("Cochon - 150", "Cochon", 1, Decimal(150)),
        # Without its sign a number stays in the name.
        ("3 bouteilles de vin", "3 bouteilles de vin", 1, None),
        ("Bon d'achat de 50 €", "Bon d'achat de 50 €", 1, None),
        ("Bouteille (75 cl)", "Bouteille (75 cl)", 1, None),
        ("   Lanterne   rouge  ", "Lanterne rouge", 1, None),
    ],
)
def test_a_typed_line_is_read(line, name, quantity, value):
    lots, errors = parse_lots(line)
    assert errors == []
    assert [(lot.name, lot.quantity, lot.value) for lot in lots] == [(name, quantity, value)]


@pytest.mark.parametrize(
    ("text", "line", "code"),
    [
        ("Jambon\n\n0 × Canard", 3, prizes.QUANTITY),
        ("2 x ; 35 €", 1, prizes.NO_NAME),
        ("Lot " + "x" * 130, 1, prizes.NAME_TOO_LONG),
        ("Voiture ; 250000 €", 1, prizes.VALUE),
        ("\n".join(["Lot"] * (prizes.MAX_LINES + 1)), prizes.MAX_LINES + 1, prizes.TOO_MANY),
    ],
)
def test_a_faulty_line_is_named_by_its_number(text, line, code):
    _, errors = parse_lots(text)
    assert (errors[0].line, errors[0].code) == (line, code)


@given(
    st.lists(
        st.text(
            alphabet=st.sampled_from("ab é'0123456789x×*;:-–—()€,.e"),
            max_size=30,
        ),
        max_size=5,
    )
)
def test_a_list_written_back_reads_the_same(lines):
    """What the box shows again after a save is read as what was saved."""
    lots, _ = parse_lots("\n".join(lines))
    written = "\n".join(prizes.lot_line(lot.name, lot.quantity, lot.value) for lot in lots)
    again, errors = parse_lots(written)
    assert errors == []
    assert [(a.name, a.quantity, a.value) for a in again] == [
        (lot.name, lot.quantity, lot.value) for lot in lots
    ]


def test_a_holder_of_another_lists_lot_is_passed_over_down_the_ranking():
    """« Les lots ne se cumulent pas »: entrant 4, the lanterne rouge of the
    general ranking, leaves the women's lots to 2 and 3."""
    women = [Placed(2, 1), Placed(4, 2), Placed(3, 3)]
    flowers, chocolates = Lot(5, "Fleurs"), Lot(6, "Chocolats")
    assert names(allocate(women, [flowers, chocolates])) == ["Fleurs", "Chocolats", ""]
    held = allocate(women, [flowers, chocolates], holders={4})
    assert names(held) == ["Fleurs", "", "Chocolats"]
    assert held.split_ties == ()
