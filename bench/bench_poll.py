"""CPU per request of the Sunday's answers, in this process (a benchmark, not
a test): the WSGI application called directly, as a gunicorn worker calls
it, with a phone's environ, against the run's PostgreSQL and Redis.

Times N calls of: a known-current poll (304), a poll that reaches the view
(200, no If-None-Match), and a table's deal save (the entry POST). Prints
the mean milliseconds of CPU (process time) and of wall time per call, and
the queries of one save.

Run: `bin/with-postgres bin/with-redis .venv/bin/python -m bench.bench_poll`.
"""

from __future__ import annotations

import cProfile
import io
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

from bench import hall, sunday

HOST = "127.0.0.1"


def environ(path: str, method: str = "GET", body: bytes = b"", **headers: str) -> dict:
    query = ""
    if "?" in path:
        path, query = path.split("?", 1)
    env = {
        "REQUEST_METHOD": method,
        "SCRIPT_NAME": "",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": HOST,
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_HOST": HOST,
        "HTTP_USER_AGENT": "Mozilla/5.0 (Linux; Android 14) Mobile",
        "HTTP_ACCEPT": "*/*",
        "HTTP_ACCEPT_ENCODING": "gzip, deflate, br",
        "HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9",
        "HTTP_X_FORWARDED_FOR": "10.1.2.3",
        "HTTP_X_FORWARDED_PROTO": "https",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "wsgi.version": (1, 0),
    }
    if body:
        env["CONTENT_LENGTH"] = str(len(body))
        env["CONTENT_TYPE"] = "application/x-www-form-urlencoded"
    for name, value in headers.items():
        env["HTTP_" + name.upper().replace("-", "_")] = value
    return env


def call(app, env: dict) -> tuple[str, dict, bytes, list]:
    """One call as gunicorn makes it: status, headers (a dict, and the list)
    and the body."""
    seen: dict = {}

    def start_response(status, headers, exc_info=None):
        seen["status"], seen["headers"] = status, headers

    env = dict(env)
    env["wsgi.input"] = io.BytesIO(env["wsgi.input"].getvalue())
    result = app(env, start_response)
    body = b"".join(result)
    if hasattr(result, "close"):
        result.close()
    return seen["status"], dict(seen["headers"]), body, seen["headers"]


def timed(label: str, app, make_env, n: int) -> None:
    call(app, make_env(0))  # warm
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(n):
        call(app, make_env(i + 1))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"  {label}: {cpu / n * 1000:.2f} ms CPU, {wall / n * 1000:.2f} ms wall a call (n={n})")


