"""What the attacks that publish do as a hall laptop and an organizer's
browser do: sign in, make a publication key on « Publication », send a
concours file signed with it, and wait for the task worker's outcome."""

from __future__ import annotations

import gzip
import http.client
import json
import re
import time
import urllib.parse

from tests.attacks import server as real
from tests.factories import PASSWORD
from tournaments.domain import publication as signing

LOGIN = "/compte/connexion/"


def logged_in(server: real.Server, username: str, source: str) -> real.Client:
    client = real.Client(server.base, source=source)
    token = client.form_token(LOGIN)
    assert client.post(LOGIN, {"username": username, "password": PASSWORD}, token=token)[0] == 302
    return client


def publication_key(client: real.Client) -> str:
    """A key made on « Publication », read from the page that shows it once."""
    token = client.form_token("/organisation/publication/")
    assert client.post("/organisation/publication/cles/", {}, token=token)[0] == 302
    page = client.get("/organisation/publication/")[1]
    return re.search(r'class="new-key" type="text" readonly value="(bp_[^"]+)"', page).group(1)


def send(server: real.Server, secret: str, document: str, source: str) -> tuple[int, dict]:
    """The file sent as a hall laptop's « Publier en ligne » sends it:
    gzipped, signed with the key over the moment, a nonce and the body."""
    body = gzip.compress(document.encode(), mtime=0)
    moment = int(time.time())
    nonce = signing.new_nonce()
    url = urllib.parse.urlsplit(server.base)
    connection = http.client.HTTPConnection(
        url.hostname, url.port, timeout=60, source_address=(source, 0)
    )
    try:
        connection.request(
            "POST",
            "/publication/envoi/",
            body=body,
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Cle {secret}",
                "X-Publication-Time": str(moment),
                "X-Publication-Nonce": nonce,
                "X-Publication-Signature": signing.signature(secret, moment, nonce, body),
            },
        )
        response = connection.getresponse()
        status, answer = response.status, json.loads(response.read().decode() or "{}")
    finally:
        connection.close()
    return outcome(server, status, answer, source)


def outcome(server: real.Server, status: int, answer: dict, source: str) -> tuple[int, dict]:
    """The file is read by the task worker: the laptop asks at the address
    its answer gave until the outcome is there (60 tries, a second apart)."""
    for _ in range(60):
        if status != 202:
            return status, answer
        time.sleep(1)
        poll = urllib.parse.urlsplit(answer["poll"]).path
        status, text = real.Client(server.base, source=source).get(poll)
        answer = json.loads(text or "{}")
    return status, answer
