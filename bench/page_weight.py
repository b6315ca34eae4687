"""What a phone loads on the hall's Wi-Fi (a benchmark, not a test): each
public page and a table's page opened cold (an empty browser cache), the
bytes that travel (compressed, as the browser receives them: the page and
every file it asks for), and the time to a usable page on a slow 3G
profile.

« Slow 3G » here is WebPageTest's « 3G Slow »: 400 kbit/s down and up,
400 ms round trip, set on the browser by the DevTools protocol. « Usable »
is the page's load event (its scripts run, its grid ready to type).

Against a running server (the hall's, `make run`, or the previous release's
for a side-by-side figure):

    .venv/bin/python -m bench.page_weight --base http://127.0.0.1:8000 \\
        --slug concours-de-coinche-de-saint-eloi-demo --table /saisie/<token>/

Prints one line a page: `<page>: <KB> KB in <n> requests, <s> s on slow 3G`.
"""

from __future__ import annotations

import argparse
import shutil

from playwright.sync_api import sync_playwright

SLOW_3G = {
    "offline": False,
    "latency": 400,
    "downloadThroughput": 400 * 1000 / 8,
    "uploadThroughput": 400 * 1000 / 8,
}


def measure(browser, url: str, throttle: bool) -> tuple[int, int, float]:
    context = browser.new_context(locale="fr-FR", viewport={"width": 390, "height": 844})
    page = context.new_page()
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.setCacheDisabled", {"cacheDisabled": True})
    if throttle:
        session.send("Network.emulateNetworkConditions", SLOW_3G)
    sizes: dict[str, float] = {}
    session.on(
        "Network.loadingFinished",
        lambda event: sizes.__setitem__(event["requestId"], event["encodedDataLength"]),
    )
    page.goto(url, wait_until="load")
    seconds = page.evaluate(
        "() => { const t = performance.getEntriesByType('navigation')[0];"
        " return t.loadEventEnd / 1000; }"
    )
    context.close()
    return int(sum(sizes.values())), len(sizes), seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", required=True)
    parser.add_argument("--slug", required=True)
    parser.add_argument("--table", required=True, help="a table's entry path (/saisie/…/)")
    args = parser.parse_args()
    pages = {
        "home": "/",
        "concours": f"/t/{args.slug}/",
        "live ranking": f"/t/{args.slug}/classement/",
        "où je joue": f"/t/{args.slug}/ou-je-joue/",
        "table": args.table,
    }
    # The whole browser, as when the figures of docs/hall.md were taken;
    # the headless shell that the journeys run where it is the only one.
    chromium = (
        shutil.which("chromium") or shutil.which("chromium-headless-shell") or "/usr/bin/chromium"
    )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, args=["--no-sandbox", "--disable-gpu"]
        )
        for name, path in pages.items():
            weight, requests, _ = measure(browser, args.base + path, throttle=False)
            _, _, seconds = measure(browser, args.base + path, throttle=True)
            print(
                f"{name}: {weight / 1000:.1f} KB in {requests} requests, {seconds:.2f} s on slow 3G"
            )
        browser.close()


if __name__ == "__main__":
    main()
