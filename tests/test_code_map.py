"""The code map (docs/code-map.md) cannot fall behind the code: it is written
from the modules' docstrings by tools/code_map.py (`make code-map`), and this
test fails when the committed file differs from what the script writes."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from tools import code_map

ROOT = Path(__file__).resolve().parent.parent


def test_the_committed_code_map_is_the_one_the_code_gives() -> None:
    committed = (ROOT / code_map.MAP).read_text(encoding="utf-8")
    written = code_map.generate(ROOT)
    diff = "".join(
        list(
            difflib.unified_diff(
                committed.splitlines(keepends=True),
                written.splitlines(keepends=True),
                "docs/code-map.md (committed)",
                "docs/code-map.md (from the code)",
            )
        )[:40]
    )
    assert committed == written, (
        f"docs/code-map.md is behind the code: run `make code-map`.\n{diff}"
    )


@pytest.mark.parametrize(
    ("docstring", "first"),
    [
        ("One line.", "One line."),
        ("No full stop", "No full stop"),
        ("Two lines\nmake one sentence. Then another.", "Two lines make one sentence."),
        ("First paragraph only\n\nSecond paragraph.", "First paragraph only"),
        ("Limits, e.g. the size. Then more.", "Limits, e.g. the size."),
        ("Team no. 2 against no. 20. More.", "Team no. 2 against no. 20."),
        ("A form (« Combien ? »), then the deal. More.", "A form (« Combien ? »), then the deal."),
        ("Served (see base.py. Really) lean. More.", "Served (see base.py. Really) lean."),
        ("What is it? A map.", "What is it?"),
        ("`manage.py hall`: a hall. More.", "`manage.py hall`: a hall."),
        ("Paths like /t/<tournoi>/ here.", "Paths like /t/\\<tournoi>/ here."),
        ("Code `a<b` stays.", "Code `a<b` stays."),
        (None, code_map.NO_DOCSTRING),
        ("", code_map.NO_DOCSTRING),
    ],
)
def test_a_modules_line_is_the_first_sentence_of_its_docstring(
    docstring: str | None, first: str
) -> None:
    assert code_map.first_sentence(docstring) == first


@pytest.mark.parametrize(
    ("docstring", "said"),
    [
        ("A package.\n\nMust not: write.", ["Must not: write."]),
        ("A package. It never writes; it reads.", ["It never writes."]),
        ("A package.\n\n- `a`: one thing;\n- `b`: never a request.", ["`b`: never a request."]),
        ("A package.\n\n    python -m never  (a command)\n", []),
        ("A package that must not write.", []),
        ("A package. Nothing here writes. Never. Must not.", ["Nothing here writes.", "Never."]),
    ],
)
def test_a_packages_line_adds_what_it_must_not_do(docstring: str, said: list[str]) -> None:
    assert code_map.must_not(docstring) == said


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A small project as other branches grow it: a feature package added
    under tournaments/features/, a folder without __init__.py, a module
    without a docstring, one that does not parse, and what is never mapped."""
    write(tmp_path / "app" / "__init__.py", '"""The app. Must not serve."""\n')
    write(tmp_path / "app" / "rules.py", '"""The rules: plain values.\n\nMore."""\n')
    features = tmp_path / "app" / "features"
    write(features / "__init__.py", '"""Optional features, one package each."""\n')
    write(features / "leagues" / "__init__.py", '"""Leagues: stages of concours."""\n')
    write(features / "leagues" / "services.py", '"""A league\'s writes. More."""\n')
    write(features / "leagues" / "templates" / "x.html", "<p>not python</p>\n")
    write(tmp_path / "app" / "loose" / "helpers.py", "x = 1\n")
    write(tmp_path / "app" / "broken.py", "def (:\n")
    write(tmp_path / "app" / "migrations" / "0001_initial.py", '"""Generated."""\n')
    write(tmp_path / ".venv" / "lib" / "site.py", '"""Not ours."""\n')
    write(tmp_path / "tests" / "__init__.py", '"""The tests."""\n')
    write(tmp_path / "tests" / "features" / "leagues" / "conftest.py", '"""League builders."""\n')
    write(tmp_path / "tests" / "features" / "leagues" / "test_stages.py", "")
    write(tmp_path / "tests" / "features" / "leagues" / "test_clubs.py", "")
    return tmp_path


def test_a_package_added_tomorrow_is_in_the_map_with_no_change_to_the_script(
    project: Path,
) -> None:
    written = code_map.generate(project)

    assert "### `app/features/leagues/`\n\nLeagues: stages of concours.\n" in written
    assert "- `services.py` — A league's writes.\n" in written
    assert "### `app/`\n\nThe app. Must not serve.\n" in written
    assert "- `rules.py` — The rules: plain values.\n" in written
    assert "### `app/loose/`\n\n*(a namespace package)*" in written
    assert f"- `helpers.py` — {code_map.NO_DOCSTRING}" in written
    assert "- `broken.py` — (could not be read: invalid syntax, line 1.)" in written
    assert "- `migrations/` — 1 migrations" in written
    assert "- `tests/features/leagues/`\n  - `conftest.py` — League builders." in written
    assert "test_stages" not in written
    assert "templates" not in written.split("## Outside Python")[0]
    assert "Not ours" not in written and "Generated." not in written


def test_the_map_is_the_same_from_one_run_to_the_next(project: Path) -> None:
    assert code_map.generate(project) == code_map.generate(project)
    assert str(project) not in code_map.generate(project)


def test_check_says_to_run_make_code_map_when_the_map_is_behind(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(code_map, "ROOT", project)
    (project / "docs").mkdir()

    assert code_map.main(["--check"]) == 1
    assert "run `make code-map`" in capsys.readouterr().err

    assert code_map.main([]) == 0
    assert code_map.main(["--check"]) == 0

    write(project / "app" / "new.py", '"""A module added after the map."""\n')
    assert code_map.main(["--check"]) == 1
