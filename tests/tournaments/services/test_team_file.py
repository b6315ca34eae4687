"""A registration file: each fault named with its line number, read against
the teams already registered (new, registered, in conflict), and its new
teams imported all or none — as often as the organizer's spreadsheet grows."""

from __future__ import annotations

import pytest

from tests.factories import add_teams
from tournaments.models import Change, Team, Tournament
from tournaments.services import errors, registration
from tournaments.services import imports as imports_services
from tournaments.services.team_file import parse_teams, template_csv

pytestmark = pytest.mark.django_db

GOOD = (
    "nom1;prenom1;nom2;prenom2;club\n"
    "Lefèvre;Amélie;Bérard;Jérôme;Les As de Trèfle\n"
    "Dupré;Zoé;Hébert;Loïc;\n"
).encode()


def test_a_clean_file_is_previewed_without_errors():
    parsed = parse_teams(GOOD)
    assert parsed.ok
    assert [(r.line, r.last_name1, r.first_name2) for r in parsed.rows] == [
        (2, "Lefèvre", "Jérôme"),
        (3, "Dupré", "Loïc"),
    ]


@pytest.mark.parametrize(
    ("content", "line", "fragment"),
    [
        ("nom1;prenom1;nom2;prenom2\nLefèvre;;Bérard;Jérôme\n".encode(), 2, "Prénom du joueur 1"),
        (b"nom1;prenom1;nom2;prenom2\nA;B;C;D;E\n", 2, "5 valeurs pour 4 colonnes"),
        (b"nom1;prenom1;nom2;prenom2;numero\nA;B;C;D;x\n", 2, "invalide"),
        (b"nom1;prenom1;nom2;prenom2;numero\nA;B;C;D;3\nE;F;G;H;3\n", 3, "ligne 2"),
        (b"", 0, "vide"),
        (b"\x00\x01binary", 0, "pas un fichier texte"),
        (b"nom1;prenom1;nom2;prenom2\n" + b"A;B;C;D\n" * 10 + b"x" * 600_000, 0, "trop gros"),
        # A number too big for the database, negative, not a number, Python-only digits.
        (b"nom1;prenom1;nom2;prenom2;numero\nA;B;C;D;" + b"1" + b"0" * 23 + b"\n", 2, "1 à 9999"),
        (b"nom1;prenom1;nom2;prenom2;numero\nA;B;C;D;-3\n", 2, "invalide"),
        (b"nom1;prenom1;nom2;prenom2;numero\nA;B;C;D;1_000\n", 2, "invalide"),
        (b"nom1;prenom1;nom2;prenom2;numero\nA;B;C;D;0\n", 2, "invalide"),
        # The same team twice, written differently (case, accents, spaces).
        (
            "nom1;prenom1;nom2;prenom2\nLefèvre;Amélie;Bérard;Jérôme\n"
            "BERARD;jerome; lefevre ;Amelie\n".encode(),
            3,
            "Même équipe que la ligne 2",
        ),
        (b"nom1;prenom1;nom2;prenom2\nMartin;Jean;Martin;Jean\n", 2, "le même nom"),
        # A huge line: one field beyond what the csv reader takes.
        (b"nom1;prenom1;nom2;prenom2\n" + b"A" * 200_000 + b";B;C;D\n", 2, "illisible"),
        (b"nom1;prenom1;nom2;prenom2\nA;B;C;" + b"D" * 300 + b"\n", 2, "trop long"),
        (b'nom1;prenom1;nom2;prenom2\n"A;B;C;D\n', 2, "illisible"),
        (b"nom1;prenom1;nom2;prenom2\n", 0, "Aucune équipe"),
        (b"\xef\xbb\xbf  \n\n", 0, "vide"),
    ],
)
def test_a_faulty_file_names_the_line_and_the_fault(content, line, fragment):
    parsed = parse_teams(content)
    assert not parsed.ok
    assert any(n == line and fragment in message for n, message in parsed.errors), parsed.errors


@pytest.mark.parametrize(
    "content",
    [b"nom1;prenom1;nom2\nA;B;C\n", bytes(range(1, 256)) * 40, b"Inscrit;Partenaire\nA B;C D\n"],
)
def test_a_file_whose_players_are_not_found_asks_which_columns_they_are(content):
    """Issue 54, item 3: refused « Colonnes obligatoires absentes » before;
    now the preview asks the volunteer (nothing read until then)."""
    parsed = parse_teams(content)
    assert parsed.whole and not parsed.rows and not parsed.errors
    assert "dites ci-dessous quelle colonne" in parsed.columns_problem
    assert parsed.columns


def test_columns_said_in_the_preview_are_read_so():
    data = "Inscrit;Partenaire;Asso\nJean MARTIN;Zoé Dupré;Foyer\n".encode()
    parsed = parse_teams(data, chosen=["joueur1", "joueur2", "club"])
    assert parsed.ok, parsed.errors
    row = parsed.rows[0]
    assert (row.first_name1, row.last_name1, row.first_name2, row.last_name2, row.club) == (
        "Jean",
        "MARTIN",
        "Zoé",
        "Dupré",
        "Foyer",
    )
    twice = parse_teams(data, chosen=["joueur1", "joueur1", "club"])
    assert "disent la même chose" in twice.columns_problem
    # A key that is none of the file's is not taken: the column is not read.
    assert parse_teams(data, chosen=["joueur1", "joueur2", "is_staff"]).rows[0].club == ""


