"""One-line text: what a name, a hall or a club may hold, and how a text
typed before that rule is shown on one line.

A one-line field (a concours's name, a player's name, a town) holds no
control character: no line break (CR, LF, the Unicode line and paragraph
separators), no tab, none of the C0 and C1 controls nor DEL, and none of
the invisible marks that turn text around (the bidirectional embeddings,
overrides and isolates, with which « Dupont » can be written to read
« tnopuD »). The forms refuse them (forms/base.py, `one_line_validator`);
a text stored before that rule is shown flattened (`flatten`): in an
iCalendar file, an XML feed or a mail, where a line break would start a
new property, break the file or step out of a quoted line.

Pure: no Django import, no database.
"""

from __future__ import annotations

import re
import unicodedata

#: Unicode's categories of control characters and of line and paragraph separators.
CONTROL_CATEGORIES = frozenset({"Cc", "Zl", "Zp"})
#: The bidirectional controls (their category is Cf, with the ordinary
#: format marks that a name may hold, such as the zero-width joiner).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")


def is_control(character: str) -> bool:
    """Whether `character` has no place in a one-line field."""
    return unicodedata.category(character) in CONTROL_CATEGORIES or character in BIDI_CONTROLS


def controls_in(text: str) -> list[str]:
    """The control characters of `text`, in order, each once."""
    return list(dict.fromkeys(c for c in text if is_control(c)))


def flatten(text: str) -> str:
    """`text` on one line: each control character a space, a run of spaces
    one space, none at either end (other spaces, such as the non-breaking
    one, are kept)."""
    spaced = "".join(" " if is_control(c) else c for c in text)
    return re.sub(" {2,}", " ", spaced).strip(" ")


def flatten_lines(text: str) -> list[str]:
    """A text of several lines (the lots announced) as its lines, each
    flattened, the empty ones left out."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return [line for line in (flatten(line) for line in lines) if line]
