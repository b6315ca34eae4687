"""The standalone app hands the takeover's words to the hall command as
typed after its name (hallapp/launcher.py): the stick's code among them
(issue 61), since a window has no terminal to ask it in."""

from __future__ import annotations

from hallapp.launcher import _takeover_options, parse_arguments


def test_the_apps_takeover_gives_the_stick_s_code_to_the_hall_command():
    options = parse_arguments(["--reprendre", "--code", "km7q 3zpw h9td", "--non-scellee"])
    assert _takeover_options(options) == {
        "reprendre": "<clé>",
        "code": "km7q 3zpw h9td",
        "non_scellee": True,
    }


def test_without_a_takeover_no_code_is_handed_on():
    assert _takeover_options(parse_arguments([])) == {}