def test_windows_1252_and_comma_separated_files_are_read():
    data = "nom1,prenom1,nom2,prenom2\nThébault,Hélène,Noël,Joëlle\n".encode("cp1252")
    parsed = parse_teams(data)
    assert parsed.ok
    assert parsed.rows[0].last_name1 == "Thébault"


def test_a_number_quoted_back_is_cut_short():
    parsed = parse_teams(b"nom1;prenom1;nom2;prenom2;numero\nA;B;C;D;" + b"x" * 70 + b"\n")
    assert all(len(message) < 150 for _, message in parsed.errors), parsed.errors


def test_old_mac_line_ends_are_read():
    parsed = parse_teams(b"nom1;prenom1;nom2;prenom2\rA;B;C;D\rE;F;G;H\r")
    assert parsed.ok, parsed.errors
    assert [r.line for r in parsed.rows] == [2, 3]


def test_the_model_file_is_a_clean_file_of_two_teams():
    parsed = parse_teams(template_csv())
    assert parsed.ok, parsed.errors
    assert [(r.last_name1, r.first_name2) for r in parsed.rows] == [
        ("Lefèvre", "Jérôme"),
        ("Dupré", "Loïc"),
    ]
    assert [r.shown2 for r in parsed.rows] == [False, True]


def test_the_model_files_columns_follow_the_registration_form():
    """Issue 38 item 11: the form asks first name, name, licence, box for
    each player, then the club and the team's name; the model file too."""
    from tournaments.forms.teams import TeamForm

    by_field = {
        "first_name1": "prenom1",
        "last_name1": "nom1",
        "licence1": "licence1",
        "shown1": "affiche1",
        "first_name2": "prenom2",
        "last_name2": "nom2",
        "licence2": "licence2",
        "shown2": "affiche2",
        "club": "club",
        "name": "equipe",
    }
    header = template_csv().decode("utf-8-sig").splitlines()[0].split(";")
    assert header == [by_field[name] for name in TeamForm().fields]


def test_a_file_with_faulty_lines_imports_the_good_ones_and_names_the_bad(tournament):
    data = GOOD + b";;;\nSeul;Joueur;;\nRivi\xc3\xa8re;Val\xc3\xa9rie;Marchand;Denis\n"
    plan = imports_services.import_teams(tournament=tournament, data=data)
    assert [line for line, _ in plan.errors] == [5, 5] and plan.faulty_lines == [5]
    assert Team.objects.filter(tournament=tournament).count() == 3
    change = tournament.changes.get(action="teams_imported")
    assert change.after["faulty"] == [5]


def test_an_unreadable_file_imports_nothing(tournament):
    data = GOOD + b'"Rivi\xc3\xa8re;Val\xc3\xa9rie;Marchand;Denis\n'
    with pytest.raises(errors.ImportRefused):
        imports_services.import_teams(tournament=tournament, data=data)
    assert Team.objects.filter(tournament=tournament).count() == 0


def test_a_clean_file_registers_every_team(tournament):
    teams = imports_services.import_teams(tournament=tournament, data=GOOD).imported
    assert [t.number for t in teams] == [1, 2]
    assert teams[0].player1.last_name == "Lefèvre"
    assert teams[0].club == "Les As de Trèfle"


def csv(*lines: str) -> bytes:
    return ("nom1;prenom1;nom2;prenom2;club;numero\n" + "\n".join(lines) + "\n").encode()


NINE = [f"Nom{i};Prénom{i};Autre{i};Prénom{i};Club;" for i in range(1, 10)]


def test_the_preview_says_which_lines_are_new_registered_or_in_conflict(tournament):
    imports_services.import_teams(tournament=tournament, data=csv(*NINE))
    grown = csv(
        *NINE[:4],
        # Team 5 again, written otherwise: still the same two players.
        "NOM5 ;prenom5;autre5;Prénom5;Club;",
        *NINE[5:],
        "Neuf;Alice;Neuf;Bob;Club;",
        "Neuf;Carole;Neuf;Denis;Club;",
        "Nom3;Prénom3;Neuf;Émile;Club;",  # a player of team 3 with another partner
        "Neuf;Fanny;Neuf;Gilles;Club;4",  # number 4 is taken
        "Neuf;Hugo;Neuf;Inès;Club;",
        "Neuf;Bob;Neuf;Julie;Club;",  # Bob is in line 11's new team
    )
    plan = imports_services.plan_import(tournament=tournament, data=grown)
    assert not plan.errors
    assert [line.row.line for line in plan.registered] == list(range(2, 11))
    assert [(line.row.line, line.number) for line in plan.new] == [(11, 10), (12, 11), (15, 12)]
    conflicts = {line.row.line: line.reason for line in plan.conflicts}
    assert "Prénom3 Nom3 joue déjà dans l'équipe n° 3" in conflicts[13]
    assert "Le n° 4 est celui de l'équipe" in conflicts[14]
    assert "Bob Neuf joue déjà dans l'équipe de la ligne 11" in conflicts[16]
    assert plan.registered[4].number == 5
    assert Team.objects.filter(tournament=tournament).count() == 9  # a preview writes nothing


