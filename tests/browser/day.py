"""What the journey of a whole day (test_the_day.py) needs around its
steps: what each screen says in French and in English, the day's state (the
organizer's page, the language, the players' phones, the keys counted), the
FR/EN switch clicked as a person would, the check that an English page or
document shows no French word of the interface, and the downloads read back
(PDF through pdftotext)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from playwright.sync_api import Page, expect

from tests.browser.grid import deal_keys, tap_deal, type_deal
from tests.documents import pdf_text
from tests.test_translations import FRENCH
from tournaments.models import Table, Tournament

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

# What each screen says, in each language (written out, not looked up in the
# catalogue: a string missing from it must fail here, not pass in French).
WORDS = {
    "fr": {
        "organisation": "Organisation",
        "new": "Nouveau tournoi",
        "name": "Nom du tournoi",
        "venue": "Lieu",
        "rules": "Règles",
        "parties": "Nombre de parties",
        "deals": "Donnes par partie",
        "publish": "Publier",
        "create": "Créer le tournoi",
        "import": "Importer un fichier CSV",
        "file": "Fichier CSV",
        "check": "Vérifier le fichier",
        "first file": "9 nouvelles équipes",
        "grown file": (
            "2 nouvelles équipes, 9 déjà inscrites, 1 ligne en conflit (laissée de côté)."
        ),
        "import n": "Importer {n} équipes",
        "imported n": "{n} équipes importées",
        "new line": "Nouvelle : n° 10",
        "conflict line": "Hélène Thébault joue déjà dans l'équipe n° 3",
        "draw": "Tirage",
        "draw next": "Tirer la partie suivante",
        "round": "Partie {n}",
        "draft": "Brouillon : les joueurs ne voient pas encore ce tirage",
        "announce": "Annoncer le tirage",
        "announced": "Tirage de la partie {n} annoncé",
        "bye": "exempte",
        "sheets": "Feuilles de marque (PDF)",
        "plan": "Plan de table (PDF)",
        "correct": "Corriger",
        "code": "Code de votre équipe",
        "enter": "Saisir les donnes",
        "over": "Partie terminée",
        "answer": "Fin de partie : à l'autre équipe de répondre",
        "confirm": "Nous confirmons ces totaux",
        "confirmed": "Merci : les totaux sont confirmés.",
        "confirmed by": "Confirmée par Est-Ouest",
        "disagree": "Nous ne sommes pas d'accord",
        "their a": "Votre total Nord-Sud",
        "their b": "Votre total Est-Ouest",
        "dispute": "Contester les totaux",
        "disputed": "Contestation transmise à l'organisateur : il tranchera.",
        "disputed tables": "Tables contestées : 1",
        "disputed by": "Contestée par Nord-Sud, qui annonce 490 – 510",
        "close…": "Fermer la partie…",
        "close": "Fermer la partie",
        "blocked": "Tables contestées, à trancher d'abord : 4.",
        "validate": "Valider la table",
        "validated": "Validée par l'organisateur",
        "closed": "Partie {n} close",
        "where": "Où je joue ?",
        "search": "Chercher",
        "table": "Table {n}",
        "full ranking": "Classement complet",
        "ranking pdf": "Classement (PDF)",
        "ranking": "Classement",
    },
    "en": {
        "organisation": "Organizer area",
        "new": "New tournament",
        "name": "Tournament name",
        "venue": "Venue",
        "rules": "Rules",
        "parties": "Number of rounds",
        "deals": "Deals per round",
        "publish": "Publish",
        "create": "Create the tournament",
        "import": "Import a CSV file",
        "file": "CSV file",
        "check": "Check the file",
        "first file": "9 new teams",
        "grown file": "2 new teams, 9 already registered, 1 line in conflict (left out).",
        "import n": "Import {n} teams",
        "imported n": "{n} teams imported",
        "new line": "New: no. 10",
        "conflict line": "Hélène Thébault already plays in team no. 3",
        "draw": "Draw",
        "draw next": "Draw the next round",
        "round": "Round {n}",
        "draft": "Draft: the players do not see this draw yet",
        "announce": "Announce the draw",
        "announced": "The draw of round {n} is announced",
        "bye": "bye",
        "sheets": "Score sheets (PDF)",
        "plan": "Table plan (PDF)",
        "correct": "Correct",
        "code": "Your team's code",
        "enter": "Enter the deals",
        "over": "Game over",
        "answer": "End of the game: the other team's turn to answer",
        "confirm": "We confirm these totals",
        "confirmed": "Thank you: the totals are confirmed.",
        "confirmed by": "Confirmed by East-West",
        "disagree": "We disagree",
        "their a": "Your total for North-South",
        "their b": "Your total for East-West",
        "dispute": "Dispute the totals",
        "disputed": "Dispute passed on to the organizer: they will decide.",
        "disputed tables": "Disputed tables: 1",
        "disputed by": "Disputed by North-South, who claim 490 – 510",
        "close…": "Close the round…",
        "close": "Close the round",
        "blocked": "Disputed tables, to settle first: 4.",
        "validate": "Validate the table",
        "validated": "Validated by the organizer",
        "closed": "Round {n} closed",
        "where": "Where do I play?",
        "search": "Search",
        "table": "Table {n}",
        "full ranking": "Full ranking",
        "ranking pdf": "Ranking (PDF)",
        "ranking": "Ranking",
    },
}


@dataclass
class Day:
    """One variant of the day: the organizer's page, the language and width,
    and a way to open the players' phones."""

    page: Page
    url: str
    language: str
    width: int
    open_page: Any
    shots: Path | None
    slug: str = ""

    def w(self, key: str, **values: Any) -> str:
        return WORDS[self.language][key].format(**values)

    def phone(self, path: str) -> Page:
        """A phone of the hall, anonymous, at `path`, in the day's language."""
        phone = self.open_page(**PHONE)
        phone.goto(self.url + path)
        choose_language(phone, self.language)
        return phone

    def shot(self, page: Page, name: str, **options: Any) -> None:
        if self.shots:
            page.screenshot(
                path=str(self.shots / f"{self.language}-{self.width}-{name}.png"), **options
            )

    def tournament(self) -> Tournament:
        return Tournament.objects.get(slug=self.slug)

    def table(self, round_number: int, number: int) -> Table:
        return Table.objects.get(
            round__tournament__slug=self.slug, round__number=round_number, number=number
        )

    def tapped(self, page: Page, *, taker: str, trump: str, bid: str, points: str) -> int:
        """Tap a deal on the phone's pad in the day's language (taker "A"
        or "B", trump "S", "H", "D" or "C"); return how many taps it took."""
        sides = {"A": "NS", "B": "EW" if self.language == "en" else "EO"}
        signs = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
        return tap_deal(page, taker=sides[taker], trump=signs[trump], bid=bid, points=points)

    def typed(self, page: Page, *, click: bool = False, **deal: Any) -> int:
        """Type a deal in the day's language with the keyboard only (the
        keyboard already in « Preneur », or `click`ed into it for a phone's
        first deal); return how many keys it took."""
        return type_deal(page, deal_keys(language=self.language, **deal), click=click)


