"""A concours file held to its documented format before it is recomputed
(checker/shape.py, fastjsonschema against
docs/concours-file.schema.json): a tampered file is refused in one sentence
that names the JSON path of the fault and what the format wants there, in
French or in English; a file that fits goes on to the checks."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker import shape
from checker.__main__ import main
from checker.check import check
from checker.generate import small_concours
from checker.words import catalogue
from tests.checker import schema as hand_written

ENGLISH = catalogue("en")
BASE = next(
    doc
    for doc in map(small_concours, range(500))
    if doc["rounds"][0]["tables"] and doc["rounds"][0]["tables"][0].get("deals")
)
FORMAT = " ; son format est docs/concours-file.schema.json)."


def tampered(change) -> dict:
    doc = copy.deepcopy(BASE)
    change(doc)
    return doc


def first_table(doc: dict) -> dict:
    return doc["rounds"][0]["tables"][0]


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (
            lambda d: first_table(d)["totals"].__setitem__("A", "320"),
            "à « rounds[0].tables[0].totals.A » : le format attend un nombre entier, "
            'le fichier a "320"',
        ),
        (
            lambda d: d["teams"][1].pop("name"),
            "à « teams[1] » : le champ « name » manque",
        ),
        (
            lambda d: first_table(d)["deals"][0]["deal"].__setitem__("atout", "H"),
            "à « rounds[0].tables[0].deals[0].deal » : le champ « atout » n'est pas du format",
        ),
        (
            lambda d: d["rounds"][0]["draw"].__setitem__("kind", "pile ou face"),
            '« rounds[0].draw.kind » : "pile ou face" n\'est pas permis ("random", "ranking", '
            '"rotation", "pools", "bracket")',
        ),
        (
            lambda d: d.__setitem__("rounds", {"1": []}),
            "à « rounds » : le format attend une liste [ … ], le fichier a un objet { … }",
        ),
        (
            lambda d: d["rules"].__setitem__("version", 0),
            "à « rules.version » : 0 est sous le minimum, 1",
        ),
        (
            lambda d: d["concours"].__setitem__("date", 20261124),
            "à « concours.date » : le format attend un texte ou rien (null), le fichier a 20261124",
        ),
        (lambda d: d.pop("teams"), "à « la racine du fichier » : le champ « teams » manque"),
    ],
)
def test_a_file_out_of_its_format_is_one_sentence_with_the_path(change, said):
    (sentence,) = check(tampered(change))
    assert sentence.startswith("Le fichier de concours est mal formé (")
    assert said in sentence, sentence
    assert sentence.endswith(FORMAT)


def test_the_refusal_is_said_in_english_too():
    doc = tampered(lambda d: first_table(d)["totals"].__setitem__("A", "320"))
    (sentence,) = check(doc, translate=ENGLISH)
    assert sentence == (
        "The concours file is malformed (at “rounds[0].tables[0].totals.A”: the format wants "
        'a whole number, the file has "320"; its format is docs/concours-file.schema.json).'
    )
    doc = tampered(lambda d: d["teams"][1].pop("name"))
    assert check(doc, translate=ENGLISH) == [
        "The concours file is malformed (at “teams[1]”: the field “name” is missing; its "
        "format is docs/concours-file.schema.json)."
    ]


def test_the_command_line_refuses_a_tampered_file_in_either_language(tmp_path, capsys):
    path = tmp_path / "concours.json"
    doc = tampered(lambda d: first_table(d)["deals"][0]["deal"].__setitem__("atout", "H"))
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main([str(path)]) == 1
    assert "« rounds[0].tables[0].deals[0].deal »" in capsys.readouterr().out
    assert main(["--lang", "en", str(path)]) == 1
    out = capsys.readouterr().out
    assert "“rounds[0].tables[0].deals[0].deal”: the field “atout” is not in the format" in out


def test_a_file_that_fits_goes_on_to_the_checks():
    assert shape.fault(BASE) is None and check(BASE) == []
    doc = tampered(lambda d: first_table(d)["totals"].__setitem__("A", 7))
    assert shape.fault(doc) is None
    assert check(doc) and "mal formé" not in check(doc)[0]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_fastjsonschema_and_the_hand_written_reading_agree_on_generated_files(seed):
    doc = small_concours(seed)
    assert shape.fault(doc) is None
    assert hand_written.validate(doc) == []


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 500),
    path=st.sampled_from(["teams", "rounds", "rules", "concours", "ranking", "end"]),
    value=st.one_of(st.none(), st.integers(), st.text(max_size=5), st.booleans()),
)
def test_a_part_replaced_by_a_wrong_value_is_refused_where_it_is(seed, path, value):
    doc = small_concours(seed)
    doc[path] = value
    found = shape.fault(doc)
    assert found is not None and found.where == path
    assert hand_written.validate(doc) != []


@pytest.mark.parametrize(
    ("number", "said"),
    [
        (
            10**30,
            "à « teams[0].number » : 1000000000000000000000000000000 est au-dessus du "
            "maximum, 10000",
        ),
        (-5, "à « teams[0].number » : -5 est sous le minimum, 1"),
        (0, "à « teams[0].number » : 0 est sous le minimum, 1"),
        ("1", 'à « teams[0].number » : le format attend un nombre entier, le fichier a "1"'),
    ],
)
def test_a_team_number_the_app_never_gives_is_refused_in_a_sentence(tmp_path, capsys, number, said):
    """Issue 51: 10**30 and -5 read « Aucune différence »; a team's number
    is 1 to 10,000 in the app (models/people.py), as "1" and 1.5 are refused."""
    path = tmp_path / "concours.json"
    path.write_text(json.dumps(tampered(lambda d: d["teams"][0].__setitem__("number", number))))
    assert main([str(path)]) == 1
    out = capsys.readouterr().out
    assert said in out, out
    assert "Aucune différence" not in out
