"""Django's SQLite backend, with the process's writers queued in turn (see base.py)."""
