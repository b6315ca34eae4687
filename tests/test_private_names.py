"""A helper one module shares with another has a public name: importing
`_name` from another module of the project couples the two through what
its author marked as nobody else's business (STYLE.md, layers)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("tournaments", "checker", "demo", "scoring", "config", "bench")


def private_imports() -> list[str]:
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.ImportFrom) or node.level or not node.module:
                    continue
                if node.module.split(".")[0] not in PACKAGES:
                    continue
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        found.append(f"{path.relative_to(ROOT)}: {alias.name} from {node.module}")
    return found


def test_no_module_imports_another_modules_private_name():
    assert private_imports() == []
