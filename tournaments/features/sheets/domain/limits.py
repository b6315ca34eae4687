"""What a photo may be before it is opened, and how it is refused: light
(no numpy, no PIL), so that the pages, the services and every process's
start load none of the image work until a photo is read.

Must not: import numpy, PIL or the reader.
"""

from __future__ import annotations

MAX_BYTES = 25 * 1024 * 1024
MAX_PIXELS = 60_000_000
#: A scanner's PDF: at most so many pages, each a photo.
MAX_PAGES = 30


class Refused(Exception):
    """A photo that cannot be read; `code` names why (display.REFUSALS),
    `params` what the sentence says."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code, self.params = code, params
