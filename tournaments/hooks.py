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
names its switch on its app config (`switch = "cash_enabled"`): announced
for a concours (its `tournament`, or the `round`, `table` or `team` of one)
where it is off, its handlers are skipped here, as pretix's
`EventPluginSignal` skips the receivers of a plugin an event has not
enabled: one filter, not an `if` at the top of every handler.
Must not: import any part of the project (it sits under every layer), or
hold state other than the registered handlers.
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

_handlers: dict[str, list[Callable[..., Any]]] = {name: [] for name in MOMENTS}


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
    switch = getattr(apps.get_containing_app_config(handler.__module__), "switch", "")
    if not switch:
        return True
    if "table" in arguments:
        arguments = {"round": arguments["table"].round}
    concours = arguments.get("tournament") or getattr(
        arguments.get("round") or arguments.get("team"), "tournament", None
    )
    return concours is None or bool(getattr(concours, switch))


def page_context(moment: str, **arguments: Any) -> dict[str, Any]:
    """An `ON_PAGE` moment's dicts merged into one page context."""
    context: dict[str, Any] = {}
    for part in announce(moment, **arguments):
        context.update(part)
    return context
