"""Which stick holds the backups (tournaments/domain/stick.py): one folder
`belote-sauvegardes` found is the one; several are none, all named."""

from __future__ import annotations

from pathlib import PurePath

import pytest

from tournaments.domain.stick import StickChoice, choose

KEY = PurePath("/media/anne/CLE/belote-sauvegardes")
OTHER = PurePath("/media/anne/USB/belote-sauvegardes")
WINDOWS = PurePath("E:/belote-sauvegardes")


@pytest.mark.parametrize(
    ("found", "chosen"),
    [
        ([], StickChoice()),
        ([KEY], StickChoice(folder=KEY)),
        ([WINDOWS], StickChoice(folder=WINDOWS)),
        # Found twice (/media/*/* and /run/media/*/* lead to the same): one stick.
        ([KEY, KEY], StickChoice(folder=KEY)),
        ([OTHER, KEY], StickChoice(several=(KEY, OTHER))),
        ([KEY, OTHER, KEY], StickChoice(several=(KEY, OTHER))),
    ],
)
def test_one_stick_is_chosen_several_are_refused(found, chosen):
    assert choose(found) == chosen
