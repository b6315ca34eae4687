"""Browser journeys: Playwright drives Debian's Chromium by its path (no
downloaded browser) against pytest-django's live server.

In CI (CI=true) a missing Chromium is a failure, never a skip."""

from __future__ import annotations

import contextlib
import os
import shutil
import time
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.browser import accessibility, session
from tests.browser.guard import Answer, Faults, StatusLine, status_of
from tests.mail import smtp  # noqa: F401 (the fixture: a real SMTP server for a journey's mail)
from tools import durations

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# An assertion waits up to 15 s for what it expects, where Playwright's
# default is 5 s: under CI's load (three journeys on two cores) a page's
# answer came 3 s late. A passing journey never waits longer for it; a
# failing one fails 10 s later.
expect.set_options(timeout=15_000)

# Debian's headless shell of Chromium (package chromium-headless-shell: the
# same Blink and V8, the browser's "old" headless mode, which Playwright
# itself runs headless), else Debian's whole browser, which from Chromium 132
# runs headless as a full browser without a window: with the shell,
# tests/browser/test_players_of_every_age.py took 0.78 of the CPU and 0.87 of
# the time (in turn with the whole browser, 3 runs each, medians: 55.6 s of
# CPU against 71.1 s; 26 November, docs/checks.md).
CHROMIUM = (
    os.environ.get("CHROMIUM_PATH")
    or shutil.which("chromium-headless-shell")
    or shutil.which("chromium")
    or "/usr/bin/chromium-headless-shell"
)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


# The journeys that took longest (30 s to 2 min each on CI's two cores, 25
# November), longest first: they are handed out first (`make test` runs the
# journeys with `--dist load --maxschedchunk 1`, one test at a time to the
# worker that is free), so that none of them starts last and runs alone
# while the other workers wait. A file missing here only runs in its order.
LONGEST_FIRST = (
    "test_public_home_day.py",
    "test_hall_standby.py",
    "test_every_page_of_the_demo.py",
    "test_the_day.py",
    "test_publish_journey.py",
    "test_hall_no_standby.py",
    "test_club_tablet.py",
    "test_hall_moved.py",
    "test_hall_restart.py",
    "test_hall_takeover.py",
    "test_pools_journey.py",
)
# A journey renamed must be renamed here too, or it loses its place.
assert all((Path(__file__).parent / name).is_file() for name in LONGEST_FIRST), LONGEST_FIRST


def longest_first() -> tuple[str, ...]:
    """The journeys' files, longest first: as CI measured them last
    (docs/checks.md, tools/durations.py), else LONGEST_FIRST."""
    measured = {
        Path(path).name: seconds
        for path, seconds in durations.file_seconds().items()
        if path.startswith("tests/browser/") and (Path(__file__).parent / Path(path).name).is_file()
    }
    return tuple(sorted(measured, key=lambda name: -measured[name])) or LONGEST_FIRST


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)
    rank = {name: place for place, name in enumerate(longest_first())}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not os.path.exists(CHROMIUM):
        message = f"Chromium not found at {CHROMIUM}: apt-get install chromium-headless-shell"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


#: The English catalogue the journeys' pages in English are read in: not in
#: git, written by `manage.py compilemessages` (bin/setup-venv runs it).
ENGLISH = Path(__file__).parents[2] / "locale" / "en" / "LC_MESSAGES" / "django.mo"


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # Without it an English page keeps its French texts under lang="en": a
    # journey waited 30 s for « Tournaments » and failed on a timeout.
    if not ENGLISH.exists():
        pytest.fail(f"{ENGLISH} is missing: run manage.py compilemessages --ignore=.venv")
    return {**browser_context_args, "locale": "fr-FR"}


@pytest.fixture(autouse=True)
def _live_server_known(request):
    """The running journey's live server, if it has one: `session.log_in`
    signs in there without typing the form."""
    if "live_server" not in request.fixturenames:
        yield
        return
    url = request.getfixturevalue("live_server").url
    session.LIVE_SERVERS.add(url)
    yield
    session.LIVE_SERVERS.discard(url)


GUARD = (Path(__file__).parent / "guard.js").read_text()


@pytest.fixture
def faults() -> Faults:
    """The faults of every page of the test; any at its end fails it (this
    fixture is torn down after the pages that report to it). A journey
    declares the answers it meant with `faults.expected(status, where)`
    (guard.py): Chromium's console lines about them are then no fault,
    however late they come."""
    found = Faults()
    yield found
    assert not found, f"the journey met faults:\n{found}"


