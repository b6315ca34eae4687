"""A journey's screenshots, kept when BROWSER_SCREENSHOTS names a folder:
to look at, never compared. The screens' sizes the journeys use."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Page

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1366, "height": 768}


def shot(page: Page, name: str, *, full_page: bool = True) -> None:
    """`name`.png in the folder of BROWSER_SCREENSHOTS, when it is set."""
    if folder := os.environ.get("BROWSER_SCREENSHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=full_page)