def choose_language(page: Page, language: str) -> None:
    """The FR/EN switch of the header, clicked as a person would."""
    if language != "fr":
        page.get_by_role("link", name=language.upper(), exact=True).click()
    speaks(page, language)


def french_words(text: str) -> list[str]:
    """The French words of the interface in `text`, with their surroundings;
    addresses aside (their paths are French: /saisie/, /classement/)."""
    text = re.sub(r"(?<!\S)(?:https?://|/)\S*|https?://\S*", " ", text)
    found = [text[max(0, m.start() - 30) : m.end() + 30] for m in FRENCH.finditer(text)]
    return found + re.findall(r".{0,30}\bE-O\b.{0,30}", text)


def speaks(page: Page, language: str) -> None:
    """The page is in `language`; in English, no French word of the interface
    shows (names of people, clubs and the tournament have none) and the sides
    are not « E-O »."""
    expect(page.locator("html")).to_have_attribute("lang", language)
    if language == "en":
        french = french_words(page.locator("body").inner_text())
        assert not french, f"French on an English page ({page.url}): {french}"


def download(page: Page, link_name: str, content_type: str) -> bytes:
    """Follow a download link of the page with the page's own cookies."""
    href = page.get_by_role("link", name=link_name, exact=True).get_attribute("href")
    response = page.request.get(urljoin(page.url, href))
    assert response.status == 200, f"{href}: {response.status}"
    assert response.headers["content-type"].startswith(content_type), response.headers
    return response.body()


def printed(day: Day, link_name: str, tmp_path: Path) -> str:
    """The text of the PDF behind a link of the page, in the day's language."""
    text = pdf_text(download(day.page, link_name, "application/pdf"), tmp_path)
    if day.language == "en":
        assert not french_words(text), f"French in « {link_name} »: {french_words(text)}"
    return text
