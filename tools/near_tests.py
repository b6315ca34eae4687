"""The tests near a change: what `make test-fast` runs (CONTRIBUTING.md).

    python -m tools.near_tests            # the test files near the change, one a line
    python -m tools.near_tests --why      # each with the changed file that chose it

A change is every file that differs from the point where the branch left
`main` (committed or not) and every new file. The tests near a changed file:

- a test module: itself; a `conftest.py`: every test of its folder;
- a module of the code (or a test helper such as `tests/factories.py`): the
  test modules that import it, directly or through test helpers, and those
  whose path mirrors it (`tournaments/services/rounds.py` →
  `tests/tournaments/services/test_rounds*.py`; a feature's module → its
  feature's test folder);
- a template: the tests near the modules that name it; the catalogue: the
  translations' test; a migration: the migrations' and models' tests; a
  script or stylesheet: the tests that name it.

A changed file this cannot place (the settings, pyproject.toml, a module no
test reaches…) asks for every fast test: the loop never runs nothing for a
change it does not understand. `make test` stays the check before handing a
change in: the pages' tests reach most modules through the URLs, which no
import shows.

Must not: import the project's code (imports are read with `ast`), or run
a test itself.
"""

from __future__ import annotations

import argparse
import ast
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = "tests"
# Changed files that change no test's outcome.
IGNORED_SUFFIXES = (".md", ".txt", ".png", ".svg")
IGNORED_TOP = {"docs", ".ci", ".github", "requirements", "bin"}
# A test helper imported by more test files than this is a shared builder.
SHARED = 40
# Files whose change matters to the tests that read them only.
NAMED = {"Makefile", ".pre-commit-config.yaml"}
# Files whose change asks for every fast test, whatever else changed.
EVERYTHING = object()


