"""The import page, as the desk uses it: a preview that says what each line
will do, the import of the new lines on confirmation, the model file, and a
message — never a server error — for whatever file is chosen."""

from __future__ import annotations

import html

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.models import Team
from tournaments.services import team_file

pytestmark = pytest.mark.django_db

NINE = [f"Nom{i};Prénom{i};Autre{i};Prénom{i};Club" for i in range(1, 10)]


def csv(*lines: str) -> bytes:
    return ("nom1;prenom1;nom2;prenom2;club\n" + "\n".join(lines) + "\n").encode()


@pytest.fixture
def desk(client, organizer):
    client.force_login(organizer)
    return client


def url(tournament) -> str:
    return reverse("tournaments:team_import", args=[tournament.slug])


def preview(client, tournament, data: bytes):
    upload = SimpleUploadedFile("equipes.csv", data, content_type="text/csv")
    return client.post(url(tournament), {"file": upload, "preview": "1"})


def confirm(client, tournament, response):
    data = response.context["confirm_form"]["data"].value()
    return client.post(url(tournament), {"data": data, "confirm": "1"}, follow=True)


def text(response) -> str:
    return html.unescape(response.content.decode())


def test_reimporting_a_file_with_registered_teams_adds_the_new_ones(desk, tournament):
    """It answered 500 when the file held a team already registered."""
    confirm(desk, tournament, preview(desk, tournament, csv(*NINE)))
    assert Team.objects.filter(tournament=tournament).count() == 9
    grown = csv(*NINE, "Neuf;Alice;Neuf;Bob;Club", "Nom2;Prénom2;Neuf;Zoé;Club")
    response = preview(desk, tournament, grown)
    assert response.status_code == 200
    page = text(response)
    assert "1 nouvelle équipe, 9 déjà inscrites, 1 ligne en conflit" in page
    assert "Déjà inscrite (n° 4)" in page
    assert "Nouvelle : n° 10" in page
    assert "Prénom2 Nom2 joue déjà dans l'équipe n° 2" in page
    assert "Importer 1 équipe" in page
    assert Team.objects.filter(tournament=tournament).count() == 9
    done = confirm(desk, tournament, response)
    assert done.redirect_chain[-1][0] == reverse("tournaments:manage", args=[tournament.slug])
    assert "1 équipe importée." in text(done)
    assert Team.objects.filter(tournament=tournament).count() == 10


def test_confirming_a_file_already_imported_answers_a_message(desk, tournament):
    first = preview(desk, tournament, csv(*NINE))
    confirm(desk, tournament, first)
    again = confirm(desk, tournament, first)  # the same confirmation, posted twice
    assert again.status_code == 200
    assert "Aucune nouvelle équipe" in text(again)
    assert Team.objects.filter(tournament=tournament).count() == 9


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        (b"nom1;prenom1;nom2;prenom2;numero\nA;B;C;D;" + str(10**23).encode(), "1 à 9999"),
        (b"nom1;prenom1;nom2;prenom2;numero\nA;B;C;D;-4\n", "invalide"),
        (b"nom1;prenom1;nom2;prenom2;numero\nA;B;C;D;abc\n", "invalide"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "pas un fichier texte"),
        (b"nom1;prenom1;nom2;prenom2\n" + b"x" * 300_000 + b";B;C;D\n", "illisible"),
        (b"x" * (team_file.MAX_BYTES + 10), "trop gros"),
        (b"  \n", "vide"),
    ],
)
def test_a_bad_file_gets_a_message_next_to_the_field_and_per_line(desk, tournament, data, fragment):
    response = preview(desk, tournament, data)
    assert response.status_code == 200
    assert fragment in text(response)
    assert response.context["form"].errors["file"]
    assert 'name="confirm"' not in text(response)
    assert Team.objects.filter(tournament=tournament).count() == 0


def test_an_empty_upload_is_refused_by_the_form(desk, tournament):
    response = preview(desk, tournament, b"")
    assert response.status_code == 200
    assert response.context["form"].errors["file"]


def test_a_forged_confirmation_imports_nothing(desk, tournament):
    response = desk.post(url(tournament), {"data": "pas du base64 !", "confirm": "1"})
    assert response.status_code == 200
    assert "choisissez-le à nouveau" in response.context["file_error"]
    assert Team.objects.filter(tournament=tournament).count() == 0


