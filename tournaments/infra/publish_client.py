"""Sending a concours from the hall laptop to the hosted instance (issue
26): one signed HTTP POST of the backup, with the standard library.

The answer is read as the server wrote it: a JSON object with the address
of the published concours, or with the sentence of a refusal; or, from a
site that reads files in the background (issue 35), 202 with the address
where the outcome will be, asked again until it is there. No network,
a timeout or an answer that is not the server's becomes a sentence too.
Must not: touch the database.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.domain import publication as signing

#: Where the hosted instance receives uploads (tournaments/urls.py), and
#: a hall's concours file of a concours played in several halls.
RECEIVE_PATH = "/publication/envoi/"
HALL_RECEIVE_PATH = "/salles/envoi/"
TIMEOUT = 60
#: How long the laptop waits for a file the site reads in the background.
WAIT_SECONDS = 90


@dataclass(frozen=True)
class Sent:
    ok: bool
    message: str  # the refusal's sentence, or the published concours's address


def signed_headers(secret: str, body: bytes, *, moment: int | None = None) -> dict[str, str]:
    moment = int(time.time()) if moment is None else moment
    nonce = signing.new_nonce()
    return {
        "Content-Type": "application/json",
        "Authorization": f"Cle {secret}",
        "X-Publication-Time": str(moment),
        "X-Publication-Nonce": nonce,
        "X-Publication-Signature": signing.signature(secret, moment, nonce, body),
    }


def send(base_url: str, secret: str, body: bytes, *, path: str = RECEIVE_PATH) -> Sent:
    """`body` sent signed to `path` of the hosted site; `Sent.message` is
    the address of the concours published, or a hall's state in words."""
    request = urllib.request.Request(
        base_url.rstrip("/") + path,
        data=body,
        headers=signed_headers(secret, body),
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            answer = _json(response.read())
        if isinstance(answer.get("poll"), str):
            return _wait(answer, base_url)
        return Sent(True, str(answer.get("url") or answer.get("status", "")))
    except urllib.error.HTTPError as error:
        return _refusal(error)
    except (urllib.error.URLError, OSError, ValueError):
        return _no_answer()


def _wait(answer: dict, base_url: str, *, seconds: float = WAIT_SECONDS) -> Sent:
    """A file received and read in the background by the site (issue 35):
    its state asked again at the address the answer gave, every few
    seconds, until the outcome or `seconds` (then « received, being
    processed », which is true: the site finishes it alone). Only an
    address of the site sent to is asked."""
    poll = answer["poll"]
    site = urllib.parse.urlsplit(base_url)
    asked = urllib.parse.urlsplit(poll)
    if asked.scheme not in ("http", "https") or asked.netloc != site.netloc:
        return Sent(True, str(answer.get("status", "")))
    every = answer.get("every")
    every = min(max(every, 0.5), 10) if isinstance(every, int | float) else 2
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(every)
        try:
            with urllib.request.urlopen(poll, timeout=TIMEOUT) as response:
                answer = _json(response.read())
                if response.status != 202:
                    return Sent(True, str(answer.get("url") or answer.get("status", "")))
        except urllib.error.HTTPError as error:
            return _refusal(error)
        except (urllib.error.URLError, OSError, ValueError):
            return _no_answer()
    return Sent(True, str(answer.get("status", "")))


def _refusal(error: urllib.error.HTTPError) -> Sent:
    try:
        answer = _json(error.read())
    except OSError:
        answer = {}
    if "error" in answer:
        return Sent(False, str(answer["error"]))
    return Sent(False, _("Le site en ligne a répondu %(code)s.") % {"code": error.code})


def _no_answer() -> Sent:
    return Sent(
        False,
        _("Le site en ligne ne répond pas : vérifiez la connexion à internet et son adresse."),
    )


def _json(raw: bytes) -> dict:
    try:
        value = json.loads(raw.decode())
    except (UnicodeDecodeError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}
