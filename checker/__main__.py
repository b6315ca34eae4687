"""`python -m checker [--lang fr|en] FILE`: check a concours file,
print each difference in a sentence (French, or English with `--lang en`,
read from the compiled catalogue locale/en/LC_MESSAGES/django.mo), exit 1
if there is any (0 otherwise; a file that cannot be read is a difference too).

`python -m checker generate --teams N --parties P --seed S`:
write a random, correct concours file (to stdout, or --out FILE).

`python -m checker merge [--lang fr|en] [--parties P] HALL=FILE...`: one
concours played in several halls, merged into one ranking (provisional
until every hall has closed every planned partie).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from checker.check import check
from checker.words import LANGUAGES, Translate, catalogue


def _unreadable(path: str, error: Exception | str, _: Translate) -> int:
    print(_("Le fichier %(path)s ne se lit pas : %(error)s.") % {"path": path, "error": error})
    return 1


def _check(path: str, _: Translate) -> int:
    try:
        with open(path, encoding="utf-8") as handle:
            doc = json.load(handle)
    except (OSError, ValueError) as error:
        return _unreadable(path, error, _)
    except RecursionError:
        return _unreadable(path, _("des crochets imbriqués trop profondément"), _)
    notes: list[str] = []
    sentences = check(doc, translate=_, notes=notes)
    for sentence in (*notes, *sentences):
        print(sentence)
    if sentences:
        print(_("%(count)s différence(s).") % {"count": len(sentences)}, file=sys.stderr)
        return 1
    print(_("Aucune différence : le fichier se recalcule à l'identique."), file=sys.stderr)
    return 0


#: What the generator makes, as the app allows it (models/tournament.py,
#: the calendar's models.py): teams, qualifying parties, donnes a partie.
GENERATE_RANGES = {"teams": (2, 2000), "parties": (1, 20), "deals": (1, 60)}


def _within(name: str, _: Translate) -> Callable[[str], int]:
    """An argparse type: an integer in GENERATE_RANGES[name], else a sentence."""
    low, high = GENERATE_RANGES[name]

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                _("« %(value)s » : un nombre entier entre %(low)s et %(high)s est attendu")
                % {"value": text[:20], "low": low, "high": high}
            )
        return value

    return read


def _generate(argv: list[str]) -> int:
    from checker.generate import generate

    _ = _asked_language(argv)
    parser = argparse.ArgumentParser(prog="python -m checker generate")
    _language(parser, _)
    parser.add_argument("--teams", type=_within("teams", _), required=True)
    parser.add_argument("--parties", type=_within("parties", _), required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--deals", type=_within("deals", _), default=None, help="donnes par partie")
    parser.add_argument("--out", default="-", help="fichier à écrire (- : la sortie)")
    args = parser.parse_args(argv)
    doc = generate(teams=args.teams, parties=args.parties, seed=args.seed, deals=args.deals)
    text = json.dumps(doc, ensure_ascii=False, indent=1)
    if args.out == "-":
        print(text)
        return 0
    try:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")
    except OSError as error:
        print(
            _("Le fichier %(path)s ne s'écrit pas : %(error)s.")
            % {"path": args.out, "error": error.strerror or error},
            file=sys.stderr,
        )
        return 1
    return 0


def _merge(argv: list[str]) -> int:
    from pathlib import Path

    from checker.halls import MergeError, merge

    _ = _asked_language(argv)
    parser = argparse.ArgumentParser(prog="python -m checker merge")
    _language(parser, _)
    parser.add_argument("--parties", type=int, default=None, help=_("nombre de parties prévues"))
    parser.add_argument("files", nargs="+", help=_("le fichier de chaque salle (SALLE=FICHIER)"))
    args = parser.parse_args(argv)
    halls = []
    for given in args.files:
        name, _equals, path = given.rpartition("=") if "=" in given else ("", "", given)
        try:
            with open(path, encoding="utf-8") as handle:
                halls.append((name or Path(path).stem, json.load(handle)))
        except (OSError, ValueError) as error:
            return _unreadable(path, error, _)
        except RecursionError:
            return _unreadable(path, _("des crochets imbriqués trop profondément"), _)
    try:
        merged = merge(halls, planned=args.parties, translate=_)
    except MergeError as error:
        print(error)
        return 1
    for hall in merged.halls:
        state = (
            _("terminée")
            if hall.complete
            else _("%(closed)s partie(s) close(s) sur %(planned)s")
            % {"closed": hall.closed, "planned": hall.planned}
        )
        print(
            _("Salle « %(name)s » : %(teams)s équipes, %(state)s.")
            % {"name": hall.name, "teams": hall.teams, "state": state}
        )
    print(_("Classement provisoire :") if merged.provisional else _("Classement définitif :"))
    for line in merged.rows:
        print(f"{line.rank:>4}  {line.name} ({line.hall})  {line.row.points_for} points")
    return 0


def _asked_language(argv: list[str]) -> Translate:
    """The catalogue --lang asks for, read before the parser is made so that
    its help is in that language too (the parser then checks the value)."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang", default="fr")
    asked = early.parse_known_args(argv)[0].lang
    return catalogue(asked if asked in LANGUAGES else "fr")


def _language(parser: argparse.ArgumentParser, _: Translate) -> None:
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default="fr",
        help=_("la langue des phrases (fr : français, en : anglais)"),
    )


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "generate":
        return _generate(argv[1:])
    if argv and argv[0] == "merge":
        return _merge(argv[1:])
    _ = _asked_language(argv)
    parser = argparse.ArgumentParser(
        prog="python -m checker",
        description=_("Vérifie un fichier de concours : marques, totaux, classements, tirages."),
        epilog="python -m checker generate --teams N --parties P --seed S",
    )
    _language(parser, _)
    parser.add_argument("file", help=_("le fichier de concours (JSON)"))
    args = parser.parse_args(argv)
    return _check(args.file, catalogue(args.lang))


if __name__ == "__main__":
    sys.exit(main())
