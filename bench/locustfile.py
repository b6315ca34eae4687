"""Locust scenario for bench/load_test.py (not a test, not for pytest).

Readers keep the standings open (full pages and htmx polls); writers are
tables entering deals from their QR link. Each writer counts the deals the
server confirmed saved (the `HX-Trigger: dealSaved` header); the counts are
written to LOAD_COUNT_FILE when the run stops, for the final check against
the database. Only the host given to locust (127.0.0.1) is contacted.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
from pathlib import Path

from locust import HttpUser, between, events, task

SETUP = json.loads(Path(os.environ["LOAD_SETUP_FILE"]).read_text(encoding="utf-8"))
TABLES = itertools.cycle(SETUP["tables"])
SAVED = {"count": 0}


class Reader(HttpUser):
    weight = 4
    wait_time = between(0.5, 2)

    @task(3)
    def poll_standings(self) -> None:
        self.client.get(SETUP["standings"], headers={"HX-Request": "true"}, name="standings (htmx)")

    @task(1)
    def open_standings(self) -> None:
        self.client.get(SETUP["standings"], name="standings")


class Writer(HttpUser):
    weight = 1
    wait_time = between(0.5, 1.5)

    def on_start(self) -> None:
        self.table = next(TABLES)
        page = self.client.get(self.table["path"], name="table page")
        self.csrf = self.client.cookies.get("csrftoken") or re.search(
            r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text
        ).group(1)
        self.client.post(
            self.table["path"] + "code/",
            {"code": self.table["code"], "csrfmiddlewaretoken": self.csrf},
            headers={"Referer": self.host + self.table["path"]},
            name="claim",
        )

    @task
    def enter_deal(self) -> None:
        with self.client.post(
            self.table["path"] + "donne/",
            {
                "taker": "A",
                "trump": random.choice("SHDC"),
                "bid": random.choice(["80", "90", "100"]),
                "coinche": "0",
                "points": str(random.choice([60, 82, 97, 110, 130])),
                "csrfmiddlewaretoken": self.csrf,
            },
            headers={"HX-Request": "true", "Referer": self.host + self.table["path"]},
            name="deal",
            catch_response=True,
        ) as response:
            if response.status_code != 200:
                response.failure(f"status {response.status_code}")
            elif response.headers.get("HX-Trigger") == "dealSaved":
                SAVED["count"] += 1
                response.success()
            else:
                response.failure("deal not saved")


@events.quitting.add_listener
def write_count(environment, **kwargs) -> None:
    with open(os.environ["LOAD_COUNT_FILE"], "w", encoding="utf-8") as handle:
        json.dump(SAVED, handle)
