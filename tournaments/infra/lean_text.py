"""The app's own scripts and stylesheets as a phone receives them (issue 23,
« Light pages »): the same code without its comments, indentation and blank
lines, which are a fifth of what a table's page would download on the hall's
Wi-Fi. The source files keep every comment (they say why); only what is
served is lean (tournaments/infra/lean_static.py).

Not a minifier: tokens are never joined, renamed or reordered, and every line
break of the code stays where it was (a script's automatic semicolons depend
on them). A string, a template literal or a regular expression is copied as
it is. Must not import Django: plain text in, plain text out.
"""

from __future__ import annotations

import re

#: The lean copies' format: changed with any change to what these functions
#: write, so that copies made by an earlier version are not served again.
FORMAT = "1"

# After one of these, « / » starts a regular expression; after a name, a
# number, « ) » or « ] » it divides.
_BEFORE_A_REGEX = set("(,=:[!&|?{};+-*%<>~^")
_KEYWORDS_BEFORE_A_REGEX = {
    "return",
    "typeof",
    "case",
    "do",
    "else",
    "in",
    "of",
    "new",
    "delete",
    "void",
    "throw",
    "yield",
    "await",
    "instanceof",
}
_WORD = re.compile(r"[A-Za-z0-9_$]+")
_BLANKS = " \t\r\n"


def _quoted_end(text: str, start: int, quote: str) -> int:
    """The index after the string that opens at `start`."""
    i = start + 1
    while i < len(text) and text[i] != quote:
        i += 2 if text[i] == "\\" else 1
    return i + 1


def _regex_end(text: str, start: int) -> int:
    """The index after the regular expression that opens at `start`, flags included."""
    i, in_class = start + 1, False
    while i < len(text):
        char = text[i]
        if char == "\\":
            i += 2
            continue
        if char == "[":
            in_class = True
        elif char == "]":
            in_class = False
        elif char == "/" and not in_class:
            break
        i += 1
    i += 1
    while i < len(text) and (text[i].isalnum() or text[i] == "_"):
        i += 1
    return i


class _Output:
    """The lean text being written: no indentation, no trailing space, no blank line."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.at_line_start = True

    def code(self, piece: str) -> None:
        self.parts.append(piece)
        self.at_line_start = False

    def space(self) -> None:
        if not self.at_line_start and self.parts and not self.parts[-1].endswith((" ", "\n")):
            self.parts.append(" ")

    def newline(self) -> None:
        if self.parts and self.parts[-1] == " ":
            self.parts.pop()
        if not self.at_line_start:
            self.parts.append("\n")
        self.at_line_start = True

    def blank(self, char: str) -> None:
        """A line break kept, any other run of blanks one space at most."""
        self.newline() if char == "\n" else self.space()

    def text(self) -> str:
        return "".join(self.parts).strip() + "\n"


def lean_js(source: str) -> str:
    """A script without its comments, indentation and blank lines."""
    out = _Output()
    braces: list[bool] = []  # for each open « { »: does it close a template's « ${ »?
    previous = ""  # the last token of code, to tell a regular expression from a division
    i, size = 0, len(source)
    in_template = False
    while i < size:
        if in_template:
            j = i
            while j < size and source[j] != "`" and not source.startswith("${", j):
                j += 2 if source[j] == "\\" else 1
            if source.startswith("${", j):
                out.code(source[i : j + 2])
                braces.append(True)
                in_template, previous, i = False, "{", j + 2
            else:
                out.code(source[i : j + 1])
                in_template, previous, i = False, "`", j + 1
            continue
        char = source[i]
        if source.startswith("//", i):
            end = source.find("\n", i)
            i = size if end < 0 else end
        elif source.startswith("/*", i):
            end = source.index("*/", i + 2) + 2
            out.newline() if "\n" in source[i:end] else out.space()
            i = end
        elif char in _BLANKS:
            out.blank(char)
            i += 1
        elif char in "'\"":
            end = _quoted_end(source, i, char)
            out.code(source[i:end])
            previous, i = char, end
        elif char == "`":
            out.code("`")
            in_template, i = True, i + 1
        elif char == "/" and (
            previous in _BEFORE_A_REGEX or previous in _KEYWORDS_BEFORE_A_REGEX or not previous
        ):
            end = _regex_end(source, i)
            out.code(source[i:end])
            previous, i = "/", end
        elif char == "{":
            braces.append(False)
            out.code(char)
            previous, i = char, i + 1
        elif char == "}":
            out.code(char)
            in_template = braces.pop() if braces else False
            previous, i = char, i + 1
        else:
            word = _WORD.match(source, i)
            piece = word.group() if word else char
            out.code(piece)
            previous, i = piece, i + len(piece)
    return out.text()


def lean_css(source: str) -> str:
    """A stylesheet without its comments, indentation and blank lines."""
    out = _Output()
    i, size = 0, len(source)
    while i < size:
        char = source[i]
        if source.startswith("/*", i):
            end = source.index("*/", i + 2) + 2
            before = source[i - 1] if i else " "
            after = source[end] if end < size else " "
            if (before.isalnum() and after.isalnum()) or before in "-_" or after in "-_":
                out.code("/**/")  # between two names, a comment keeps them apart
            i = end
        elif char in _BLANKS:
            out.blank(char)
            i += 1
        elif char in "'\"":
            end = _quoted_end(source, i, char)
            out.code(source[i:end])
            i = end
        else:
            out.code(char)
            i += 1
    return out.text()
