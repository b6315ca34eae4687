"""The tests mirror the packages: builders in tests/factories.py, journeys in
Chromium in tests/browser/, attacks on real servers in tests/attacks/, the
scripts' rules in Node in tests/js/. Must not mock what can run here for
real (SQLite and PostgreSQL, Chromium, gunicorn, the PDF read back).
"""
