"""`python -m tournaments.checker FILE`: check a concours file, print each
difference in a sentence, exit 1 if there is any (0 otherwise; a file
that cannot be read is a difference too).

`python -m tournaments.checker generate --teams N --parties P --seed S`:
write a random, correct concours file (to stdout, or --out FILE).

`python -m tournaments.checker merge [--parties P] HALL=FILE...`: one
concours played in several halls, merged into one ranking (provisional
until every hall has closed every planned partie).
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


def _merge(argv: list[str]) -> int:
    from pathlib import Path

    from tournaments.checker.halls import MergeError, merge

    parser = argparse.ArgumentParser(prog="python -m tournaments.checker merge")
    parser.add_argument("--parties", type=int, default=None, help="parties prévues")
    parser.add_argument("files", nargs="+", help="le fichier de chaque salle (SALLE=FICHIER)")
    args = parser.parse_args(argv)
    halls = []
    for given in args.files:
        name, _, path = given.rpartition("=") if "=" in given else ("", "", given)
        try:
            with open(path, encoding="utf-8") as handle:
                halls.append((name or Path(path).stem, json.load(handle)))
        except (OSError, ValueError) as error:
            print(f"Le fichier {path} ne se lit pas : {error}.")
            return 1
    try:
        merged = merge(halls, planned=args.parties)
    except MergeError as error:
        print(error)
        return 1
    for hall in merged.halls:
        state = (
            "terminée" if hall.complete else f"{hall.closed} partie(s) close(s) sur {hall.planned}"
        )
        print(f"Salle « {hall.name} » : {hall.teams} équipes, {state}.")
    print("Classement provisoire :" if merged.provisional else "Classement définitif :")
    for line in merged.rows:
        print(f"{line.rank:>4}  {line.name} ({line.hall})  {line.row.points_for} points")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "generate":
        return _generate(argv[1:])
    if argv and argv[0] == "merge":
        return _merge(argv[1:])
    parser = argparse.ArgumentParser(
        prog="python -m tournaments.checker",
        description="Vérifie un fichier de concours : marques, totaux, classements, tirages.",
        epilog="python -m tournaments.checker generate --teams N --parties P --seed S",
    )
    parser.add_argument("file", help="le fichier de concours (JSON)")
    return _check(parser.parse_args(argv).file)


if __name__ == "__main__":
    sys.exit(main())
