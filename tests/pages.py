"""Pages read back as the Django client gets them, for the tests that left
the browser (journeys whose claims were all the server's answers): the
text of the elements a journey's locator named, whitespace collapsed as
Playwright's `to_have_text` and `to_contain_text` collapse it; the link
or the form behind a link's or a button's name, as a person clicks it.

The tree is Django's, the one `assertContains(html=True)` compares
(django.test.html: its parser, its void elements, its end tags), with the
text kept as the page has it: `parse_html` itself collapses the spaces
around an element away (« codes N-S <b>9845 8629</b>, E-O » reads there
either « 8629 , E-O » or « N-S9845 »), where a locator reads the text as
typed.

A selector is one or more simple ones separated by spaces (descendants):
`tag`, `#id`, `.class`, `tag.class`, `tag#id`, `[name=value]` — what the
moved journeys used, nothing more."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.test import html

SIMPLE = re.compile(
    r"^(?P<tag>[a-z0-9]+)?(?:#(?P<id>[\w-]+))?(?P<classes>(?:\.[\w-]+)*)"
    r"(?:\[(?P<attr>[\w-]+)=(?P<value>[^\]]+)\])?$"
)


@dataclass(eq=False)
class Element:
    tag: str
    attributes: dict[str, str]
    parent: Element | None = None
    children: list[Element | str] = field(default_factory=list)

    @property
    def text(self) -> str:
        """Its text content, whitespace collapsed (Playwright's to_have_text)."""
        return " ".join(self._raw().split())

    def _raw(self) -> str:
        return "".join(c if isinstance(c, str) else c._raw() for c in self.children)

    @property
    def name(self) -> str:
        """Its accessible name, as far as the moved journeys needed it."""
        return self.attributes.get("aria-label") or self.text or self.attributes.get("value", "")

    def walk(self):
        for child in self.children:
            if isinstance(child, Element):
                yield child
                yield from child.walk()

    def ancestors(self):
        node = self.parent
        while node is not None:
            yield node
            node = node.parent

    def select(self, selector: str) -> list[Element]:
        """Its descendants that `selector` selects, in document order."""
        parts = selector.split()
        found = []
        for element in self.walk():
            if not _matches(parts[-1], element):
                continue
            wanted = parts[:-1]
            for ancestor in element.ancestors():
                if wanted and _matches(wanted[-1], ancestor):
                    wanted = wanted[:-1]
            if not wanted:
                found.append(element)
        return found


def _matches(simple: str, element: Element) -> bool:
    part = SIMPLE.match(simple)
    assert part, f"selector not understood: {simple}"
    attributes = element.attributes
    if part["tag"] and part["tag"] != element.tag:
        return False
    if part["id"] and attributes.get("id") != part["id"]:
        return False
    classes = set(attributes.get("class", "").split())
    if any(name not in classes for name in part["classes"].split(".")[1:]):
        return False
    return not part["attr"] or attributes.get(part["attr"]) == part["value"].strip("'\"")


@dataclass(frozen=True)
class _Text:
    """A run of the page's text as it came: Django's parser keeps any child
    that is not a `str` as it is (it collapses a `str`, and drops it when
    it is only spaces between two elements)."""

    raw: str


class _Parser(html.Parser):
    def handle_data(self, data):
        self.current.append(_Text(data))


def _element(node: html.Element, parent: Element | None) -> Element:
    attributes = {name: value or "" for name, value in node.attributes}
    element = Element(node.name or "#document", attributes, parent=parent)
    element.children = [
        child.raw if isinstance(child, _Text) else _element(child, element)
        for child in node.children
    ]
    return element


def parse(page) -> Element:
    """The document of `page` (a response, bytes or text)."""
    content = getattr(page, "content", page)
    parser = _Parser()
    parser.feed(content.decode() if isinstance(content, bytes) else content)
    parser.close()
    return _element(parser.root, None)


def texts(page, selector: str) -> list[str]:
    """The text of every element of `page` that `selector` selects, in order."""
    return [element.text for element in parse(page).select(selector)]


def text(page, selector: str) -> str:
    """The text of the one element `selector` selects (fails on none or more)."""
    found = texts(page, selector)
    assert len(found) == 1, f"{selector}: {len(found)} elements"
    return found[0]


def link(page, name: str, within: str = "") -> str:
    """The address of the one link named `name` (within `within`, a selector)."""
    scope = parse(page).select(within)[0] if within else parse(page)
    found = [a.attributes["href"] for a in scope.select("a") if a.name == name]
    assert len(found) == 1, f"link « {name} »: {len(found)} found"
    return found[0]


def form(page, button: str, **typed: str) -> tuple[str, dict[str, str]]:
    """What a click on the button named `button` sends: its form's action
    and fields (hidden and filled ones, those tied to it by their `form`
    attribute too, the button's own name and value), `typed` filled in."""
    document = parse(page)
    found = [b for b in document.select("button") if b.name == button]
    assert len(found) == 1, f"button « {button} »: {len(found)} found"
    pressed = found[0]
    if "form" in pressed.attributes:
        owner = document.select(f"#{pressed.attributes['form']}")[0]
    else:
        owner = next(a for a in pressed.ancestors() if a.tag == "form")
    named = owner.attributes.get("id")
    fields = [f for f in owner.select("input") if "form" not in f.attributes]
    if named:
        fields += [f for f in document.select("input") if f.attributes.get("form") == named]
    ticked = ("checkbox", "radio")  # sent « on » when they have no value, as a browser does
    data = {
        f.attributes["name"]: f.attributes.get(
            "value", "on" if f.attributes.get("type") in ticked else ""
        )
        for f in fields
        if "name" in f.attributes
        and (f.attributes.get("type") not in ticked or "checked" in f.attributes)
    }
    if "name" in pressed.attributes:
        data[pressed.attributes["name"]] = pressed.attributes.get("value", "")
    return owner.attributes.get("action", ""), data | typed
