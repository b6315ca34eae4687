"""The public home's lists rendered once per change, not once per visitor.

On a league's Sunday the hosted home lists a hundred concours, and
rendering those cards was most of its time (issue 26, the Sunday run). The
lists (templates/tournaments/includes/home_lists.html) are cached whole,
under a *home generation*: a counter in Redis that every change of what
they show (a concours, its announcement, a challenge, a league) moves, when
it is made and again once it is committed, as freshness.py does for a
concours's pages. The one caller is the audit trail (services/audit.py):
its line of a change the home shows, and `home_changed` for a challenge, a
league or a concours deleted, which have no line. A visitor after a change
misses the old rendering; a deal saved at a table moves nothing here (the
home shows no score).

Only with Redis (`freshness.enabled`): a per-process cache would not see
the other workers' bumps. While Redis does not answer, the lists are
rendered every time (`generation` is None), and a bump that failed is made
again as soon as it answers. A change made outside the services (a save in
a shell, `.update()`) is seen after `TTL` seconds at most.

Must not: cache anything a visitor's own session changes (the lists are
keyed by the user who asks) or anything but the lists."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import transaction

from tournaments.infra import cache as shared
from tournaments.infra import freshness

if TYPE_CHECKING:
    import redis  # imported where Redis is used (infra/cache.py)

TTL = 300
_missed: list[bool] = []  # a bump failed while Redis was down


def _key() -> str:
    return freshness.prefix() + "home-generation"


def _client() -> redis.Redis:
    client = freshness.client()
    if _missed:
        client.incr(_key())
        _missed.clear()
    return client


def _bump() -> None:
    import redis

    try:
        _client().incr(_key())
    except redis.RedisError as error:
        _missed.append(True)
        shared.failed(error, "home")


def changed() -> None:
    """What the home shows changed (said by services/audit.py): bumped now, and
    again once committed, so that a visitor who read the old rows between
    the two does not keep them cached."""
    if freshness.enabled():
        _bump()
        transaction.on_commit(_bump)


def generation() -> int | None:
    """The home generation, or None when the lists must not be cached."""
    if not freshness.enabled():
        return None
    import redis

    try:
        return int(_client().get(_key()) or 0)
    except redis.RedisError as error:
        shared.failed(error, "home")
        return None
