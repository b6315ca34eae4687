"""The defence's card points on a contract sheet (issue 59): each side
writes its own, the two make 162 (a capot's 252 and 0), so their sum
checks every digit of both where a rounded marque cannot — the takers'
last digit under rounding, a chute's points (the defence marks 160 + the
contract whatever they are). Pure: no photo, no database; the digits'
thresholds fixed, whatever model is shipped."""

from __future__ import annotations

import pytest

import scoring
from tournaments.domain.sheet_layout import sheet_layout
from tournaments.features.sheets import display
from tournaments.features.sheets.domain import checks
from tournaments.features.sheets.domain.checks import DealRead, FieldRead, check_deal, engine_deal

# engine_free: reading a photo of a sheet (its boxes, its digits, what it
# asks) is the same code on any database, as test_reader.py's; what it asks
# the database (the table of a QR code, the photo's row, a deal recorded)
# test_desk_pile.py and test_generale_sheet.py ask in CI's PostgreSQL +
# Redis tier, so that tier would run these a second time alike.
pytestmark = pytest.mark.engine_free

COINCHE = scoring.PRESETS["ffb-coinche"]  # marques rounded to the ten
#: Made: 90 bid, 97 – 65 in card points (162).
MADE = {"taker": "A", "trump": "H", "bid": 90, "points": 97, "points_defence": 65}
#: A coinched chute: 100 bid, the takers made 40, the defence 122.
CHUTE = {"taker": "A", "trump": "S", "bid": 100, "coinche": "1", "points": 40,
         "points_defence": 122}  # fmt: skip
#: The takers' capot: no points written (the capot's box says it).
CAPOT = {"taker": "A", "trump": "C", "bid": 250, "capot": "A"}


@pytest.fixture(autouse=True)
def fixed_limits(monkeypatch):
    """The digits' model's thresholds fixed: sure 0.998, beyond 0.9998."""
    from tournaments.features.sheets.domain.digits import Calibration

    limits = Calibration(temperature=1.0, sure=0.998, beyond=0.9998, plausible=1e-6)
    monkeypatch.setattr(checks, "limits", lambda: limits)
    return limits


def boxes(value: int, doubted: dict[int, dict[int, float]] | None = None) -> FieldRead:
    """`value` read box by box: each digit at 1.0 but for the places
    `doubted` names (place → each digit's probability), every class kept."""
    doubted = doubted or {}
    classes = []
    for place, char in enumerate(str(value)):
        shares = doubted.get(place, {int(char): 1.0})
        classes.append((*(shares.get(d, 0.0) for d in range(10)), 0.0))
    first = [max(range(10), key=lambda d: box[d]) for box in classes]
    read = int("".join(str(d) for d in first))
    probabilities = tuple(box[d] for box, d in zip(classes, first, strict=True))
    sure = min(probabilities) >= 0.998
    return FieldRead(read, sure, probabilities, (-1,) * len(first), tuple(classes))


def sheet_row(
    written: dict, read: dict[str, FieldRead] | None = None, rules: scoring.Rules = COINCHE
) -> DealRead:
    """The row of `written` with the marques the engine gives it, every box
    read as written (sure, beyond doubt) but for the numbers `read` gives."""
    truth = {n: FieldRead(v, True) for n, v in written.items()}
    score = scoring.score_deal(engine_deal(truth), rules)
    numbers = {**written, "marque_a": score.a, "marque_b": score.b}
    fields = {
        name: boxes(value) if isinstance(value, int) else FieldRead(value, True)
        for name, value in numbers.items()
    }
    return DealRead(1, {**fields, **(read or {})})


#: 7 read 7 at 0.7, 6 at 0.3 (the last of two or three digits).
SEVEN_OR_SIX = {7: 0.7, 6: 0.3}


