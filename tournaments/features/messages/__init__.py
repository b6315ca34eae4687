"""Messages to players (issue 40): their result, their table, their place
on the waiting list, by e-mail, only to those who agreed, queued in the
database and sent once, later when the hall has no internet.

- `models`: who agreed (`Consent`, per concours and team), each mailbox's
  confirmation and site-wide stop (`Mailbox`), each message (`Message`),
  the organizer's messages (`OrganizerNotice`). The feature keeps its own
  models and migrations (app label `feature_messages`), so the core's
  migration chain is untouched and the feature leaves whole.
- `services/consent`: agreeing and stopping; `services/outbox`: what is
  due written as messages; `services/sending`: the messages due sent
  through a channel, exactly once; `services/channels`: the channel
  interface and e-mail, the one shipped; `services/tasks`: the task of
  Django's task framework that sends and looks again every few minutes;
  `services/notices`: the organizer's message; `services/demo`: the
  demo's agreements.
- `display`: the words of each message and the desk's line.

Moments listened to (tournaments/hooks): `TOURNAMENT_FINAL` (the results
queued, in a savepoint: a failure here never stops the core's use-case),
`DASHBOARD_PANELS` (the desk's line), `DEMO_BUILT` (the demo's agreements),
`DEMO_REMOVED` (their addresses),
the calendar's `place_offered` (a waiting team's offer of a place, its
signal: an edge pyproject.toml allows; its mail queued under the
pre-registration's own agreement, « une place libérée » on; the desk
counts the e-mails given for a result or a table only), `CONCOURS_SENT`
(the hall laptop published online, so it has
internet: the sender woken at once, not at its next try),
`DRAW_ANNOUNCED` (a partie's draw shown: the tables of the teams that
asked queued and the sender woken, in a savepoint).
The core never imports this package.
"""
