"""The benchmarks still run (figures are printed, never asserted: speed is
measured by running them, see README « Speed »). bench_entry had been
refused at every run since the grid's keys changed, and nothing said so:
each benchmark now runs once here, as briefly as it allows, and must end
well and print its figure line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

BENCHES = [
    (["bench.bench_entry", "--runs", "1"], "save deal 12 of a table"),
    (["bench.bench_pages", "--runs", "1"], "standings, cold"),
    (["bench.bench_draw", "--runs", "1"], "draw_by_ranking"),
    (["bench.bench_pdf", "--runs", "1"], "score_sheets (128 tables)"),
    (["bench.hall", "--seconds", "2", "--phones", "4", "--deal-interval", "1"], "hall: "),
]


@pytest.mark.parametrize(("command", "figure"), BENCHES, ids=[c[0][0] for c in BENCHES])
def test_the_benchmark_runs_and_prints_its_figures(tmp_path, command, figure):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "REDIS_URL", "DEBUG", "ALLOWED_HOSTS")
    }
    env["BELOTE_DATA_DIR"] = str(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", *command],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert figure in done.stdout
    if command[0] == "bench.hall":
        last = done.stdout.strip().splitlines()[-1]
        assert last.startswith("hall: ") and last.endswith("errors 0"), last
