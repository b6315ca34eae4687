"""Lookups and answers shared by several view modules.

The lookups fetch one object for the signed-in organizer (organizer.py,
entry.py) or answer 404: a tournament someone else manages is as absent as
one that does not exist. `pdf_response` wraps a generated PDF for the browser;
`refusal_as_message` says a use-case's refusal on the next page. Nothing
here writes, checks a form or renders a template: that stays in the views.
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from tournaments.display.brackets import (
    crossing_sentence,
    dead_heat_rule_sentence,
    level_name,
    match_label,
)
from tournaments.models import Round, Table, Tournament
from tournaments.queries import brackets as bracket_queries
from tournaments.queries import public as queries
from tournaments.queries.concours_file import concours_file as concours_file_of
from tournaments.services.errors import TournamentError


@contextmanager
def refusal_as_message(request: HttpRequest) -> Iterator[None]:
    """A use-case refused (`TournamentError`) is said as the page's error
    message, the rest of the block skipped (its success message)."""
    try:
        yield
    except TournamentError as error:
        messages.error(request, error.message)


def managed_tournament(request: HttpRequest, slug: str) -> Tournament:
    """The tournament if the user owns it or co-organizes it, else 404."""
    return get_object_or_404(Tournament.objects.managed_by(request.user), slug=slug)


def round_of(tournament: Tournament, number: int) -> Round:
    return get_object_or_404(Round, tournament=tournament, number=number)


def table_of(tournament: Tournament, number: int, table: int) -> Table:
    """Table `table` of partie `number`, with its teams and players loaded."""
    return get_object_or_404(
        Table.objects.select_related(
            "round__tournament",
            "team_a__player1",
            "team_a__player2",
            "team_b__player1",
            "team_b__player2",
        ),
        round__tournament=tournament,
        round__number=number,
        number=table,
    )


def concours_file_response(
    tournament: Tournament, *, public: bool = False, private: bool = False
) -> HttpResponse:
    """« Fichier du concours »: the concours as an open JSON file, saved as
    a download (queries/concours_file.py; check it with
    `python -m checker`); `public` leaves out the drafts,
    `private` adds the licences, clubs and e-mail (the organizer's, asked)."""
    doc = concours_file_of(tournament, public=public, private=private)
    data = json.dumps(doc, ensure_ascii=False, indent=1)
    response = HttpResponse(data, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-concours.json"'
    return response


def pdf_response(data: bytes, filename: str) -> HttpResponse:
    """A PDF shown in the browser (inline), saved under `filename`."""
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@cache
def _trusted_networks(setting: tuple[str, ...]) -> tuple:
    return tuple(ipaddress.ip_network(item, strict=False) for item in setting)


def _is_trusted(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return False
    networks = _trusted_networks(tuple(getattr(settings, "TRUSTED_PROXIES", ())))
    return any(ip in network for network in networks)


def client_address(request: HttpRequest) -> str:
    """The address of the client that sent the request.

    REMOTE_ADDR is the peer of the server. When that peer is one of the
    TRUSTED_PROXIES (a setting; docs/hosting.md's TLS proxy, haproxy), the client
    is the last X-Forwarded-For entry that is not itself a trusted proxy:
    entries to its left were written by the client and prove nothing. With
    no trusted proxy configured the header is ignored altogether, so a client
    cannot pick its own address."""
    peer = request.META.get("REMOTE_ADDR", "")
    if not _is_trusted(peer):
        return peer
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    for hop in reversed([h.strip() for h in forwarded.split(",") if h.strip()]):
        if not _is_trusted(hop):
            return hop
    return peer


def bracket_match_label(table: Table) -> str:
    """« Tableau principal · Quarts de finale » for a table of a bracket
    partie, "" otherwise (no query then)."""
    match = queries.bracket_match(table)
    return match_label(match) if match else ""


def brackets_context(tournament: Tournament) -> dict:
    """What the bracket board shows (its levels named), the final ranking
    and the tie rule: the public bracket page, its screen and the hall's."""
    views = bracket_queries.bracket_views(tournament)
    for view in views:
        for level in view.levels:
            level.name = level_name(level.key)
    return {
        "tournament": tournament,
        "brackets": views,
        "ranking": bracket_queries.final_ranking(tournament) if views else [],
        "tie_rule": dead_heat_rule_sentence(views[0].bracket.tie_rule) if views else "",
        "crossing": crossing_sentence(bracket_queries.pool_rematches(tournament)) if views else "",
    }