@pytest.mark.parametrize(
    ("written", "read", "asked", "reason"),
    [
        # A digit of the takers' points misread, sure: 96 and 65 do not make
        # 162 (the rounded marques are the same: 190 – 70 either way).
        (MADE, {"points": boxes(96)}, ["points", "points_defence"], "points_sum"),
        # A digit of the defence's misread: 97 and 66.
        (MADE, {"points_defence": boxes(66)}, ["points", "points_defence"], "points_sum"),
        # The takers' last digit in doubt (7 or 6: the same marques), the
        # defence's 65 read sure: only 97 adds up; nothing asked.
        (MADE, {"points": boxes(97, {1: SEVEN_OR_SIX})}, [], None),
        # Both last digits in doubt, each as the other reads it: 97 – 65 and
        # 96 – 66 both add up (one hand misreads alike): the points asked.
        (MADE, {"points": boxes(97, {1: SEVEN_OR_SIX}),
                "points_defence": boxes(65, {1: {5: 0.7, 6: 0.3}})}, ["points"], "unsure"),
        # A coinched chute: 10 read for 40 gives the same marques (the
        # defence 160 + 100, doubled); 10 and 122 do not make 162.
        (CHUTE, {"points": boxes(10)}, ["points", "points_defence"], "points_sum"),
        # The 4 of 40 in doubt (a 1?): the defence's 122, read sure, says 40.
        (CHUTE, {"points": boxes(40, {0: {4: 0.7, 1: 0.3}})}, [], None),
        # A capot: nothing written in either; or its 0 for the defence.
        (CAPOT, {}, [], None),
        (CAPOT, {"points_defence": boxes(0)}, [], None),
        # 162 for the defence beside the takers' capot: not the capot's 0.
        (CAPOT, {"points_defence": boxes(162)}, ["points_defence"], "points_sum"),
    ],
    ids=["takers-misread", "defence-misread", "last-digit-checked", "both-in-doubt",
         "chute-misread", "chute-checked", "capot-blank", "capot-zero", "capot-162"],
)  # fmt: skip
def test_the_two_sides_points_check_each_other(written, read, asked, reason):
    row = sheet_row(written, read)
    check_deal(row, COINCHE, (0, 0), 0)
    assert sorted(row.asked) == sorted(asked)
    if reason:
        assert reason in row.reasons
    assert "rounding_hides_digit" not in row.why.values() or reason == "unsure"


#: The defence's capot: the takers write nothing, the defence 252 or nothing.
DEFENCE_CAPOT = {"taker": "A", "trump": "H", "bid": 90, "capot": "B"}
#: La générale made by the takers (B): a capot, the defence's 0.
WITH_GENERALE = scoring.Rules.from_preset("ffb-coinche", generale="contract")
GENERALE = {"taker": "B", "trump": "S", "bid": 500, "capot": "B", "generale": "alone"}


@pytest.mark.parametrize(
    ("written", "read", "asked", "reason"),
    [
        # The defence's capot: 252 adds up, 250 (a capot bid's) does not.
        (DEFENCE_CAPOT, {"points_defence": boxes(252)}, [], None),
        (DEFENCE_CAPOT, {"points_defence": boxes(250)}, ["points_defence"], "points_sum"),
        # La générale: the defence's 0 adds up; 162 does not.
        (GENERALE, {"points_defence": boxes(0)}, [], None),
        (GENERALE, {"points_defence": boxes(162)}, ["points_defence"], "points_sum"),
        # Points read beside the takers' capot, their last digit in doubt:
        # the capot's 0 checks nothing of them (any points add up).
        (CAPOT, {"points": boxes(97, {1: SEVEN_OR_SIX}), "points_defence": boxes(0)},
         ["points"], "rounding_hides_digit"),
        # The defence's 5 read sure but not beyond doubt (6 at 0.002), the
        # takers' 7 or 6: 96 – 66 stays a rival, the points asked.
        (MADE, {"points": boxes(97, {1: {7: 0.6, 6: 0.4}}),
                "points_defence": boxes(65, {1: {5: 0.998, 6: 0.002}})},
         ["points"], "rounding_hides_digit"),
        # The takers' 7 sure but not beyond doubt, the defence's 5 at 0.95:
        # 96 – 66 is 5 × 10⁻⁵ of the best, over (1 − beyond) / 10: asked.
        (MADE, {"points": boxes(97, {1: {7: 0.999, 6: 0.001}}),
                "points_defence": boxes(65, {1: {5: 0.95, 6: 0.05}})},
         ["points"], "rounding_hides_digit"),
        # Both sure but not beyond doubt (0.999): 96 – 66 needs both misread,
        # 10⁻⁶ of the best, under (1 − beyond) / 10: the sum settles them.
        (MADE, {"points": boxes(97, {1: {7: 0.999, 6: 0.001}}),
                "points_defence": boxes(65, {1: {5: 0.999, 6: 0.001}})}, [], None),
        # A chute, the tens of both in doubt alike (40 – 122 or 50 – 112).
        (CHUTE, {"points": boxes(40, {0: {4: 0.7, 5: 0.3}}),
                 "points_defence": boxes(122, {1: {2: 0.7, 1: 0.3}})}, ["points"], "unsure"),
        # The defence sure, the bid's tens in doubt: the marques check it.
        (MADE, {"bid": boxes(90, {0: {9: 0.7, 8: 0.3}})}, [], None),
    ],
    ids=["defence-capot-252", "defence-capot-250", "generale-zero", "generale-162",
         "points-beside-capot", "defence-sure-not-beyond", "takers-sure-not-beyond",
         "both-sure-not-beyond",
         "chute-both-in-doubt", "bid-in-doubt"],
)  # fmt: skip
def test_what_the_sum_cannot_check_is_still_asked(written, read, asked, reason):
    """Review (rev9): the edges where a digit could pass unasked — a
    capot's 252 or 0, la générale, a defence read sure but not beyond
    doubt, both in doubt alike — ask what the sum does not settle; two
    boxes read sure that the sum checks are settled by it (settle.OUTWEIGHED)."""
    rules = WITH_GENERALE if "generale" in written else COINCHE
    row = sheet_row(written, read, rules)
    check_deal(row, rules, (0, 0), 0)
    assert sorted(row.asked) == sorted(asked)
    if reason:
        assert reason in row.reasons


