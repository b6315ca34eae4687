"""The tournaments app's views, one module per audience.

- public.py: the pages players and spectators read, and the standings
  downloads; live.py: the ETag / 304 / cache contract of the pages they keep
  open (read its docstring before touching a public page);
- organizer.py: the organizer's area (tournaments, their dashboards);
- rounds.py: the rounds of a tournament (draws, closing, their PDFs, a table's link);
  registration.py: its registration desk (teams, players, forfaits, the
  CSV import); confirm.py: the confirmation step of an action that cannot
  be undone; entry.py: the desk's screen for one table; table_side.py: the
  table's own entry from the QR code of its sheet;
- auth.py: the throttled login; common.py: lookups shared by these modules.

Views are thin: check the form, call one service, add a message, redirect
(or render). They compute no score and write no model themselves.
Underscored names are private to this package.

This package re-exports nothing: `tournaments/urls.py` and the tests import
the view modules by name (`from tournaments.views import rounds`).
"""
