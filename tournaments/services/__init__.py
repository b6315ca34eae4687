"""Use-cases of a tournament: create, register, draw, score, confirm, close.

Every public function of this package is one thing an organizer (or a
table) does. The layers are:

- views and management commands parse a request or a command line and call
  a service with keyword arguments; a service never receives a request;
- each service runs in one transaction (`transaction.atomic`): it writes
  everything or nothing, its line of the audit trail included;
- a refusal raises `TournamentError` (see `errors`) with a French message
  the organizer can act on, naming the form field at fault when there is
  one; the views turn it into a message next to that field;
- scores come from the engine (`scoring`) only: a table's marques and
  totals are always recomputed from all its deals, never patched.

One module per family: `tournaments` (create, edit, share, archive,
delete), `registration` (teams, players, presence, forfait and its undoing),
`imports` (a CSV file of teams, imported again as it grows), `rounds` (draw,
swap, close), `scores`
(deals, totals, penalties), `table_side` (entry from the table's link),
`prizes` (lots, their swaps, special rankings), `release` (a draw shown when
announced), `clock` (the partie clock and the day's schedule),
`backup` (a package: a whole tournament to JSON and back, the file
checked whole first), `accounts` (organizer accounts: sign up, confirm,
invite, delete), `cash` (the cash box: fees paid, other income and
expenses, the treasurer's summary), `directory` (the organizer's players,
remembered at each registration, proposed at the desk), `singles` (players
who came alone, waiting to be paired), `brackets` (the final phase: main
bracket and consolante); `audit` writes the trail
and `errors` holds the exceptions. Imports go one way: `errors` and
`audit` import no other service module, `table_side` builds on `scores`.

The names below are re-exported so that callers keep writing
`services.record_deal(...)`; `backup` and `accounts` are imported by their
full names.
"""

from tournaments.services.brackets import create_brackets, delete_brackets, draw_bracket_round
from tournaments.services.cash import (
    add_cash_entry,
    cancel_payment,
    delete_cash_entry,
    record_payment,
)
from tournaments.services.challenges import (
    add_tournament,
    create_challenge,
    remove_tournament,
    update_challenge,
)
from tournaments.services.claims import close_claims
from tournaments.services.clock import (
    pause_clock,
    reset_clock,
    resume_clock,
    set_last_deal_call,
    start_clock,
)
from tournaments.services.deal_batches import record_table_deals
from tournaments.services.directory import (
    forget_player,
    remember_players,
    suggestions,
    suggestions_for,
)
from tournaments.services.errors import (
    AnswerExpected,
    CodesLocked,
    ImportRefused,
    TournamentError,
)
from tournaments.services.imports import ImportPlan, LineStatus, import_teams, plan_import
from tournaments.services.penalties import add_penalty
from tournaments.services.persons import (
    identify_players,
    merge_persons,
    recompute_cotes,
    set_player_shown,
    show_again,
    withdraw_person,
)
from tournaments.services.prizes import (
    add_category,
    clear_swaps,
    delete_category,
    keep_swaps,
    set_lots,
    swap_lots,
    tag_teams,
    update_category,
)
from tournaments.services.registration import (
    PlayerData,
    can_undo_withdrawal,
    delete_team,
    register_player,
    register_team,
    reinstate_player,
    reinstate_team,
    set_player_presence,
    set_presence,
    team_deletable,
    update_team,
    withdraw_player,
    withdraw_team,
)
from tournaments.services.release import release_round
from tournaments.services.rounds import (
    close_blockers,
    close_round,
    draw_pool_round,
    draw_round,
    redraw_round,
    swap_teams,
)
from tournaments.services.scores import (
    delete_last_deal,
    preview_deal,
    record_deal,
    record_totals,
    rescore_table,
)
from tournaments.services.singles import (
    add_waiting_player,
    pair_waiting_players,
    pair_waiting_players_at_random,
    remove_waiting_player,
    waiting_players,
)
from tournaments.services.table_side import (
    claim_entry,
    codes_locked_until,
    confirm_deal,
    confirm_table,
    record_table_deal,
    revoke_entry_link,
    side_for_code,
    validate_table,
)
from tournaments.services.tournaments import (
    add_co_organizer,
    create_tournament,
    delete_tournament,
    format_locked,
    rules_from_form,
    rules_locked,
    set_archived,
    set_published,
    update_tournament,
)
from tournaments.services.trust import approve_organizers, withdraw_approvals

__all__ = [
    "AnswerExpected",
    "CodesLocked",
    "ImportPlan",
    "ImportRefused",
    "LineStatus",
    "PlayerData",
    "TournamentError",
    "add_cash_entry",
    "add_category",
    "add_co_organizer",
    "add_penalty",
    "add_tournament",
    "add_waiting_player",
    "approve_organizers",
    "can_undo_withdrawal",
    "cancel_payment",
    "claim_entry",
    "clear_swaps",
    "close_blockers",
    "close_claims",
    "close_round",
    "codes_locked_until",
    "confirm_deal",
    "confirm_table",
    "create_brackets",
    "create_challenge",
    "create_tournament",
    "delete_brackets",
    "delete_cash_entry",
    "delete_category",
    "delete_last_deal",
    "delete_team",
    "delete_tournament",
    "draw_bracket_round",
    "draw_pool_round",
    "draw_round",
    "forget_player",
    "format_locked",
    "identify_players",
    "import_teams",
    "keep_swaps",
    "merge_persons",
    "pair_waiting_players",
    "pair_waiting_players_at_random",
    "pause_clock",
    "plan_import",
    "preview_deal",
    "recompute_cotes",
    "record_deal",
    "record_payment",
    "record_table_deal",
    "record_table_deals",
    "record_totals",
    "redraw_round",
    "register_player",
    "register_team",
    "reinstate_player",
    "reinstate_team",
    "release_round",
    "remember_players",
    "remove_tournament",
    "remove_waiting_player",
    "rescore_table",
    "reset_clock",
    "resume_clock",
    "revoke_entry_link",
    "rules_from_form",
    "rules_locked",
    "set_archived",
    "set_last_deal_call",
    "set_lots",
    "set_player_presence",
    "set_player_shown",
    "set_presence",
    "set_published",
    "show_again",
    "side_for_code",
    "start_clock",
    "suggestions",
    "suggestions_for",
    "swap_lots",
    "swap_teams",
    "tag_teams",
    "team_deletable",
    "update_category",
    "update_challenge",
    "update_team",
    "update_tournament",
    "validate_table",
    "waiting_players",
    "withdraw_approvals",
    "withdraw_person",
    "withdraw_player",
    "withdraw_team",
]
