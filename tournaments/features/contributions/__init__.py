"""Another organizer's results for a person (issue 61): a public concours
of an organizer the site trusts that names a person whose record another
organizer owns (the player ticked « accepte d'être affiché » there) counts
on the person's page and in their cote only once the record's owner
accepted it. The feature asks the owner (a pending `Contribution` for each
such player, when the concours's results are published) and lets them
decide on « Résultats proposés », reached from « Mes tournois » while some
wait.

The feature's layers, downwards: `urls`/`apps` → `views` → `services` →
`queries`. The model (`Contribution`) stays in
tournaments/models/persons.py, where the core counts only the accepted
ones (`counted_players`, services/persons.py's cote): without this
feature, no other organizer's concours counts for a person. The core
reaches the feature only through tournaments/hooks:
`RESULTS_PUBLISHED` (the owners asked) and `ORGANIZER_HOME` (the button,
while something waits)."""
