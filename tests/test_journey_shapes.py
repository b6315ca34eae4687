"""The journeys' keys met by one journey alone (tools/journey_shapes.py),
read from lines as tests/browser/accessibility.py writes them with
JOURNEY_AXE_LOG: what a journey moved to the Django client would leave
unchecked."""

from __future__ import annotations

import json

from tools import journey_shapes


def seen(test: str, page: str, shape: str, viewport: str = "390px 844") -> str:
    line = {"test": test, "page": page, "shape": shape, "viewport": viewport, "players": True}
    return json.dumps(line) + "\n"


LOG = [
    seen("tests/browser/test_a.py::test_one[chromium]", "/ at 390px", "home"),
    seen("tests/browser/test_a.py::test_one[chromium]", "/t/x/ at 390px", "ranking"),
    seen("tests/browser/test_b.py::test_two[1366]", "/ at 390px", "home"),
    seen("tests/browser/test_b.py::test_two[390]", "/t/x/ at 1366px", "ranking", "1366px 900"),
    "\n",
]


def test_a_key_met_by_two_journeys_is_nobody_s_alone():
    met, pages = journey_shapes.keys_by_journey(LOG)
    alone = journey_shapes.only_theirs(met)
    assert set(met) == {"test_a.py::test_one", "test_b.py::test_two"}  # parameters together
    assert alone["test_a.py::test_one"] == {("ranking", "390px 844", True)}
    # The same shape at another viewport is another key.
    assert alone["test_b.py::test_two"] == {("ranking", "1366px 900", True)}
    assert pages[("home", "390px 844", True)] == "/ at 390px"


def test_the_command_names_each_journey_s_keys_alone(tmp_path, capsys):
    log = tmp_path / "axe.jsonl"
    log.write_text("".join(LOG), encoding="utf-8")
    assert journey_shapes.main([str(log), "test_a.py::test_one"]) == 0
    said = capsys.readouterr().out
    assert "test_a.py::test_one: 1 of 2 alone" in said
    assert "/t/x/ at 390px (390px 844)" in said
    assert journey_shapes.main([str(log)]) == 0
    assert "2 journeys, 3 keys" in capsys.readouterr().out
