"""Which USB stick holds the hall's backups (issue 39): the volunteer makes
a folder `belote-sauvegardes` on a stick and plugs it in; of the folders of
that name found at the top of the mounted media, exactly one is the
backups' folder, several are none (the hall refuses to guess). Pure: the
search on the disks is tournaments/infra/stick.py.

Must not: pick one of several sticks (the journal of the hall would go
where the volunteer does not expect it)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import PurePath

#: The folder the volunteer creates at the top of the stick.
FOLDER_NAME = "belote-sauvegardes"


@dataclass(frozen=True)
class StickChoice:
    """The stick's backups' folder (`folder`), or, when more than one stick
    carries one, all of them (`several`); neither when none was found."""

    folder: PurePath | None = None
    several: tuple[PurePath, ...] = ()


def choose(found: Iterable[PurePath]) -> StickChoice:
    """The one folder found, or the refusal to guess between several (the
    same folder found twice, through two mount patterns, counts once)."""
    distinct = tuple(sorted(set(found), key=str))
    if len(distinct) == 1:
        return StickChoice(folder=distinct[0])
    return StickChoice(several=distinct if len(distinct) > 1 else ())
