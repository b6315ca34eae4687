"""The tests' durations, measured by CI and kept where the schedulers read
them: `.ci/run` writes each tier's JUnit XML (`--junitxml`), and

    python -m tools.durations junit-*.xml    # docs/checks.md's tables written again

keeps in docs/checks.md, between its two markers, the 50 slowest test files
(the seconds of their tests added up, set-up and teardown included) and the
50 slowest tests. `file_seconds()` reads the files' table back: the order in
which `--dist loadfile` hands files out (tests/scheduling.py) and the
journeys' longest first (tests/browser/conftest.py).

A contributor's tool, no part of the app. Must not: fail a check (the
figures order the tests, nothing asserts them).
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from pathlib import Path
from xml.etree import ElementTree

ROOT = Path(__file__).resolve().parent.parent
CHECKS = ROOT / "docs" / "checks.md"
BEGIN = "<!-- durations: written by tools/durations.py from CI's --junitxml -->"
END = "<!-- end of the durations -->"
SLOWEST = 50
_ROW = re.compile(r"^\| *([\d.]+) *\| *`([^`]+)` *\|")


def read_junit(paths: list[Path]) -> dict[str, float]:
    """Seconds of each test (`path::name`) in JUnit XML files written by
    pytest (our own CI's files: trusted)."""
    seconds: dict[str, float] = {}
    for path in paths:
        for case in ElementTree.parse(path).iter("testcase"):
            module = case.get("classname", "").split(".")
            name = case.get("name", "")
            # pytest's classname: the module's dotted path, then any class.
            parts = [p for p in module if p]
            for cut in range(len(parts), 0, -1):
                candidate = "/".join(parts[:cut]) + ".py"
                if (ROOT / candidate).is_file():
                    test = "::".join([candidate, *parts[cut:], name])
                    break
            else:
                test = "::".join([*parts, name])
            seconds[test] = seconds.get(test, 0.0) + float(case.get("time", 0) or 0)
    return seconds


def tables(seconds: dict[str, float]) -> str:
    """The two Markdown tables of docs/checks.md's section."""
    files: dict[str, float] = defaultdict(float)
    for test, spent in seconds.items():
        files[test.split("::", 1)[0]] += spent
    lines = [
        BEGIN,
        "",
        f"The {SLOWEST} slowest test files (seconds, their tests added up):",
        "",
        "| s | file |",
        "|---:|---|",
        *(f"| {s:.1f} | `{f}` |" for f, s in _slowest(files)),
        "",
        f"The {SLOWEST} slowest tests (seconds):",
        "",
        "| s | test |",
        "|---:|---|",
        *(
            f"| {s:.1f} | `{t}` |"
            for t, s in sorted(seconds.items(), key=lambda x: -x[1])[:SLOWEST]
        ),
        "",
        END,
    ]
    return "\n".join(lines)


def _slowest(seconds: dict[str, float]) -> list[tuple[str, float]]:
    return sorted(seconds.items(), key=lambda item: -item[1])[:SLOWEST]


def write(seconds: dict[str, float], checks: Path = CHECKS) -> None:
    """docs/checks.md with its section written again (added at its end the
    first time)."""
    text = checks.read_text(encoding="utf-8")
    section = tables(seconds)
    if BEGIN in text and END in text:
        before, rest = text.split(BEGIN, 1)
        text = before + section + rest.split(END, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n## The slowest tests\n\n" + section + "\n"
    checks.write_text(text, encoding="utf-8")


def file_seconds(checks: Path = CHECKS) -> dict[str, float]:
    """The files' table of docs/checks.md: a test file → its seconds in CI
    (empty before CI first wrote it)."""
    text = checks.read_text(encoding="utf-8") if checks.is_file() else ""
    if BEGIN not in text or END not in text:
        return {}
    section = text.split(BEGIN, 1)[1].split(END, 1)[0]
    found = {}
    for line in section.splitlines():
        match = _ROW.match(line)
        if match and "::" not in match.group(2):
            found[match.group(2)] = float(match.group(1))
    return found


def main(argv: list[str]) -> int:
    paths = [Path(arg) for arg in argv if Path(arg).is_file()]
    if not paths:
        print("python -m tools.durations JUNIT.xml…: no such file", file=sys.stderr)
        return 2
    seconds = read_junit(paths)
    write(seconds)
    print(f"docs/checks.md: the {SLOWEST} slowest of {len(seconds)} tests written")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
