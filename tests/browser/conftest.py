"""Browser journeys: Playwright drives Debian's Chromium by its path (no
downloaded browser) against pytest-django's live server.

In CI (CI=true) a missing Chromium is a failure, never a skip."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not os.path.exists(CHROMIUM):
        message = f"Chromium not found at {CHROMIUM}: apt-get install chromium"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "locale": "fr-FR"}


GUARD = (Path(__file__).parent / "guard.js").read_text()


@dataclass
class Faults:
    """What went wrong in a journey's pages: server errors, console errors
    (the guard script reports elements wider than the screen there too) and
    uncaught script errors."""

    server: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.server or self.console)

    def __str__(self) -> str:
        return "\n".join([*self.server, *self.console])


@pytest.fixture
def faults() -> Faults:
    """The faults of every page of the test; any at its end fails it (this
    fixture is torn down after the pages that report to it)."""
    found = Faults()
    yield found
    assert not found, f"the journey met faults:\n{found}"


def watch(page, faults: Faults) -> None:
    """Report to `faults` any 5xx answer, browser console error, uncaught
    script error and element wider than the screen (guard.js) of `page`."""
    page.add_init_script(GUARD)

    def on_response(response) -> None:
        if response.status >= 500:
            faults.server.append(f"{response.status} {response.request.method} {response.url}")

    def on_console(message) -> None:
        if message.type == "error":
            faults.console.append(f"console: {message.text} ({page.url})")

    page.on("response", on_response)
    page.on("console", on_console)
    page.on("pageerror", lambda error: faults.console.append(f"script: {error} ({page.url})"))


@pytest.fixture
def page(page, faults: Faults):
    """Every journey fails on any 5xx answer, any browser console error, any
    uncaught script error and any element wider than the screen."""
    watch(page, faults)
    yield page
    page.wait_for_timeout(100)  # let the last page's checks report


@pytest.fixture
def open_page(browser, browser_context_args, faults: Faults):
    """Another person's screen (a second phone, a player): `open_page(viewport=…)`
    opens a page in a browser context of its own (its own cookies), watched
    as the `page` fixture's is. Options are Playwright's `new_context`'s."""
    contexts = []

    def open_(**options):
        context = browser.new_context(**{**browser_context_args, **options})
        contexts.append(context)
        new = context.new_page()
        watch(new, faults)
        return new

    yield open_
    for context in contexts:
        if context.pages:
            context.pages[-1].wait_for_timeout(100)  # let the last page's checks report
        context.close()
