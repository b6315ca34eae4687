"""The core's moments, and the optional features that listen to them (issue 36).

The core (tournament, teams, rounds and phases, tables, deals, scores,
claims, standings, audit, backup) never imports a feature
(`tournaments/features/<name>/`; import-linter forbids it). Where a feature
has something to do, the core *announces a moment* from the one table
below (`MOMENTS`, in the style of `services/phases.py`'s `STEPS`), and the
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
other table below, as pretix's `{% eventsignal %}` and Wagtail's
`{% hook_output %}`): a core template says where, `{% feature_slot
"team_row.cells" entrant=team %}` (templatetags/tournaments_display.py), and
a feature fills the slot with a template of its own in `ready()`:

    hooks.fill(hooks.TEAM_ROW_CELLS, "tournaments/includes/pay_td.html", by=__name__)

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

IN_TRANSACTION = "in_transaction"
ON_COMMIT = "on_commit"
ON_PAGE = "on_page"


@dataclass(frozen=True)
class Moment:
    """One moment of the core: its keyword arguments and when its handlers run."""

    arguments: frozenset[str]
    when: str
    doc: str


TOURNAMENT_FINAL = "tournament final"
RESULTS_PUBLISHED = "results published"
DASHBOARD_PANELS = "dashboard panels"
ORGANIZER_HOME = "organizer home"
PUBLIC_HOME = "public home"
TABLE_PAGE = "table page"
PARTIE_TABLES = "partie tables"
TEAM_LIST = "team list"
PUBLIC_CONCOURS_PAGE = "public concours page"
DEMO_BUILT = "demo built"
DEMO_REMOVED = "demo removed"
PREREGISTERED_IMPORTED = "preregistered imported"
REGISTRATION_EXTRAS = "registration extras"
REGISTRATION_EXTRAS_GIVEN = "registration extras given"
CONCOURS_SENT = "concours sent"
DRAW_ANNOUNCED = "draw announced"
BACKUP_SECTIONS = "backup sections"
CONCOURS_IMPORTED = "concours imported"

MOMENTS: dict[str, Moment] = {
    TOURNAMENT_FINAL: Moment(
        arguments=frozenset({"tournament", "by"}),
        when=IN_TRANSACTION,
        doc=(
            "The concours's ranking may have become final: its last partie closed "
            "(services/rounds.py), a partie's claims closed by hand (services/claims.py), "
            "or a hall's file came in (the halls feature). Handlers check finality "
            "themselves (a claims window may still be open). `by`: who did it."
        ),
    ),
    RESULTS_PUBLISHED: Moment(
        arguments=frozenset({"tournament", "by"}),
        when=IN_TRANSACTION,
        doc=(
            "A concours's results are public, or public anew: its organizer made it "
            "public (services/tournaments.py `set_published`), a hall laptop's file was "
            "published (services/publication.py), or its last partie closed while public "
            "(services/rounds.py `close_round`). The core's own handler finds its "
            "players again across concours and computes the cotes "
            "(services/persons.py `publish_players`, registered in tournaments/apps.py). "
            "`by`: who did it (the organizer whose key sent the file)."
        ),
    ),
    DASHBOARD_PANELS: Moment(
        arguments=frozenset({"request", "tournament"}),
        when=ON_PAGE,
        doc=(
            "The organizer's dashboard of a concours (views/organizer.py) is built, before "
            "its lists (a handler may register teams: a league's stage sending its "
            "qualified teams). A handler returns a panel, a dict whose `template` is "
            "included (templates/tournaments/manage_tournament.html), or None."
        ),
    ),
    ORGANIZER_HOME: Moment(
        arguments=frozenset({"request"}),
        when=ON_PAGE,
        doc=(
            "The organizer's « Mes tournois » (views/organizer.py, dashboard): a handler "
            "returns a panel, a dict whose `template` is included among the buttons "
            "(templates/tournaments/manage_dashboard.html), or None."
        ),
    ),
    PUBLIC_HOME: Moment(
        arguments=frozenset({"request"}),
        when=ON_PAGE,
        doc=(
            "The public home (views/public.py): a handler returns a panel, a dict whose "
            "`template` is included in the home's lists "
            "(templates/tournaments/includes/home_lists.html), or None. The lists are "
            "cached whole (infra/home_cache.py): what it reads must be lazy (a queryset), "
            "and the services that change it must tell the home (services/audit.py "
            "`home_changed`, as the leagues' do). A panel whose content depends on the "
            "request (a département chosen) says so in `vary`, a short clean text added "
            "to the cache's key; `above_results` puts it above the published results."
        ),
    ),
    TABLE_PAGE: Moment(
        arguments=frozenset({"request", "table", "opened"}),
        when=ON_PAGE,
        doc=(
            "A table's entry page answers (views/table_side.py): `opened` is True when "
            "its link is opened (a GET), False for the answer to a save. A handler "
            "returns a dict of context entries (the club tablet's bar), or None."
        ),
    ),
    PARTIE_TABLES: Moment(
        arguments=frozenset({"round"}),
        when=ON_PAGE,
        doc=(
            "A partie's list of tables is built for the desk (views/rounds.py: the partie's "
            "page and the list refreshed by itself): a handler returns a dict of context "
            "entries, `entry_lines` ({table's pk: how its deals came in}, said instead of "
            "the core's « Saisie à la table d'organisation »), or None."
        ),
    ),
    TEAM_LIST: Moment(
        arguments=frozenset({"request", "tournament"}),
        when=ON_PAGE,
        doc=(
            "The desk's team list is built (views/organizer.py `team_list_context`: the "
            "dashboard, and the list refreshed by itself): a handler returns a dict of "
            "context entries (the door's count of teams checked in), or None."
        ),
    ),
    PUBLIC_CONCOURS_PAGE: Moment(
        arguments=frozenset({"request", "tournament"}),
        when=ON_PAGE,
        doc=(
            "A concours's public page (views/public.py `tournament_detail`), the one public "
            "page of a concours before, during and after its day: a handler returns a panel, "
            "a dict whose `template` is included under its heading "
            "(templates/tournaments/tournament_detail.html: the calendar's announcement, "
            "places left and pre-registration form), or at its foot with `at_foot` (the "
            "challenges it counts in), or None."
        ),
    ),
    DEMO_BUILT: Moment(
        arguments=frozenset({"owner", "seed", "say"}),
        when=IN_TRANSACTION,
        doc=(
            "`manage.py demo` has built its concours (management/commands/demo.py): a "
            "feature adds its own demo data to them (the messages' players who agreed, the "
            "calendar's coming concours) through its use-cases, each committing on its own "
            "(no transaction around the demo: one that raises makes the command remove the "
            "demo, `DEMO_REMOVED`). `owner`: the demo's organizer; `seed`: the demo's seed "
            "(a feature's own chances from it); `say(line)`: a line for the command's "
            "output, once the demo is saved."
        ),
    ),
    DEMO_REMOVED: Moment(
        arguments=frozenset({"owner"}),
        when=IN_TRANSACTION,
        doc=(
            "`manage.py demo` removes its demo (`--reset`, or a build that failed halfway: "
            "services/demo.py `remove_demo`), in its transaction, its concours "
            "deleted: a feature deletes its demo data that did not go with them (the "
            "challenge, the messages' addresses). `owner`: the demo's organizer."
        ),
    ),
    PREREGISTERED_IMPORTED: Moment(
        arguments=frozenset({"team"}),
        when=IN_TRANSACTION,
        doc=(
            "A team of a list of teams marked pre-registered (`preinscrite`, the hosted "
            "instance's list) was just registered by the import (services/imports.py), "
            "in its transaction: the calendar leaves it to be checked in and links it "
            "to its pre-registration."
        ),
    ),
    REGISTRATION_EXTRAS: Moment(
        arguments=frozenset({"tournament", "source"}),
        when=ON_PAGE,
        doc=(
            "A team's registration is asked for (`source`: « desk », the desk's form; "
            "« file », a registration file read; « prereg », a pre-registration's form): "
            "a handler returns a dict of the fields it adds (services/extras.py reads it): "
            "`fields` (a name → a Django form field, added to the form), `columns` (a "
            "file's optional column → one of those fields), `check` (a callable given "
            "the fields' cleaned values, returning {field: message} for what is wrong), "
            "or None. Its names begin with the feature's name (`messages_email`)."
        ),
    ),
    REGISTRATION_EXTRAS_GIVEN: Moment(
        arguments=frozenset({"tournament", "team", "preregistration", "values", "source"}),
        when=IN_TRANSACTION,
        doc=(
            "A team registered at the desk (services/registration.py `register_team`) or "
            "by a file (services/imports.py), or a pre-registration made online, came with "
            "values in the fields a `REGISTRATION_EXTRAS` handler added: `values` holds "
            "them all, cleaned (a handler reads its own names), `team` or "
            "`preregistration` the one registered (the other None), `source` as above."
        ),
    ),
    CONCOURS_SENT: Moment(
        arguments=frozenset({"tournament", "by"}),
        when=ON_COMMIT,
        doc=(
            "The hall laptop's « Publier en ligne » sent a concours and the hosted site "
            "took it (services/publication.py `send_concours`): the laptop has internet "
            "now. A feature sends what waited for a connection (the messages' queue, at "
            "once rather than at its next try). `by`: the organizer who sent it."
        ),
    ),
    DRAW_ANNOUNCED: Moment(
        arguments=frozenset({"round", "by"}),
        when=IN_TRANSACTION,
        doc=(
            "A partie's draw is shown to the players: drawn with the draws shown at once "
            "(services/rounds.py `draw_round`, `release_draws` off) or announced by the "
            "organizer (services/release.py `release_round`). A feature tells each team "
            "its table now rather than at its next look. `round`: the partie, `by`: who "
            "drew or announced it."
        ),
    ),
    BACKUP_SECTIONS: Moment(
        arguments=frozenset({"tournament"}),
        when=ON_PAGE,
        doc=(
            "A concours's backup document is written (services/backup `export_tournament`: "
            "a backup downloaded or saved, the hall laptop's « Publier en ligne », the copy "
            "a publication replaces): a handler returns {its feature's name: its section}, "
            "a dict of plain JSON values, or None. The sections go under the document's "
            "optional top-level `features`; a feature's ids of the core's rows are the "
            "document's (a team's `id`). It only reads."
        ),
    ),
    CONCOURS_IMPORTED: Moment(
        arguments=frozenset({"tournament", "sections", "earlier", "team_ids", "by"}),
        when=IN_TRANSACTION,
        doc=(
            "A concours was recreated from a backup document (services/backup/restore.py "
            "`import_tournament`: a publication from the hall laptop or by file, "
            "`manage.py import_tournament`), in its transaction, its core rows written. "
            "`sections`: the document's `features` as written by `BACKUP_SECTIONS` (a "
            "handler reads its own and checks it: the file is trusted for nothing; {} "
            "when absent); `earlier`: the sections of the copy this one replaced "
            "(services/publication.py, a concours published again; {} otherwise); "
            "`team_ids`: the document's team ids → the new teams' ids; `by`: the importer. "
            "A handler that refuses the file raises the backup's `refusal`: nothing is "
            "imported."
        ),
    ),
}

#: The places of core templates where a feature shows something: a slot's
#: name → where it is, and the names the template passes (besides its own
#: context: `tournament`, and `round` on a partie's pages).
SLOTS: dict[str, str] = {
    "team_list.head": "the desk's team list's header row, after « Pointage » (cells: <th>)",
    "team_row.cells": (
        "a team's row of the desk's list, after « Pointage » (cells: <td>); "
        "`entrant` the team, `kind` « team », `swap` True (htmx swaps the row)"
    ),
    "team_row.presence": (
        "a team's « Pointage » cell of the desk's list, not withdrawn: replaces the core's "
        "« Présente / Absente » button (`default`) when filled; `team`"
    ),
    "team_row.name": "after a team's name in the desk's list (inline: a leagues' mark); `team`",
    "player_list.head": "the dashboard's player list's header row (mêlée), after « Pointage »",
    "player_row.cells": (
        "a player's row of the dashboard's list (mêlée), after « Pointage » (cells: <td>); "
        "`entrant` the player, `kind` « player »"
    ),
    "team_list.poll": "the desk's team list's <div>: attributes (htmx refreshing it by itself)",
    "team_list.top": "the desk's team list, above its table",
    "dashboard.actions": "the concours's dashboard's row of action buttons",
    "dashboard.draw_notes": "the concours's dashboard, under the form that draws the next partie",
    "table_page.top": "a table's entry page, above its heading (`table`, `round`)",
    "dashboard.day_plan": "the concours's dashboard, below its panels: the day's schedule",
    "tournament_form.day_plan": "the tournament's form, below its options (a concours saved)",
    "concours_page.links": "a concours's public page, with its links to rankings",
    "partie.top": "a partie's desk page, before its tables (`call_form` may be refused)",
    "partie.after_tables": "a partie's desk page, after its list of tables",
    "projector.head": "the projector page's <head> (scripts: the block below is swapped)",
    "projector.round": "the projector's block for the partie being played, its draw announced",
}


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
