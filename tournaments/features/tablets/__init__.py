"""The club's tablets (issue 25, item 5): a device left on a table for the
players without a smartphone, enrolled once by the desk and kept on its
table's entry page.

The feature's layers, downwards: `urls`/`apps` → `views` → `forms` →
`services` → `queries` → `display` → `domain`. The model (`Tablet`) stays in
tournaments/models/tablets.py, so that no migration moves. The core reaches
the feature only through tournaments/hooks: `TABLE_PAGE` (the tablet's
bar on a table's page, the tablet set to the table whose link it opens) and
`DASHBOARD_PANELS` (« Tablettes du club » on the concours's dashboard)."""
