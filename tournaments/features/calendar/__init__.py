"""The calendar (issue 26): an organizer announces a coming concours (its
hall, time, fee, lots), teams pre-register online on the concours's public
page, confirm their address from the mail (a place held 30 minutes until
then) or cancel from it; a place freed is offered to the first waiting
team until a deadline (confirmed from a one-tap link or by the desk, else
offered to the next), and the desk takes the teams in; the coming
concours as .ics and Atom feeds, and a club's widget.

The feature's layers, downwards: `urls`/`apps` → `views` → `forms` →
`services` → `queries` → `display` → `models` → `domain`. Its models
(`Announcement`, `PreRegistration`) came from the core with their tables
(tournaments 0068, its 0001). What the core shows of it without importing it: where a
concours is played (display/venue.py reads the announcement) and the
département filter of the results' archive (domain/departements.py). The
core reaches the feature only through tournaments/hooks: `PUBLIC_HOME`
(« Prochains concours »), `ORGANIZER_HOME` (« Annoncer un concours »),
`DASHBOARD_PANELS` (an announced concours's « Pré-inscriptions »),
`PREREGISTERED_IMPORTED` (a team of the hosted instance's list imported on
the hall laptop), `DEMO_BUILT` (the demo's two coming concours) and
`CONCOURS_REPLACED` (a published copy takes over its rows). It
sends its own `place_offered` (signals.py: a place offered, the messages
feature queues its mail) and listens to it itself (services/tasks.py)."""
