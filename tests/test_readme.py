"""The README fits and leads on: at most 400 lines with its two commands,
CI running its test command, and every other page in docs/ reached from it
by links that lead to files (issue 36: the README had grown to 1,548
lines and its code map had fallen behind)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
MOST_LINES = 400
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def pages() -> list[Path]:
    return [README, *sorted(DOCS.glob("*.md"))]


def local_links(page: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    return [
        target.split("#", 1)[0]
        for target in LINK.findall(text)
        if not re.match(r"^[a-z]+:", target) and not target.startswith("#")
    ]


def two_commands() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## The two commands", 1)[1]
    block = section.split("```sh", 1)[1].split("```", 1)[0]
    return [line.split("#", 1)[0].strip() for line in block.strip().splitlines()]


def test_the_readme_keeps_at_most_400_lines() -> None:
    lines = len(README.read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_LINES, f"README.md has {lines} lines: move the detail to docs/"


def test_the_readme_gives_the_two_commands_the_makefile_has() -> None:
    assert two_commands() == ["make run", "make test"]
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^run:", makefile, re.MULTILINE)
    assert re.search(r"^test:", makefile, re.MULTILINE)


def test_ci_runs_the_test_command_of_the_readme() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    tiers = [line for line in ci.splitlines() if line.startswith("tier ")]
    assert any(re.search(r"\bmake test\b", tier) for tier in tiers), tiers


@pytest.mark.parametrize("page", pages(), ids=lambda page: page.name)
def test_every_link_of_a_page_leads_to_a_file(page: Path) -> None:
    broken = [link for link in local_links(page) if not (page.parent / link).exists()]
    assert not broken, f"{page.relative_to(ROOT)} links to missing files: {broken}"


def test_every_page_of_docs_is_reached_from_the_readme() -> None:
    linked = {(ROOT / link).resolve() for link in local_links(README)}
    documents = [*DOCS.glob("*.md"), *DOCS.glob("*.json")]
    unreached = [p.name for p in documents if p.resolve() not in linked]
    assert not unreached, f"docs/ pages the README does not link: {unreached}"
