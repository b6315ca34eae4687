"""Leagues (issue 27, item 6): an organizer's season of concours in ordered
stages, each stage sending its qualified teams to the next one's concours,
with the clubs' ranking and the public league page.

The feature's layers, downwards: `urls`/`apps` → `views` → `forms` →
`services` → `queries` → `display` → `models` → `domain`. Its models
(`League`, `Stage`, `Qualification`) came from the core with their tables
(tournaments 0065, its 0001); a team's qualification is marked in the
core's slot `team_row.name` (the desk's list, the door's check-in), by its
filter `qualified_mark` (templatetags/league_display.py). The core reaches the
feature only through tournaments/hooks: `TOURNAMENT_FINAL` (a stage
sends its qualified teams), `DASHBOARD_PANELS` (the stages whose claims
ended by their timer send theirs), `ORGANIZER_HOME` (« Ligues ») and
`PUBLIC_HOME` (the published leagues)."""
