"""A phone whose page was closed finds its table after a takeover at another
address (issue 60, item 1): the first laptop (`manage.py hall`, on
127.0.0.1) dies with its disk; a second one (`manage.py hall --reprendre`,
on 127.0.0.2, another host name) takes the concours over from the stick.
The phone, Chromium at 390 px on plain HTTP, had closed its table's page:
it holds no link. Its camera reads the QR code the second laptop's desk
shows (zbarimg on the screenshot): it opens « Ma table », which asks the
team's code; the code opens the table's page there, and the phone sends a
deal. The taps from the scan to the table's page are counted. A second
phone goes the other way a player might: the home, « Ma table ».

Also shown: « Réimprimer » on the second laptop prints a sheet whose QR
code carries the second laptop's address (pdftoppm + zbarimg). The first
laptop brought back on its own data with the stick, refusing to start,
needs no browser: tests/hall/test_handover.py."""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import subprocess

from playwright.sync_api import expect

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, _settled_navigation, watch
from tests.browser.test_hall_no_standby import qr_code_read
from tests.browser.test_hall_restart import (
    COUNT_DEALS,
    FIND_TABLE,
    HALL,
    SHOTS,
    open_desk,
    two_laptops,
)
from tests.browser.test_hall_takeover import type_deal

SECOND = "portable-2.belote.lan"
SLUG = "concours-de-coinche-de-saint-eloi-demo"
OTHER_CODE = """
from tournaments.models import Table
t = Table.objects.get(pk={pk})
print(t.code_b)
"""


def phone_at_390(playwright, folder, faults, port_other: int):
    """A table's phone on the hall's Wi-Fi: the first laptop's name on
    127.0.0.1, the second's on 127.0.0.2."""
    rules = f"MAP {HALL} 127.0.0.1, MAP {SECOND} 127.0.0.2"
    phone = playwright.chromium.launch_persistent_context(
        str(folder),
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules={rules}"],
        locale="fr-FR",
        viewport={"width": 390, "height": 844},
        has_touch=True,
    )
    return phone


def new_page(phone, faults):
    page = phone.new_page()
    watch(page, faults)
    _settled_navigation(page)
    return page


def test_a_phone_without_its_page_finds_its_table_at_the_new_address_by_its_code(
    playwright, browser, tmp_path, faults
):
    """Browser: keys and focus, 390 px layout, scripts, offline outbox."""
    hall, other, stick, medium = two_laptops(tmp_path)
    other.listen = "127.0.0.2"
    new_address = f"http://{SECOND}:{other.port}"
    other.env["PUBLIC_URL"] = new_address
    old_address = f"http://{HALL}:{hall.port}"
    phone = None
    try:
        hall.start("--demo")
        password = re.search(r"Mot de passe : (\S+)", hall.log()).group(1)
        table = json.loads(hall.shell(FIND_TABLE))
        phone = phone_at_390(playwright, tmp_path / "phone", faults, other.port)
        page = new_page(phone, faults)
        page.goto(old_address + table["path"])
        page.locator("#id_code").fill(table["code"])
        page.locator("#id_code").press("Enter")
        type_deal(page, "97")
        expect(page.locator("#deal-1")).to_be_visible()
        expect(page.locator("#outbox")).to_be_hidden()
        page.close()  # the player put the phone away: no page, no link left

        # The first laptop dies for good; a second takes over elsewhere.
        hall.kill()
        shutil.rmtree(hall.data)
        other.start("--reprendre", str(stick / "sauvegardes"))
        said = other.log()
        assert f"{new_address}/ma-table/" in said, said[-1500:]
        assert other.shell(COUNT_DEALS.format(pk=table["pk"])) == "[97]"

        # The desk's QR code, read by a camera.
        desk = open_desk(browser, faults, f"http://127.0.0.2:{other.port}", password)
        desk.goto(f"http://127.0.0.2:{other.port}/organisation/")
        here = desk.locator(".phones-here")
        expect(here.locator(".phones-here-url")).to_have_text(new_address + "/")
        opens = qr_code_read(here.locator(".qr"), f"{SHOTS}/desk-qr-my-table.png")
        assert opens == new_address + "/ma-table/", opens

        # The phone: scan (1), the code's field (1), 8 digits, « Aller à ma table » (1).
        taps = 0
        page = new_page(phone, faults)
        assert page.goto(opens).ok
        taps += 1
        page.screenshot(path=f"{SHOTS}/phone-my-table.png", full_page=True)
        field = page.locator("#id_code")
        expect(field).to_be_focused()
        field.tap()
        taps += 1
        field.press_sequentially(table["code"])
        page.get_by_role("button", name="Aller à ma table").tap()
        taps += 1
        page.wait_for_url(new_address + table["path"], timeout=30_000)
        expect(page.locator(".messages, .message, [role=status]").first).to_contain_text(
            f"Table {table['number']}, Nord-Sud : saisissez vos donnes."
        )
        page.screenshot(path=f"{SHOTS}/phone-my-table-opened.png", full_page=True)
        print(f"taps from the desk's QR code to the table's page: {taps} (+ 8 digits)")
        assert taps == 3
        type_deal(page, "105")
        expect(page.locator("#deal-2")).to_be_visible(timeout=30_000)
        expect(page.locator("#outbox")).to_be_hidden(timeout=30_000)
        assert other.shell(COUNT_DEALS.format(pk=table["pk"])) == "[97, 105]"
        page.close()

        # The other team, its phone the other way: the home, « Ma table ».
        other_code = other.shell(OTHER_CODE.format(pk=table["pk"]))
        page = new_page(phone, faults)
        page.goto(new_address + "/")
        page.get_by_role("link", name="Ma table : saisir nos donnes").tap()
        page.locator("#id_code").fill(other_code)
        page.locator("#id_code").press("Enter")
        page.wait_for_url(new_address + table["path"], timeout=30_000)
        expect(page.locator("body")).to_contain_text("l'autre équipe saisit")
        page.close()

        # « Réimprimer » on the second laptop: the sheet's QR code, its address.
        sheet = desk.request.get(
            f"http://127.0.0.2:{other.port}/organisation/t/{SLUG}/parties/"
            f"{table['round']}/tables/{table['number']}/feuille.pdf"
        )
        assert sheet.ok, sheet.status
        pdf = tmp_path / "feuille.pdf"
        pdf.write_bytes(sheet.body())
        subprocess.run(
            ["pdftoppm", "-png", "-r", "150", str(pdf), str(tmp_path / "feuille")], check=True
        )
        pictures = sorted(tmp_path.glob("feuille*.png"))
        read = subprocess.run(
            ["zbarimg", "--raw", "-q", *map(str, pictures)], capture_output=True, text=True
        ).stdout.split()
        assert any(url.startswith(new_address + table["path"]) for url in read), read
        assert not any(old_address in url for url in read), read
        shutil.copy(pictures[0], f"{SHOTS}/sheet-reprinted-second-laptop.png")
        desk.close()
    finally:
        if phone is not None:
            with contextlib.suppress(Exception):
                phone.close()
        hall.stop()
        other.stop()
        shutil.rmtree(medium, ignore_errors=True)
