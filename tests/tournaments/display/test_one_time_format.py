"""One time format everywhere (issue 38 item 11): « 18 h 17 » in French,
« 18:17 » in English, through display.hall.clock_time and the `hour`
filter; no template writes a time of its own."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from tournaments.display.hall import clock_time
from tournaments.templatetags.tournaments_display import hour

PARIS = datetime.timezone(datetime.timedelta(hours=1))


@pytest.mark.parametrize(
    ("value", "french", "english"),
    [
        (datetime.time(18, 17), "18 h 17", "18:17"),
        (datetime.time(9, 5), "9 h 05", "9:05"),
        (datetime.datetime(2026, 12, 5, 17, 17, tzinfo=datetime.UTC), "18 h 17", "18:17"),
        (datetime.datetime(2026, 12, 5, 13, 30, tzinfo=PARIS), "13 h 30", "13:30"),
    ],
)
def test_a_time_of_day_is_written_one_way(value, french, english):
    with translation.override("fr"):
        assert clock_time(value) == french == hour(value)
    with translation.override("en"):
        assert clock_time(value) == english


def test_no_template_writes_a_time_its_own_way():
    found = []
    for folder in (Path(settings.BASE_DIR) / "templates", Path(settings.BASE_DIR) / "tournaments"):
        for path in folder.rglob("*.html"):
            if re.search(r"\|time:", path.read_text()):
                found.append(str(path))
    assert found == []
