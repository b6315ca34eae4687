"""The code map (docs/code-map.md) written from the code itself: one line a
module, the first sentence of its docstring, so that the map cannot fall
behind the modules it describes.

    python -m tools.code_map            # writes docs/code-map.md (`make code-map`)
    python -m tools.code_map --check    # exit 1 when the file differs from the code

Every folder of Python under the project's root is found by walking it (a
package added tomorrow, such as one under tournaments/features/, appears
without a change here); a package's line also carries the sentences of its
docstring that say what it must not do. The layers come from the
import-linter contracts of pyproject.toml; the test folders are listed
with their builders and helpers.
tests/test_code_map.py fails when the committed map differs from what this
writes.

Must not: import the project's code (the docstrings are read with `ast`, so
the map is written without Django or a database), or write anything that
changes from one run to the next (no date, no absolute path).
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAP = Path("docs") / "code-map.md"
# Folders that hold no code of the project's own, or code generated.
SKIPPED = {
    "__pycache__",
    "build",
    "docs",
    "locale",
    "migrations",
    "node_modules",
    "requirements",
    "static",
    "templates",
}
TESTS = "tests"
# The top-level packages in the order a reader meets them; any other after them.
FIRST = ("config", "scoring", "checker", "tournaments", "demo", "hallapp", "bench", "tools")
NO_DOCSTRING = "*(no docstring: say in its first lines what it is for)*"
# A sentence ends at . ? or ! followed by a space or the end, except after
# these abbreviations.
ABBREVIATIONS = ("e.g", "i.e", "etc", "cf", "no", "vs", "approx", "n°")
ENDS = re.compile(r"[.?!](?=\s|$)")
MUST_NOT = re.compile(r"\b(must not|never|nothing here|none of it)\b", re.IGNORECASE)

HEADER = """\
# Code map

<!-- Written by `make code-map` (tools/code_map.py) from the code: do not edit by hand. -->

One line a module: the first sentence of its docstring. This file is
written by `make code-map` (`tools/code_map.py`) and checked by
`tests/test_code_map.py`, which fails when it differs from the code: to
change a line, change the module's docstring and run `make code-map`.

Data flows one way: a request → a thin view → one service → the models and
the pure functions → a redirect or a rendered page. The words are those of
the glossary at the top of `tournaments/__init__.py` (a *round* is a partie
of the tournament, a *game* what one table plays in it, a *penalty* a
pénalité…).

A new feature: its rule goes in a pure module (with table-driven and
property tests), its use-case in a service (one transaction, an audit line
with its own action), its page in a thin view, its words in `display` and
the English catalogue, and its day in a browser journey.
"""

OUTSIDE_PYTHON = """\
## Outside Python

- `templates/`, `static/`: display only — they build no label `display`
  knows and compute nothing; every asset is served locally (no CDN).
- `locale/`: the English catalogue (`locale/en/LC_MESSAGES/django.po`),
  French being the language of the msgids.
- `docs/`: the guides, this map and the concours file's schema
  (`docs/concours-file.schema.json`).
- `requirements/`: the lock files `make lock` writes from `pyproject.toml`.
"""


@dataclass(frozen=True)
class Module:
    path: str  # relative to the root, POSIX
    docstring: str | None


def read_docstring(path: Path) -> str | None:
    """A module's docstring, or None; a file that does not parse says so."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except SyntaxError as exc:
        return f"(could not be read: {exc.msg}, line {exc.lineno}.)"
    return ast.get_docstring(tree)


def sentences(text: str) -> list[str]:
    """The sentences of a docstring's prose, its lines joined."""
    prose = " ".join(text.split())
    found: list[str] = []
    start = 0
    for end in ENDS.finditer(prose):
        before = prose[start : end.start()]
        if _inside_quote_or_brackets(before):
            continue
        if before.lower().endswith(ABBREVIATIONS) and before[-1:].isalpha():
            word = before.rsplit(" ", 1)[-1].lower().lstrip("(")
            if word in ABBREVIATIONS:
                continue
        found.append(prose[start : end.end()].strip())
        start = end.end()
    if prose[start:].strip():
        found.append(prose[start:].strip())
    return found


def _inside_quote_or_brackets(text: str) -> bool:
    """Whether a sentence begun with `text` is still inside « … » or ( … ):
    « Combien pour la défense ? » does not end the sentence around it."""
    return text.count("«") > text.count("»") or text.count("(") > text.count(")")


def first_sentence(docstring: str | None) -> str:
    if not docstring:
        return NO_DOCSTRING
    first_paragraph = docstring.strip().split("\n\n", 1)[0]
    found = sentences(first_paragraph)
    return markdown(found[0]) if found else NO_DOCSTRING


