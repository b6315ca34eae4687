"""The hall goes on at another address (issue 39, items 3 and 4): the first
laptop freezes (SIGSTOP) and a second one takes the concours over with
`hall --reprendre` on another host name and port (the second laptop's
address on the hall's Wi-Fi), from a copy of the stick older than the
last deal the phone was told was recorded (the journal cut before it).
The first laptop wakes up still seeing the stick (plugged back into it, or
a folder both see). A table's phone in real Chromium on plain HTTP types a
deal while the first laptop is frozen; woken, it refuses it (nothing
recorded there), its answer names the new address, and the page goes there
by itself with the deals it holds, waiting and acknowledged; the phone's code is asked there once (a
new address has none of the old one's cookies), and the second laptop gets
the acknowledged deal it lacked and the waiting one, each recorded once."""

from __future__ import annotations

import contextlib
import json
import shutil
import signal

from playwright.sync_api import expect

from tests.browser.test_hall_restart import (
    COUNT_DEALS,
    FIND_TABLE,
    HALL,
    SHOTS,
    open_phone,
    two_laptops,
)
from tests.browser.test_hall_takeover import type_deal
from tests.hall.test_handover import cut_before_last_deal

SECOND = "salle-2.belote.lan"


def test_the_phone_follows_the_hall_to_the_second_laptop(playwright, tmp_path, faults):
    """Browser: keys and focus, 390 px layout, scripts, offline outbox."""
    hall, other, stick, medium = two_laptops(tmp_path)
    phone = None
    other.env["PUBLIC_URL"] = f"http://{SECOND}:{other.port}"
    try:
        hall.start("--demo")
        table = json.loads(hall.shell(FIND_TABLE))
        url = f"http://{HALL}:{hall.port}{table['path']}"
        phone, page = open_phone(
            playwright, tmp_path / "phone", faults, url, table["code"], hosts=(HALL, SECOND)
        )
        type_deal(page, "97")
        expect(page.locator("#deal-1")).to_be_visible()
        type_deal(page, "105")
        expect(page.locator("#deal-2")).to_be_visible()
        expect(page.locator("#outbox")).to_be_hidden()

        # The first laptop freezes; the second takes over from an older copy.
        hall.process.send_signal(signal.SIGSTOP)
        type_deal(page, "110")  # waits on the phone: the laptop does not answer
        status = page.locator("#outbox .outbox-status")
        expect(status).to_contain_text("en attente d'envoi (1)")
        assert cut_before_last_deal(stick / "sauvegardes" / "reprise") >= 1
        other.start("--reprendre", str(stick / "sauvegardes"))
        assert f"http://{SECOND}:{other.port}/" in other.log()
        assert other.shell(COUNT_DEALS.format(pk=table["pk"])) == "[97]"
        hall.process.send_signal(signal.SIGCONT)

        # The first laptop wakes up and answers « moved »: the page goes to
        # the second by itself, with what the phone holds.
        page.wait_for_url(f"http://{SECOND}:{other.port}{table['path']}", timeout=40_000)
        assert "#" not in page.url  # the fragment taken out at once
        expect(page.locator("#id_code")).to_be_visible()
        # The acknowledged deals wait again (a hall of another name may lack
        # any: the one it lacks, and the one it holds, a mere retry there),
        # before the one typed.
        expect(status).to_contain_text("en attente d'envoi (3)", timeout=20_000)
        expect(status).to_contain_text("redonnez le code de votre équipe")
        # Each deal carried says its number (no grid here to place it in).
        listed = page.locator("#outbox .outbox-list li")
        expect(listed).to_have_count(3)
        for place, number in enumerate((1, 2, 3)):
            expect(listed.nth(place)).to_contain_text(f"Donne {number} · ")
        page.screenshot(path=f"{SHOTS}/phone-moved-code.png", full_page=True)
        page.locator("#id_code").fill(table["code"])
        page.locator("#id_code").press("Enter")
        expect(page.locator("#deal-3")).to_be_visible(timeout=30_000)
        expect(page.locator("#outbox")).to_be_hidden(timeout=30_000)
        expect(status).not_to_contain_text("attente")
        page.screenshot(path=f"{SHOTS}/phone-moved.png", full_page=True)
        # The first laptop's refusal was the answer meant: not a fault.
        faults.expected(503)
        assert other.shell(COUNT_DEALS.format(pk=table["pk"])) == "[97, 105, 110]"
        assert hall.shell(COUNT_DEALS.format(pk=table["pk"])) == "[97, 105]"
    finally:
        if phone is not None:
            with contextlib.suppress(Exception):
                phone.close()
        hall.stop()
        other.stop()
        shutil.rmtree(medium, ignore_errors=True)
