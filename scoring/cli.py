"""The command line of SPEC §8: ``python -m scoring deal|partie|rules``, and
``explain`` (the steps of each deal's marques, :mod:`scoring.explain`).

Responsible for: reading JSON Lines (deals) or a partie object on standard
input, choosing the rules of each line, writing one JSON result per line and
the exit status. Nothing escapes as a traceback: any input gives a result or
an error object with a code. Must not: hold scoring rules (see
:mod:`scoring.deal`); its hot path stays lean (stdlib ``json`` in, results
formatted directly, rules cached per distinct ``"rules"`` value, output
written in batches).
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Iterable
from typing import Any, BinaryIO

from . import helptext
from .deal import evaluate
from .errors import CODES, ScoringError, show
from .explain import explain_deal
from .game import score_game
from .options import OPTIONS, OPTIONS_BY_NAME
from .rules import PRESET_VERSIONS, PRESETS, Rules
from .summary import description_fr, summary_fr

_MISSING = object()
_CACHE_LIMIT = 1024
_BATCH = 512

RulesOrError = Rules | ScoringError


def _error_text(error: ScoringError) -> str:
    return json.dumps(error.to_json(), ensure_ascii=False)


def _rules_for(value: Any, cache: dict[Any, RulesOrError]) -> RulesOrError:
    """Rules for a line's ``"rules"`` value, cached per distinct value."""
    if isinstance(value, str):
        key: Any = value
    elif isinstance(value, dict):
        try:
            key = ("obj", json.dumps(value, sort_keys=True))
        except (TypeError, ValueError, RecursionError):
            key = None
    else:
        key = None
    if key is not None:
        cached = cache.get(key)
        if cached is not None:
            return cached
    try:
        result: RulesOrError = Rules.from_json(value)
    except ScoringError as error:
        result = error
    if key is not None:
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[key] = result
    return result


def process_deal_line(
    line: bytes | str, default: RulesOrError, cache: dict[Any, RulesOrError] | None = None
) -> tuple[str, bool]:
    """One input line -> (one JSON output text without newline, whether valid)."""
    try:
        d = json.loads(line)
    except (ValueError, RecursionError):
        error = ScoringError("json", "line_unreadable" if line.strip() else "line_empty")
        return _error_text(error), False
    if type(d) is not dict:
        return _error_text(ScoringError("json", "line_not_object", {"value": show(d)})), False
    value = d.get("rules", _MISSING)
    rules = default if value is _MISSING else _rules_for(value, {} if cache is None else cache)
    if type(rules) is ScoringError:
        return _error_text(rules), False
    try:
        r = evaluate(d, rules._table)  # type: ignore[union-attr]
    except ScoringError as error:
        return _error_text(error), False
    except Exception as exc:  # a bug: report it as an error line, never a traceback
        return _internal(exc), False
    return (
        f'{{"A": {r[0]}, "B": {r[1]}, "outcome": "{r[2]}", "pot": {r[3]}, '
        f'"card_points": {{"A": {r[4]}, "B": {r[5]}}}, '
        f'"announcements": {{"A": {r[6]}, "B": {r[7]}}}}}'
    ), True


def process_explain_line(
    line: bytes | str, default: RulesOrError, cache: dict[Any, RulesOrError] | None = None
) -> tuple[str, bool]:
    """One input line -> (the deal's explanation as one JSON text, whether
    valid): the marques and the steps of :func:`scoring.explain_deal`. Off the
    hot path: ``deal`` never explains."""
    try:
        d = json.loads(line)
    except (ValueError, RecursionError):
        error = ScoringError("json", "line_unreadable" if line.strip() else "line_empty")
        return _error_text(error), False
    if type(d) is not dict:
        return _error_text(ScoringError("json", "line_not_object", {"value": show(d)})), False
    value = d.get("rules", _MISSING)
    rules = default if value is _MISSING else _rules_for(value, {} if cache is None else cache)
    if type(rules) is ScoringError:
        return _error_text(rules), False
    try:
        explanation = explain_deal(d, rules)  # type: ignore[arg-type]
    except ScoringError as error:
        return _error_text(error), False
    except Exception as exc:  # a bug: report it as an error line, never a traceback
        return _internal(exc), False
    return json.dumps(explanation.to_json(), ensure_ascii=False), True


