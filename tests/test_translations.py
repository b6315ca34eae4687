"""The interface's words: French as written, English complete.

French is the language of the code's msgids, and there is no French
catalogue: a French msgid that another installed catalogue also translates
(Django's admin has "Close" → « Fermer ») would show that other word."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation import gettext, pgettext

from tests import factories

CATALOGUE = Path(__file__).resolve().parent.parent / "locale/en/LC_MESSAGES/django.po"
# Language names are meant to be shown in the reader's language.
LANGUAGE_NAMES = {"English", "Français"}


def _unquote(lines: str) -> str:
    text = "".join(re.findall(r'"(.*)"', lines))
    return text.replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")


def entries() -> list[tuple[str, str, str, bool]]:
    """(context, msgid, msgstr, fuzzy) of every entry but the header."""
    text = CATALOGUE.read_text(encoding="utf-8")
    found = []
    for block in text.split("\n\n"):
        match = re.search(
            r'(?:msgctxt "(.*)"\n)?msgid ((?:".*"\n)+)(?:msgid_plural (?:".*"\n)+)?'
            r'msgstr(?:\[0\])? ((?:".*"\n?)+)',
            block + "\n",
        )
        if match and _unquote(match.group(2)):
            found.append(
                (
                    match.group(1) or "",
                    _unquote(match.group(2)),
                    _unquote(match.group(3)),
                    "fuzzy" in block,
                )
            )
    return found


def joined_entries(text: str) -> list[str]:
    """The blocks of the catalogue `text` holding more than one entry."""
    return [block for block in text.split("\n\n") if len(re.findall("^msgid ", block, re.M)) > 1]


def test_each_entry_of_the_catalogue_stands_apart() -> None:
    """Two branches that append to the catalogue are merged line by line
    (`merge=union`, .gitattributes), which can join their entries with no
    blank line between them: `entries()` would then miss the second one, and
    with it the checks below."""
    joined = joined_entries(CATALOGUE.read_text(encoding="utf-8"))
    assert not joined, "add the blank line between these entries:\n" + "\n\n".join(joined)


def test_no_french_word_is_taken_over_by_another_catalogue() -> None:
    with translation.override("fr"):
        wrong = [
            (msgid, got)
            for context, msgid, _, _ in entries()
            if msgid not in LANGUAGE_NAMES
            and (got := pgettext(context, msgid) if context else gettext(msgid)) != msgid
        ]
    assert not wrong


@pytest.mark.django_db
def test_a_closed_partie_is_called_close_in_french(round1) -> None:
    from tournaments.models import Round

    with translation.override("fr"):
        assert str(Round.Status.CLOSED.label) == "Close"
    with translation.override("en"):
        assert str(Round.Status.CLOSED.label) == "Closed"


PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def test_every_entry_is_translated_and_none_is_fuzzy() -> None:
    missing = [msgid for _, msgid, msgstr, _ in entries() if not msgstr]
    fuzzy = [msgid for _, msgid, _, is_fuzzy in entries() if is_fuzzy]
    assert not missing, missing
    assert not fuzzy, fuzzy


def _translations() -> list[tuple[str, str]]:
    """(msgid, msgstr) of every entry; a plural entry gives its singular
    with msgstr[0] and its plural with every other form."""
    text = CATALOGUE.read_text(encoding="utf-8")
    pairs = []
    for block in text.split("\n\n"):
        msgid = re.search(r'^msgid ((?:".*"\n)+)', block + "\n", re.M)
        if not msgid or not _unquote(msgid.group(1)):
            continue
        plural = re.search(r'^msgid_plural ((?:".*"\n)+)', block + "\n", re.M)
        for found in re.finditer(r'^msgstr(\[\d+\])? ((?:".*"\n?)+)', block + "\n", re.M):
            source = msgid if not plural or found.group(1) == "[0]" else plural
            pairs.append((_unquote(source.group(1)), _unquote(found.group(2))))
    return pairs


def test_every_translation_keeps_the_placeholders_of_its_msgid() -> None:
    wrong = [
        (msgid, msgstr)
        for msgid, msgstr in _translations()
        if msgstr and set(PLACEHOLDER.findall(msgid)) != set(PLACEHOLDER.findall(msgstr))
    ]
    assert not wrong


# French words of the interface that have an English translation: none may
# be left on an English page (names of people, teams and the tournament aside).
FRENCH_WORDS = """
    Partie Parties Donne Donnes Classement Équipe Équipes Preneur Preneurs
    Enregistrer Tirage Saisie Saisir Joueur Joueurs Résultats Feuille Feuilles
    Marque Marques Totaux Pénalité Pénalités Annonces Atout Contrat Chute
    Litige Forfait Exempt Exempte Tournoi Tournois Modifier Corriger Supprimer
    Valider Fermer Ajouter Inscrire Aucun Aucune Adversaires Gagnée Gagnées
    Perdue Perdues Nulle Chercher Écran Présent Présente Pointage Graine Rang
    Lieu Règles Envoyer Annuler Connexion Déconnecter Organisateurs Nord Sud
    Ouest Est-Ouest Nord-Sud Coinché Surcoinché Passe Terminée Confirmée
    Contestée Donneur Sans Tout Lien Motif Pour Contre Jouées
