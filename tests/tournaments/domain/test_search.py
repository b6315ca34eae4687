"""The search key: what a name is reduced to before the search compares it."""

from __future__ import annotations

import pytest

from tournaments.domain.search import fold, name_order, query_words, search_key


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("Lefèvre", "lefevre"),
        ("LEFÈVRE", "lefevre"),
        ("lefevre", "lefevre"),
        ("Hélène Thébault", "helenethebault"),
        ("Françoise", "francoise"),
        ("Noël", "noel"),
        ("Brûlé", "brule"),
        ("Œdipe", "oedipe"),
        ("Cœur", "coeur"),
        ("Lætitia", "laetitia"),
        ("ÆSCHYLE", "aeschyle"),
        ("Søren", "soren"),
        ("Łukasz", "lukasz"),
        ("Straße", "strasse"),
        ("D'Artagnan", "dartagnan"),
        ("D’Artagnan", "dartagnan"),  # the apostrophe phone keyboards type
        ("Dʼartagnan", "dartagnan"),  # modifier letter apostrophe
        ("D`Artagnan", "dartagnan"),
        ("D‘Artagnan", "dartagnan"),
        ("D´Artagnan", "dartagnan"),
        ("Jean-Pierre", "jeanpierre"),
        ("Jean Pierre", "jeanpierre"),
        ("Jean–Pierre", "jeanpierre"),
        ("Jean\u00a0Pierre", "jeanpierre"),
        ("J.-P.", "jp"),
        ("Pélissier-Roux", "pelissierroux"),
        ("Équipe n° 12", "equipen12"),
        ("ﬁlou", "filou"),
        ("", ""),
        ("'", ""),
    ],
)
def test_a_name_folds_to_lower_case_letters_and_digits_without_accents(text, folded):
    assert fold(text) == folded


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("lefevre", ["lefevre"]),
        ("  Amélie   LEFÈVRE ", ["amelie", "lefevre"]),
        ("Jean-Pierre", ["jean", "pierre"]),
        ("Lefèvre – Bérard", ["lefevre", "berard"]),
        ("Lefèvre & Bérard", ["lefevre", "berard"]),
        ("D’Artagnan", ["dartagnan"]),
        ("l'as de trèfle", ["las", "de", "trefle"]),
        ("12", ["12"]),
        (" ' - ", []),
        ("", []),
    ],
)
def test_a_query_splits_into_folded_words(query, words):
    assert query_words(query) == words


def test_a_search_key_keeps_one_word_a_field_and_skips_empty_ones():
    assert search_key("Jean-Pierre", "Lefèvre", "", "L’As de Trèfle") == (
        "jeanpierre lefevre lasdetrefle"
    )


def test_every_word_of_a_query_is_found_in_the_key_of_its_own_name():
    """A name typed as it is written is always found under its own key."""
    for name in ["Amélie Lefèvre", "Les Cœurs Vaillants", "D’Artagnan-Dupré", "Zoé Château"]:
        key = search_key(*name.split())
        assert all(word in key for word in query_words(name))


def test_names_sort_in_french_order_ligatures_accents_and_case_aside():
    """Issue 21: « Œuvray » came after « Roux » on the table plan."""
    names = ["Roux", "Œuvray", "Zoé", "élodie", "Ouvrard", "Dupont", "Émile", "Oeuf", "zazie"]
    assert sorted(names, key=name_order) == [
        "Dupont",
        "élodie",
        "Émile",
        "Oeuf",
        "Œuvray",
        "Ouvrard",
        "Roux",
        "zazie",
        "Zoé",
    ]


def test_names_sort_by_last_name_then_first_name_and_numbers_by_value():
    people = [("Lefèvre", "Zoé"), ("Lefevre", "Anne"), ("Équipe 10", ""), ("Équipe 9", "")]
    assert sorted(people, key=lambda p: name_order(*p)) == [
        ("Équipe 9", ""),
        ("Équipe 10", ""),
        ("Lefevre", "Anne"),
        ("Lefèvre", "Zoé"),
    ]
