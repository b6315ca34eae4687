"""The columns of a registration file as people write them (issue 54, item
3): « Nom de l'équipe », « Joueur 1 », « Prénom », « NOM », « Licence »,
« Téléphone », « E-mail »…, in any order and case, with or without
accents, read into the keys `team_file` knows; a player's name in one cell
(« Prénom Nom », « NOM Prénom ») split in two. A column not understood is
left for the volunteer to say, in the import's preview (its choice comes
back as the key of each column).

Pure: headers in, keys out. Must not: read a line's cells (team_file does).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence

#: The keys of a column about the team.
TEAM = ("equipe", "numero", "club", "categories", "preinscrite")
#: A player's key (numbered 1 or 2: the whole name, « Prénom Nom » in one
#: cell; the first name; the name; the licence; the phone, read but not
#: kept; the box « affiché ») as people write it, folded (no case, accent or sign).
PLAYER_WORDS = {
    "joueur": "joueur|joueuse|player|nomprenom|prenomnom|nometprenom|prenometnom|nomcomplet",
    "prenom": "prenom|firstname",
    "nom": "nom|lastname|nomdefamille",
    "licence": "licence|license|nlicence|nodelicence|numerodelicence|licenceffb",
    "telephone": "telephone|tel|ntel|portable|mobile|ntelephone|phone",
    "affiche": "affiche",
}
TEAM_WORDS = {
    "equipe": "equipe|nomdelequipe|nomdequipe|nomequipe|team|teamname",
    "numero": "numero|n|no|num|numeroequipe|numerodequipe|numerodelequipe|nequipe|ndequipe|number",
    "club": "club|clubs|association|asso",
    "categories": "categories|categorie|classementspeciaux|classementspecial",
    "preinscrite": "preinscrite|preinscrit|preinscription",
    "email": "email|mail|courriel|adresseemail|adressemail|emaildelequipe|mailequipe",
}
_WORDS = "|".join(PLAYER_WORDS.values())
_PLAYER = re.compile(rf"(?P<word>{_WORDS})(?:du|de|dela)?(?:joueur|joueuse|player)?(?P<n>[12]?)")
_WORD_OF = {w: key for key, words in PLAYER_WORDS.items() for w in words.split("|")}
_TEAM_OF = {w: key for key, words in TEAM_WORDS.items() for w in words.split("|")}


def fold(header: str) -> str:
    """« Nom de l'équipe » → « nomdelequipe »: no case, accent, space or sign."""
    decomposed = unicodedata.normalize("NFKD", header)
    return "".join(c for c in decomposed if c.isalnum() and not unicodedata.combining(c)).casefold()


def read_headers(headers: Sequence[str], extra_columns: Iterable[str] = ()) -> list[str]:
    """The key of each column ("" when not understood): a player's column
    without a number is the first player's, then the second's, in the
    order of the file (« Nom;Prénom;Nom;Prénom »). A column named as an
    installed feature's (`extra_columns`: « email ») is that one."""
    extras = {fold(name): name for name in extra_columns}
    seen: dict[str, int] = {}
    keys = []
    for header in headers:
        folded = fold(header)
        key = extras.get(folded) or _TEAM_OF.get(folded, "")
        if key and key not in TEAM:
            key = extras.get(fold(key), "")  # « courriel » for the feature's « email »
        match = _PLAYER.fullmatch(folded) if not key else None
        if match:
            word = _WORD_OF[match["word"]]
            number = int(match["n"] or seen.get(word, 0) + 1)
            seen[word] = max(seen.get(word, 0), number)
            key = f"{word}{number}" if number <= 2 else ""
        keys.append(key if key not in keys else "")
    return keys


def split_name(text: str) -> tuple[str, str]:
    """A player's whole name in one cell → (first name, name): « MARTIN
    Jean-Pierre » and « Jean-Pierre MARTIN » (the name in capitals), « Martin,
    Jean » (the name before a comma), else « Jean-Pierre Le Gall » (the first
    word is the first name). One word: no first name."""
    text = " ".join(text.split())
    if "," in text:
        last, _, first = text.partition(",")
        return first.strip(), last.strip()
    words = text.split(" ")
    capitals = [w for w in words if len(w) > 1 and w.isupper()]
    if capitals and len(capitals) < len(words):
        return " ".join(w for w in words if w not in capitals), " ".join(capitals)
    if len(words) == 1:
        return "", text
    return words[0], " ".join(words[1:])
