"""Every deal read, checked by the rules before anyone sees it (issue 55,
item 4), and what the desk must be asked.

A deal's row as read (`FieldRead` per field) becomes the engine's deal
(SPEC §8) and is scored under the concours's profile. It is « à vérifier »
— its `reasons` say why, its `asked` says which fields — when:

- a field was read unsure (a digit the network doubts, a box half inked,
  two boxes crossed for one choice, a gap inside a number), or a box of
  it washed out on the photo (« washed ») or holding only ink from
  elsewhere (« stray »: a correction written above the row below), or
  the number struck out (« struck »: strikes.py): never settled nor
  confirmed;
- the engine refuses it (card points that cannot add up to 162, or 252
  without a capot; a coinche without a bid; points with no taker…);
- a marque written differs from the one the engine computes;
- a running total written differs from the previous one plus the marque;
- a marque is not written (nothing then checks the points, nor a number
  not read beyond doubt that only it depends on; the other one still does);
- the takers' and the defence's card points, both written (a contract
  sheet), do not make 162 or a capot's 252 and 0 (`points_sum`);
- under a rounding profile, the points' last digit is not read beyond
  doubt (a marque rounded to the ten cannot tell 97 from 96), unless the
  defence's points, read sure, add up with them;
- the marques check, but a number's digit not read beyond doubt could be
  another digit with the same marques (`could_be_other`): what the rules
  cannot check — a chute's card points, a bid whose marques do not depend
  on it, an announcement — is asked unless every digit of it is beyond
  doubt.

A row settled by the rules and the probabilities together (settle.py)
asks only the numbers its readings that fit disagree on; a box of the deal
asked, its marques and totals in doubt are not asked beside it (the desk
records the deal's boxes and computes the marques and totals: the box's
answer picks the reading).

So a number read wrong passes unasked only if the network was beyond
doubt on a wrong digit, or sure of one *and* the rules found nothing to
say: the marque, the total and the points read wrong together, the same
way. « Sure » and « beyond doubt » are the digits' model's calibrated
thresholds (digits.calibration: fewer than one sure-but-wrong digit in
10,000 on hands it never trained on; none wrong beyond doubt there).
What the rules decide is filled in (`values`, the desk grid's Deal
fields): the defence's points from the takers' (162 − them, a capot's 0).

Pure: plain values in and out. Must not: read an image or a database.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import TYPE_CHECKING

import scoring
from tournaments.features.sheets.domain.belotes import count_belotes, count_in_doubt
from tournaments.features.sheets.domain.marques import (
    defence_points,
    fits,
    given_by_rules,
    grid_values,
    pattern,
    scored,
    with_pot,
)
from tournaments.features.sheets.domain.rows import (
    INPUTS,
    UNSEEN,
    DealRead,
    FieldRead,
    engine_deal,
    marque_inputs,
)

if TYPE_CHECKING:
    from tournaments.features.sheets.domain import digits, settle

__all__ = ["INPUTS", "DealRead", "FieldRead", "check_deal", "engine_deal"]

#: The engine's error codes → the fields of the row that may be at fault.
AT_FAULT = {
    "taker": ("taker",),
    "trump": ("trump",),
    "bid": ("bid", "coinche"),
    "coinche": ("coinche", "bid"),
    "capot": ("capot", "generale", "points"),
    "points": ("points", "points_defence", "capot"),
    "belote": ("belote", "trump"),
    "announcement": ("announce_a", "announce_b"),
    "json": ("taker",),
}


def check_deal(
    read: DealRead,
    rules: scoring.Rules,
    before: tuple[int, int] | None,
    pot: int,
    previous: DealRead | None = None,
) -> tuple[int, int] | None:
    """Check `read` under `rules` after the running totals `before` (None:
    not known; then those written on the `previous` row may be tried) with
    `pot` pending; fill its `asked`, `reasons`, `values` and `marques`.
    Returns the running totals after it (None: not known)."""
    count_belotes(read, rules, pot)
    for flag in UNSEEN:  # what the photo does not show as written
        if flagged := [name for name, f in read.fields.items() if getattr(f, flag)]:
            read.ask(flag, *flagged)
    unsure = [name for name, field_read in read.fields.items() if not field_read.sure]
    settled = _settled(read, rules, before, pot, unsure, previous)
    if settled is None and unsure:  # at tout atout, a cross may be two belotes

        def settles(trial: DealRead) -> bool:
            return _settled(trial, rules, before, pot, unsure, previous) is not None

        if count_in_doubt(read, settles):
            settled = _settled(read, rules, before, pot, unsure, previous)
    if settled is not None:
        after = _check(read, rules, before, pot, settled=True)
        left = [n for n in unsure if not read.fields[n].sure and n not in read.asked]
        if _beside_a_cell(settled):  # a total with nothing known before it to follow
            left = [n for n in left if n not in EVIDENCE]
        if left:
            read.ask("unsure", *left)
        doubted = settled.doubtful | set(read.asked)
        return after if not {"marque_a", "marque_b"} & doubted else _shown(read)
    after = _check(read, rules, before, pot)
    # A total that does not follow is asked on its own (a player's addition,
    # or the total misread): the rest of the row is still settled by its
    # marques.
    others = [reason for reason in read.reasons if reason != "total"]
    if unsure:
        confirmed = set() if others else _confirmed(read, rules, pot, unsure, before)
        left = [n for n in unsure if n not in confirmed and not read.fields[n].unseen]
        if left:
            read.ask("unsure", *left)
    if read.marques is not None and not others:
        for name in INPUTS:
            if name in read.fields and _could_be_other(read, rules, pot, name):
                read.ask("could_be_other", name)
    return after if set(read.why.values()) <= {"total", "could_be_other"} else _shown(read)


#: What is written on the sheet only to check the deal: the desk records
#: the deal's boxes and computes its marques and totals, and the defence's
#: card points (forms.CELL_OF_FIELD).
EVIDENCE = ("marque_a", "marque_b", "total_a", "total_b", "points_defence")


def _shown(read: DealRead) -> tuple[int, int] | None:
    """The running totals after a row whose marques are asked: as written
    when read sure, else not known (not the marques as read plus the totals
    before: a digit misread there would make every total after it wrong)."""
    totals = [read.fields.get(f"total_{s}") for s in "ab"]
    if all(t is not None and t.sure and t.value is not None for t in totals):
        return totals[0].value, totals[1].value  # type: ignore[union-attr]
    return None


def _settled(
    read: DealRead,
    rules: scoring.Rules,
    before: tuple[int, int] | None,
    pot: int,
    unsure: list[str],
    previous: DealRead | None,
) -> settle.Settled | None:
    """The row settled by the rules and the digits' probabilities together
    (settle.py): every number the best reading gives, the numbers a
    reading nearly as likely reads otherwise asked (« unsure » when a digit
    of it is doubted, else « could_be_other »; « many_readings » when the
    readings were too many to weigh them all). A marque or total in doubt
    is not asked beside a box of the deal asked (`_beside_a_cell`). None
    when it cannot be (a box to cross in doubt, a number with a gap or
    unreadable…): the row is then checked as read."""
    from tournaments.features.sheets.domain import readings, settle

    if any(field_read.unseen for field_read in read.fields.values()):
        return None  # a digit gone with the light, or ink from elsewhere: no box holds it
    for name in unsure:
        field_read = read.fields[name]
        boxes = readings.classes(field_read)
        if boxes is None or (
            all(p >= limits().sure for p in field_read.probabilities)
            and not any(readings.may_be_blank(box) for box in boxes)
        ):
            return None  # a box to cross, a gap, faint ink: not a digit's doubt

    known = previous.fields if previous else None
    afters = previous.afters if previous else frozenset()
    given_of = given_by_rules(read.fields, rules, pot)
    settled = settle.settle(read.fields, given_of, before, limits(), known, afters)
    if settled is None:
        return None
    read.afters = settled.afters
    beside = _beside_a_cell(settled)
    for name, value in settled.values.items():
        field_read = read.fields[name]
        if field_read.value != value:
            field_read = _as(field_read, value)
        doubted = any(p < limits().sure for p in field_read.probabilities)
        if name in settled.doubtful:
            read.fields[name] = replace(field_read, sure=not doubted)
            if name == "points" and rules.rounding != "none" and settled.hidden_by_rounding():
                read.ask("rounding_hides_digit", name)
            if beside and name in EVIDENCE:
                continue  # the box of the deal asked picks the reading
            other = "many_readings" if settled.partial else "could_be_other"
            read.ask("unsure" if doubted else other, name)
        elif value == 0 and name.startswith("announce"):
            read.fields[name] = FieldRead(None, True)  # no announcement: a speck read 0
        else:
            read.fields[name] = replace(field_read, sure=True)
    return settled


def _beside_a_cell(settled: settle.Settled) -> bool:
    """Whether a box of the deal is in doubt in the settled row: then its
    marques and totals in doubt are not asked beside it. They are never
    recorded (the desk computes them from the deal), and every reading
    that fits and reads a marque otherwise reads a box of the deal
    otherwise too, which is asked: its answer picks the reading, and
    what is not asked is the same in every reading that fits. A total in
    doubt alone (the one before it in doubt) is asked: the row stays under
    review."""
    return any(name not in EVIDENCE for name in settled.doubtful)


def _as(field_read: FieldRead, value: int) -> FieldRead:
    """`field_read` read as `value` instead: its boxes left blank dropped
    (a speck beside the number), each digit's probability that one, its
    second choice the one first read (or, where « not a digit » was, the
    likeliest other digit)."""
    from tournaments.features.sheets.domain import readings

    boxes = readings.classes(field_read) or []
    chosen = readings.placed(boxes, value) or ()
    seconds = field_read.seconds if len(field_read.seconds) == len(boxes) else (-1,) * len(boxes)
    kept = [i for i, c in enumerate(chosen) if c != readings.BLANK]
    return replace(
        field_read,
        value=value,
        probabilities=tuple(boxes[i][chosen[i]] for i in kept),
        seconds=tuple(_second(boxes[i], chosen[i], seconds[i]) for i in kept),
        classes=tuple(field_read.classes[i] for i in kept) if field_read.classes else (),
    )


def _second(box: tuple[float, ...], digit: int, second: int) -> int:
    """A box read as `digit`: the digit it might be instead."""
    from tournaments.features.sheets.domain import readings

    first = readings.first_choice(box)
    if first == digit:
        return second
    if first < 10:
        return first
    return max((d for d in range(10) if d != digit), key=lambda d: box[d])


def limits() -> digits.Calibration:
    """The digits' model's thresholds: « sure », and « beyond doubt ». The
    model's module (numpy, Pillow) is imported here, when a photo's row is
    checked: the forms that import these checks load at every start
    (tests/test_startup_imports.py)."""
    from tournaments.features.sheets.domain import digits

    return digits.calibration(digits.MODEL)


def _could_be_other(read: DealRead, rules: scoring.Rules, pot: int, name: str) -> bool:
    """Whether a digit of number `name` not read beyond doubt could be any
    other digit and give the same marques: the rules cannot tell them."""
    field_read = read.fields[name]
    text = str(field_read.value)
    if field_read.value is None or len(text) != len(field_read.probabilities):
        return False
    beyond = limits().beyond
    written = read.marques
    as_read = scored(read.fields, rules)
    summed = as_read is not None and _summed(read, as_read)
    for place, probability in enumerate(field_read.probabilities):
        if probability >= beyond:
            continue
        for digit in "0123456789":
            if digit == text[place] or (place == 0 and digit == "0" and len(text) > 1):
                continue
            value = int(text[:place] + digit + text[place + 1 :])
            score = scored({**read.fields, name: FieldRead(value, True)}, rules)
            if score is None:
                continue
            if with_pot(score, pot) == written and (not summed or _summed(read, score)):
                return True
    return False


def _summed(read: DealRead, score: scoring.DealScore) -> bool:
    """Whether the defence's card points are written, every digit read sure,
    and are those the engine counted in `score` (a reading of the row): 162
    minus the takers', or a capot's 0 or 252. Then they check every digit of the
    takers' (a misread there would need a misread here, of a digit read
    sure, that adds up); a defence in doubt checks nothing (the same hand
    may misread both alike: together.py)."""
    defence = read.fields.get("points_defence")
    if defence is None or defence.value is None or not defence.probabilities:
        return False
    if any(p < limits().sure for p in defence.probabilities):
        return False
    return bool(defence_points(score) == defence.value)


def _check(
    read: DealRead,
    rules: scoring.Rules,
    before: tuple[int, int] | None,
    pot: int,
    *,
    settled: bool = False,
) -> tuple[int, int] | None:
    deal = engine_deal(read.fields)
    if deal.get("coinche") and deal.get("bid") is None and "bid" in read.fields:
        read.ask("coinche_without_bid", "bid", "coinche")
        return None
    if "generale" in deal and not deal["generale"]:
        read.ask("generale_without_capot", "generale", "capot")
        return None
    try:
        score = scoring.score_deal(deal, rules)
    except scoring.ScoringError as error:
        # The row as read breaks a rule somewhere: the error's fields first,
        # then every box a marque is computed from (a number read wrong may
        # be what the rule caught).
        read.ask(f"engine_{error.code}", *AT_FAULT.get(error.code, ("taker",)))
        read.ask(f"engine_{error.code}", *marque_inputs(read))
        return None
    marques = with_pot(score, pot)
    read.marques = marques
    read.pot = score.pot if score.outcome == "litige" else pot if score.outcome == "passed" else 0
    read.values = grid_values(deal, score)
    written = [read.fields.get(f"marque_{s}") for s in "ab"]
    if any(w is None or w.value is None for w in written):
        # Nothing may check the numbers only the missing marque depends on (a
        # made contract's bid: the other is the defence's points); the other
        # still checks the row in its sure digits (helper-55's review).
        unchecked = [n for n in INPUTS if n in read.fields and not _beyond(read.fields[n])]
        read.ask("marque_missing", "points", "marque_a", "marque_b", *unchecked)
        shown = [(m, w) for m, w in zip(marques, written, strict=True) if w and w.value is not None]
        if any(not fits(m, pattern(w, limits().sure)) for m, w in shown):
            read.ask("marque", *marque_inputs(read), "marque_a", "marque_b")
    elif (written[0].value, written[1].value) != marques:  # type: ignore[union-attr]
        read.ask("marque", *marque_inputs(read), "marque_a", "marque_b")
    defence = read.fields.get("points_defence")
    if defence is not None and defence.value not in (None, defence_points(score)):
        read.ask("points_sum", "points", "points_defence")  # not 162, nor a capot's 252 and 0
    points = read.fields.get("points")
    hidden = points is not None and points.value is not None and points.probabilities
    doubted = hidden and points.probabilities[-1] < limits().beyond  # type: ignore[union-attr]
    # The defence's points, read sure and adding up, checked the last digit.
    if not settled and rules.rounding != "none" and doubted and not _summed(read, score):
        read.ask("rounding_hides_digit", "points")
    return _totals(read, before, marques)


#: Digits in doubt in a deal's inputs (points, bid, announcements) that its
#: rules may settle together (10 ** 3 rows scored at most).
SETTLED_AT_MOST = 3


def _confirmed(
    read: DealRead,
    rules: scoring.Rules,
    pot: int,
    unsure: list[str],
    before: tuple[int, int] | None,
) -> set[str]:
    """The unsure fields of a deal the rules found right that the rules
    decide alone. Every digit in doubt (under « sure ») of the inputs —
    points, bid, announcements — is tried as each other digit at once; the
    marques each combination gives must match the marques written at every
    digit read sure. When only the reading itself matches, the inputs are
    settled, and so are the marques' doubted digits (the rules computed
    them), and the totals' when the totals before are known (they follow).
    A box crossed or not, a gap, over SETTLED_AT_MOST digits in doubt: asked."""
    sure = limits().sure
    places: list[tuple[str, int]] = []
    for name in unsure:
        field_read = read.fields[name]
        text = str(field_read.value)
        if field_read.value is None or len(text) != len(field_read.probabilities):
            return set()
        if not any(p < sure for p in field_read.probabilities):
            return set()  # unsure for another reason (faint, a speck beside it)
        if name.startswith("total_") and before is None:
            return set()  # nothing to follow
        if name in INPUTS:
            places.extend((name, i) for i, p in enumerate(field_read.probabilities) if p < sure)
        elif not name.startswith(("marque_", "total_")):
            return set()
    if len(places) > SETTLED_AT_MOST:
        return set()
    patterns = [pattern(read.fields[f"marque_{s}"], sure) for s in "ab"]
    texts = {name: str(read.fields[name].value) for name, _ in places}
    for others in itertools.product("0123456789", repeat=len(places)):
        changed = {name: list(text) for name, text in texts.items()}
        for (name, place), digit in zip(places, others, strict=True):
            changed[name][place] = digit
        values = {name: "".join(chars) for name, chars in changed.items()}
        if values == texts or any(len(v) > 1 and v[0] == "0" for v in values.values()):
            continue
        score = scored(
            {**read.fields, **{n: FieldRead(int(v), True) for n, v in values.items()}}, rules
        )
        if score is None:
            continue
        marques = with_pot(score, pot)
        if all(fits(m, p) for m, p in zip(marques, patterns, strict=True)):
            return set()  # another reading fits the marques written as well
    return set(unsure)


def _beyond(field_read: FieldRead) -> bool:
    """A number read beyond doubt, every digit, or not written at all."""
    return field_read.value is None or (
        bool(field_read.probabilities)
        and all(p >= limits().beyond for p in field_read.probabilities)
    )


def _totals(
    read: DealRead, before: tuple[int, int] | None, marques: tuple[int, int]
) -> tuple[int, int] | None:
    """Check the running totals written (when the row has them) against the
    previous ones plus the marques; the totals to carry on with."""
    totals = [read.fields.get(f"total_{s}") for s in "ab"]
    expected = None if before is None else (before[0] + marques[0], before[1] + marques[1])
    if totals[0] is None or totals[1] is None:
        return expected
    shown = (totals[0].value, totals[1].value)
    if expected is not None:
        for side, (got, want) in zip("ab", zip(shown, expected, strict=True), strict=True):
            if got != want:
                read.ask("total", f"total_{side}")
    sure = None not in shown and totals[0].sure and totals[1].sure
    # A player's addition wrong once should not flag every deal after it.
    return shown if sure and not read.reasons else expected
