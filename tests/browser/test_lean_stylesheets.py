"""The stylesheets as a phone receives them (infra/lean_static.py, rcssmin)
read by Chromium as their sources are: every rule, selector and
declaration the same in the browser's own reading (its CSS object model,
serialized), so that no blank rcssmin took out or kept changed a selector
(`div p` is not `divp`, `.a.b` is not `.a .b`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Page

from tournaments.infra.lean_static import lean_css

STYLESHEETS = sorted((Path(settings.BASE_DIR) / "static" / "css").glob("*.css"))

# Chromium keeps a var()'s fallback as it was typed (« var(--s, 60s) »):
# the blank after its comma, which means nothing, is left out of the reading.
READ = """text => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  return Array.from(sheet.cssRules, rule => rule.cssText.replace(/,\\s+/g, ","));
}"""


@pytest.mark.parametrize("path", STYLESHEETS, ids=lambda path: path.name)
def test_chromium_reads_the_lean_stylesheet_as_its_source(page: Page, path: Path) -> None:
    """Browser: computed style."""
    source = path.read_text(encoding="utf-8")
    page.set_content("<!doctype html><html lang='fr'><title>CSS</title><main></main></html>")
    read_source = page.evaluate(READ, source)
    assert read_source, f"Chromium read no rule of {path.name}"  # reprise.css holds 4
    assert page.evaluate(READ, lean_css(source)) == read_source


def test_chromium_tells_a_descendant_from_a_compound_selector(page: Page) -> None:
    """The check above can fail: a blank that matters changes Chromium's reading.

    Browser: computed style.
    """
    page.set_content("<!doctype html><html lang='fr'><title>CSS</title><main></main></html>")
    assert page.evaluate(READ, ".a .b { x: 1 }") != page.evaluate(READ, ".a.b { x: 1 }")
