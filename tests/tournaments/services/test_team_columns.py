"""A registration file's headers as people write them, and a player's name
in one cell, read (issue 54, item 3): table-driven."""

from __future__ import annotations

import pytest

from tournaments.services.team_columns import read_headers, split_name


@pytest.mark.parametrize(
    ("headers", "keys"),
    [
        (
            ["Nom de l'équipe", "Joueur 1", "Joueur 2", "Club"],
            ["equipe", "joueur1", "joueur2", "club"],
        ),
        (
            ["nom1", "prenom1", "nom2", "prenom2", "club"],
            ["nom1", "prenom1", "nom2", "prenom2", "club"],
        ),
        # No number: the first player's, then the second's, in the file's order.
        (
            ["NOM", "Prénom", "Nom", "PRENOM", "N°"],
            ["nom1", "prenom1", "nom2", "prenom2", "numero"],
        ),
        (
            ["Joueur", "Licence", "Joueuse", "Licence"],
            ["joueur1", "licence1", "joueur2", "licence2"],
        ),
        (
            ["Prénom joueur 1", "Nom du joueur 2", "Licence joueur 1", "Tél.", "préinscrite"],
            ["prenom1", "nom2", "licence1", "telephone1", "preinscrite"],
        ),
        (
            ["ÉQUIPE", "nom prénom", "Nom Prénom", "Téléphone"],
            ["equipe", "joueur1", "joueur2", "telephone1"],
        ),
        (["affiché 1", "Affiche 2", "Catégories"], ["affiche1", "affiche2", "categories"]),
        (
            ["Team name", "Player 1", "First name 2", "Last name 2", "Phone", "Number"],
            ["equipe", "joueur1", "prenom2", "nom2", "telephone1", "numero"],
        ),
        # Not understood: left for the volunteer; a third player; a repeat.
        (["Inscrit", "Partenaire", "Remarques"], ["", "", ""]),
        (["Nom", "Nom", "Nom"], ["nom1", "nom2", ""]),
        (["Club", "club"], ["club", ""]),
    ],
)
def test_headers_as_people_write_them(headers, keys):
    assert read_headers(headers) == keys


@pytest.mark.parametrize(
    ("header", "declared", "key"),
    [
        ("E-mail", ["email"], "email"),
        ("Courriel", ["email"], "email"),
        ("Adresse e-mail", ["email"], "email"),
        ("E-mail", [], ""),  # no installed feature takes it
        ("Résultat par e-mail", ["email", "resultat_par_email"], "resultat_par_email"),
    ],
)
def test_a_feature_s_column_is_read_under_its_usual_names(header, declared, key):
    assert read_headers([header], declared) == [key]


@pytest.mark.parametrize(
    ("cell", "first", "last"),
    [
        ("Amélie Lefèvre", "Amélie", "Lefèvre"),
        ("MARTIN Jean-Pierre", "Jean-Pierre", "MARTIN"),
        ("Jean-Pierre MARTIN", "Jean-Pierre", "MARTIN"),
        ("LE GALL Yann", "Yann", "LE GALL"),
        ("Martin, Jean", "Jean", "Martin"),
        ("Jean-Pierre Le Gall", "Jean-Pierre", "Le Gall"),
        ("  Zoé   Dupré ", "Zoé", "Dupré"),
        ("JEAN MARTIN", "JEAN", "MARTIN"),
        ("Zoé", "", "Zoé"),
        ("", "", ""),
    ],
)
def test_a_player_s_name_in_one_cell_is_split_in_two(cell, first, last):
    assert split_name(cell) == (first, last)
