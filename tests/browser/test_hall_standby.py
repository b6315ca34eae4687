"""The first laptop dead for good, its standby known in advance (issue 39):
the hall server started with `--secours <the second laptop's address>`; a
table's phone in real Chromium at 390 px on plain HTTP (host names resolved
to loopback, as on the hall's Wi-Fi) types deals; the server is killed
(-9), its data folder deleted, and it never comes back. The phone keeps
what it types, tells the player after a minute what to do, and asks the
standby; once `hall --reprendre` runs there, the page goes to it by itself
with every deal it holds, the team's code is asked once, and what waited is
recorded there once. The second laptop's desk shows its address big, as a
QR code for the phones."""

from __future__ import annotations

import contextlib
import json
import re
import shutil

from playwright.sync_api import expect

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

SECOND = "secours.belote.lan"


def test_the_first_laptop_dead_for_good_the_phone_goes_to_the_standby(
    playwright, browser, tmp_path, faults
):
    """Browser: keys and focus, 390 px layout, scripts, offline outbox."""
    hall, other, stick, medium = two_laptops(tmp_path)
    phone = None
    standby = f"http://{SECOND}:{other.port}"
    other.env["PUBLIC_URL"] = standby
    try:
        hall.start("--demo", "--secours", standby)
        password = re.search(r"Mot de passe : (\S+)", hall.log()).group(1)
        table = json.loads(hall.shell(FIND_TABLE))
        phone, page = open_phone(
            playwright,
            tmp_path / "phone",
            faults,
            f"http://{HALL}:{hall.port}{table['path']}",
            table["code"],
            hosts=(HALL, SECOND),
        )
        # The phone's clock is Playwright's: the minute of silence is moved
        # on, not waited for (a real minute raced a 120 s bound).
        phone.clock.install()
        type_deal(page, "97")
        expect(page.locator("#deal-1")).to_be_visible()
        type_deal(page, "105")
        expect(page.locator("#deal-2")).to_be_visible()
        expect(page.locator("#outbox")).to_be_hidden()

        # The laptop dies for good, its disk with it; the phone types on.
        faults.network_down = True  # the phone's tries and its asks of the standby fail
        hall.kill()
        shutil.rmtree(hall.data)
        type_deal(page, "110")
        status = page.locator("#outbox .outbox-status")
        expect(status).to_contain_text("en attente d'envoi (1)")
        # After a minute of silence the player is told what to do.
        page.clock.fast_forward("01:05")
        expect(status).to_contain_text("ne répond plus", timeout=30_000)
        expect(status).to_contain_text("Téléphones : scannez ceci")
        page.screenshot(path=f"{SHOTS}/phone-hall-dead-for-good.png", full_page=True)

        # The second laptop takes over at the standby's address: the page
        # goes there by itself (the player reloads nothing).
        other.start("--reprendre", str(stick / "sauvegardes"))
        assert other.shell(COUNT_DEALS.format(pk=table["pk"])) == "[97, 105]"
        page.wait_for_url(f"{standby}{table['path']}", timeout=60_000)
        assert "#" not in page.url  # the fragment taken out at once
        faults.network_down = False
        expect(page.locator("#id_code")).to_be_visible()
        expect(status).to_contain_text("redonnez le code de votre équipe", timeout=20_000)
        page.screenshot(path=f"{SHOTS}/phone-standby-code.png", full_page=True)
        page.locator("#id_code").fill(table["code"])
        page.locator("#id_code").press("Enter")
        expect(page.locator("#deal-3")).to_be_visible(timeout=30_000)
        expect(page.locator("#outbox")).to_be_hidden(timeout=30_000)
        page.screenshot(path=f"{SHOTS}/phone-standby.png", full_page=True)
        # The acknowledged deals it carried were retries there: each once.
        assert other.shell(COUNT_DEALS.format(pk=table["pk"])) == "[97, 105, 110]"

        # The second laptop's desk: its address big, as a QR code for the phones.
        desk = open_desk(browser, faults, f"http://127.0.0.1:{other.port}", password)
        desk.goto(f"http://127.0.0.1:{other.port}/organisation/")
        here = desk.locator(".phones-here")
        expect(here).to_contain_text("Téléphones : scannez ceci")
        expect(here.locator(".phones-here-url")).to_have_text(standby + "/")
        expect(here.locator("svg")).to_be_visible()
        desk.screenshot(path=f"{SHOTS}/desk-standby-took-over.png", full_page=True)
        desk.close()
    finally:
        if phone is not None:
            with contextlib.suppress(Exception):
                phone.close()
        hall.stop()
        other.stop()
        shutil.rmtree(medium, ignore_errors=True)
