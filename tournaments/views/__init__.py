"""The tournaments app's views, one module per audience.

- public.py: the pages players and spectators read, and the standings
  downloads; live.py: the ETag / 304 / cache contract of the pages they keep
  open (read its docstring before touching a public page);
- organizer.py: the organizer's area (tournaments, their dashboards);
- rounds.py: the rounds of a tournament (draws, closing, their PDFs, a table's link);
  registration.py: its registration desk (teams, players, forfaits, the
  CSV import); confirm.py: the confirmation step of an action that cannot
  be undone; entry.py: the desk's screen for one table; table_side.py: the
  table's own entry from the QR code of its sheet;
- auth.py: the throttled login; common.py: lookups shared by these modules.

Views are thin: check the form, call one service, add a message, redirect
(or render). They compute no score and write no model themselves.
Underscored names are private to this package.

The view functions are re-exported here, so `views.standings` and the like
keep working; urls.py imports from the modules themselves. One exception:
the table-side page `table_side` is reached as `views.table_side.table_side`,
since re-exporting it would hide the module of the same name.
"""

from tournaments.views.auth import ThrottledLoginView
from tournaments.views.entry import (
    deal_delete_last,
    deal_preview,
    deal_save,
    table_entry,
    table_penalty,
    table_totals,
)
from tournaments.views.organizer import (
    co_organizer_add,
    dashboard,
    manage,
    tournament_archive,
    tournament_create,
    tournament_delete,
    tournament_edit,
    tournament_publish,
)
from tournaments.views.public import (
    home,
    projector,
    round_results,
    standings,
    standings_csv,
    standings_pdf,
    standings_xlsx,
    switch_language,
    team_detail,
    tournament_detail,
    where,
)
from tournaments.views.registration import (
    import_model_csv,
    player_add,
    player_presence,
    player_reinstate,
    player_withdraw,
    team_delete,
    team_form,
    team_import,
    team_presence,
    team_reinstate,
    team_withdraw,
)
from tournaments.views.rounds import (
    round_close,
    round_detail,
    round_draw,
    round_plan_pdf,
    round_redraw,
    round_results_pdf,
    round_sheets_pdf,
    round_swap,
    round_tables,
    table_revoke,
    table_sheet_pdf,
    table_validate,
)
from tournaments.views.table_side import (
    table_side_claim,
    table_side_confirm,
    table_side_deal,
)

__all__ = [
    "ThrottledLoginView",
    "co_organizer_add",
    "dashboard",
    "deal_delete_last",
    "deal_preview",
    "deal_save",
    "home",
    "import_model_csv",
    "manage",
    "player_add",
    "player_presence",
    "player_reinstate",
    "player_withdraw",
    "projector",
    "round_close",
    "round_detail",
    "round_draw",
    "round_plan_pdf",
    "round_redraw",
    "round_results",
    "round_results_pdf",
    "round_sheets_pdf",
    "round_swap",
    "round_tables",
    "standings",
    "standings_csv",
    "standings_pdf",
    "standings_xlsx",
    "switch_language",
    "table_entry",
    "table_penalty",
    "table_revoke",
    "table_sheet_pdf",
    "table_side_claim",
    "table_side_confirm",
    "table_side_deal",
    "table_totals",
    "table_validate",
    "team_delete",
    "team_detail",
    "team_form",
    "team_import",
    "team_presence",
    "team_reinstate",
    "team_withdraw",
    "tournament_archive",
    "tournament_create",
    "tournament_delete",
    "tournament_detail",
    "tournament_edit",
    "tournament_publish",
    "where",
]
