"""One concours played in several halls at once (issue 27, item 6): the
organizer declares the halls, each hall's concours file comes in (uploaded
by hand, or sent signed from the hall's laptop with the hall's key) and the
halls are merged into one ranking, provisional until every hall is in.

The feature's layers, downwards: `urls_public`/`urls_admin`/`apps` →
`views` → `forms` → `services` → `queries` → `display`. Its models
(`HallMerge`, `MergedHall`) stay in tournaments/models/halls.py and the
merge's pure rule in the checker (checker/halls.py, which the checker's
command reads too), so that no migration moves. A hall's file is read in the
background by the core's upload queue (services/uploads.py), through the
`UploadKind` this feature registers. The core shows the feature through
template slots: « Plusieurs salles » on the dashboard, the merged ranking's
link on the concours's page. A hall's last file announces `TOURNAMENT_FINAL`
(a league's stage sends its qualified teams)."""
