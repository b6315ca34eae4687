"""Leagues (issue 27, item 6): an organizer's season of concours in ordered
stages, each stage sending its qualified teams to the next one's concours,
with the clubs' ranking and the public league page.

The feature's layers, downwards: `urls`/`apps` → `views` → `forms` →
`services` → `queries` → `display` → `domain`. Its models (`League`,
`Stage`, `Qualification`) stay in tournaments/models/leagues.py, so that no
migration moves; a team's qualification is also shown by the core (the
desk's list, the check-in: display/qualification.py). The core reaches the
feature only through tournaments/hooks: `TOURNAMENT_FINAL` (a stage
sends its qualified teams), `DASHBOARD_PANELS` (the stages whose claims
ended by their timer send theirs), `ORGANIZER_HOME` (« Ligues ») and
`PUBLIC_HOME` (the published leagues)."""
