"""Documents read back as a person reads them: a PDF's text through
poppler's pdftotext (« -layout » keeps the columns on their lines)."""

from __future__ import annotations

import subprocess
from pathlib import Path


def pdf_text(data: bytes, tmp_path: Path) -> str:
    assert data.startswith(b"%PDF")
    path = tmp_path / "read.pdf"
    path.write_bytes(data)
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
