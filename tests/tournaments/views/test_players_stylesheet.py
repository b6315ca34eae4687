"""The players' stylesheet (issue 23, « Light pages »): a player's or a
spectator's page (a template extending templates/players_base.html, or a
club site's widget: tournaments/widget_base.html) loads
static/css/app.css alone; the organizer's rules live in
static/css/organizer.css, which only the other pages load. A class styled
only in organizer.css and used by a players' page would be a page drawn
without its styles: none is, counting the classes the page's scripts set and
the ones built from a prefix (« cell-{{ field.name }} »)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.template.loader import get_template

TEMPLATES = Path(settings.BASE_DIR) / "templates"
STATIC = Path(settings.BASE_DIR) / "static"
FEATURES = Path(settings.BASE_DIR) / "tournaments" / "features"
# The core's templates and each feature's own (tournaments/features/README.md).
TEMPLATE_FOLDERS = [TEMPLATES, *sorted(FEATURES.glob("*/templates"))]
PYTHON_MARKUP = [
    Path(settings.BASE_DIR) / "tournaments" / name for name in ("display", "templatetags", "forms")
]
# A feature's modules that write markup: display, forms, template tags.
FEATURE_MARKUP = ("*/display.py", "*/display/*.py", "*/forms.py", "*/templatetags/*.py")

EXTENDS = re.compile(r"""{%\s*extends\s+["']([^"']+)["']""")
INCLUDES = re.compile(r"""{%\s*include\s+["']([^"']+)["']""")
SLOTS = re.compile(r"""{%\s*feature_slot\s+["']([^"']+)["'](?:\s+default=["']([^"']+)["'])?""")
WORD = re.compile(r"[A-Za-z_][\w-]*")
# « cell-{{ field.name }} », « f"state-{…}" », « "file-" + … »: a family of classes.
PREFIX = re.compile(
    r"""([A-Za-z_][\w-]*-)(?:{{|{%|\$\{)"""  # a template's or a script's
    r"""|f["']([A-Za-z_][\w-]*-){"""  # Python's f-string
    r"""|["']([A-Za-z_][\w-]*-)["']\s*\+"""  # a script's concatenation
)
PLAYERS_BASES = {"players_base.html", "tournaments/widget_base.html"}
SELECTOR_NAME = re.compile(r"[.#]([A-Za-z_][\w-]*)")


def _python_markup() -> list[Path]:
    core = [path for folder in PYTHON_MARKUP for path in sorted(folder.rglob("*.py"))]
    return core + [path for pattern in FEATURE_MARKUP for path in sorted(FEATURES.glob(pattern))]


def _text(paths: list[Path]) -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in paths)


def _path(name: str) -> Path:
    """A template's file, the project's or a package's (django_tables2's)."""
    return Path(get_template(name).origin.name)


def _extends(path: Path) -> str | None:
    found = EXTENDS.search(path.read_text(encoding="utf-8"))
    return found.group(1) if found else None


def players_templates() -> list[Path]:
    """The players' pages, with what they extend and include."""
    pages = []
    for path in (path for folder in TEMPLATE_FOLDERS for path in folder.rglob("*.html")):
        parent = _extends(path)
        while parent and parent not in PLAYERS_BASES:
            parent = _extends(_path(parent))
        if parent:
            pages.append(path)
    # The templates the Python that writes their markup renders (a table's, a tag's).
    named = re.findall(r"""["']([\w/]+\.html)["']""", _text(_python_markup()))
    seen: set[Path] = set()
    todo = pages + [_path(name) for name in named]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        text = path.read_text(encoding="utf-8")
        todo += [_path(name) for name in INCLUDES.findall(text) + EXTENDS.findall(text)]
        todo += [_path(name) for name in _slot_templates(text)]
    return sorted(seen)


def _slot_templates(text: str) -> list[str]:
    """The templates the feature slots of `text` may show (hooks.fill), and
    their defaults."""
    from tournaments import hooks

    return [
        name
        for slot, default in SLOTS.findall(text)
        for name in [*hooks.filled_by(slot), default]
        if name
    ]


def _rules(css: str) -> list[str]:
    """Every selector list of a stylesheet, @media blocks opened."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    selectors = (s.strip() for s in re.findall(r"([^{}]+){[^{}]*}", css))
    return [s for s in selectors if not s.startswith("@")]


def _on_a_players_page() -> Callable[[str], bool]:
    """Whether a selector may match on a players' page: each class or id it
    names is in a players' template, a script, or the Python that writes
    their markup, or belongs to a family of classes one of them builds."""
    sources = players_templates()
    assert TEMPLATES / "tournaments" / "table_side.html" in sources
    assert TEMPLATES / "tournaments" / "standings.html" in sources
    assert TEMPLATES / "tournaments" / "widget_ranking.html" in sources
    text = _text(sources + sorted((STATIC / "js").glob("*.js")) + _python_markup())
    words = set(WORD.findall(text))
    prefixes = tuple({next(filter(None, groups)) for groups in PREFIX.findall(text)})

    def matches(selector: str) -> bool:
        names = SELECTOR_NAME.findall(re.sub(r"\[[^\]]*\]", "", selector))
        return all(name in words or name.startswith(prefixes) for name in names)

    return matches


def _stylesheet(name: str) -> list[str]:
    return _rules((STATIC / "css" / name).read_text(encoding="utf-8"))


def test_the_players_pages_use_no_class_styled_only_for_the_organizer():
    on_a_players_page = _on_a_players_page()
    styled_for_players = {
        name for rule in _stylesheet("app.css") for name in SELECTOR_NAME.findall(rule)
    }
    missing = [
        selector.strip()
        for rule in _stylesheet("organizer.css")
        for selector in rule.split(",")
        if on_a_players_page(selector)
        and not set(SELECTOR_NAME.findall(selector)) <= styled_for_players
    ]
    assert not missing, missing


def test_the_players_stylesheet_holds_no_rule_for_the_organizers_pages_alone():
    """A rule no players' page can match belongs in organizer.css: app.css is
    what every phone of the hall downloads."""
    on_a_players_page = _on_a_players_page()
    organizers = [
        rule
        for rule in _stylesheet("app.css")
        if not any(on_a_players_page(selector) for selector in rule.split(","))
    ]
    assert not organizers, organizers


def test_every_page_but_the_players_extends_the_base_with_the_organizers_rules():
    base = (TEMPLATES / "base.html").read_text(encoding="utf-8")
    assert "css/app.css" in base and "css/organizer.css" in base
    players_base = (TEMPLATES / "players_base.html").read_text(encoding="utf-8")
    assert "{% block organizer_styles %}{% endblock %}" in players_base
    desk = TEMPLATES / "tournaments" / "table_entry.html"
    assert _extends(desk) == "base.html"
