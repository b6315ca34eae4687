"""The calendar's one moment for another feature (issue 53): not the core's
(tournaments/hooks maps the core's moments only), but the calendar's,
which another feature listens to through an edge import-linter allows
(pyproject.toml, « A feature imports no other feature »).

`place_offered`: a place freed was offered to a waiting pre-registration
(services/line.py), in the transaction that freed it, with `preregistration`,
`until` (its deadline) and the absolute `confirm_link` and `decline_link`
(one tap, no login). A receiver that mails the offer (the messages feature)
answers True; one that cannot write its message catches that in a
savepoint (the offer stands: the desk sees it and phones). When no receiver
answers, the calendar's worker mails the offer itself (services/tasks.py).
"""

from django.dispatch import Signal

place_offered = Signal()
