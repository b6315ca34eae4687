"""tests/pages.py reads a page as a journey's locator did: on Django's
parser (django.test.html), with the text as the page has it around its
elements, where `parse_html` collapses it (« N-S <b>9845</b> » would read
« N-S9845 »)."""

from __future__ import annotations

from tests.pages import form, link, parse, text, texts

PAGE = """<!doctype html>
<html lang="fr"><body>
<p class="meta">codes N-S <b>9845 8629</b>, E-O <b>7800 8429</b></p>
<table><tr><th>Preneur<br>Atout</th><th>Points</th></tr></table>
<ul class="rounds"><li>Partie 1 — <em>close</em></li><li>Partie 2</li></ul>
<a href="/en/" aria-label="EN">English</a> <a href="/t/demo/">Concours <b>(démo)</b></a>
<form id="deal" action="/donne/" method="post">
  <input type="hidden" name="version" value="3">
  <input type="checkbox" name="capot" checked> <input type="checkbox" name="belote">
  <button name="save" value="1">Enregistrer</button>
</form>
<input form="deal" name="points" value="">
</body></html>"""


def test_the_text_is_read_as_a_locator_reads_it() -> None:
    assert text(PAGE, "p.meta") == "codes N-S 9845 8629, E-O 7800 8429"
    assert texts(PAGE, "th") == ["PreneurAtout", "Points"]
    assert texts(PAGE, ".rounds li") == ["Partie 1 — close", "Partie 2"]
    assert parse(PAGE).select("html")[0].attributes["lang"] == "fr"


def test_links_and_forms_by_their_names() -> None:
    assert link(PAGE, "EN") == "/en/"
    assert link(PAGE, "Concours (démo)") == "/t/demo/"
    action, data = form(PAGE, "Enregistrer", points="97")
    assert action == "/donne/"
    # A box ticked with no value is sent « on », as a browser sends it
    # (Django's CheckboxInput reads "" as unticked).
    assert data == {"version": "3", "capot": "on", "points": "97", "save": "1"}
