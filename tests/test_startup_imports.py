"""Every process of the app (a gunicorn worker, `manage.py shell`, `hall`,
`migrate`, the task worker) starts with `django.setup()` and, for most,
the URL conf: neither may load a library only a few requests need. Each
costs every process its CPU at start (`python -X importtime`: networkx
~100 ms, openpyxl and PIL ~90 ms, reportlab ~65 ms, redis ~55 ms,
icalendar ~30 ms), so it is imported where it is used: the draw
(domain/matching.py), the downloads (queries/exports.py, the PDF views,
features/calendar/display.py), a sheet's photo (numpy and PIL, in the sheets
feature's reader and pictures), and Redis only with REDIS_URL
(infra/cache.py). One fresh process, since a test run has loaded them all."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ON_DEMAND = ("networkx", "openpyxl", "PIL", "numpy", "reportlab", "icalendar", "redis")
BOOT = (
    "import django, json, sys; django.setup(); "
    "from django.urls import get_resolver; get_resolver().url_patterns; "
    f"print(json.dumps(sorted(n for n in {ON_DEMAND!r} if n in sys.modules)))"
)


def test_starting_the_app_loads_no_library_that_only_some_requests_need():
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    done = subprocess.run(
        [sys.executable, "-c", BOOT],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert json.loads(done.stdout.splitlines()[-1]) == []
