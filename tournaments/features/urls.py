"""The installed features' addresses (each feature's `urls.py`), joined by
config/urls.py to the core's in the one `tournaments` namespace: a page's
name stays `tournaments:<name>` wherever it is defined, so templates and
tests name it the same. A feature names its pages with its own prefix
(`tablet_…`, `league_…`) so that no two collide. A feature with public and
organizer pages says so in its files (`urls_public.py`, `urls_admin.py`, as
Tabbycat's checkins); one with a few pages keeps one `urls.py`.

Must not: define a page itself."""

from __future__ import annotations

import importlib
import importlib.util

from django.urls import URLPattern, URLResolver

from tournaments.features import installed


def feature_urlpatterns() -> list[URLPattern | URLResolver]:
    """The `urlpatterns` of every installed feature that has pages."""
    patterns: list[URLPattern | URLResolver] = []
    for config in installed():
        for name in (f"{config.name}.{part}" for part in ("urls", "urls_public", "urls_admin")):
            if importlib.util.find_spec(name) is not None:
                patterns += importlib.import_module(name).urlpatterns
    return patterns