def test_the_import_page_links_to_a_model_file_that_imports_cleanly(desk, tournament):
    page = desk.get(url(tournament))
    model_url = reverse("tournaments:import_model_csv")
    assert model_url in page.content.decode()
    response = desk.get(model_url)
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    plan = preview(desk, tournament, response.content).context["plan"]
    assert len(plan.new) == 2 and not plan.errors


def test_a_melee_says_so_at_the_file(desk, make_tournament):
    melee = make_tournament(name="Mêlée", format="melee")
    response = preview(desk, melee, csv(*NINE))
    assert response.status_code == 200
    assert "En mêlée" in text(response)


def test_a_file_with_a_few_bad_lines_imports_the_good_ones_on_confirmation(desk, tournament):
    data = csv(
        "Lefèvre;Amélie;Bérard;Jérôme;Les Atouts",
        "Seul;Joueur;;;Club",
        "Lefèvre;Amélie;Bérard;Jérôme;Les Atouts",
        "Rivière;Valérie;Marchand;Denis;Belote Club",
    )
    response = preview(desk, tournament, data)
    page = text(response)
    assert "Lignes écartées : elles ne seront pas importées" in page
    assert "Ligne 3 : Nom du joueur 2 manquant." in page
    assert "Ligne 4 : Même équipe que la ligne 2." in page
    assert "2 nouvelles équipes" in page and "2 lignes fautives (écartées)" in page
    assert not response.context["form"].errors
    done = confirm(desk, tournament, response)
    assert "2 équipes importées. Lignes fautives écartées : 3, 4." in text(done)
    names = Team.objects.filter(tournament=tournament).values_list("player1__last_name", flat=True)
    assert sorted(names) == ["Lefèvre", "Rivière"]
    desk.cookies["django_language"] = "en"
    again = text(preview(desk, tournament, data))
    assert "Lines left out: they will not be imported" in again
    assert "2 faulty lines (left out)" in again


def test_a_file_whose_only_lines_are_bad_imports_nothing(desk, tournament):
    response = preview(desk, tournament, csv("A;B;C;D;E", "A;B;C;D;E"))
    assert "Même équipe que la ligne 2" in text(response)
    # the good line is offered alone
    assert 'name="confirm"' in text(response)
    response = preview(desk, tournament, csv("Seul;Joueur;;;Club"))
    assert response.context["form"].errors["file"] and 'name="confirm"' not in text(response)


def test_an_excel_workbook_is_previewed_and_imported(desk, tournament):
    import io

    from openpyxl import Workbook

    book = Workbook()
    for row in [("nom1", "prenom1", "nom2", "prenom2"), ("Lefèvre", "Amélie", "Bérard", "Jérôme")]:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    upload = SimpleUploadedFile("equipes.xlsx", out.getvalue())
    response = desk.post(url(tournament), {"file": upload, "preview": "1"})
    assert "1 nouvelle équipe" in text(response) and "Un classeur Excel (.xlsx)" in text(response)
    done = confirm(desk, tournament, response)
    assert "1 équipe importée." in text(done)
    assert Team.objects.get(tournament=tournament).player1.last_name == "Lefèvre"


def test_columns_the_page_did_not_understand_are_said_then_the_file_imported(desk, tournament):
    """Issue 54, item 3: « Équipe;Inscrit;Partenaire » was refused whole."""
    data = "Équipe;Inscrit;Partenaire\nLes Lève-tôt;Jean MARTIN;Zoé Dupré\n".encode()
    response = preview(desk, tournament, data)
    assert "dites ci-dessous quelle colonne" in text(response)
    assert not response.context["form"].errors  # not refused: asked
    form = response.context["confirm_form"]
    said = {
        "data": form["data"].value(),
        "column_0": "equipe",
        "column_1": "joueur1",
        "column_2": "joueur2",
    }
    again = desk.post(url(tournament), {**said, "reread": "1"})
    assert "1 nouvelle équipe" in text(again) and "Jean MARTIN" in text(again)
    assert Team.objects.filter(tournament=tournament).count() == 0
    desk.post(url(tournament), {**said, "confirm": "1"}, follow=True)
    team = Team.objects.get(tournament=tournament)
    assert (team.name, team.player1.last_name, team.player2.first_name) == (
        "Les Lève-tôt",
        "MARTIN",
        "Zoé",
    )
    # A choice that is none of the page's is refused, nothing imported.
    refused = desk.post(url(tournament), {**said, "column_1": "is_staff", "confirm": "1"})
    assert "Fichier illisible" in text(refused)
    assert Team.objects.filter(tournament=tournament).count() == 1
