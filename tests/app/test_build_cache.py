"""The standalone app is built only when its inputs changed (bin/build-app,
issue 36): the hash of its inputs names a build; the folder already built
for it, or the cache of builds kept outside the clone (BELOTE_APP_CACHE),
is used as it is. Checked here without PyInstaller: a cached « build » is a
folder this test makes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FONTS = Path("/usr/share/fonts/truetype/dejavu")

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux") or not (FONTS / "DejaVuSans.ttf").exists(),
    reason="bin/build-app on Linux with the DejaVu fonts",
)


def build_app(tmp_path: Path, *argv: str, fonts: Path = FONTS) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "BELOTE_APP_CACHE": str(tmp_path / "cache"),
        "BELOTE_APP_OUT": str(tmp_path / "out"),
        "BELOTE_FONTS": str(fonts),
    }
    return subprocess.run(
        [str(ROOT / "bin/build-app"), *argv],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def fake_build(folder: Path, said: str) -> None:
    folder.mkdir(parents=True)
    program = folder / "belote-tournois"
    program.write_text(f"#!/bin/sh\necho {said}\n")
    program.chmod(0o755)


def test_the_inputs_hash_is_the_same_for_the_same_tree_and_changes_with_an_input(tmp_path):
    first = build_app(tmp_path, "--inputs")
    assert first.returncode == 0, first.stderr
    key = first.stdout.strip()
    assert len(key) == 32
    assert build_app(tmp_path, "--inputs").stdout.strip() == key
    other_fonts = tmp_path / "fonts"
    other_fonts.mkdir()
    shutil.copy(FONTS / "DejaVuSans.ttf", other_fonts)
    (other_fonts / "DejaVuSans-Bold.ttf").write_bytes(b"another font")
    assert build_app(tmp_path, "--inputs", fonts=other_fonts).stdout.strip() != key


def test_a_build_of_the_same_inputs_is_taken_from_the_cache_then_kept(tmp_path):
    key = build_app(tmp_path, "--inputs").stdout.strip()
    fake_build(tmp_path / "cache" / key / "belote-tournois", "cached")
    taken = build_app(tmp_path)
    assert taken.returncode == 0, taken.stderr
    assert "taken from the cache of builds" in taken.stdout
    program = tmp_path / "out" / "dist" / "belote-tournois" / "belote-tournois"
    assert subprocess.run([program], capture_output=True, text=True).stdout == "cached\n"
    # Marked as built from these inputs, the folder is then used as it is.
    (program.parent / "INPUTS").write_text(key + "\n")
    kept = build_app(tmp_path)
    assert kept.returncode == 0 and "is up to date" in kept.stdout


def test_a_folder_built_from_other_inputs_is_not_used(tmp_path):
    key = build_app(tmp_path, "--inputs").stdout.strip()
    stale = tmp_path / "out" / "dist" / "belote-tournois"
    fake_build(stale, "stale")
    (stale / "INPUTS").write_text("0" * 32 + "\n")
    fake_build(tmp_path / "cache" / key / "belote-tournois", "cached")
    answer = build_app(tmp_path)
    assert "taken from the cache of builds" in answer.stdout, answer.stdout + answer.stderr
    program = stale / "belote-tournois"
    assert subprocess.run([program], capture_output=True, text=True).stdout == "cached\n"
