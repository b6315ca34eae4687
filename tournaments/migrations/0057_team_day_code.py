"""A team's code for the whole concours (issue 38): every draw copies it
onto the team's table, and its coupon is printed once.

A team of an existing concours takes the code of its latest table, so that
the coupon it holds stays good for the next parties; a team that has not
played yet gets a new one. Tables keep their codes."""

import secrets

from django.db import migrations, models

import tournaments.models.people


def _code() -> str:
    return f"{secrets.randbelow(10**8):08d}"


def give_codes(apps, schema_editor):
    Team = apps.get_model("tournaments", "Team")
    Table = apps.get_model("tournaments", "Table")
    latest: dict[int, str] = {}
    rows = Table.objects.order_by("round__number", "number").values_list(
        "team_a_id", "code_a", "team_b_id", "code_b"
    )
    for team_a, code_a, team_b, code_b in rows.iterator():
        latest[team_a] = code_a
        if team_b is not None:
            latest[team_b] = code_b
    taken: dict[int, set[str]] = {}
    teams = list(Team.objects.only("pk", "tournament_id", "code").order_by("pk"))
    for team in teams:
        used = taken.setdefault(team.tournament_id, set())
        code = latest.get(team.pk, "")
        while len(code) != 8 or not code.isdigit() or code in used:
            code = _code()
        used.add(code)
        team.code = code
    Team.objects.bulk_update(teams, ["code"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0056_avoided_pairings"),
    ]

    operations = [
        migrations.AddField(
            model_name="team",
            name="code",
            field=models.CharField(
                default=tournaments.models.people.new_team_code,
                editable=False,
                max_length=8,
                verbose_name="code de l'équipe",
            ),
        ),
        migrations.RunPython(give_codes, migrations.RunPython.noop),
    ]
