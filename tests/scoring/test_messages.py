"""The engine's message table: every key it raises has a French template, and
every template is filled by exactly the params its raise sites give."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest

from scoring import ScoringError
from scoring.messages import MESSAGES

from .error_cases import ERROR_CASES, ErrorCase

PACKAGE = Path(__file__).resolve().parents[2] / "scoring"
# Calls whose second argument is a message key (ScoringError, _err) or whose
# first one is (the announcements' _fail, the deal's _bid_error).
KEY_SECOND = {"ScoringError", "_err"}
KEY_FIRST = {"_fail", "_bid_error"}


def keys_in_source() -> set[str]:
    keys: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None)
            position = 1 if name in KEY_SECOND else 0 if name in KEY_FIRST else None
            if position is None or len(node.args) <= position:
                continue
            arg = node.args[position]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                keys.add(arg.value)
            elif isinstance(arg, ast.IfExp):  # key = "a" if … else "b"
                keys.update(
                    branch.value
                    for branch in (arg.body, arg.orelse)
                    if isinstance(branch, ast.Constant)
                )
    return keys


def test_every_key_raised_in_the_engine_has_a_template() -> None:
    raised = keys_in_source()
    assert len(raised) > 50
    assert raised - set(MESSAGES) == set()


def test_every_template_is_raised_somewhere() -> None:
    assert set(MESSAGES) - keys_in_source() == set()


def test_every_key_has_a_case_that_triggers_it() -> None:
    assert sorted(case.key for case in ERROR_CASES) == sorted(MESSAGES)


@pytest.mark.parametrize("case", ERROR_CASES, ids=lambda case: case.key)
def test_a_bad_input_raises_its_key_with_the_params_of_its_template(case: ErrorCase) -> None:
    result = case.trigger()
    expected = MESSAGES[case.key] % case.params
    if isinstance(result, dict):  # the command line's error object: only the text is left
        assert result == {"error": {"code": case.code, "message": expected}}
        return
    assert (result.code, result.key, result.deal) == (case.code, case.key, case.deal)
    assert result.params == case.params
    assert result.message == expected == str(result)


@pytest.mark.parametrize("case", ERROR_CASES, ids=lambda case: case.key)
def test_params_are_plain_json_values(case: ErrorCase) -> None:
    def plain(value: Any) -> bool:
        if isinstance(value, list):
            return all(plain(item) for item in value)
        return value is None or isinstance(value, bool | int | str)

    assert all(plain(value) for value in case.params.values())
    assert json.loads(json.dumps(case.params)) == case.params


def test_a_template_uses_only_names_its_params_may_fill() -> None:
    # A misspelt placeholder would raise KeyError at the raise site, in front
    # of a user: every case above formats, and no template has a bare %.
    for key, template in MESSAGES.items():
        stripped = template.replace("%%", "")
        assert "%" not in stripped.replace("%(", ""), key


def test_an_error_located_in_a_partie_keeps_its_key_and_params() -> None:
    error = ScoringError("points", "points_sum", {"total": 163, "a": 100, "b": 63})
    located = error.with_deal(4)
    assert (located.key, located.params, located.deal) == ("points_sum", error.params, 4)
    assert located.to_json()["error"] == {"code": "points", "message": error.message, "deal": 4}


def test_an_unknown_key_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="unknown message key"):
        ScoringError("points", "no_such_key")
