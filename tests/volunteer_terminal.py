"""A volunteer's terminal, for the tests that run a command of the docs as
written (the takeover's `bin/salle --reprendre`, the checker's
`bin/verifier`): the machine's own Python first on its PATH as `python`
and `python3` (no .venv, no Django, no fastjsonschema), then make and bash
from the system."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def terminal(tmp_path: Path) -> dict[str, str]:
    """The PATH (and HOME) of that terminal; fails when the machine's own
    Python has Django, where such a test would prove nothing."""
    shims = tmp_path / "terminal-bin"
    shims.mkdir()
    base = Path(sys.base_prefix) / "bin" / "python3"
    for name in ("python", "python3"):
        (shims / name).symlink_to(base)
    lacks = subprocess.run([str(shims / "python"), "-c", "import django"], capture_output=True)
    assert lacks.returncode != 0, "this machine's python has Django: the test would prove nothing"
    path = os.pathsep.join([str(shims), "/usr/local/bin", "/usr/bin", "/bin"])
    return {"PATH": path, "HOME": str(tmp_path)}
