"""`manage.py sheet_layout <concours> <partie> <table> --json | --pdf FILE`:
a table's score sheet as a reader of its photo sees it — the layout's
boxes in millimetres (docs/photo-sheets.md says each field) — or the
sheet's page itself, exactly as printed. Writes nothing in the database."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.domain.sheet_layout import SheetMark
from tournaments.features.sheets.queries import table_named
from tournaments.infra import address, links


class Command(BaseCommand):
    help = "Print a table's score sheet layout (boxes in mm) as JSON, or write its sheet as PDF."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("concours", help="the concours's slug (its address)")
        parser.add_argument("partie", type=int)
        parser.add_argument("table", type=int)
        parser.add_argument("--json", action="store_true", help="print the layout as JSON")
        parser.add_argument("--pdf", type=Path, help="write the table's sheet to this PDF file")

    def handle(self, *args: Any, **options: Any) -> None:
        # Imported here: reportlab loads only when a sheet is drawn.
        from tournaments.pdf import base, sheets

        table = table_named(options["concours"], options["partie"], options["table"])
        if table is None or table.team_b_id is None:
            raise CommandError(
                f"No table {options['table']} playing in partie {options['partie']} "
                f"of « {options['concours']} »."
            )
        layout = sheets.table_layout(table)
        if options["pdf"]:
            rnd = table.round
            url = address.absolute(links.entry_path(table))
            story = sheets.sheets_story(rnd, entry_url=lambda _: url, only=table.number)
            data = base.build(story, title=str(table), tournament=rnd.tournament)
            options["pdf"].write_bytes(data)
        if options["json"] or not options["pdf"]:
            mark = SheetMark(
                table.round.tournament.slug,
                table.round.number,
                table.number,
                len(layout.rows),
                layout.fingerprint,
            )
            shown = {
                "concours": mark.concours,
                "partie": mark.partie,
                "table": mark.table,
                "qr_mark": mark.fragment(),
                **layout.to_json(),
            }
            self.stdout.write(json.dumps(shown, ensure_ascii=False, indent=1))
