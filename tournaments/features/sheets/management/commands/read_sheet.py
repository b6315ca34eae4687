"""`manage.py read_sheet <image> [--concours SLUG] --json`: one photo of a
score sheet read and checked, offline; records nothing. Prints the
concours, partie and table its QR code names and each deal read (its
fields with their value and whether they are sure, the fields the desk
will ask about and why), or `refused` with the sentence. docs/photo-sheets.md
says every field."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.features.sheets import display, queries
from tournaments.features.sheets.domain.reader import Refused
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Read one photo of a score sheet into checked deals (records nothing)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("image", type=Path)
        parser.add_argument("--concours", help="the concours being read (its slug)")
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        tournament = None
        if options["concours"]:
            tournament = Tournament.objects.filter(slug=options["concours"]).first()
            if tournament is None:
                raise CommandError(f"No concours « {options['concours']} ».")
        try:
            data = options["image"].read_bytes()
        except OSError as error:
            raise CommandError(f"{options['image']}: {error.strerror}") from error
        started = time.perf_counter()
        try:
            sheet = queries.read_sheet(data, tournament=tournament)
        except Refused as refused:
            shown: dict[str, Any] = {
                "refused": display.refusal(refused.code, refused.params),
                "code": refused.code,
            }
        else:
            shown = sheet.read.to_json()
            for deal in shown["deals"]:
                deal["reasons"] = [display.reason(code) for code in deal["reasons"]]
            shown["partie_closed"] = sheet.partie_closed
            shown["differences"] = [
                {"deal": n, "field": name, "entered": old, "read": new}
                for n, name, old, new in queries.differences(sheet)
            ]
        shown["seconds"] = round(time.perf_counter() - started, 2)
        if options["json"]:
            self.stdout.write(json.dumps(shown, ensure_ascii=False, indent=1))
            return
        if "refused" in shown:
            self.stdout.write(shown["refused"])
            return
        self.stdout.write(
            f"{shown['concours']}, partie {shown['partie']}, table {shown['table']}: "
            f"{len(shown['deals'])} deals, "
            f"{sum(len(d['asked']) for d in shown['deals'])} questions"
        )
