"""The cash box (« la caisse », issue 14): entry fees checked off at the
registration desk, the other income and expenses, the treasurer's summary
page, its PDF and its spreadsheet.

The feature's layers, downwards: `urls`/`apps` → `views` → `forms` →
`services`/`pdf` → `queries` → `display`. Its models (`Payment`,
`CashEntry`, models.py) keep the tables the core's migrations made
(tournaments 0066 gave them over); a team that paid is held by its payment
(RESTRICT: the core's `delete_team` says so). The backup's `cash` stays at
the document's top level, as every release wrote it: backup.py, a part of
the core's services/backup/parts.py. What is core too: amounts in euros
(display/money.py, domain/money.py's MAX_CENTS) and the amount's field
(forms/money.py), which the tournament's and the calendar's entry fee use.

The core reaches the feature only through tournaments/hooks:
`DASHBOARD_PANELS` (« Caisse » and its line on the concours's dashboard),
`DEMO_BUILT` (the demo's fees and lines), and the fee column of the team
and player lists, template slots (`team_row.cells`, `team_list.head`… of
hooks.SLOTS, filled with `pay_td.html` and `pay_th.html`)."""