def module_name(path: str) -> str:
    """`tournaments/services/rounds.py` → `tournaments.services.rounds`."""
    parts = list(Path(path).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(source: str, name: str) -> set[str]:
    """The modules a module's source imports (each `from a import b` counts
    as `a` and `a.b`: b may be a module)."""
    found: set[str] = set()
    package = name.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


class Suite:
    """The test tree read once: which test files and helpers import what."""

    def __init__(self, files: dict[str, str]) -> None:
        # files: path → source, for every .py under tests/
        self.files = files
        self.imports = {path: imports_of(src, module_name(path)) for path, src in files.items()}

    def is_test(self, path: str) -> bool:
        return Path(path).name.startswith("test_") and path.endswith(".py")

    def importers(self, module: str) -> set[str]:
        """Test files importing `module`, directly or through test helpers
        (a builder most tests import, such as tests/factories.py, is not
        followed: it imports nearly every service, so through it a change
        would reach nearly every test)."""
        chosen: set[str] = set()
        wanted, seen = {module}, set()
        while wanted:
            name = wanted.pop()
            seen.add(name)
            for path in self._importing(name):
                if self.is_test(path):
                    chosen.add(path)
                elif self._followed(path, seen):
                    wanted.add(module_name(path))
        return chosen

    def _followed(self, helper: str, seen: set[str]) -> bool:
        if Path(helper).name == "conftest.py" or module_name(helper) in seen:
            return False
        users = [f for f in self._importing(module_name(helper)) if self.is_test(f)]
        return len(users) <= SHARED

    def _importing(self, name: str) -> list[str]:
        return [
            path
            for path, names in self.imports.items()
            if name in names or any(n.startswith(name + ".") for n in names)
        ]

    def mirror(self, path: str) -> set[str]:
        """The test files whose place mirrors a module of the code (its
        folder's `test_<name>*.py`, else any `test_<name>*.py`)."""
        p = Path(path)
        if p.parts[:2] == ("tournaments", "features") and len(p.parts) > 3:
            folder = Path(TESTS, *p.parts[:3])
            return {f for f in self.files if Path(f).is_relative_to(folder) and self.is_test(f)}
        folder = Path(TESTS, *p.parts[:-1])
        stem = p.stem if p.stem != "__init__" else p.parent.name
        named = {
            f
            for f in self.files
            if self.is_test(f) and Path(f).stem.removeprefix("test_").startswith(stem)
        }
        return {f for f in named if Path(f).parent == folder} or named

    def under(self, folder: str) -> set[str]:
        return {f for f in self.files if f.startswith(folder + "/") and self.is_test(f)}

    def naming(self, text: str) -> set[str]:
        return {f for f, src in self.files.items() if self.is_test(f) and text in src}


def near(
    changed: Iterable[str], tests: Suite, code: dict[str, str]
) -> dict[str, set[str]] | object:
    """Test file → the changed files that chose it; EVERYTHING when a change
    cannot be placed. `code`: path → source of the project's own .py and
    template files (to find who names a template)."""
    chosen: dict[str, set[str]] = {}
    for path in changed:
        found = near_one(path, tests, code)
        if found is None:
            return EVERYTHING
        for test in found:
            chosen.setdefault(test, set()).add(path)
    return chosen


def near_one(path: str, tests: Suite, code: dict[str, str]) -> set[str] | None:
    """The tests near one changed file; None when it cannot be placed."""
    p = Path(path)
    if p.name in NAMED:
        return tests.naming(p.name) or None
    if p.suffix in IGNORED_SUFFIXES or p.parts[0] in IGNORED_TOP:
        return tests.naming(p.name) if p.suffix == ".md" else set()
    if p.parts[0] == TESTS:
        if p.name == "conftest.py":
            return tests.under(str(p.parent))
        if tests.is_test(path):
            return {path} & set(tests.files)
        if p.suffix == ".py":
            return tests.importers(module_name(path)) or None
        return tests.under("tests/js") if p.suffix == ".js" else set()
    if "migrations" in p.parts:
        migrations = {f for f in tests.files if f.endswith("test_migrations.py")}
        return migrations | tests.under("tests/tournaments/models")
    if "locale" in p.parts:
        return {f for f in tests.files if f.endswith("test_translations.py")}
    if "templates" in p.parts:
        return near_template(template_name(path), p.name, tests, code) or None
    if p.suffix in (".js", ".css"):
        return tests.naming(p.name) | tests.under("tests/js")
    if p.suffix != ".py":
        return None
    found = tests.importers(module_name(path)) | tests.mirror(path)
    if not found:  # the tests near the modules that import it
        for user in users(module_name(path), code):
            found |= tests.importers(module_name(user)) | tests.mirror(user)
    return found or None


def template_name(path: str) -> str:
    """`templates/tournaments/round.html` → `tournaments/round.html`."""
    parts = Path(path).parts
    return "/".join(parts[parts.index("templates") + 1 :])


def near_template(name: str, file: str, tests: Suite, code: dict[str, str]) -> set[str]:
    """The tests that name a template, and those near the views naming it
    or a template that includes or extends it."""
    names = {name} | {
        template_name(f)
        for f, src in code.items()
        if f.endswith(".html") and "templates" in Path(f).parts and name in src
    }
    found = tests.naming(name) | tests.naming(file)
    for namer in (
        f for f, src in code.items() if f.endswith(".py") and any(n in src for n in names)
    ):
        found |= tests.importers(module_name(namer)) | tests.mirror(namer)
    return found


def users(module: str, code: dict[str, str]) -> list[str]:
    """The project's own modules importing `module` (one level)."""
    return [
        path
        for path, src in code.items()
        if path.endswith(".py") and module in imports_of(src, module_name(path))
    ]


def changed_files() -> list[str]:
    def git(*args: str) -> list[str]:
        out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False)
        return [line for line in out.stdout.splitlines() if line.strip()]

    base = git("merge-base", "HEAD", "main") or git("rev-parse", "HEAD")
    files = git("diff", "--name-only", base[0]) + git("ls-files", "--others", "--exclude-standard")
    return sorted({f for f in files if (ROOT / f).exists()})


def read_tree(top: str, suffixes: tuple[str, ...]) -> dict[str, str]:
    found = {}
    for path in (ROOT / top).rglob("*"):
        if (
            path.suffix in suffixes
            and "node_modules" not in path.parts
            and "__pycache__" not in path.parts
        ):
            found[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8", errors="replace")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--why", action="store_true", help="say which change chose each test file")
    args = parser.parse_args(argv)
    tests = Suite(read_tree(TESTS, (".py",)))
    code: dict[str, str] = {}
    for top in ("tournaments", "checker", "demo", "scoring", "config", "hallapp", "templates"):
        code |= read_tree(top, (".py", ".html", ".txt"))
    result = near(changed_files(), tests, code)
    if result is EVERYTHING:
        print(TESTS)
        return 0
    assert isinstance(result, dict)
    for test in sorted(result):
        print(f"{test}  ← {', '.join(sorted(result[test]))}" if args.why else test)
    return 0


if __name__ == "__main__":
    sys.exit(main())
