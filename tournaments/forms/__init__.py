"""Forms: what an organizer or a player types, checked for shape only, one
module a family (base, money, tournament, teams, rounds, table_side, entry,
accounts, prizes, pools, brackets, challenges;).
The rules are checked by the services and the engine, whose messages come
back next to the field they name. Must not decide a rule: the services do."""
