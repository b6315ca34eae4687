"""The lock files agree with pyproject.toml (offline: no resolver, no network).

Responsible for catching a dependency range changed in pyproject.toml without
`make lock` being run, and a runtime or app-build lock that drifted from the
dev one. It
does not check that the pins are the newest ones: that is `make lock`'s job.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")


def pins(lock: str) -> dict[str, str]:
    """Package name → pinned version, after checking each pin carries a hash."""
    text = (ROOT / "requirements" / lock).read_text(encoding="utf-8")
    found: dict[str, str] = {}
    for block in re.split(r"\n(?=\S)", text):
        match = PIN.match(block)
        if match:
            assert "--hash=sha256:" in block, f"{lock}: {match.group(1)} has no hash"
            found[canonicalize_name(match.group(1))] = match.group(2)
    return found


def declared(group: str | None) -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wanted = list(project["project"]["dependencies"])
    if group:
        wanted += project["dependency-groups"][group]
    return [Requirement(line) for line in wanted]


@pytest.mark.parametrize(
    ("lock", "group"), [("base.txt", None), ("dev.txt", "dev"), ("app.txt", "app")]
)
def test_every_declared_dependency_is_pinned_within_its_range(lock: str, group: str | None) -> None:
    locked = pins(lock)
    for requirement in declared(group):
        name = canonicalize_name(requirement.name)
        assert name in locked, f"{name} is missing from {lock}: run `make lock`"
        assert requirement.specifier.contains(locked[name], prereleases=True), (
            f"{name}=={locked[name]} in {lock} is outside {requirement}: run `make lock`"
        )


def test_the_runtime_lock_pins_the_versions_the_tests_run() -> None:
    base, dev = pins("base.txt"), pins("dev.txt")
    assert {name: dev.get(name) for name in base} == base


def test_the_standalone_app_is_built_from_the_versions_the_tests_run() -> None:
    base, dev, app = pins("base.txt"), pins("dev.txt"), pins("app.txt")
    assert {name: app.get(name) for name in base} == base
    shared = set(app) & set(dev)
    assert {name: app[name] for name in shared} == {name: dev[name] for name in shared}
