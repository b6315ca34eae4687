"""The pictures of the help page (« Aide »), taken from the app itself.

`bin/help-shots` runs this module: a fresh data folder, the demo built in
it, the app served as the hall server serves it (waitress, on 127.0.0.1
only), then Debian's Chromium walks through the day as the organizer and
saves one picture a step in static/img/help/ — small PNGs (a palette of
few colours), so the repository stays light. Run it again whenever the
pages change; nothing here is a test.

Never downloads a browser: Playwright drives Debian's Chromium by its path (its
headless shell where installed: CHROMIUM of tests/browser/conftest.py).
"""

from __future__ import annotations

import io
import os
import sys
import tempfile
import threading
from pathlib import Path

from bench.ports import server_port

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "static" / "img" / "help"
DESKTOP = {"width": 1024, "height": 640}
PHONE = {"width": 390, "height": 720}
COLOURS = 48


def _prepare() -> str:
    """Settings of the hall server in a throwaway data folder, the database
    made and the demo built; returns the demo organizer's password."""
    os.environ["BELOTE_DATA_DIR"] = tempfile.mkdtemp(prefix="help-shots-")
    os.environ["BELOTE_MODE"] = "hall"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    out = io.StringIO()
    call_command("demo", stdout=out)
    for line in out.getvalue().splitlines():
        if line.startswith("Mot de passe : "):
            return line.removeprefix("Mot de passe : ").strip()
    raise SystemExit("the demo printed no password")


def _serve(port: int) -> None:
    from django.core.wsgi import get_wsgi_application
    from waitress import serve

    serve(get_wsgi_application(), host="127.0.0.1", port=port, threads=4, _quiet=True)


def _save(png: bytes, name: str) -> None:
    """A picture with a small palette: a tenth of the size, as readable."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    small = image.quantize(colors=COLOURS, method=Image.Quantize.MEDIANCUT)
    path = OUT / f"{name}.png"
    small.save(path, optimize=True)
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} Ko")


def _urls() -> dict[str, str]:
    """The pages of the day, in the demo."""
    from django.urls import reverse

    from demo.concours import FINAL_PHASE_SLUG
    from demo.management.commands.demo import DEMO_SLUG
    from tournaments.infra import links
    from tournaments.models import Round, Table

    open_round = Round.objects.filter(tournament__slug=DEMO_SLUG).order_by("-number").first()
    playing = Table.objects.filter(round=open_round, team_b__isnull=False).order_by("number")
    table = playing.exclude(status=Table.Status.COMPLETE).first() or playing.first()
    return {
        "dashboard": reverse("tournaments:dashboard"),
        "create": reverse("tournaments:create"),
        "teams": reverse("tournaments:manage", args=[DEMO_SLUG]),
        "cash": reverse("tournaments:cash", args=[DEMO_SLUG]),
        "round": reverse("tournaments:round", args=[DEMO_SLUG, open_round.number]),
        "desk": reverse("tournaments:table", args=[DEMO_SLUG, open_round.number, table.number]),
        "table_side": links.entry_path(table),
        "screen": reverse("tournaments:projector", args=[DEMO_SLUG]),
        "standings": reverse("tournaments:standings", args=[DEMO_SLUG]),
        "brackets": reverse("tournaments:brackets_manage", args=[FINAL_PHASE_SLUG]),
    }


def main() -> None:
    password = _prepare()
    urls = _urls()
    port = server_port()
    threading.Thread(target=_serve, args=(port,), daemon=True).start()
    base = f"http://127.0.0.1:{port}"
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        desk = browser.new_page(viewport=DESKTOP, locale="fr-FR")
        for _ in range(50):
            try:
                desk.goto(base + "/compte/connexion/")
                break
            except Exception:  # the server is starting
                desk.wait_for_timeout(200)
        desk.locator("#id_username").fill("organisateur")
        desk.locator("#id_password").fill(password)
        desk.locator("#id_password").press("Enter")
        desk.wait_for_url(base + "/organisation/")

        def shot(name: str, url: str, *, anchor: str | None = None) -> None:
            desk.goto(base + url)
            desk.wait_for_load_state("networkidle")
            if anchor:
                desk.locator(anchor).first.scroll_into_view_if_needed()
                desk.evaluate("window.scrollBy(0, -80)")
            else:  # a page that focuses its first field scrolls down to it
                desk.evaluate("window.scrollTo(0, 0)")
                desk.wait_for_timeout(100)
            _save(desk.screenshot(), name)

        shot("01-tableau-de-bord", urls["dashboard"])
        shot("02-nouveau-tournoi", urls["create"])
        shot("03-equipes", urls["teams"], anchor="#team-search")
        shot("04-caisse", urls["cash"])
        shot("05-tirage", urls["round"])
        shot("06-saisie", urls["desk"])
        phone = browser.new_page(viewport=PHONE, locale="fr-FR", is_mobile=True, has_touch=True)
        phone.goto(base + urls["table_side"])
        _save(phone.screenshot(), "07-table-telephone")
        screen = browser.new_page(viewport=DESKTOP, locale="fr-FR")
        screen.goto(base + urls["screen"])
        screen.wait_for_timeout(500)
        _save(screen.screenshot(), "08-ecran")
        shot("09-classement", urls["standings"])
        shot("10-phase-finale", urls["brackets"])
        browser.close()


if __name__ == "__main__":
    main()
