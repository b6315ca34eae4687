"""The first laptop dead for good, and no standby named in advance (issues
39, 50): the hall server started WITHOUT `--secours`; a table's phone in
real Chromium at 390 px on plain HTTP (host names resolved to loopback, as
on the hall's Wi-Fi) types deals; the server is killed (-9), its data
folder deleted, and it never comes back; a deal is typed while it is dead.
A second laptop takes over from the stick at another host name and port.

Its desk's QR code opens a page that second laptop serves (never the dead
laptop's address: on plain HTTP a phone's browser holds nothing of it, no
service worker, and the dead address refuses the connection). The phone's
own page, still open, tells the player after a minute of silence to type
the address the desk shows: it checks that this address took this very
hall over (the ping's proof, with the page's own key) and goes there with
every deal it holds; the team's code is asked once, and the second laptop
ends with every deal once, none typed again.

The attack first: an address that did not take this hall over, typed (a
false hall on the Wi-Fi that answers the ping with everything the real
second laptop says: this hall's name, read by anyone, and its proof,
relayed) gets nothing but the question, and the page stays."""

from __future__ import annotations

import contextlib
import http.server
import json
import re
import shutil
import subprocess
import threading
import urllib.request

from playwright.sync_api import expect

from bench.ports import server_port
from tests.browser import accessibility
from tests.browser.conftest import _settled_navigation, settle, watch
from tests.browser.test_hall_restart import (
    COUNT_DEALS,
    FIND_TABLE,
    HALL,
    SHOTS,
    open_desk,
    open_phone,
    two_laptops,
)
from tests.browser.test_hall_takeover import type_deal

SECOND = "portable-2.belote.lan"


class FalseHall(http.server.BaseHTTPRequestHandler):
    """An address on the Wi-Fi that answers the hall's ping, readable by any
    origin, with the real second laptop's answer to the same question (its
    name, the hall it took over, its proof); it notes every request it gets."""

    seen: list[str] = []
    relay = ""

    def do_GET(self) -> None:
        self.seen.append(f"GET {self.path}")
        with urllib.request.urlopen(self.relay + self.path, timeout=10) as real:
            body = real.read()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self) -> None:
        self.seen.append(f"POST {self.path}")
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args) -> None:
        pass


@contextlib.contextmanager
def false_hall(relay: str):
    FalseHall.seen, FalseHall.relay = [], relay
    server = http.server.ThreadingHTTPServer(("127.0.0.1", server_port()), FalseHall)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2})
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def new_tab(phone, faults):
    """A tab the camera app opens on the phone, watched as the journeys' pages are."""
    tab = phone.new_page()
    watch(tab, faults)
    _settled_navigation(tab)
    accessibility.watch(tab, faults.accessibility, settle)
    return tab


def qr_code_read(locator, path: str) -> str:
    """What a camera reads in the QR code shown (zbarimg on its picture)."""
    locator.screenshot(path=path)
    read = subprocess.run(["zbarimg", "--raw", "-q", path], capture_output=True, text=True)
    return read.stdout.strip()


def type_address(page, address: str) -> None:
    """The player types the address the desk shows, on the phone's keyboard."""
    field = page.locator("#outbox-address")
    field.fill("")
    field.press_sequentially(address)
    field.press("Enter")


