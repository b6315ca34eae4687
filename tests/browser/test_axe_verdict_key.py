"""The key of axe's verdicts (tests/browser/accessibility.py): two documents
that differ only by the database's keys in their ids (`team-152` in one
run, `team-160` in the next) share one verdict, but a document whose ids
repeat, or whose label or ARIA reference names an id no element has, never
shares the verdict of a clean document of the same elements: there axe finds
what it does not find in the clean one. Pages given by `set_content`: no
server."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser import accessibility


def _shape(page: Page, body: str) -> str:
    page.set_content(
        '<!doctype html><html lang="fr"><head><title>Essai</title></head>'
        f"<body><main><h1>Essai</h1>{body}</main></body></html>"
    )
    return page.evaluate(accessibility.SHAPE)


def _rules(page: Page) -> set[str]:
    """The rules axe finds broken in the page's document."""
    page.add_script_tag(content=accessibility._axe_source())
    violations = page.evaluate(accessibility.RUN_AXE, accessibility.TAGS)
    return {rule["id"] for rule in violations}


def _labelled(first: str, second: str, second_for: str) -> str:
    return (
        f'<label for="{first}">Nom</label><input id="{first}">'
        f'<label for="{second_for}">Club</label><input id="{second}">'
    )


def _named(reference: str) -> str:
    return f'<button aria-labelledby="{reference}"></button><span id="nom-7">Valider</span>'


def test_a_page_with_other_keys_shares_the_verdict(page: Page):
    """The same two labelled fields, the keys of another run.

    Browser: the journeys' guard.
    """
    assert _shape(page, _labelled("team-152", "team-153", "team-153")) == _shape(
        page, _labelled("team-160", "team-161", "team-161")
    )
    assert _shape(page, _named("nom-7")) == _shape(page, _named("nom-7").replace("nom-7", "nom-12"))


def test_repeated_ids_and_references_to_no_element_are_another_shape(page: Page):
    """Each page has the same elements and attributes as a clean one, and
    its ids differ from the clean one's by their digits alone: a key that
    left the digits of ids out gave them the clean page's verdict, and axe's
    « label » and « button-name » went unseen.

    Browser: axe, the journeys' guard.
    """
    clean = _shape(page, _labelled("team-152", "team-153", "team-153"))
    assert not _rules(page)
    # The second label's `for` finds no element: the second field has no name.
    astray = _shape(page, _labelled("team-152", "team-153", "team-154"))
    assert "label" in _rules(page)
    assert astray != clean
    # The second field takes the first's id: two ids alike.
    assert _shape(page, _labelled("team-152", "team-152", "team-153")) != clean

    found = _shape(page, _named("nom-7"))
    assert not _rules(page)
    # aria-labelledby names an id no element has: the button has no name.
    missing = _shape(page, _named("nom-8"))
    assert "button-name" in _rules(page)
    assert missing != found

    # Two sections alike but for their ids, repeated or not.
    assert _shape(page, '<section id="s-1"></section><section id="s-1"></section>') != _shape(
        page, '<section id="s-1"></section><section id="s-2"></section>'
    )
