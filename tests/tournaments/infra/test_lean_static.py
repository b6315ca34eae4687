"""The scripts and stylesheets served lean (infra/lean_text.py,
infra/lean_static.py): the same code without its comments — the same tokens,
read by Pygments' lexers, and every line break of a script's code kept —
served from a copy in the data folder that follows its source, and the source
itself when no copy can be written."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from pygments.lexers import CssLexer, JavascriptLexer
from pygments.token import Comment, Text, Whitespace

from tournaments.infra.lean_static import LeanAppFinder, LeanFinder
from tournaments.infra.lean_text import lean_css, lean_js

STATIC = Path(settings.BASE_DIR) / "static"
FEATURES = Path(settings.BASE_DIR) / "tournaments/features"
SCRIPTS = sorted([*(STATIC / "js").glob("*.js"), *FEATURES.glob("*/static/js/*.js")])
STYLESHEETS = sorted([*(STATIC / "css").glob("*.css"), *FEATURES.glob("*/static/css/*.css")])
NODE = shutil.which("node") or shutil.which("nodejs")


def tokens(lexer, text: str) -> list[tuple[str, str]]:
    return [
        (str(kind), value.strip())
        for kind, value in lexer.get_tokens(text)
        if kind not in Comment and kind not in Whitespace and (kind not in Text or value.strip())
    ]


@pytest.mark.parametrize(
    ("source", "lean"),
    [
        ("let a = 1; // one\nlet b = 2;\n", "let a = 1;\nlet b = 2;\n"),
        ("  if (x) {\n\n    // why\n    go();\n  }\n", "if (x) {\ngo();\n}\n"),
        ('const url = "http://hall/*x*/"; // a link\n', 'const url = "http://hall/*x*/";\n'),
        ("const s = 'it\\'s // not a comment';\n", "const s = 'it\\'s // not a comment';\n"),
        # A regular expression: « / » in a class, « // » in it, after « ( » or « return ».
        ("x.split(/[\\s/&]+/g); // words\n", "x.split(/[\\s/&]+/g);\n"),
        ("return /^\\/\\/$/.test(v);\n", "return /^\\/\\/$/.test(v);\n"),
        # A division is not a regular expression: « a / b / c » stays whole.
        ("const r = a / b / c; // ratio\n", "const r = a / b / c;\n"),
        # A template literal keeps its lines and what looks like a comment.
        (
            "const t = `a\n  // b ${x /* y */ + `c${d}`} /* e */`;\n",
            "const t = `a\n  // b ${x + `c${d}`} /* e */`;\n",
        ),
        # A comment over two lines ends a line (automatic semicolons), one inside a line is a space.
        ("a = b /* one\n two */\n(c)\nf(/* none */x)\n", "a = b\n(c)\nf( x)\n"),
    ],
)
def test_a_script_loses_its_comments_and_nothing_else(source, lean):
    assert lean_js(source) == lean


@pytest.mark.parametrize(
    ("source", "lean"),
    [
        ("/* why */\n.a { color: red; } /* and */\n", ".a { color: red; }\n"),
        ('  .a::after { content: "/* kept */"; }\n\n', '.a::after { content: "/* kept */"; }\n'),
        # Between two names a comment keeps them two names; elsewhere it goes.
        (".a/**/.b { x: 1 }\ndiv/* x */p { x: 1 }\n", ".a.b { x: 1 }\ndiv/**/p { x: 1 }\n"),
    ],
)
def test_a_stylesheet_loses_its_comments_and_nothing_else(source, lean):
    assert lean_css(source) == lean


@pytest.mark.parametrize("path", SCRIPTS + STYLESHEETS, ids=lambda path: path.name)
def test_every_served_file_keeps_its_code_token_for_token(path):
    source = path.read_text(encoding="utf-8")
    script = path.suffix == ".js"
    lean = lean_js(source) if script else lean_css(source)
    lexer = JavascriptLexer() if script else CssLexer()
    assert tokens(lexer, lean) == tokens(lexer, source)
    assert len(lean) < len(source)
    if script:
        assert lean.count("\n") <= source.count("\n")


@pytest.mark.skipif(NODE is None, reason="Node.js reads the lean scripts")
def test_node_reads_every_lean_script(tmp_path):
    for path in SCRIPTS:
        copy = tmp_path / path.name
        copy.write_text(lean_js(path.read_text(encoding="utf-8")), encoding="utf-8")
        answer = subprocess.run([NODE, "--check", str(copy)], capture_output=True, text=True)
        assert answer.returncode == 0, (path.name, answer.stderr)


def test_the_finders_hand_out_the_lean_copy_and_the_pictures_as_they_are():
    found = Path(finders.find("js/outbox.js"))
    assert found.is_relative_to(settings.LEAN_STATIC_ROOT)
    assert found.read_text(encoding="utf-8") == lean_js((STATIC / "js/outbox.js").read_text())
    assert finders.find("img/favicon.svg") == str(STATIC / "img/favicon.svg")
    listed = dict(LeanFinder().list(None))
    assert Path(listed["css/app.css"].path("css/app.css")) == Path(finders.find("css/app.css"))


def test_a_features_own_files_are_found_lean_and_the_packages_files_as_they_are():
    """A feature's script (tournaments/features/tablets/static/) is served
    lean like the core's; an installed package's (htmx) as it comes."""
    source = FEATURES / "tablets/static/js/tablet.js"
    found = Path(finders.find("js/tablet.js"))
    assert found.is_relative_to(settings.LEAN_STATIC_ROOT)
    assert found.read_text(encoding="utf-8") == lean_js(source.read_text())
    listed = dict(LeanAppFinder().list(None))
    assert Path(listed["js/tablet.js"].path("js/tablet.js")) == found
    htmx = finders.find("django_htmx/htmx-2.min.js")
    assert not Path(htmx).is_relative_to(settings.LEAN_STATIC_ROOT)


def test_the_copy_follows_its_source_and_the_source_serves_when_no_copy_can_be_made(
    tmp_path, settings
):
    (tmp_path / "src" / "js").mkdir(parents=True)
    source = tmp_path / "src" / "js" / "x.js"
    source.write_text("a(); // one\n")
    settings.STATICFILES_DIRS = [tmp_path / "src"]
    settings.LEAN_STATIC_ROOT = tmp_path / "lean"
    finder = LeanFinder()
    assert Path(finder.find("js/x.js")).read_text() == "a();\n"
    source.write_text("b(); // two\n")
    os.utime(source, ns=(1, 1))
    assert Path(finder.find("js/x.js")).read_text() == "b();\n"
    settings.LEAN_STATIC_ROOT = tmp_path / "src" / "js" / "x.js" / "not-a-folder"
    assert LeanFinder().find("js/x.js") == str(source)
