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
                           ``domain/pairing.py``),
                           draw
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
a phase of the concours    phase (``services/      qualifications, poules,
                           phases.py``: swiss,     phase finale
                           pools, bracket)
a group that plays a       ``Pool``, pool          poule
round-robin
one knockout tree          ``Bracket``, bracket    tableau (principal,
                                                   consolante)
a step of a bracket        level (``level``)       tour (quarts, demies,
                                                   finale)
two teams meeting in a     ``BracketMatch``,       match
bracket                    match
a bracket match level      dead heat               égalité (une donne de
after its planned deals    (``dead_heat_blockers``, plus, ou le total des
                           ``DeadHeatRule``)       qualifications)
a prize to win             ``Lot``, lot            lot
a special ranking          ``Category``, category  classement spécial
the season's ranking       ``Challenge``,          challenge
over several concours      challenge
an option a tournament     feature, option         option
turns on                   (``models/options.py``)
a player saying « here »   check-in (``present``)  pointage
at the door
=========================  ======================  ============================

Layers (see docs/code-map.md, written from the docstrings, and the import-linter
contracts in pyproject.toml): ``scoring`` and ``domain/`` are pure;
``models/`` hold the data; ``queries/`` read and ``services/`` write (one
use-case, one transaction, one audit action each, never a request);
``forms/`` check what is typed; ``views/`` are thin; ``display/`` is the one
place for what is shown; ``pdf/`` prints from stored values; ``infra/`` is
what the app runs on. Code names never say *partie* (a round, or a game).
"""
