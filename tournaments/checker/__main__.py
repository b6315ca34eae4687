"""`python -m tournaments.checker FILE`: check a concours file, print each
difference in a sentence, exit 1 if there is any (0 otherwise; a file
that cannot be read is a difference too).

`python -m tournaments.checker generate --teams N --parties P --seed S`:
write a random, correct concours file (to stdout, or --out FILE).
"""

from __future__ import annotations

import argparse
import json
import sys

from tournaments.checker.check import check


def _check(path: str) -> int:
    try:
        with open(path, encoding="utf-8") as handle:
            doc = json.load(handle)
    except (OSError, ValueError) as error:
        print(f"Le fichier {path} ne se lit pas : {error}.")
        return 1
    sentences = check(doc)
    for sentence in sentences:
        print(sentence)
    if sentences:
        print(f"{len(sentences)} différence(s).", file=sys.stderr)
        return 1
    print("Aucune différence : le fichier se recalcule à l'identique.", file=sys.stderr)
    return 0


def _generate(argv: list[str]) -> int:
    from tournaments.checker.generate import generate

    parser = argparse.ArgumentParser(prog="python -m tournaments.checker generate")
    parser.add_argument("--teams", type=int, required=True)
    parser.add_argument("--parties", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--deals", type=int, default=None, help="donnes par partie")
    parser.add_argument("--out", default="-", help="fichier à écrire (- : la sortie)")
    args = parser.parse_args(argv)
    doc = generate(teams=args.teams, parties=args.parties, seed=args.seed, deals=args.deals)
    text = json.dumps(doc, ensure_ascii=False, indent=1)
    if args.out == "-":
        print(text)
    else:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "generate":
        return _generate(argv[1:])
    parser = argparse.ArgumentParser(
        prog="python -m tournaments.checker",
        description="Vérifie un fichier de concours : marques, totaux, classements, tirages.",
        epilog="python -m tournaments.checker generate --teams N --parties P --seed S",
    )
    parser.add_argument("file", help="le fichier de concours (JSON)")
    return _check(parser.parse_args(argv).file)


if __name__ == "__main__":
    sys.exit(main())