def main() -> int:
    n = int(os.environ.get("N", "2000"))
    os.environ.setdefault("ALLOWED_HOSTS", HOST)
    os.environ.setdefault("SECRET_KEY", "bench-poll-" + "x" * 50)
    os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
    os.environ.setdefault("SECURE_HSTS_SECONDS", "0")
    os.environ.setdefault("SESSION_COOKIE_SECURE", "0")
    os.environ.setdefault("CSRF_COOKIE_SECURE", "0")
    data = Path(tempfile.mkdtemp(prefix="belote-bench-poll-"))
    os.environ["STATIC_ROOT"] = str(data / "static")
    concours = int(os.environ.get("CONCOURS", "30"))
    entries, rankings = sunday.build(data, concours, int(os.environ.get("TABLES", "4")), 26)
    from django.core.management import call_command

    call_command("collectstatic", "--noinput", verbosity=0)
    from config.wsgi import application

    ranking = rankings[0]
    status, headers, _, _ = call(application, environ(ranking, HX_Request="true"))
    etag = headers["ETag"]
    poll = environ(ranking, HX_Request="true", If_None_Match=etag)
    status, headers, _, _ = call(application, poll)
    assert status.startswith("304"), status
    print(f"bench_poll: 304 headers {sorted(headers.items())}")
    timed("poll answered 304", application, lambda i: poll, n)
    timed("  of which the Redis check alone", shortcut_only, lambda i: poll, n)
    timed("poll answered 200", application, lambda i: environ(ranking, HX_Request="true"), n // 10)
    for path in ("/", "/calendrier.ics"):
        timed(f"reader of {path}", application, lambda i, path=path: environ(path), n // 20)
    saves(application, entries, max(20, n // 40))
    return 0


def shortcut_only(env: dict, start_response):
    """What a WSGI-level shortcut could not avoid: the request object and
    freshness.answer's checks and MGET (the ceiling of its gain)."""
    from django.core.handlers.wsgi import WSGIRequest

    from tournaments.infra import freshness

    response = freshness.answer(WSGIRequest(env))
    start_response(f"{response.status_code} Not Modified", list(response.items()))
    return []


def saves(app, entries, n: int) -> None:
    """A table's deal saves, as its phone sends them (session cookie, CSRF)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    cookies: dict[str, str] = {}
    logins: dict[str, dict] = {}
    tokens: dict[str, str] = {}
    path = ""

    def request(method: str, url: str, form: dict | None = None, **headers: str):
        body = urlencode(form).encode() if form else b""
        if cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        if form:
            headers["Referer"] = f"https://{HOST}{path}"
        headers.setdefault("Accept_Encoding", "identity")
        status, answer, text, listed = call(app, environ(url, method, body, **headers))
        for name, value in listed:
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                cookies[key.strip()] = rest.split(";", 1)[0]
        return status, answer, text.decode()

    for label, step in (("opens its link", 0), ("gives its code", 1), ("reads its grid", 2)):
        profile = (
            cProfile.Profile(time.process_time)
            if os.environ.get("PROFILE_STEP") == str(step)
            else None
        )
        cpu, wall = time.process_time(), time.perf_counter()
        if profile:
            profile.enable()
        for other_path, other_code in entries[1:21]:
            path, code, kept = other_path, other_code, dict(cookies)
            cookies.clear()
            cookies.update(logins.get(path, {}))
            if step == 0 and os.environ.get("SHOW_QUERIES") and not tokens:
                with CaptureQueriesContext(connection) as queries:
                    _, _, page = request("GET", path)
                print(f"  a table opens its link: {len(queries.captured_queries)} queries")
                for query in queries.captured_queries:
                    print("   ", query["sql"][:200])
                tokens[path] = hall.TOKEN.search(page).group(1)
            elif step == 0:
                _, _, page = request("GET", path)
                tokens[path] = hall.TOKEN.search(page).group(1)
            elif step == 1:
                form = {"csrfmiddlewaretoken": tokens[path], "code": code}
                request("POST", path + "code/", form)
            else:
                request("GET", path)
            logins[path] = dict(cookies)
            cookies.clear()
            cookies.update(kept)
        if profile:
            profile.disable()
            stats = pstats.Stats(profile).sort_stats(os.environ["PROFILE"])
            stats.print_stats(os.environ.get("PROFILE_FILTER", ""), 50)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        print(f"  a table {label}: {cpu / 20 * 1000:.2f} ms CPU, {wall / 20 * 1000:.2f} ms wall")
    path, code = entries[0]
    _, _, page = request("GET", path)
    token = hall.TOKEN.search(page).group(1)
    request("POST", path + "code/", {"csrfmiddlewaretoken": token, "code": code})
    _, _, page = request("GET", path)
    state = {"version": hall.VERSION.search(page).group(1)}

    def save():
        form = {**hall.DEAL, "version": state["version"], "csrfmiddlewaretoken": token}
        status, headers, text = request("POST", path + "donne/", form, HX_Request="true")
        assert headers.get("HX-Trigger") == "dealSaved", (status, text[:300])
        state["version"] = hall.VERSION.search(text).group(1)

    with CaptureQueriesContext(connection) as queries:
        save()
    print(f"  one save: {len(queries.captured_queries)} queries")
    if os.environ.get("SHOW_QUERIES"):
        for query in queries.captured_queries:
            print("   ", query["sql"][:200])
    profile = None
    if os.environ.get("PROFILE") and not os.environ.get("PROFILE_STEP"):
        profile = cProfile.Profile(time.process_time)
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(n):
        if profile:
            profile.enable()
        save()
        if profile:
            profile.disable()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    if profile:
        stats = pstats.Stats(profile).sort_stats(os.environ["PROFILE"])
        stats.print_stats(os.environ.get("PROFILE_FILTER", ""), 40)
    print(f"  deal save: {cpu / n * 1000:.2f} ms CPU, {wall / n * 1000:.2f} ms wall a call (n={n})")


if __name__ == "__main__":
    sys.exit(main())
