"""pyclustering's writer (tools/hands.py `pyclustering-writer`, issue 59): a
hand nobody here drew, read from the library's source archive, which is
data to check: another archive, even one laid out the same way, is refused
before any of it is read."""

from __future__ import annotations

import ast
import io
import tarfile
from pathlib import Path

import pytest
from PIL import Image

from tools import hands


def _archive(path: Path) -> Path:
    """An archive laid out as pyclustering's, one digit in it."""
    image = io.BytesIO()
    Image.new("L", (32, 32), 255).save(image, "PNG")
    with tarfile.open(path, "w:gz") as archive:
        member = tarfile.TarInfo(
            "pyclustering-0.10.1.2/pyclustering/samples/images/digits/Digit_1_Sample01.png"
        )
        member.size = len(image.getvalue())
        archive.addfile(member, io.BytesIO(image.getvalue()))
    return path


def test_an_archive_that_is_not_pyclustering_s_is_refused(tmp_path):
    with pytest.raises(SystemExit, match=r"not pyclustering 0\.10\.1\.2's"):
        hands.pyclustering_digits(_archive(tmp_path / "pyclustering-0.10.1.2.tar.gz"))


def test_the_family_without_its_archive_says_which_option_to_give():
    with pytest.raises(SystemExit, match="--pyclustering-sdist"):
        hands.sheet_hand("pyclustering-writer", 1, {})


def test_the_family_is_one_of_the_benchmark_s_and_never_trained_on():
    """Its digits come in by `pyclustering_digits` alone, which only the
    benchmark's `sheet_hand` calls; no other module of tools/ (training,
    calibration) names the library."""
    assert "pyclustering-writer" in hands.REPORT_HANDS
    source = Path(hands.__file__)
    callers = {
        function.name
        for function in ast.walk(ast.parse(source.read_text()))
        if isinstance(function, ast.FunctionDef)
        for call in ast.walk(function)
        if isinstance(call, ast.Call)
        and isinstance(call.func, ast.Name)
        and call.func.id == "pyclustering_digits"
    }
    assert callers == {"sheet_hand"}
    others = [
        p.name
        for p in source.parent.glob("*.py")
        if p != source and "pyclustering" in p.read_text()
    ]
    assert not others
