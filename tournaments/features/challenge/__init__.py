"""The season challenge (issue 15): an organizer's series of evenings ranked
together, player by player, on a public page and its PDF.

The feature's layers, downwards: `urls_admin`/`urls_public`/`apps` →
`views` → `forms` → `services`/`pdf` → `queries` → `display` → `domain`.
Its model (`Challenge`) stays in tournaments/models/challenge.py, so that no
migration moves. The core reaches the feature only through
tournaments/hooks: `ORGANIZER_HOME` (« Challenges de la saison »),
`PUBLIC_HOME` (the published challenges), `PUBLIC_CONCOURS_PAGE` (a
concours's challenges, at the foot of its page), `DEMO_BUILT` (the demo's
challenge of three evenings) and `DEMO_REMOVED` (that challenge deleted)."""