def must_not(docstring: str | None, limit: int = 2) -> list[str]:
    """The sentences of a package's docstring that say what it must not do
    (besides its first one)."""
    if not docstring:
        return []
    said: list[str] = []
    for paragraph in docstring.strip().split("\n\n"):
        if paragraph.startswith(("    ", "===")):
            continue  # a command or a table
        for item in re.split(r"^\s*[-*] ", paragraph, flags=re.MULTILINE):
            said += [c for s in sentences(item) for c in s.split("; ")]
    clauses = [c.strip().rstrip(".;") for c in said[1:] if MUST_NOT.search(c)]
    return [markdown(c[0].upper() + c[1:] + ".") for c in clauses if c][:limit]


def markdown(text: str) -> str:
    """Plain text made safe in a Markdown list: `<` outside code spans
    would be read as HTML."""
    parts = text.split("`")
    return "`".join(
        part.replace("<", "\\<") if i % 2 == 0 else part for i, part in enumerate(parts)
    )


def code_folders(root: Path) -> list[Path]:
    """Every folder under the root holding Python of the project, tests and
    hidden folders aside, in a stable order."""
    found: list[Path] = []

    def walk(folder: Path) -> None:
        children = sorted(folder.iterdir())
        if folder == root:
            children.sort(key=lambda c: FIRST.index(c.name) if c.name in FIRST else len(FIRST))
        if any(child.suffix == ".py" for child in children if child.is_file()):
            found.append(folder)
        for child in children:
            if child.is_dir() and not child.name.startswith(".") and child.name not in SKIPPED:
                if folder == root and (child.name == TESTS or child.name.startswith("venv")):
                    continue
                walk(child)

    walk(root)
    return found


def folder_section(root: Path, folder: Path) -> list[str]:
    """A package's heading, what it is, what it must not do, then one line
    a module."""
    name = folder.relative_to(root).as_posix()
    init = folder / "__init__.py"
    title = "the project's root" if folder == root else f"`{name}/`"
    lines = [f"### {title}", ""]
    if folder != root:
        docstring = read_docstring(init) if init.exists() else None
        about = first_sentence(docstring) if init.exists() else "*(a namespace package)*"
        lines.append(" ".join([about, *must_not(docstring)]))
        lines.append("")
    modules = sorted(p for p in folder.glob("*.py") if p.name != "__init__.py")
    for path in modules:
        lines.append(f"- `{path.name}` — {first_sentence(read_docstring(path))}")
    migrations = folder / "migrations"
    if migrations.is_dir():
        count = len([p for p in migrations.glob("[0-9]*.py")])
        lines.append(f"- `migrations/` — {count} migrations, written by `makemigrations`.")
    if lines[-1] != "":
        lines.append("")
    return lines


def layers_section(pyproject: Path) -> list[str]:
    """The import-linter contracts, as pyproject.toml states them: the
    layers from the top, then every other contract by its name."""
    contracts = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    contracts = contracts.get("tool", {}).get("importlinter", {}).get("contracts", [])
    lines = [
        "## The rules that hold",
        "",
        "`lint-imports` (in `make lint` and CI) keeps these contracts of `pyproject.toml`.",
        "",
    ]
    for contract in contracts:
        lines.append(f"- **{contract['name']}** ({contract['type']})")
        for layer in contract.get("layers", []):
            lines.append(f"  1. `{layer}`" if "|" not in layer else f"  1. {_either(layer)}")
    lines.append("")
    return lines


def _either(layer: str) -> str:
    return " · ".join(f"`{name.strip()}`" for name in layer.split("|"))


def tests_section(root: Path) -> list[str]:
    """The test folders, and the helpers and builders beside their tests, by
    the first sentence of their docstring (the tests themselves are not
    counted: a test added would change the map)."""
    tests = root / TESTS
    if not tests.is_dir():
        return []
    docstring = read_docstring(tests / "__init__.py")
    lines = ["## Tests", "", " ".join([first_sentence(docstring), *must_not(docstring)]), ""]
    for folder in code_folders(tests):
        lines.append(f"- `{folder.relative_to(root).as_posix()}/`")
        for path in sorted(folder.glob("*.py")):
            if path.name.startswith("test_") or path.name == "__init__.py":
                continue
            lines.append(f"  - `{path.name}` — {first_sentence(read_docstring(path))}")
    lines.append("")
    return lines


def generate(root: Path = ROOT) -> str:
    """The whole map, as `make code-map` writes it."""
    lines = [*HEADER.splitlines(), ""]
    if (root / "pyproject.toml").exists():
        lines += layers_section(root / "pyproject.toml")
    lines += ["## Packages", ""]
    for folder in code_folders(root):
        lines += folder_section(root, folder)
    lines += tests_section(root)
    lines += OUTSIDE_PYTHON.splitlines()
    return "\n".join(lines).rstrip("\n") + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.code_map", description=__doc__)
    parser.add_argument("--check", action="store_true", help="exit 1 if the map is behind")
    options = parser.parse_args(argv)
    written = generate(ROOT)
    target = ROOT / MAP
    if options.check:
        current = target.read_text(encoding="utf-8") if target.exists() else ""
        if current != written:
            print(f"{MAP} differs from the code: run `make code-map`.", file=sys.stderr)
            return 1
        return 0
    target.write_text(written, encoding="utf-8")
    print(f"{MAP}: {len(written.splitlines())} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
