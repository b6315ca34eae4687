"""The tournament's data: what was registered, drawn and entered.

Models hold invariants (choices, database constraints) and reusable
filters. They never compute a score: marques come from `scoring`, through
the services in `tournaments/services/`, which alone write them.
"""

from tournaments.models.accounts import OrganizerApproval, SignUp, email_key, is_trusted, trusted
from tournaments.models.audit import Change
from tournaments.models.brackets import Bracket, BracketMatch, BracketSeed
from tournaments.models.calls import RefereeCall
from tournaments.models.desk import KnownPlayer, WaitingPlayer
from tournaments.models.people import Player, Team, TeamQuerySet
from tournaments.models.persons import Cote, Person
from tournaments.models.play import (
    CODE_DIGITS,
    Deal,
    Penalty,
    Round,
    Seat,
    Table,
    new_entry_key,
    new_team_code,
    running_totals,
)
from tournaments.models.pools import Pool, PoolTeam
from tournaments.models.prizes import Category, Lot, LotSwap, PrizeRule
from tournaments.models.publication import PublicationKey, PublicationReceipt, PublicationTarget
from tournaments.models.security import Attempt
from tournaments.models.tournament import (
    DEMO_OWNER,
    DEMO_SLUG,
    Side,
    Tournament,
    TournamentQuerySet,
    demo_filter,
    demo_left_off_home,
    hung,
)
from tournaments.models.uploads import Upload

__all__ = [
    "CODE_DIGITS",
    "DEMO_OWNER",
    "DEMO_SLUG",
    "Attempt",
    "Bracket",
    "BracketMatch",
    "BracketSeed",
    "Category",
    "Change",
    "Cote",
    "Deal",
    "KnownPlayer",
    "Lot",
    "LotSwap",
    "OrganizerApproval",
    "Penalty",
    "Person",
    "Player",
    "Pool",
    "PoolTeam",
    "PrizeRule",
    "PublicationKey",
    "PublicationReceipt",
    "PublicationTarget",
    "RefereeCall",
    "Round",
    "Seat",
    "Side",
    "SignUp",
    "Table",
    "Team",
    "TeamQuerySet",
    "Tournament",
    "TournamentQuerySet",
    "Upload",
    "WaitingPlayer",
    "demo_filter",
    "demo_left_off_home",
    "email_key",
    "hung",
    "is_trusted",
    "new_entry_key",
    "new_team_code",
    "running_totals",
    "trusted",
]