def test_importing_the_grown_file_adds_only_the_new_teams(tournament, organizer):
    imports_services.import_teams(tournament=tournament, data=csv(*NINE), by=organizer)
    grown = csv(*NINE, "Neuf;Alice;Neuf;Bob;Club;", "Nom1;Prénom1;Neuf;Zoé;Club;")
    plan = imports_services.import_teams(tournament=tournament, data=grown, by=organizer)
    assert [t.number for t in plan.imported] == [10]
    assert Team.objects.filter(tournament=tournament).count() == 10
    change = Change.objects.filter(action=Change.Action.TEAMS_IMPORTED).first()
    assert change.by == organizer
    assert change.after["already_registered"] == list(range(2, 11))
    assert change.after["conflicts"] == [12]


def test_a_file_already_imported_whole_is_refused_with_a_message(tournament):
    imports_services.import_teams(tournament=tournament, data=GOOD)
    with pytest.raises(errors.TournamentError) as refused:
        imports_services.import_teams(tournament=tournament, data=GOOD)
    assert refused.value.field == "file"
    assert "Aucune nouvelle équipe" in refused.value.message


def test_new_teams_without_a_number_never_take_one_the_file_gives(tournament):
    add_teams(tournament, 2)
    plan = imports_services.import_teams(
        tournament=tournament, data=csv("A;B;C;D;;", "E;F;G;H;;3", "I;J;K;L;;")
    )
    assert sorted(t.number for t in plan.imported) == [3, 4, 5]
    assert {t.player1.last_name: t.number for t in plan.imported} == {"A": 4, "E": 3, "I": 5}


def test_a_team_registered_by_hand_is_found_whatever_the_accents(tournament):
    registration.register_team(
        tournament=tournament,
        player1=registration.PlayerData("Jean-Noël", "Lefèvre"),
        player2=registration.PlayerData("Zoé", "Dupré"),
    )
    plan = imports_services.plan_import(
        tournament=tournament,
        data=csv("DUPRE;zoe;lefevre;jean noel;;"),
    )
    assert [line.status for line in plan.lines] == [imports_services.LineStatus.REGISTERED]


def test_an_import_is_all_or_nothing(tournament, monkeypatch):
    """A team whose creation fails midway leaves no team of the file."""
    from tournaments.services import imports

    calls = []
    real = imports.create_team

    def failing(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise errors.TournamentError("panne")
        return real(*args, **kwargs)

    monkeypatch.setattr(imports, "create_team", failing)
    with pytest.raises(errors.TournamentError):
        imports_services.import_teams(tournament=tournament, data=GOOD)
    assert Team.objects.filter(tournament=tournament).count() == 0


@pytest.mark.parametrize("finished", [False, True])
def test_a_tournament_that_takes_no_team_says_why(make_tournament, finished):
    if finished:
        tournament = make_tournament()
        Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
        tournament.refresh_from_db()
    else:
        tournament = make_tournament(format=Tournament.Format.MELEE)
    plan = imports_services.plan_import(tournament=tournament, data=GOOD)
    assert plan.refusal and not plan.ok
    with pytest.raises(errors.TournamentError):
        imports_services.import_teams(tournament=tournament, data=GOOD)


def workbook(*rows) -> bytes:
    """An Excel workbook of `rows` on its first sheet, as a spreadsheet saves it."""
    import io

    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(list(row))
    sheet["H1"] = None  # a wider sheet than the header: empty cells on the right
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def test_an_excel_workbook_is_read_as_the_csv_file_bad_lines_named(tournament):
    data = workbook(
        ("nom1", "prenom1", "nom2", "prenom2", "club", "numero"),
        ("Lefèvre", "Amélie", "Bérard", "Jérôme", "Les As", 7),
        ("Seul", "Joueur", None, None, None, None),
        ("Dupré", "Zoé", "Hébert", "Loïc", None, 12.0),
    )
    parsed = parse_teams(data)
    assert [row.number for row in parsed.rows] == [7, 12]
    assert [line for line, _ in parsed.errors] == [3, 3] and not parsed.whole
    plan = imports_services.import_teams(tournament=tournament, data=data)
    assert sorted(t.number for t in plan.imported) == [7, 12] and plan.faulty_lines == [3]


def test_a_damaged_workbook_is_refused_whole_with_a_message():
    parsed = parse_teams(b"PK\x03\x04" + b"pas un classeur" * 20)
    assert parsed.whole and parsed.errors == [
        (0, "Classeur Excel illisible : enregistrez-le à nouveau.")
    ]
