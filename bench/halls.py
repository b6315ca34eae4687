"""Benchmark of simultaneous halls (issue 27, a script, not a test): 12
halls of one concours merged through the service and the pages.

On a fresh SQLite database: a hosted concours declared in HALLS halls,
each hall's concours file (TEAMS teams, PARTIES parties of DEALS deals,
from `checker.generate.hall_files`) received by the halls feature's services
(read, checked by the checker, merged with the halls already in, kept),
then the organizer's halls page and the public merged ranking rendered by
Django's test client. Prints the time of each step and, last, the total
(target of the issue: ≤ 5 s for 12 halls). Figures are printed, never
asserted.

    .venv/bin/python -m bench.halls [--halls 12] [--teams 30] [--parties 4] [--deals 12]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

from bench import builders


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--halls", type=int, default=12)
    parser.add_argument("--teams", type=int, default=30)
    parser.add_argument("--parties", type=int, default=4)
    parser.add_argument("--deals", type=int, default=12)
    args = parser.parse_args()
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ["PLAIN_STATIC"] = "1"  # in process there is no collected manifest
    with tempfile.TemporaryDirectory() as folder:
        builders.setup_django(Path(folder))
        return run(args)


def run(args) -> int:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from checker.generate import hall_files
    from tournaments.features.halls import services
    from tournaments.features.halls.models import MergedHall

    owner = get_user_model().objects.create_user("bench-halls")
    tournament = builders.new_concours(owner=owner, name="Concours en douze salles", published=True)
    names = [f"Salle {n}" for n in range(1, args.halls + 1)]
    services.declare_halls(tournament=tournament, names=names, planned=args.parties, by=owner)
    files = hall_files(
        halls=args.halls, teams=args.teams, parties=args.parties, seed=12, deals=args.deals
    )
    bodies = []
    for doc in files:
        doc["concours"]["date"] = tournament.date.isoformat()
        bodies.append(json.dumps(doc).encode())
    halls = list(MergedHall.objects.filter(merge__tournament=tournament).order_by("position"))
    client = Client()
    client.force_login(owner)
    client.get("/", secure=True)  # a server already serving: its first request not counted
    begun = time.perf_counter()
    for hall, body in zip(halls, bodies, strict=True):
        services.receive_hall_file(hall=hall, raw=body, by=owner)
    received = time.perf_counter()
    manage = client.get(f"/organisation/t/{tournament.slug}/salles/", secure=True)
    managed = time.perf_counter()
    public = Client().get(f"/t/{tournament.slug}/salles/", secure=True)
    ended = time.perf_counter()
    assert manage.status_code == public.status_code == 200, (manage.status_code, public.status_code)
    final = "Classement définitif" in public.content.decode()
    teams = args.halls * args.teams
    print(
        f"halls: {args.halls} files received and checked in {received - begun:.2f} s, "
        f"organizer's page {managed - received:.2f} s, public page {ended - managed:.2f} s "
        f"({teams} teams, {'final' if final else 'provisional'})"
    )
    print(
        f"halls: {args.halls} halls merged through the service and the pages in "
        f"{ended - begun:.2f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
