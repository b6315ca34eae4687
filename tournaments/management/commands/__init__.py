"""`manage.py` commands of the app, one module a command."""
