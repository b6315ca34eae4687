"""No module of the app grows past 450 lines: one that does wants to be cut
by what it is responsible for (../STYLE.md). Migrations are generated."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 450
PACKAGES = ("tournaments", "scoring", "config")


def test_no_module_of_the_app_is_over_450_lines() -> None:
    too_long = {
        str(path.relative_to(ROOT)): n
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts
        and (n := len(path.read_text(encoding="utf-8").splitlines())) > LIMIT
    }
    assert not too_long, f"over {LIMIT} lines: {too_long}"
