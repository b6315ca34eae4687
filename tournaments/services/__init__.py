"""Use-cases of a tournament: create, register, draw, score, confirm, close.

Every public function of this package is one thing an organizer (or a
table) does. The layers are:

- views and management commands parse a request or a command line and call
  a service with keyword arguments; a service never receives a request;
- each service runs in one transaction (`transaction.atomic`): it writes
  everything or nothing, its line of the audit trail included; a use-case
  only views and commands call (the demo too: it has no transaction of its
  own) is `atomic(durable=True)`, so that one called inside another
  transaction fails at once instead of silently widening it; those another
  use-case, a hook's handler or a task run at once calls stay plain `atomic`;
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
invite, delete; the cash box is a feature: tournaments/features/cash/),
`directory` (the organizer's players,
remembered at each registration, proposed at the desk), `singles` (players
who came alone, waiting to be paired), `brackets` (the final phase: main
bracket and consolante; the demo's own are in demo/services.py); `audit` writes the trail
and `errors` holds the exceptions. Imports go one way: `errors` and
`audit` import no other service module, `table_side` builds on `scores`.

Import a module by name — `from tournaments.services import rounds`, then
`rounds.close_round(...)`, or `from tournaments.services.rounds import
close_round` — never this package: it re-exports nothing, so that a reader
sees at the import which family a call belongs to.
"""
