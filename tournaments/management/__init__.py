"""The app's commands (`manage.py hall`, `export_tournament`,
`import_tournament`; `demo` is the demo's, demo/) and the demo's people,
which the demo and the features' demo data draw from. Must not hold a
rule: the commands call the services, as a view would.
"""