def _internal(exc: BaseException) -> str:
    sys.stderr.write(f"scoring: erreur interne ({type(exc).__name__}) sur une ligne\n")
    return _error_text(ScoringError("json", "internal"))


def run_deals(
    lines: Iterable[bytes | str],
    out: BinaryIO,
    default: RulesOrError,
    flush_each: bool = False,
    *,
    explain: bool = False,
) -> int:
    """Process JSON Lines (scored, or ``explain``-ed); returns the exit status
    (0, or 1 if a line was bad)."""
    cache: dict[Any, RulesOrError] = {}
    status = 0
    batch: list[str] = []
    append = batch.append
    process = process_explain_line if explain else process_deal_line
    for line in lines:
        text, ok = process(line, default, cache)
        if not ok:
            status = 1
        append(text)
        if flush_each or len(batch) >= _BATCH:
            append("")
            out.write("\n".join(batch).encode("utf-8"))
            if flush_each:
                out.flush()
            batch.clear()
    if batch:
        append("")
        out.write("\n".join(batch).encode("utf-8"))
    out.flush()
    return status


def process_game(obj: Any, default: RulesOrError) -> tuple[dict[str, Any], bool]:
    """One partie object -> (output object, whether valid)."""
    try:
        if type(obj) is not dict:
            raise ScoringError("json", "game_not_object", {"value": show(obj)})
        unknown = [key for key in obj if key not in ("rules", "end", "deals")]
        if unknown:
            raise ScoringError("json", "game_unknown_field", {"value": show(unknown[0])})
        value = obj.get("rules", _MISSING)
        rules = default if value is _MISSING else _rules_for(value, {})
        if isinstance(rules, ScoringError):
            raise rules
        result = score_game(obj.get("deals", []), rules, obj.get("end"))
    except ScoringError as error:
        return error.to_json(), False
    return result.to_json(), True


def run_game(data: bytes, out: BinaryIO, default: RulesOrError) -> int:
    status = 0
    try:
        documents: list[Any] = [json.loads(data)]
    except (ValueError, RecursionError):
        documents = []
        for line in data.splitlines():
            if not line.strip():
                continue
            try:
                documents.append(json.loads(line))
            except (ValueError, RecursionError):
                documents.append(_MISSING)
        if not documents:
            documents.append(_MISSING)
    for obj in documents:
        if obj is _MISSING:
            result: dict[str, Any] = ScoringError("json", "game_unreadable").to_json()
            ok = False
        else:
            try:
                result, ok = process_game(obj, default)
            except Exception as exc:  # a bug: an error object, never a traceback
                out.write((_internal(exc) + "\n").encode("utf-8"))
                status = 1
                continue
        if not ok:
            status = 1
        out.write((json.dumps(result, ensure_ascii=False) + "\n").encode("utf-8"))
    out.flush()
    return status


def command_line_rules(preset: str, settings: list[str]) -> RulesOrError:
    """Rules from ``--rules`` and ``--set OPTION=VALUE`` (or the error)."""
    overrides: dict[str, Any] = {}
    for setting in settings:
        name, sep, text = setting.partition("=")
        name = name.strip()
        if not sep:
            return ScoringError("rules", "cli_set_form", {"value": show(setting)})
        option = OPTIONS_BY_NAME.get(name)
        if name == "version":  # --set version=1: the preset's version, not an option
            overrides[name] = int(text) if text.strip().isdigit() else text
        else:
            overrides[name] = option.parse_text(text) if option else text
    try:
        if preset.lstrip().startswith("{"):
            try:
                obj = json.loads(preset)
            except (ValueError, RecursionError):
                return ScoringError("rules", "cli_rules_unreadable")
            if isinstance(obj, dict):
                obj = {**obj, **overrides}
            return Rules.from_json(obj)
        return Rules.from_preset(preset, **overrides)
    except ScoringError as error:
        return error


