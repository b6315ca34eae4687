"""Which documents only one journey shows axe: read from a journeys run
with JOURNEY_AXE_LOG (tests/browser/accessibility.py writes one JSON line
per document checked, with its verdict's key: the document's shape, the
viewport, whether players touch it), and

    python -m tools.journey_shapes axe.jsonl              # each journey: its keys met by no other
    python -m tools.journey_shapes axe.jsonl test_x.py::test_y   # which ones, page by page

says, for each journey (a test function, all its parameters together),
how many of the keys it met no other journey met. A journey moved to the
Django client must leave none of them unchecked: none of its own, or each
added to a journey that stays (issue 63, item 2). Keys compare within one
run only: a shape keeps the digits of ids (`team-152`, a row's key in the
database), which follow the order the run's tests took.

A contributor's tool, no part of the app. Must not: start a browser.
"""

from __future__ import annotations

import json
import re
import sys
from collections import defaultdict
from collections.abc import Iterable

Key = tuple[str, str, bool]


def journey_of(test: str) -> str:
    """`tests/browser/test_x.py::test_y[chromium]` → `test_x.py::test_y`."""
    return re.sub(r"\[.*\]$", "", test).rsplit("/", 1)[-1]


def keys_by_journey(lines: Iterable[str]) -> tuple[dict[str, set[Key]], dict[Key, str]]:
    """Each journey's keys, and one page (its address and viewport) a key was met on."""
    met: dict[str, set[Key]] = defaultdict(set)
    pages: dict[Key, str] = {}
    for line in lines:
        if not line.strip():
            continue
        seen = json.loads(line)
        key = (seen["shape"], seen["viewport"], seen["players"])
        met[journey_of(seen["test"])].add(key)
        pages.setdefault(key, seen["page"])
    return dict(met), pages


def only_theirs(met: dict[str, set[Key]]) -> dict[str, set[Key]]:
    """Each journey's keys that no other journey met."""
    by_key: dict[Key, set[str]] = defaultdict(set)
    for journey, keys in met.items():
        for key in keys:
            by_key[key].add(journey)
    return {journey: {k for k in keys if by_key[k] == {journey}} for journey, keys in met.items()}


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    with open(argv[0], encoding="utf-8") as log:
        met, pages = keys_by_journey(log)
    alone = only_theirs(met)
    if argv[1:]:
        for journey in argv[1:]:
            print(f"{journey}: {len(alone.get(journey, ()))} of {len(met.get(journey, ()))} alone")
            for key in sorted(alone.get(journey, ()), key=lambda k: pages[k]):
                print(f"    {pages[key]} ({key[1]})")
        return 0
    for journey in sorted(met, key=lambda j: (len(alone[j]), j)):
        print(f"{len(alone[journey]):4d} of {len(met[journey]):4d}  {journey}")
    print(f"{len(met)} journeys, {len({k for keys in met.values() for k in keys})} keys")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
