"""The cash box (« la caisse », issue 14): entry fees checked off at the
registration desk, the other income and expenses, the treasurer's summary
page, its PDF and its spreadsheet.

The feature's layers, downwards: `urls`/`apps` → `views` → `forms` →
`services`/`pdf` → `queries` → `display`. The models (`Payment`,
`CashEntry`) stay in tournaments/models/cash.py, so that no migration moves;
the backup's cash section stays in the core (services/backup/cash.py): a
concours file carries everything, feature installed or not. What is core
too: amounts in euros (display/money.py) and the amount's field
(forms/money.py), which the tournament's and the calendar's entry fee use.

The core reaches the feature only through tournaments/hooks.py:
`DASHBOARD_PANELS` (« Caisse » and its line on the concours's dashboard),
`DEMO_BUILT` (the demo's fees and lines), and the fee column of the team
and player lists, template slots (`team_row.cells`, `team_list.head`… of
hooks.SLOTS, filled with `pay_td.html` and `pay_th.html`)."""