# guard.js says REPLACED before htmx aborts a request in flight to send a
# newer one (hx-sync="this:replace"); htmx then logs ABORT_LOGS, one each.
REPLACED = "journey: htmx replaces a request in flight"
ABORT_LOGS = ("htmx:afterRequest", "htmx:sendAbort")
# What a browser and htmx log when a request finds no network or no server.
NETWORK_LOGS = (
    "Failed to load resource: net::ERR_",
    "htmx:sendError",
    "htmx:afterRequest",
    "htmx:timeout",
    # Chromium, when the service worker's script (app.js registers it as
    # the page loads) is fetched with no network: seen once in CI, the
    # Wi-Fi cut while the phone's registration was still fetching it.
    "An unknown error occurred when fetching the script.",
)


def watch(page, faults: Faults) -> None:
    """Report to `faults` any 5xx answer, browser console error, uncaught
    script error and element wider than the screen (guard.js) of `page`;
    not the two errors htmx logs when it aborts a request to replace it.
    Every answer of status 400 or more is recorded, and Chromium's console
    line about one is kept apart, to be paired with it (guard.py)."""
    page.add_init_script(GUARD)

    def on_response(response) -> None:
        if response.status >= 400:
            faults.record(Answer(response.status, response.request.method, response.url))

    replaced = 0  # htmx's own aborts announced by guard.js, two errors each

    def on_console(message) -> None:
        nonlocal replaced
        if message.type == "debug" and message.text == REPLACED:
            replaced += 2
        elif message.type == "error":
            if faults.network_down and message.text.startswith(NETWORK_LOGS):
                return
            if replaced and message.text.split(",")[0] in ABORT_LOGS:
                replaced -= 1  # the abort announced, not a fault
                return
            if status_of(message.text) is not None:
                faults.console_line(
                    StatusLine.read(message.text, message.location.get("url", ""), page.url)
                )
                return
            faults.console.append(f"console: {message.text} ({page.url})")

    page.on("response", on_response)
    page.on("console", on_console)
    page.on("pageerror", lambda error: faults.console.append(f"script: {error} ({page.url})"))


def settle(page, *, timeout: float = 30_000) -> None:
    """Waits until no htmx request of `page` is in flight (guard.js counts
    them): leaving a page mid-request aborts it, and htmx logs the abort as a
    console error. A request that ends badly still reports (5xx, console)."""
    if page.is_closed():
        return
    try:
        page.wait_for_function(
            "() => !window.__journey || window.__journey.idle()", timeout=timeout, polling=50
        )
    except PlaywrightError as error:
        if "navigation" not in str(error) and "destroyed" not in str(error):
            raise  # a page navigating meanwhile has no request left in flight


def checked(page, *, timeout: float = 30_000) -> None:
    """Waits until guard.js has checked the page as it now is (its width,
    its buttons: 50 ms after a load or an htmx swap), whatever the machine's
    speed: what it found is then among the faults."""
    page.wait_for_function(
        "() => !window.__journey || window.__journey.checked()", timeout=timeout, polling=50
    )


def until(page, done, why: str, *, seconds: float = 30) -> None:
    """Waits until `done()` says so, looking every 50 ms (the page's events
    and routes go on meanwhile), `seconds` at most: for what a journey
    cannot `expect` on the page (requests seen, a route's calls)."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, why
        page.wait_for_timeout(50)


def htmx_answers(page) -> list[str]:
    """The addresses of the htmx requests `page` is answered, from now on:
    a poll seen come back, rather than a time it should have taken."""
    seen: list[str] = []
    page.on(
        "response", lambda r: seen.append(r.url) if r.request.headers.get("hx-request") else None
    )
    return seen


def close_quietly(page) -> None:
    """Before a page is closed: its last document checked for accessibility
    (if it was not yet), no new htmx request (a poll), the ones in flight
    finished, then the last checks of guard.js reported."""
    if page.is_closed():
        return
    accessibility.check_last(page)
    with contextlib.suppress(PlaywrightError):
        page.evaluate("() => window.__journey && window.__journey.quiet()")
    settle(page)
    with contextlib.suppress(PlaywrightError):  # a page navigating meanwhile
        checked(page)  # the last page's checks reported


def _settled_navigation(page) -> None:
    """`goto`, `reload`, `go_back` and `go_forward` of `page` first wait
    for htmx to be idle (`settle`)."""
    for name in ("goto", "reload", "go_back", "go_forward"):
        navigate = getattr(page, name)

        def settled(*args, _navigate=navigate, **kwargs):
            settle(page)
            return _navigate(*args, **kwargs)

        setattr(page, name, settled)


@pytest.fixture
def page(page, faults: Faults):
    """Every journey fails on any 5xx answer, any browser console error, any
    uncaught script error, any element wider than the screen and any
    accessibility fault of a page it visits. Its pages wait for htmx to be
    idle before they navigate or close."""
    watch(page, faults)
    _settled_navigation(page)
    accessibility.watch(page, faults.accessibility, settle)
    yield page
    close_quietly(page)


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
        _settled_navigation(new)
        accessibility.watch(new, faults.accessibility, settle)
        return new

    yield open_
    for context in contexts:
        for opened in context.pages:
            close_quietly(opened)
        context.close()