class _FrenchFormatter(argparse.RawDescriptionHelpFormatter):
    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, prefix="usage : " if prefix is None else prefix)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m scoring",
        description=helptext.MAIN,
        epilog=helptext.FIELDS + "\n" + helptext.CHOICES,
        formatter_class=_FrenchFormatter,
        add_help=False,
    )
    parser.add_argument("-h", "--help", action="help", help="affiche cette aide")
    commands = parser.add_subparsers(dest="command", metavar="COMMANDE", title="commandes")

    def add(name: str, summary: str, description: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(
            name,
            help=summary,
            description=description,
            epilog=helptext.CHOICES,
            formatter_class=_FrenchFormatter,
            add_help=False,
        )
        sub.add_argument("-h", "--help", action="help", help="affiche cette aide")
        sub.add_argument(
            "--rules",
            default="ffb-belote",
            metavar="PROFIL",
            help="profil de règles : " + ", ".join(PRESETS) + " (défaut : ffb-belote), "
            'ou un objet JSON {"preset": …, OPTION: VALEUR…}',
        )
        sub.add_argument(
            "--set",
            action="extend",
            nargs="+",
            default=[],
            metavar="OPTION=VALEUR",
            help="change des options du profil, ex. --set rounding=nearest sa_ta=true ; "
            "version=1 choisit une version antérieure du profil",
        )
        return sub

    deal = add("deal", "marque des donnes (JSON Lines)", helptext.FIELDS)
    deal.add_argument(
        "--flush",
        action="store_true",
        help="écrit chaque réponse aussitôt (usage en dialogue) au lieu de les grouper",
    )
    add("partie", "marque d'une partie (objet JSON)", helptext.PARTIE + "\n" + helptext.FIELDS)
    add("explain", "explique la marque de donnes (JSON Lines)", helptext.EXPLAIN)
    rules = add("rules", "affiche un profil de règles", "Affiche le profil en JSON et son résumé.")
    rules.add_argument(
        "--all", action="store_true", help="décrit tous les profils et toutes les options"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    default = command_line_rules(args.rules, args.set)
    stdout = sys.stdout.buffer
    if args.command in ("deal", "explain"):
        if isinstance(default, ScoringError):
            sys.stderr.write(f"scoring: {default.message}\n")
        # Text lines: decoding the whole stream at once is cheaper than json
        # detecting the encoding of each bytes line. Bad UTF-8 becomes U+FFFD,
        # which no valid deal contains, so such a line is still refused.
        stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace", newline="\n")
        flush = getattr(args, "flush", False) or sys.stdin.isatty()
        return run_deals(stdin, stdout, default, flush, explain=args.command == "explain")
    if args.command == "partie":
        if isinstance(default, ScoringError):
            sys.stderr.write(f"scoring: {default.message}\n")
        return run_game(sys.stdin.buffer.read(), stdout, default)
    if args.all:
        output: dict[str, Any] = {
            "presets": {name: rules.to_json() for name, rules in PRESETS.items()},
            "versions": {
                name: [rules.to_json() for rules in versions.values()]
                for name, versions in PRESET_VERSIONS.items()
            },
            "options": [option.to_json() for option in OPTIONS],
            "codes": list(CODES),
        }
        status = 0
    elif isinstance(default, ScoringError):
        output, status = default.to_json(), 1
    else:
        output = {
            "rules": default.to_json(),
            "summary": summary_fr(default),
            "description": description_fr(default),
        }
        status = 0
    stdout.write((json.dumps(output, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))
    stdout.flush()
    return status