def test_without_the_defences_points_the_rounding_still_asks_the_last_digit():
    """A sheet whose defence left its box blank reads as before: the marque
    rounded to the ten cannot tell 97 from 96."""
    row = sheet_row(MADE, {"points": boxes(97, {1: SEVEN_OR_SIX})})
    del row.fields["points_defence"]
    check_deal(row, COINCHE, (0, 0), 0)
    assert row.asked == ["points"] and "rounding_hides_digit" in row.reasons


def test_the_sum_not_made_is_said_in_plain_words():
    row = sheet_row(MADE, {"points_defence": boxes(66)})
    check_deal(row, COINCHE, (0, 0), 0)
    fields = {name: {"value": f.value, "sure": f.sure} for name, f in row.fields.items()}
    said = display.reasons_said(row.reasons, row.asked, fields, list(row.marques or ()))
    assert said == ["points lus 97 pour les preneurs et 66 pour la défense : ils ne font pas 162"]


@pytest.mark.parametrize(
    ("preset", "printed"),
    [
        ("ffb-belote", True),
        ("ffb-coinche", True),
        ("contree-faits", True),
        ("ffb-coinche générale", False),  # 4.07 mm with them: under MIN_SUMMED
    ],
)
def test_the_sheet_prints_the_defences_points_beside_the_takers_where_they_fit(preset, printed):
    name, _, crowded = preset.partition(" ")
    options = {"generale": "contract", "sa_ta": True} if crowded else {}
    rules = scoring.Rules.from_preset(name, **options)
    names = [field.name for field in sheet_layout(rules, 12).columns]
    assert ("points_defence" in names) == printed
    if printed:
        assert names[names.index("points") + 1] == "points_defence"


@pytest.mark.django_db
def test_a_sheet_printed_before_the_defences_points_is_refused_with_its_sentence(
    make_tournament, monkeypatch
):
    """A coinche sheet printed before (no « Points défense » column: another
    layout, another fingerprint in its QR code) is not read with the boxes
    of the new one: refused as printed under other rules, as any sheet
    whose layout changed."""
    from tests.tournaments.features.sheets.builders import kind_table, photo_of
    from tournaments.domain import sheet_layout as layouts
    from tournaments.features.sheets import queries
    from tournaments.features.sheets.domain.reader import Refused

    table = kind_table(make_tournament, "mêlée")
    now = layouts.field_kinds

    def before(rules, rows, to_target=False):  # the columns as printed until now
        return [field for field in now(rules, rows, to_target) if field[0] != "points_defence"]

    monkeypatch.setattr(layouts, "field_kinds", before)
    rows = {1: {"taker": ("A",), "trump": ("H",), "bid": "90", "points": "97",
                "marque_a": "190", "marque_b": "70"}}  # fmt: skip
    old = photo_of(table, rows, seed=23)
    monkeypatch.setattr(layouts, "field_kinds", now)
    with pytest.raises(Refused) as refused:
        queries.read_sheet(old, tournament=table.round.tournament)
    assert refused.value.code == "other_layout"
    assert display.refusal("other_layout", {}).startswith(
        "Cette feuille a été imprimée avec d'autres règles"
    )
    # The same sheet printed now is read, its defence's points with it.
    rows[1]["points_defence"] = "65"
    read = queries.read_sheet(photo_of(table, rows, seed=23), tournament=table.round.tournament)
    assert read.read.deals[0].fields["points_defence"].value == 65


def test_a_defence_in_doubt_checks_nothing_where_the_rows_readings_are_not_tried():
    """A box to cross in doubt (the trump) keeps the row from being settled
    by its readings (settle.py). The takers' last digit read sure but not
    beyond doubt (7, a 6 at 0.001), the defence's in doubt (5 or 6): a
    defence in doubt checks nothing, so the rounding still asks the takers'
    points, not only the defence's (without the defence's digits read sure
    as a condition, 97 – 65 waived the rounding's question)."""
    row = sheet_row(MADE, {
        "trump": FieldRead("H", False),
        "points": boxes(97, {1: {7: 0.999, 6: 0.001}}),
        "points_defence": boxes(65, {1: {5: 0.7, 6: 0.3}}),
    })  # fmt: skip
    check_deal(row, COINCHE, (0, 0), 0)
    assert row.why.get("points") == "rounding_hides_digit"
