"""The optional features, one package each (issue 36; read README.md here).

A feature is everything about one optional part in one folder — its
services, queries, display, forms, views, `urls.py`, templates, static
files — installed as a small Django app (`apps.py`, listed in
`config/settings.py`'s `FEATURE_APPS`). The core (every `tournaments.*`
module outside this package) never imports a feature: it announces its
moments (`tournaments/hooks`), and a feature registers its handlers there
in its `AppConfig.ready()`. import-linter forbids the other direction.

Must not: hold a feature's code (each has its own package) or be imported
by the core; `installed()` and `urls.py` are for `config/` only.
"""

from __future__ import annotations

from django.apps import AppConfig, apps

PREFIX = __name__ + "."


def installed() -> list[AppConfig]:
    """The installed features' app configs, in INSTALLED_APPS' order."""
    return [config for config in apps.get_app_configs() if config.name.startswith(PREFIX)]
