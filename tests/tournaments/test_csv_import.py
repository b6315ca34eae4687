"""A registration file is imported whole or not at all, each fault named
with its line number."""

from __future__ import annotations

import pytest

from tournaments import services
from tournaments.csv_import import parse_teams
from tournaments.models import Team

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
        (b"nom1;prenom1;nom2\nA;B;C\n", 1, "prenom2"),
        ("nom1;prenom1;nom2;prenom2\nLefèvre;;Bérard;Jérôme\n".encode(), 2, "Prénom du joueur 1"),
        (b"nom1;prenom1;nom2;prenom2\nA;B;C;D;E\n", 2, "5 valeurs pour 4 colonnes"),
        (b"nom1;prenom1;nom2;prenom2;numero\nA;B;C;D;x\n", 2, "invalide"),
        (b"nom1;prenom1;nom2;prenom2;numero\nA;B;C;D;3\nE;F;G;H;3\n", 3, "ligne 2"),
        (b"", 0, "vide"),
        (b"\x00\x01binary", 0, "pas un fichier texte"),
        (b"nom1;prenom1;nom2;prenom2\n" + b"A;B;C;D\n" * 10 + b"x" * 600_000, 0, "trop gros"),
    ],
)
def test_a_faulty_file_names_the_line_and_the_fault(content, line, fragment):
    parsed = parse_teams(content)
    assert not parsed.ok
    assert any(n == line and fragment in message for n, message in parsed.errors), parsed.errors


def test_windows_1252_and_comma_separated_files_are_read():
    data = "nom1,prenom1,nom2,prenom2\nThébault,Hélène,Noël,Joëlle\n".encode("cp1252")
    parsed = parse_teams(data)
    assert parsed.ok
    assert parsed.rows[0].last_name1 == "Thébault"


def test_a_file_with_two_faulty_lines_imports_nothing(tournament):
    data = GOOD + b";;;\nSeul;Joueur;;\nRivi\xc3\xa8re;Val\xc3\xa9rie;Marchand;Denis\n"
    with pytest.raises(services.ImportRefused) as refused:
        services.import_teams(tournament=tournament, data=data)
    assert [line for line, _ in refused.value.errors] == [5, 5]
    assert Team.objects.filter(tournament=tournament).count() == 0


def test_a_clean_file_registers_every_team(tournament):
    teams = services.import_teams(tournament=tournament, data=GOOD)
    assert [t.number for t in teams] == [1, 2]
    assert teams[0].player1.last_name == "Lefèvre"
    assert teams[0].club == "Les As de Trèfle"
