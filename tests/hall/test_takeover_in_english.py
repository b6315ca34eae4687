"""The takeover's sentences in the terminal (`hall --reprendre`, which
`bin/salle --reprendre` runs) in English on a system in English, as the
hall's other terminal sentences choose (infra/data_folder.py
`system_language`: LC_ALL, LC_MESSAGES, LANG, LANGUAGE), and in French,
unchanged, otherwise: real processes on a real stick (tests/hall/sticks.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bench.ports import server_port
from tests import migrated
from tests.hall.halls import ROOT, environment
from tests.hall.sticks import FIRST, said

pytestmark = [pytest.mark.engine_free]


def _take_over(folder, tmp_path, language: str, code: str) -> subprocess.CompletedProcess:
    data = tmp_path / f"portable-2-{language}"
    migrated.seed(data)
    env = environment(data, folder.parent, server_port())
    env |= {"LANG": language, "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""}
    env["CODE_DE_LA_CLE"] = code
    command = [sys.executable, str(ROOT / "manage.py"), "hall", "--reprendre", str(folder)]
    done = subprocess.run(
        [*command, "--check"], env=env, cwd=ROOT, capture_output=True, text=True, timeout=180
    )
    assert "Traceback" not in done.stdout + done.stderr, done.stderr[-3000:]
    return done


def test_a_takeover_speaks_english_on_a_system_in_english(stick, tmp_path):
    folder = stick[0]
    done = _take_over(folder, tmp_path, "en_GB.UTF-8", FIRST["code"])
    assert done.returncode == 0, said(done)
    assert "Takeover: snapshot taken" in said(done), said(done)
    assert "The organizer signs in again on this laptop" in said(done)


def test_a_wrong_code_is_said_in_english_and_in_french(stick, tmp_path):
    folder = stick[0]
    wrong = "KM7Q-3ZPW-H9TD" if FIRST["code"] != "KM7Q-3ZPW-H9TD" else "KM7Q-3ZPW-H9TE"
    english = _take_over(folder, tmp_path, "en_US.UTF-8", wrong)
    assert english.returncode != 0
    assert "Takeover impossible:" in said(english) and "is not sealed by this code" in said(
        english
    ), said(english)
    french = _take_over(folder, tmp_path, "C.UTF-8", wrong)
    assert french.returncode != 0
    assert "Reprise impossible :" in said(french) and "n'est pas scellé par ce code" in said(
        french
    ), said(french)


def test_no_stick_is_said_in_english(tmp_path):
    empty = tmp_path / "vide" / "reprise"
    empty.mkdir(parents=True)
    done = _take_over(empty, tmp_path, "en_GB.UTF-8", "")
    assert done.returncode != 0
    assert "Takeover impossible: no journal in" in said(done), said(done)
