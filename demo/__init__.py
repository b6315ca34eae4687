"""The demo: `manage.py demo` builds realistic concours to look around in
(`make run`, the hall app's `--demo`), the way Zulip's `zilencer` holds
its `populate_db` beside the app.

Modules: `management/commands/demo.py` (the command and the Saint-Éloi
concours), `concours` (the other concours: a final phase, pools, a past
one published, a classic belote one), `services` (the demo's own
use-cases: marked whole, removed). The people it registers are the core's
(tournaments/management/demo_people.py), which the features' demo data
draw from too.

It builds everything through the organizer's use-cases (tournaments/
services) and tells the installed features through the core's moments
`DEMO_BUILT` and `DEMO_REMOVED` (tournaments/hooks). Nothing of the app
imports it (import-linter holds it): the hall's command runs it by its
name.
"""
