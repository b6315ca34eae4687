"""The quick loop's choice of tests (tools/near_tests.py): a change runs the
tests that import what changed or mirror its place, and a change it cannot
place runs every fast test, never none."""

import pytest

from tools import near_tests
from tools.near_tests import EVERYTHING, Suite, imports_of, near

TREE = {
    "tests/factories.py": "from tournaments.services import rounds\n",
    "tests/tournaments/services/test_rounds.py": "from tests.factories import build\n",
    "tests/tournaments/services/test_rounds_close.py": "import pytest\n",
    "tests/tournaments/services/test_claims.py": "from tournaments.services.claims import x\n",
    "tests/tournaments/services/conftest.py": "from tournaments.services import claims\n",
    "tests/tournaments/views/test_rounds_pages.py": "from django.urls import reverse\n",
    "tests/tournaments/features/cash/test_box.py": "import pytest\n",
    "tests/tournaments/features/cash/conftest.py": "import pytest\n",
    "tests/test_translations.py": "import polib\n",
    "tests/tournaments/test_migrations.py": "import pytest\n",
    "tests/tournaments/models/test_team.py": "import pytest\n",
    "tests/js/test_node.py": "import subprocess\n",
    "tests/tournaments/views/test_page_weight.py": "WEIGHT = 'static/js/grid.js'\n",
    "tests/tournaments/views/test_table_page.py": "import pytest\n",
}
CODE = {
    "tournaments/views/rounds.py": "render(request, 'tournaments/round.html')\n",
    "tournaments/services/rounds.py": "",
    "tournaments/views/table.py": "from tournaments.display import pad\n",
    "templates/tournaments/round.html": "{% include 'tournaments/includes/part.html' %}\n",
}
ROUNDS = {
    "tests/tournaments/services/test_rounds.py",
    "tests/tournaments/services/test_rounds_close.py",
}


@pytest.mark.parametrize(
    ("changed", "chosen"),
    [
        # a module: its importers, through a test helper too, and its mirror
        (["tournaments/services/rounds.py"], ROUNDS),
        (["tournaments/services/claims.py"], {"tests/tournaments/services/test_claims.py"}),
        # a test: itself; a conftest: its folder
        (
            ["tests/tournaments/views/test_rounds_pages.py"],
            {"tests/tournaments/views/test_rounds_pages.py"},
        ),
        (
            ["tests/tournaments/features/cash/conftest.py"],
            {"tests/tournaments/features/cash/test_box.py"},
        ),
        # a feature's module: its feature's tests
        (
            ["tournaments/features/cash/services.py"],
            {"tests/tournaments/features/cash/test_box.py"},
        ),
        # the catalogue, a migration, a script
        (["locale/en/LC_MESSAGES/django.po"], {"tests/test_translations.py"}),
        (
            ["tournaments/migrations/0059_x.py"],
            {"tests/tournaments/test_migrations.py", "tests/tournaments/models/test_team.py"},
        ),
        (
            ["static/js/grid.js"],
            {"tests/js/test_node.py", "tests/tournaments/views/test_page_weight.py"},
        ),
        # a template: the tests near the modules naming it
        (["templates/tournaments/round.html"], {"tests/tournaments/views/test_rounds_pages.py"}),
        # a module no test reaches: the tests near the modules importing it
        (["tournaments/display/pad.py"], {"tests/tournaments/views/test_table_page.py"}),
        # a template included by another: the tests near the latter's view
        (
            ["templates/tournaments/includes/part.html"],
            {"tests/tournaments/views/test_rounds_pages.py"},
        ),
        # documents change no test's outcome
        (["docs/guide.md", "README.md"], set()),
    ],
)
def test_a_change_runs_the_tests_near_it(changed, chosen):
    result = near(changed, Suite(TREE), CODE)
    assert result is not EVERYTHING
    assert set(result) == chosen


@pytest.mark.parametrize(
    "changed",
    [
        ["config/settings.py"],  # no test imports it: every test may depend on it
        ["pyproject.toml"],
        ["templates/tournaments/nobody_names_it.html"],
        ["tests/tournaments/services/test_claims.py", "Makefile"],
    ],
)
def test_a_change_it_cannot_place_runs_every_fast_test(changed):
    assert near(changed, Suite(TREE), CODE) is EVERYTHING


def test_relative_imports_are_read_from_their_package():
    found = imports_of(
        "from . import rounds\nfrom ..domain import pairing\n", "tournaments.services.x"
    )
    assert {"tournaments.services.rounds", "tournaments.domain.pairing"} <= found


def test_a_builder_most_tests_import_is_not_followed(monkeypatch):
    tree = {
        "tests/factories.py": "from tournaments.queries import standings\n",
        "tests/tournaments/views/test_x.py": "from tests.factories import build\n",
    }
    changed = ["tournaments/queries/standings.py"]
    assert set(near(changed, Suite(tree), {})) == {"tests/tournaments/views/test_x.py"}
    monkeypatch.setattr(near_tests, "SHARED", 0)  # imported by more than SHARED tests
    assert near(changed, Suite(tree), {}) is EVERYTHING