"""
FRENCH = re.compile(r"(?<![\w-])(" + "|".join(FRENCH_WORDS.split()) + r")(?![\w-])", re.I)
# Marked for translation in the code but not in the catalogue yet (they came
# after its last makemessages, which adds them): the French they show is
# expected until then. Remove each one once the catalogue translates it.
NOT_YET_IN_CATALOGUE: tuple[str, ...] = ()
# Where text shows on a page: between tags, and in the attributes read aloud
# or shown on hover.
VISIBLE_ATTRIBUTE = re.compile(r'\b(?:title|placeholder|aria-label|alt)="([^"]*)"')


def _visible_text(html: str) -> str:
    """The page's words, without its addresses (their paths are French)."""
    html = re.sub(r"(?is)<(script|style)\b.*?</\1>", " ", html)
    attributes = " ".join(VISIBLE_ATTRIBUTE.findall(html))
    text = unescape(re.sub(r"(?s)<[^>]+>", " ", html) + " " + attributes)
    return re.sub(r"(?<!\S)(?:https?://|/)\S*", " ", text)


@pytest.fixture
def played_round(tournament, teams, round1, table):
    """A tournament with 4 teams, its first round drawn, three deals and a
    penalty at the first table."""
    from tournaments.services import penalties

    for taker in ("A", "B", "A"):
        factories.add_deal(table, taker=taker)
    penalties.add_penalty(table=table, team=table.team_a, points=-10, reason="Retard")
    return round1


@pytest.mark.django_db
def test_the_main_pages_show_no_french_word_in_english(client, organizer, played_round) -> None:
    from django.urls import reverse

    from tournaments.models import Team

    tournament = played_round.tournament
    table = factories.first_table(played_round)
    team = Team.objects.filter(tournament=tournament).first()
    slug = tournament.slug
    pages = {
        "home": reverse("tournaments:home"),
        "tournament": reverse("tournaments:detail", args=[slug]),
        "standings": reverse("tournaments:standings", args=[slug]),
        "where": reverse("tournaments:where", args=[slug]) + "?q=Lef",
        "team": reverse("tournaments:team", args=[slug, team.number]),
        "results": reverse("tournaments:results", args=[slug, played_round.number]),
        "projector": reverse("tournaments:projector", args=[slug]),
        "dashboard": reverse("tournaments:dashboard"),
        "manage": reverse("tournaments:manage", args=[slug]),
        "round": reverse("tournaments:round", args=[slug, played_round.number]),
        "table": reverse("tournaments:table", args=[slug, played_round.number, table.number]),
    }
    # Names typed by the organizer stay as typed.
    names = {tournament.name, tournament.venue, "Retard"}
    for each in Team.objects.filter(tournament=tournament).select_related("player1", "player2"):
        names |= {each.display_name, each.name, each.players_label}
        for player in (each.player1, each.player2):
            names |= {str(player), player.first_name, player.last_name}
    in_catalogue = {msgid for _, msgid, _, _ in entries()}
    assert not in_catalogue & set(NOT_YET_IN_CATALOGUE), "in the catalogue now: unlist them"
    expected = [
        re.compile(
            r"\s+".join(
                ".*?".join(re.escape(part) for part in PLACEHOLDER.split(word)[::2])
                for word in msgid.split()
            )
        )
        for msgid in sorted(NOT_YET_IN_CATALOGUE, key=len, reverse=True)
    ]
    client.force_login(organizer)
    client.cookies["django_language"] = "en"
    found = {}
    with translation.override("en"):
        for page, url in pages.items():
            response = client.get(url)
            assert response.status_code == 200, (page, response.status_code)
            text = _visible_text(response.content.decode())
            for name in sorted(filter(None, names), key=len, reverse=True):
                text = text.replace(name, " ")
            text = " ".join(text.split())
            for french in expected:
                text = french.sub(" ", text)
            words = [text[max(0, m.start() - 30) : m.end() + 30] for m in FRENCH.finditer(text)]
            if words:
                found[page] = words
    assert not found, "\n".join(f"{page}: {words}" for page, words in found.items())


def test_every_string_marked_in_the_code_is_in_the_catalogue(tmp_path) -> None:
    """makemessages, run on a copy of the sources, finds no msgid that the
    English catalogue lacks (a string marked for translation but never
    translated shows in French on an English page)."""
    import shutil
    import subprocess
    import sys

    if shutil.which("xgettext") is None:
        pytest.skip("GNU gettext is not installed")
    root = CATALOGUE.parents[3]
    for name in ("config", "scoring", "checker", "demo", "templates", "tournaments", "locale"):
        shutil.copytree(root / name, tmp_path / name, ignore=shutil.ignore_patterns("*.mo"))
    shutil.copy(root / "manage.py", tmp_path / "manage.py")
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "en", "--no-location", "-v", "0"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
    )
    known = {(context, msgid) for context, msgid, _, _ in entries()}
    extracted = (tmp_path / "locale/en/LC_MESSAGES/django.po").read_text(encoding="utf-8")
    missing = []
    for block in extracted.split("\n\n"):
        match = re.search(r'^(?:msgctxt "(.*)"\n)?msgid ((?:".*"\n)+)', block + "\n", re.M)
        if match and _unquote(match.group(2)):
            key = (match.group(1) or "", _unquote(match.group(2)))
            if key not in known:
                missing.append(key[1])
    assert not missing, f"{len(missing)} strings to translate, e.g. {missing[:5]}"


def test_no_template_puts_a_french_space_before_a_colon_outside_a_translation() -> None:
    """French writes « Club : », English « Club: ». A colon written after a
    translated word in a template (« {% translate "Club" %} : ») kept the
    French space on the English pages and mails: it belongs in the msgid."""
    root = Path(__file__).resolve().parent.parent
    folders = [root / "templates", *sorted(root.glob("tournaments/features/*/templates"))]
    found = [
        f"{path.relative_to(root)}:{number}"
        for templates in folders
        for path in sorted(templates.rglob("*"))
        if path.is_file()
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if re.search(r"%\}(\s|&nbsp;)[:;!?]", line)
    ]
    assert not found, found
