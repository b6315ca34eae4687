"""The app's commands (`manage.py hall`, `demo`, `export_tournament`,
`import_tournament`) and the demo's builders. Must not hold a rule: the
commands call the services, as a view would.
"""
