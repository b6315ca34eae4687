"""The core's moments, and the optional features that listen to them (issue 36).

The core (tournament, teams, rounds and phases, tables, deals, scores,
claims, standings, audit, backup) never imports a feature
(`tournaments/features/<name>/`; import-linter forbids it). Where a feature
has something to do, the core *announces a moment* from the one table
of hooks/moments.py (`MOMENTS`, in the style of `services/phases.py`'s `STEPS`), and the
features that care have registered a handler for it in their
`AppConfig.ready()`:

    hooks.register(hooks.TOURNAMENT_FINAL, send_when_final)   # the feature
    hooks.announce(hooks.TOURNAMENT_FINAL, tournament=t, by=by)  # the core

Each moment says the keyword arguments its handlers receive (`announce`
refuses any other set, so a moment's signature cannot drift) and *when*
they run, which decides what a failing handler does:

- `IN_TRANSACTION`: inside the announcing service's `transaction.atomic()`,
  for handlers that write data (a league's stage sending its qualified
  teams). A handler that raises rolls the whole use-case back: the core's
  transaction is never left half-done, and the error reaches the caller as
  it would from the service itself. A handler that may be refused for a
  reason of its own (a stage not ready) catches that itself, in a savepoint.
- `ON_COMMIT`: after the announcing transaction commits, for handlers that
  only notify (a mail, a cache moved). Run with Django's `robust`
  `on_commit`: a failure is logged and the other handlers still run;
  nothing the core wrote is undone, since it is already committed.
- `ON_PAGE`: while a page is built, for what a feature shows in a core
  page (a dashboard panel, a table page's tablet bar). A handler returns a
  dict (None: nothing to show); the page receives the list of them. It
  reads, or makes its own small write in its own transaction (a tablet set
  to the table whose link it opens). A failure is a bug and is not hidden:
  the page fails as any view would.

Handlers run in the order they registered, which is INSTALLED_APPS' order.
A feature a concours switches on or off (the cash box, the door, the clock)
names its switch on its app config (`switch = "cash"`, its label in the
concours's `features`, as pretix's `Event.plugins`): announced
for a concours (its `tournament`, or the `round`, `table` or `team` of one)
where it is off, its handlers are skipped here, as pretix's
`EventPluginSignal` skips the receivers of a plugin an event has not
enabled: one filter, not an `if` at the top of every handler.

A core page shows what a feature adds in it through *slots* (`SLOTS`, the
other table there, as pretix's `{% eventsignal %}` and Wagtail's
`{% hook_output %}`): a core template says where, `{% feature_slot
"team_row.cells" entrant=team %}` (templatetags/tournaments_display.py), and
a feature fills the slot with a template of its own in `ready()`:

    hooks.fill("team_row.cells", "tournaments/includes/pay_td.html", by=__name__)

The same switch filter decides: a slot shows a feature's template only for a
concours where the feature is on (none when the page has no concours), unless
filled `always` (a link that leads to switching it on). So a core template
names no feature template and no feature switch.

Must not: import any part of the project (it sits under every layer), or
hold state other than the registered handlers and slot fillers.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.db import transaction

from tournaments.hooks.moments import *  # noqa: F403 (the moments' names, as hooks.<NAME>)
from tournaments.hooks.moments import MOMENTS, ON_COMMIT, ON_PAGE, SLOTS


@dataclass(frozen=True)
class Filler:
    """A feature's template in a slot; `app`, a module of the feature's app
    (its switch is read from the app's config)."""

    template: str
    app: str
    always: bool = False


_handlers: dict[str, list[Callable[..., Any]]] = {name: [] for name in MOMENTS}
_fillers: dict[str, list[Filler]] = {name: [] for name in SLOTS}


def fill(slot: str, template: str, *, by: str, always: bool = False) -> None:
    """The template `template` shows in `slot` (a KeyError for a slot not in
    the table), for a concours where the feature of module `by` is on (any
    page, with `always`). Filling twice keeps one: `ready()` may run again."""
    filler = Filler(template=template, app=by, always=always)
    if filler not in _fillers[slot]:
        _fillers[slot].append(filler)


def slot_templates(slot: str, tournament: Any) -> list[str]:
    """The templates that fill `slot` on a page of `tournament` (None: a page
    of no concours yet), in their order."""
    return [
        filler.template
        for filler in _fillers[slot]
        if filler.always or _switched_on(filler.app, tournament)
    ]


def filled_by(slot: str) -> list[str]:
    """Every template that may fill `slot`, on or off (the checks of what a
    page may show: tests/tournaments/views/test_players_stylesheet.py)."""
    return [filler.template for filler in _fillers[slot]]


def _switched_on(module: str, tournament: Any) -> bool:
    """Whether the feature of `module` is on for `tournament` (a feature
    without a switch: always; a switched one on no concours: never)."""
    switch = _switch(module)
    if not switch:
        return True
    return tournament is not None and switch in (tournament.features or ())


def _switch(module: str) -> str:
    """The switch of the feature of `module` (its app config's), or ""."""
    return str(getattr(apps.get_containing_app_config(module), "switch", ""))


def register(moment: str, handler: Callable[..., Any]) -> None:
    """`handler` runs at `moment` (a KeyError for a moment not in the table).
    Registering the same handler twice keeps one: `ready()` may run again."""
    handlers = _handlers[moment]
    if handler not in handlers:
        handlers.append(handler)


def handlers(moment: str) -> tuple[Callable[..., Any], ...]:
    """The handlers registered for `moment`, in their order."""
    return tuple(_handlers[moment])


def announce(moment: str, **arguments: Any) -> list[Any]:
    """Run `moment`'s handlers with `arguments` (exactly the moment's), as its
    `when` says; the values they returned, for an `ON_PAGE` moment (None
    left out), else an empty list."""
    spec = MOMENTS[moment]
    if set(arguments) != spec.arguments:
        raise TypeError(f"{moment!r} takes {sorted(spec.arguments)}, not {sorted(arguments)}")
    switched_on = [handler for handler in _handlers[moment] if _on(handler, arguments)]
    if spec.when == ON_COMMIT:
        for handler in switched_on:
            transaction.on_commit(functools.partial(handler, **arguments), robust=True)
        return []
    results = [handler(**arguments) for handler in switched_on]
    if spec.when == ON_PAGE:
        return [result for result in results if result is not None]
    return []


def _on(handler: Callable[..., Any], arguments: dict[str, Any]) -> bool:
    """Whether `handler`'s feature is on for the concours `arguments` name
    (a feature without a switch, or a moment of no concours: always)."""
    switch = _switch(handler.__module__)
    if not switch:
        return True
    if "table" in arguments:
        arguments = {"round": arguments["table"].round}
    concours = arguments.get("tournament") or getattr(
        arguments.get("round") or arguments.get("team"), "tournament", None
    )
    return concours is None or switch in (concours.features or ())


def page_context(moment: str, **arguments: Any) -> dict[str, Any]:
    """An `ON_PAGE` moment's dicts merged into one page context."""
    context: dict[str, Any] = {}
    for part in announce(moment, **arguments):
        context.update(part)
    return context
