"""The hall server as a standalone app for a volunteer's laptop: one folder
built by PyInstaller (bin/build-app, `make app`) holding Python, the
dependencies, the templates, static files, fonts, translations and
migrations; started by a double-click.

- `paths`: where the data folder goes on each system (pure, no Django);
- `launcher`: the entry point: reads the options, sets the hall's settings,
  then runs `manage.py hall` itself (tournaments/management/commands/hall.py)
  with a window in place of the terminal;
- `command`: that command with the volunteer's needs on top (the first
  account, the next free port, the window or the terminal);
- `window`: the volunteer's window (Tk): the phones' address and its QR
  code, the browser, the backups, the organizer's first password, « Arrêter »;
- `system`: hands an address or a folder to the system's programs.

Its modules import one way (launcher → command → window → system, paths
alone; the acyclic contract of pyproject.toml holds them to it).

Sits above the app: nothing in tournaments/, scoring/ or config/ imports it
(an import-linter contract in pyproject.toml). Must not: serve, migrate or
back up in its own way — the hall command does all of that, the same for
`python manage.py hall` and for the app.
"""
