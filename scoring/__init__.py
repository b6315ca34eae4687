"""The Belote / Coinche / Contrée rules engine: pure Python, no Django.

Scores a deal or a partie under a named rule profile, exactly as
``shared/rules/SPEC.md`` says; every interpretation choice is written next to
the code that makes it (and listed by ``python -m scoring --help``). The
engine never imports Django, never touches a database or a request; its
errors carry a code (the field at fault), a message key with its params, and
the French message built from :mod:`scoring.messages`; the Django side
translates from the key and decides how to show them.

Glossary (French term → name in code; the JSON keeps SPEC §8's words):

=========================  =================================================
donne, mène                deal
partie (à une table)       game: the deals one table plays (SPEC's « partie »)
preneurs                   taker (the team that chose trump), ``T``
défense                    defence (the other team), ``D``
équipe A / B               team ``"A"`` (North/South) / ``"B"`` (East/West)
atout                      trump; SA → no trump ``"SA"``, TA → all trump ``"TA"``
pli                        trick
points (de cartes)         card points (162 in all, 252 with a capot)
dix de der                 last-trick bonus (10, or 100 with a capot)
belote / rebelote          belote (king and queen of trump: 20 points)
annonces                   announcements (tierce, cinquante, cent, carré)
enchère, contrat           bid, contract (``"capot"`` bid = 250)
coinche / contre           coinche (×2); surcoinche / surcontre (×4 or ×3)
réussi                     made (``"made"``)
chute, dedans              chute (``"chute"``): the contract failed
litige                     tie (value ``"litige"``): takers' total == defence's
pot (points en réserve)    pot: a tie's points, won by the next played deal
capot                      capot: one team took all eight tricks
marque                     marque: what a team writes on the sheet for a deal
donne passée               passed deal (``"passed"``): everybody passed
décompte                   counting: belote, coinche, three contrée countings
profil de règles           rules (a preset + options)
=========================  =================================================

Public API: :class:`ScoringError`, :data:`PRESETS` (each preset's latest
version) and :data:`PRESET_VERSIONS` (all of them), :data:`OPTIONS`,
:class:`Rules`, :func:`score_deal` → :class:`DealScore`, :func:`score_game`
→ :class:`GameScore`, :func:`random_deal`, :func:`explain_deal` →
:class:`Explanation` (the steps of a deal's marques, as data);
:meth:`Rules.preset_match` (which preset and version a profile's options
are), :func:`summary_fr` and :func:`description_fr` (a profile in French
words, its counts chosen by example said with their marques) and
:mod:`scoring.examples` (a club's count asked by example: each question's
typical deal marked under each value of its option). The command
line keeps SPEC §8's words (``python -m scoring partie``, JSON keys).
:mod:`scoring.bounds` gives the largest marque one team can get from a deal
or a partie of N deals under a profile, reached by a deal it names.
"""

from .deal import DealScore, score_deal
from .errors import CODES, ScoringError
from .explain import Explanation, Step, explain_deal
from .game import GameDeal, GameScore, score_game
from .generate import random_deal
from .options import COUNTINGS, OPTIONS, Option
from .rules import PRESET_VERSIONS, PRESETS, Rules
from .summary import description_fr, summary_fr

__all__ = [
    "CODES",
    "COUNTINGS",
    "OPTIONS",
    "PRESETS",
    "PRESET_VERSIONS",
    "DealScore",
    "Explanation",
    "GameDeal",
    "GameScore",
    "Option",
    "Rules",
    "ScoringError",
    "Step",
    "description_fr",
    "explain_deal",
    "random_deal",
    "score_deal",
    "score_game",
    "summary_fr",
]
