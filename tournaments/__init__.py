"""The tournaments app: a concours of belote or coinche on the day.

Glossary — one word, one meaning; code in English, screens in French. It
extends the engine's own glossary (``scoring/__init__.py``: deal, taker,
defence, trump, bid, coinche, marque, capot, tie, pot…).

=========================  ======================  ============================
concept                    in code                 on screen
=========================  ======================  ============================
the tournament             ``Tournament``          concours, tournoi
a partie of the            ``Round``, ``round``    partie
tournament (everybody
plays one at the same
time)
what one table plays in    game (``GameScore``,    partie (à la table)
one round                  ``queries.Game``)
one deal                   ``Deal``, deal          donne
one table of a round       ``Table`` — the model   table
                           only; other "tables"
                           are named for what
                           they are
                           (``StandingsTable``,
                           ``PdfTable``,
                           ``ProfileConstants``)
the two sides at a table   ``Side.A`` / ``Side.B`` Nord-Sud / Est-Ouest
                           (one ``Side`` class)
a team's place at a table  ``Seat``                place
the team that sits out     bye                     exempt(e)
the seating of a round     pairing (the pure       tirage
                           module
                           ``pairing.py``), draw
                           (the use-case
                           ``draw_round``)
points given or taken by   ``Penalty``, penalty    pénalité
the organizer
a tie in classic belote    tie (stored value       litige
                           ``"litige"``)
entering from the table's  table side              saisie à la table
QR link
a change kept for the      ``Change``, audit       historique
history                    (``log_change``)
the public pages' version  revision                —
=========================  ======================  ============================

Layers (see README, "How the code is organised"): ``scoring`` and
``pairing``/``standings`` are pure; ``services/`` holds the use-cases (one
transaction each, never a request); ``views/`` are thin; ``display/`` is the
one place for what is shown; ``pdf/`` prints from stored values.
"""