def test_no_standby_named_the_phone_carries_its_deals_to_the_address_the_desk_shows(
    playwright, browser, tmp_path, faults
):
    """Browser: keys and focus, 390 px layout, scripts, offline outbox, axe."""
    hall, other, stick, medium = two_laptops(tmp_path)
    phone = None
    new_address = f"http://{SECOND}:{other.port}"
    other.env["PUBLIC_URL"] = new_address
    old_address = f"http://{HALL}:{hall.port}"
    try:
        hall.start("--demo")  # no standby named
        password = re.search(r"Mot de passe : (\S+)", hall.log()).group(1)
        table = json.loads(hall.shell(FIND_TABLE))
        phone, page = open_phone(
            playwright,
            tmp_path / "phone",
            faults,
            old_address + table["path"],
            table["code"],
            hosts=(HALL, SECOND),
        )
        # The phone's clock is Playwright's: its minute without the hall is
        # moved on, not waited for (a real minute raced a 120 s bound).
        phone.clock.install()
        type_deal(page, "97")
        expect(page.locator("#deal-1")).to_be_visible()
        type_deal(page, "105")
        expect(page.locator("#deal-2")).to_be_visible()
        expect(page.locator("#outbox")).to_be_hidden()

        # The laptop dies for good, its disk with it; the phone types on.
        faults.network_down = True
        hall.kill()
        shutil.rmtree(hall.data)
        type_deal(page, "110")
        status = page.locator("#outbox .outbox-status")
        expect(status).to_contain_text("en attente d'envoi (1)")

        # A second laptop takes over from the stick, at an address no phone knows.
        other.start("--reprendre", str(stick / "sauvegardes"))
        assert other.shell(COUNT_DEALS.format(pk=table["pk"])) == "[97, 105]"
        desk = open_desk(browser, faults, f"http://127.0.0.1:{other.port}", password)
        desk.goto(f"http://127.0.0.1:{other.port}/organisation/")
        here = desk.locator(".phones-here")
        expect(here.locator(".phones-here-url")).to_have_text(new_address + "/")
        # Its QR code opens a page this second laptop serves: « Ma table ».
        opens = qr_code_read(here.locator(".qr"), f"{SHOTS}/desk-qr-no-standby.png")
        assert opens == new_address + "/ma-table/", opens
        desk.screenshot(path=f"{SHOTS}/desk-took-over-no-standby.png", full_page=True)
        desk.close()
        scanned = new_tab(phone, faults)
        assert scanned.goto(opens).ok
        accessibility.check_last(scanned)
        scanned.close()

        # The phone's own page, a minute without its hall: the player is
        # asked for the address the desk shows.
        page.clock.fast_forward("01:05")
        expect(status).to_contain_text("tapez ci-dessous l'adresse", timeout=30_000)
        expect(page.locator("#outbox-move")).to_be_visible()
        page.screenshot(path=f"{SHOTS}/phone-asks-the-address.png", full_page=True)

        # The attack: an address that did not take this hall over. Asked,
        # it gets nothing; the page stays, its deals with it.
        with false_hall(f"http://127.0.0.1:{other.port}") as trap:
            type_address(page, trap)
            expect(status).to_contain_text("n'a pas repris la salle", timeout=30_000)
            assert page.url == old_address + table["path"]
            assert len(FalseHall.seen) == 1 and FalseHall.seen[0].startswith("GET /salle/ping/?n=")
            # What it relayed names this hall and holds a proof: of the real address only.
            nonce = FalseHall.seen[0].split("n=")[1]
            with urllib.request.urlopen(f"{FalseHall.relay}/salle/ping/?n={nonce}") as real:
                assert set(json.loads(real.read())) == {"hall", "replaces", "proof"}
            page.screenshot(path=f"{SHOTS}/phone-false-address.png", full_page=True)
            accessibility.check_last(page)
        expect(status).to_contain_text("en attente d'envoi (1)")

        # The address as the desk shows it: the page goes there with every
        # deal the phone holds (the player types none again).
        type_address(page, new_address + "/")
        page.wait_for_url(new_address + table["path"], timeout=60_000)
        assert "#" not in page.url  # the fragment taken out at once
        faults.network_down = False
        expect(page.locator("#id_code")).to_be_visible()
        expect(status).to_contain_text("redonnez le code de votre équipe", timeout=20_000)
        page.screenshot(path=f"{SHOTS}/phone-no-standby-code.png", full_page=True)
        page.locator("#id_code").fill(table["code"])
        page.locator("#id_code").press("Enter")
        expect(page.locator("#deal-3")).to_be_visible(timeout=30_000)
        expect(page.locator("#outbox")).to_be_hidden(timeout=30_000)
        page.screenshot(path=f"{SHOTS}/phone-no-standby.png", full_page=True)
        # The acknowledged deals it carried were retries there: each once.
        assert other.shell(COUNT_DEALS.format(pk=table["pk"])) == "[97, 105, 110]"
        accessibility.check_last(page)
    finally:
        if phone is not None:
            with contextlib.suppress(Exception):
                phone.close()
        hall.stop()
        other.stop()
        shutil.rmtree(medium, ignore_errors=True)
