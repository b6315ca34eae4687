"""The tables of tournaments/hooks: the core's moments (`MOMENTS`) and the
places of core templates a feature may fill (`SLOTS`). Must not: import any
part of the project, or run a handler (the package's `__init__` does).
"""

from __future__ import annotations

from dataclasses import dataclass

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
CONCOURS_REPLACED = "concours replaced"

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
            "`manage.py demo` has built its concours (demo/management/commands/demo.py): a "
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
            "demo/services.py `remove_demo`), in its transaction, its concours "
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
    CONCOURS_REPLACED: Moment(
        arguments=frozenset({"earlier"}),
        when=ON_PAGE,
        doc=(
            "A concours published (services/publication.py) replaces `earlier`, its copy by "
            "the same organizer, deleted next: a handler returns what no backup carries (the "
            "calendar's rows) as a dict, `announced` (True: a laptop's copy may replace it) and "
            "`hand_over` (called with the new concours once imported, in the transaction), or None."
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
    "team_row.name": (
        "after a team's name in the desk's list and the door's « C'est bien vous ? » "
        "(inline: a leagues' mark); `team`"
    ),
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
