"""The partie clock and the day's schedule (issue 14): a clock per partie
run from the partie's page and counted on the hall's screen, its « dernière
donne » call, and each partie's estimated end and the prize-giving.

The feature's layers, downwards: `urls_admin`/`apps` → `views` → `forms` →
`services` → `queries` → `display` → `domain`. The clock's values stay on
the core's `Round` and its options on `Tournament`, so that no migration
moves. The core shows the feature through template slots, no hook: the
clock's panel on the partie's page, its face on the hall's screen, the day's
schedule on the dashboard and the tournament's form."""
