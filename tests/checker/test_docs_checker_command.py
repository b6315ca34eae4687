"""The checker's command, as the organizer's guide writes it, runs in a
volunteer's terminal (issue 60, item 2, for the takeover; the same trap
here): `python -m checker concours.json` ended in « No module named
'fastjsonschema' » with the machine's own Python. The guide's command is
read from docs/guide-organisateur.md and run as written, in the software's
folder, with a terminal whose `python` has no .venv on its PATH; only the
file's name is its path here (the guide says so: « ou son chemin »)."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
from pathlib import Path

from checker.generate import small_concours
from tests.volunteer_terminal import terminal

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "guide-organisateur.md"


def guide_lines() -> list[str]:
    """The guide's fenced command lines that check a concours file."""
    blocks = re.findall(r"```sh\n(.*?)```", GUIDE.read_text(encoding="utf-8"), flags=re.S)
    return [ln for block in blocks for ln in block.splitlines() if "concours.json" in ln]


def run(line: str, file: Path, env: dict) -> subprocess.CompletedProcess:
    words = [str(file) if word == "concours.json" else word for word in shlex.split(line)]
    return subprocess.run(
        words, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )  # fmt: skip


def test_the_guide_s_checker_command_runs_as_written(tmp_path):
    lines = guide_lines()
    assert lines, "the guide gives no command to check a concours file"
    concours = small_concours(3)
    right_file, wrong_file = tmp_path / "concours.json", tmp_path / "faux.json"
    right_file.write_text(json.dumps(concours), encoding="utf-8")
    concours["rounds"][0]["tables"][0]["totals"]["A"] += 10  # one total written wrong
    wrong_file.write_text(json.dumps(concours), encoding="utf-8")
    env = terminal(tmp_path)
    for line in lines:
        right = run(line, right_file, env)
        assert right.returncode == 0, (line, right.stdout, right.stderr)
        assert (
            "Aucune différence" if "--lang en" not in line else "No difference"
        ) in right.stdout + right.stderr
        wrong = run(line, wrong_file, env)
        assert wrong.returncode == 1, (line, wrong.stdout, wrong.stderr)
        assert (wrong.stdout + wrong.stderr).strip() and "Traceback" not in wrong.stderr


def test_the_older_words_fail_in_such_a_terminal(tmp_path):
    """What the guide said before: the machine's python lacks the checker's
    packages (the test would prove nothing if it had them)."""
    file = tmp_path / "concours.json"
    file.write_text(json.dumps(small_concours(3)), encoding="utf-8")
    done = run("python -m checker concours.json", file, terminal(tmp_path))
    assert done.returncode != 0
