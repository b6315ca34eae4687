"""The optional features' packages (tournaments/features/, issue 36): each is
installed as an app, kept in its layers, and out of the core's reach — the
core's parts are all named in the contract that forbids it a feature."""

from __future__ import annotations

import tomllib
from pathlib import Path

from django.conf import settings

from tournaments.features import installed

ROOT = Path(settings.BASE_DIR)
FEATURES = ROOT / "tournaments/features"
PACKAGES = sorted(p.name for p in FEATURES.iterdir() if (p / "__init__.py").exists())


def _contract(name_start: str) -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contracts = config["tool"]["importlinter"]["contracts"]
    [contract] = [c for c in contracts if c["name"].startswith(name_start)]
    return contract


def test_every_part_of_the_core_is_forbidden_to_import_a_feature():
    """A core package added later is named in the contract, or this fails:
    the contract cannot leave a part of the core out by forgetting it."""
    core = {
        "tournaments." + (p.stem if p.suffix == ".py" else p.name)
        for p in (ROOT / "tournaments").iterdir()
        if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").exists()
    } - {"tournaments.features"}
    contract = _contract("The core never imports a feature")
    assert set(contract["source_modules"]) == core
    assert contract["forbidden_modules"] == ["tournaments.features"]


def test_every_feature_package_is_installed_and_kept_in_its_layers():
    assert PACKAGES, "no feature package"
    assert [config.name for config in installed()] == settings.FEATURE_APPS
    assert sorted(settings.FEATURE_APPS) == ["tournaments.features." + name for name in PACKAGES]
    layered = _contract("A feature's own modules import downwards only")["containers"]
    assert sorted(layered) == ["tournaments.features." + name for name in PACKAGES]


def test_a_features_pure_rules_are_held_to_the_rules_purity():
    pure = set(_contract("The rules (scoring, tournaments.domain)")["source_modules"])
    for name in PACKAGES:
        if (FEATURES / name / "domain.py").exists():
            assert f"tournaments.features.{name}.domain" in pure
