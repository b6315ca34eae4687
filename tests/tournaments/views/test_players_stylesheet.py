"""The players' stylesheet (issue 23, « Light pages »): a player's or a
spectator's page (a template extending templates/players_base.html) loads
static/css/app.css alone; the organizer's rules live in
static/css/organizer.css, which only the other pages load. A class styled
only in organizer.css and used by a players' page would be a page drawn
without its styles: none is, counting the classes the page's scripts set and
the ones built from a prefix (« cell-{{ field.name }} »)."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

TEMPLATES = Path(settings.BASE_DIR) / "templates"
STATIC = Path(settings.BASE_DIR) / "static"
PYTHON_MARKUP = [
    Path(settings.BASE_DIR) / "tournaments" / name for name in ("display", "templatetags")
]

EXTENDS = re.compile(r"""{%\s*extends\s+["']([^"']+)["']""")
INCLUDES = re.compile(r"""{%\s*include\s+["']([^"']+)["']""")
WORD = re.compile(r"[A-Za-z_][\w-]*")
# « cell-{{ field.name }} », « f"state-{…}" », « "file-" + … »: a family of classes.
PREFIX = re.compile(
    r"""([A-Za-z_][\w-]*-)(?:{{|{%|\$\{)"""  # a template's or a script's
    r"""|f["']([A-Za-z_][\w-]*-){"""  # Python's f-string
    r"""|["']([A-Za-z_][\w-]*-)["']\s*\+"""  # a script's concatenation
)
SELECTOR_NAME = re.compile(r"[.#]([A-Za-z_][\w-]*)")


def _extends(path: Path) -> str | None:
    if not path.exists():  # a package's template (django_tables2)
        return None
    found = EXTENDS.search(path.read_text(encoding="utf-8"))
    return found.group(1) if found else None


def players_templates() -> list[Path]:
    """The templates extending players_base.html, with everything they include."""
    pages = []
    for path in TEMPLATES.rglob("*.html"):
        parent = _extends(path)
        while parent and parent != "players_base.html":
            parent = _extends(TEMPLATES / parent)
        if parent:
            pages.append(path)
    seen: set[Path] = set()
    todo = [*pages, TEMPLATES / "base.html"]
    while todo:
        path = todo.pop()
        if path in seen or not path.exists():
            continue
        seen.add(path)
        todo += [TEMPLATES / name for name in INCLUDES.findall(path.read_text(encoding="utf-8"))]
    return sorted(seen)


def _rules(css: str) -> list[str]:
    """Every selector list of a stylesheet, @media blocks opened."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    selectors = (s.strip() for s in re.findall(r"([^{}]+){[^{}]*}", css))
    return [s for s in selectors if not s.startswith("@")]


def test_the_players_pages_use_no_class_styled_only_for_the_organizer():
    sources = players_templates()
    assert TEMPLATES / "tournaments" / "table_side.html" in sources
    assert TEMPLATES / "tournaments" / "standings.html" in sources
    sources += sorted((STATIC / "js").glob("*.js"))
    for folder in PYTHON_MARKUP:
        sources += sorted(folder.rglob("*.py"))
    text = "\n".join(path.read_text(encoding="utf-8") for path in sources)
    words = set(WORD.findall(text))
    prefixes = {next(filter(None, groups)) for groups in PREFIX.findall(text)}
    players_css = (STATIC / "css" / "app.css").read_text(encoding="utf-8")
    styled_for_players = {
        name for rule in _rules(players_css) for name in SELECTOR_NAME.findall(rule)
    }
    organizer_css = (STATIC / "css" / "organizer.css").read_text(encoding="utf-8")
    missing = []
    for rule in _rules(organizer_css):
        for selector in rule.split(","):
            names = SELECTOR_NAME.findall(re.sub(r"\[[^\]]*\]", "", selector))
            on_a_players_page = all(
                name in words or any(name.startswith(p) for p in prefixes) for name in names
            )
            if on_a_players_page and not set(names) <= styled_for_players:
                missing.append(selector.strip())
    assert not missing, missing


def test_every_page_but_the_players_extends_the_base_with_the_organizers_rules():
    base = (TEMPLATES / "base.html").read_text(encoding="utf-8")
    assert "css/app.css" in base and "css/organizer.css" in base
    players_base = (TEMPLATES / "players_base.html").read_text(encoding="utf-8")
    assert "{% block organizer_styles %}{% endblock %}" in players_base
    desk = TEMPLATES / "tournaments" / "table_entry.html"
    assert _extends(desk) == "base.html"
