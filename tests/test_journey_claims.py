"""Every journey says why it needs a browser (issue 63, item 2): each test
function of tests/browser/test_*.py has, in its docstring, a line
« Browser: <claim>, <claim>. » naming what only a browser can tell, each
claim from CLAIMS. A journey that only asserts what the server answers
belongs to the Django client (pytest-django's `client`, tests/pages.py
reads its pages), minutes cheaper: a new journey must say its claim here,
or be written for the client. Read from the files' syntax (ast): no
browser is started, nothing is imported from them."""

from __future__ import annotations

import ast
from pathlib import Path

BROWSER = Path(__file__).resolve().parent / "browser"

#: What only a browser can tell, and what each claim means.
CLAIMS = {
    "keys and focus": "what the keys do and where the focus goes (Tab, Enter, the grid's keys)",
    "390 px layout": "a phone's screen: what fits, the first screen, 44 px targets, zoom",
    "screen layout": "a desk's or the hall's screen: where things are, what needs no scroll",
    "htmx swaps": "a fragment swapped in place, polled, or sent while another is awaited",
    "scripts": "the pages' own JavaScript: the pad, the preview, the clock, the clipboard",
    "offline outbox": "the Wi-Fi lost: what waits on the phone and is sent once back",
    "service worker": "the page kept by its service worker and opened from it offline",
    "camera input": "a photo given through the file input a phone's camera fills",
    "computed style": "the stylesheets as Chromium applies them: colours, text sizes, CSS read",
    "axe": "axe's and guard.js's verdicts on a document shape or viewport no other journey meets",
    "the journeys' guard": "the journeys' own checks (conftest.py, guard.js, accessibility.py)",
}
PREFIX = "Browser: "


def journeys() -> list[tuple[str, ast.FunctionDef]]:
    found = []
    for path in sorted(BROWSER.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                found.append((f"{path.name}::{node.name}", node))
    return found


def claims_of(function: ast.FunctionDef) -> list[str] | None:
    """The claims of the function's « Browser: » paragraph (its line and
    those after it up to a blank one), None without one."""
    lines = (ast.get_docstring(function) or "").splitlines()
    for at, line in enumerate(lines):
        if line.strip().startswith(PREFIX):
            paragraph = [line.strip()[len(PREFIX) :]]
            for more in lines[at + 1 :]:
                if not more.strip():
                    break
                paragraph.append(more.strip())
            said = " ".join(paragraph).rstrip(".")
            return [claim.strip() for claim in said.split(",")]
    return None


def test_every_journey_names_what_only_a_browser_can_tell() -> None:
    found = journeys()
    assert len(found) > 100, len(found)  # the folder was read
    unsaid = [name for name, function in found if not claims_of(function)]
    unknown = {
        name: [claim for claim in claims_of(function) or [] if claim not in CLAIMS]
        for name, function in found
    }
    assert not unsaid, f"no « {PREFIX}… » line in their docstring ({', '.join(CLAIMS)}): {unsaid}"
    assert not {name: bad for name, bad in unknown.items() if bad}, (
        f"claims not in CLAIMS ({', '.join(CLAIMS)}): "
        + str({name: bad for name, bad in unknown.items() if bad})
    )


def test_a_journey_without_its_line_or_with_another_claim_is_found() -> None:
    said = ast.parse(
        'def test_x():\n    """A journey.\n\n'
        '    Browser: keys and focus,\n    390 px layout.\n    """'
    )
    unsaid = ast.parse('def test_x():\n    """A journey that says nothing of the browser."""')
    other = ast.parse('def test_x():\n    """Browser: the server\'s answer."""')
    assert claims_of(said.body[0]) == ["keys and focus", "390 px layout"]
    assert claims_of(unsaid.body[0]) is None
    assert [c for c in claims_of(other.body[0]) if c not in CLAIMS] == ["the server's answer"]
