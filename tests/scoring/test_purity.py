"""The engine is pure Python: nothing under scoring/ imports Django."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "scoring"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            names.update(arg.value for arg in node.args if isinstance(arg, ast.Constant))
    return names


def test_no_scoring_module_imports_django() -> None:
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) >= 5
    for path in files:
        offending = {name for name in imported_modules(path) if name.split(".")[0] == "django"}
        assert not offending, f"{path.name} imports {offending}"


def test_importing_every_scoring_module_loads_no_django() -> None:
    modules = sorted(
        "scoring" if path.name == "__init__.py" else f"scoring.{path.stem}"
        for path in PACKAGE.glob("*.py")
        if path.name != "__main__.py"
    )
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "import runpy\n"
        "sys.argv = ['scoring', '--help']\n"
        "try:\n"
        "    runpy.run_module('scoring', run_name='__main__')\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env["PYTHONPATH"] = str(PACKAGE.parent)
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=PACKAGE.parent,
        env=env,
        timeout=60,
        check=True,
    )
    assert result.stdout.strip().splitlines()[-1] == "[]"
