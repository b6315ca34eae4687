"""A ranking read as lines (display/lines.py): each figure says its words,
in the active language, with French's singular for none."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournaments.display import lines
from tournaments.templatetags.tournaments_display import in_words


@pytest.mark.parametrize(
    ("key", "value", "french", "english"),
    [
        ("won", 2, ("", "2", " gagnées"), ("", "2", " won")),
        ("won", 1, ("", "1", " gagnée"), ("", "1", " won")),
        ("won", 0, ("", "0", " gagnée"), ("", "0", " won")),
        ("points_for", 10630, ("", "10\u202f630", " points"), ("", "10,630", " points")),
        ("points_for", 0, ("", "0", " point"), ("", "0", " points")),
        ("difference", 5400, ("diff. ", "+5\u202f400", ""), ("diff. ", "+5,400", "")),
        ("difference", -1750, ("diff. ", "−1\u202f750", ""), ("diff. ", "−1,750", "")),
        ("byes", 1, ("dont ", "1", " exempt"), ("incl. ", "1", " bye")),
        ("evenings", 3, ("", "3", " soirées"), ("", "3", " evenings")),
        ("lot", "Un jambon", ("Lot : ", "Un jambon", ""), ("Prize: ", "Un jambon", "")),
    ],
)
def test_a_figure_says_its_words_in_the_active_language(key, value, french, english) -> None:
    with translation.override("fr"):
        assert lines.figure(key, value) == french
    with translation.override("en"):
        assert lines.figure(key, value) == english


def test_the_words_are_a_cells_hidden_part_and_the_figure_its_text() -> None:
    with translation.override("fr"):
        assert in_words(2, "won") == '2<span class="unit"> gagnées</span>'
        assert in_words(-30, "difference") == '<span class="unit">diff. </span>−30'
        assert in_words("<b>", "lot") == '<span class="unit">Lot : </span>&lt;b&gt;'
