"""Load test of issue 6 (a script, not a test): PostgreSQL behind gunicorn,
100 simulated users for 60 s mixing standings reads and deal entries on
several tables; afterwards the number of deals in the database must equal
the number the users saw saved, with 0 errors.

Run it inside a throwaway PostgreSQL cluster, locust being kept out of the
test venv (it pulls gevent and flask):

    bin/with-postgres .venv/bin/python -m bench.load_test [--users 100] [--seconds 60]

It installs locust into .venv-load on first use, builds a 16-team
tournament (8 tables playing to a target never reached), starts gunicorn
with 2 workers on 127.0.0.1, runs locust headless, and prints the figures.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from bench import serve

ROOT = Path(__file__).resolve().parent.parent
PORT = 8741
LOAD_VENV = ROOT / ".venv-load"


def locust_binary() -> Path:
    binary = LOAD_VENV / "bin" / "locust"
    if not binary.exists():
        subprocess.run([sys.executable, "-m", "venv", str(LOAD_VENV)], check=True)
        subprocess.run([str(LOAD_VENV / "bin" / "pip"), "install", "--quiet", "locust"], check=True)
    return binary


def build(folder: Path) -> dict:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from bench.builders import new_concours
    from tests.factories import add_teams
    from tournaments.infra import links
    from tournaments.models import Deal, Tournament
    from tournaments.services import release, rounds

    Tournament.objects.filter(slug__startswith="charge-").delete()
    tournament = new_concours(
        name="Charge",
        end_mode="target",
        end_target=10_000_000,
        published=True,
    )
    Tournament.objects.filter(pk=tournament.pk).update(slug="charge-test")
    tournament.refresh_from_db()
    add_teams(tournament, 16)
    # Announced, as the organizer does once the sheets are laid out: a
    # draft takes no score.
    rnd = release.release_round(round=rounds.draw_round(tournament=tournament, seed=1))
    tables = [
        {"path": links.entry_path(t), "code": t.code_a}
        for t in rnd.tables.filter(team_b__isnull=False).order_by("number")
    ]
    before = Deal.objects.filter(table__round__tournament=tournament).count()
    return {
        "standings": f"/t/{tournament.slug}/classement/",
        "tables": tables,
        "deals_before": before,
        "tournament": tournament.pk,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=100)
    parser.add_argument("--seconds", type=int, default=60)
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        print("Run inside bin/with-postgres: DATABASE_URL must point to PostgreSQL.")
        return 2
    locust = locust_binary()
    folder = Path(tempfile.mkdtemp(prefix="belote-load-"))
    env = serve.production_env(dict(os.environ), folder)
    os.environ.update({k: env[k] for k in ("BELOTE_DATA_DIR", "SECRET_KEY", "ALLOWED_HOSTS")})
    setup = build(folder)
    setup_file, count_file = folder / "setup.json", folder / "count.json"
    setup_file.write_text(json.dumps(setup), encoding="utf-8")
    with serve.gunicorn(env, PORT) as base:
        subprocess.run(
            [
                str(locust),
                "-f",
                str(ROOT / "bench" / "locustfile.py"),
                "--headless",
                "-u",
                str(args.users),
                "-r",
                "20",
                "-t",
                f"{args.seconds}s",
                "--host",
                base,
                "--csv",
                str(folder / "stats"),
                "--only-summary",
                # Let each user finish the request it has in flight, so that
                # no deal is saved by the server without its user knowing.
                "--stop-timeout",
                "15",
            ],
            env={**env, "LOAD_SETUP_FILE": str(setup_file), "LOAD_COUNT_FILE": str(count_file)},
            check=False,
        )
    from tournaments.models import Deal

    saved = json.loads(count_file.read_text(encoding="utf-8"))["count"]
    in_db = Deal.objects.filter(table__round__tournament_id=setup["tournament"]).count()
    in_db -= setup["deals_before"]
    with open(folder / "stats_stats.csv", encoding="utf-8") as handle:
        rows = {row["Name"]: row for row in csv.DictReader(handle)}
    total = rows["Aggregated"]
    print(
        f"requests {total['Request Count']}, failures {total['Failure Count']}, "
        f"{float(total['Requests/s']):.0f} req/s, median {total['Median Response Time']} ms, "
        f"95% {total['95%']} ms"
    )
    print(f"deals the users saw saved: {saved}; new deals in the database: {in_db}")
    ok = int(total["Failure Count"]) == 0 and saved == in_db
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
