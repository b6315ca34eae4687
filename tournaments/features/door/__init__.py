"""Check-in at the door (« Pointage à l'entrée », issue 25, item 3): teams
check themselves in from the poster's link, on the entrance's tablet or a
phone, or the desk ticks them; under the option only the teams checked in
are drawn (the core's `TeamQuerySet.drawn`).

The feature's layers, downwards: `urls_public`/`urls_admin`/`apps` →
`views` → `services`/`pdf` → `display` → `domain`. What it writes stays on
the core's models (`Team.checked_in_at`, `Tournament.check_in_key`), so that
no migration moves. The core reaches the feature through
tournaments/hooks, `TEAM_LIST` (the desk's count, the draw's notice), and
the team list's check-in cell, a template slot (team_row.html). The players'
messages ask for an address after a check-in (their `door_consent` page)."""
