"""The journeys' guard reads Chromium's console lines « Failed to load
resource: the server responded with a status of N » by one rule
(tests/browser/guard.py), tested here without a browser: such a line is an
answer's echo, explained by a recorded answer of its status and address; it
is no fault when that answer was declared expected (`Faults.expected`),
whenever the line arrives, and a fault otherwise (an answer not declared, or
no answer at all)."""

from __future__ import annotations

from pathlib import Path

from tests.browser.guard import Answer, Faults, StatusLine, status_of, unexplained

PAGE = "http://127.0.0.1:8000/t/demo/tables/3/"
DEALS = "http://127.0.0.1:8000/t/demo/tables/3/donnes/"


def chromium(status: int) -> str:
    """The text Chromium logs for an answer of `status`."""
    phrase = {404: "Not Found", 500: "Internal Server Error", 503: "Service Unavailable"}
    said = f"the server responded with a status of {status} ({phrase[status]})"
    return f"Failed to load resource: {said}"


def line(status: int, url: str = DEALS) -> StatusLine:
    """Chromium's line for an answer of `status` to `url`, on PAGE."""
    return StatusLine.read(chromium(status), url, PAGE)


def test_the_status_is_read_from_chromium_s_line_only() -> None:
    assert status_of(chromium(503)) == 503
    assert line(503).status == 503
    assert status_of("Failed to load resource: net::ERR_CONNECTION_REFUSED") is None
    assert status_of("htmx:responseError Response Status Error Code 404 from /x") is None


def test_an_expected_503_and_its_line_are_no_fault() -> None:
    meant = Answer(503, "POST", DEALS, expected=True)
    assert unexplained([line(503)], [meant]) == []


def test_an_unexpected_500_and_its_line_are_faults() -> None:
    fault = Answer(500, "POST", DEALS)
    assert unexplained([line(500)], [fault]) == [line(500)]

    found = Faults()
    found.record(fault)
    found.console_line(line(500))
    assert found and "500 POST" in str(found) and "status of 500" in str(found)


def test_a_line_with_no_answer_is_a_fault() -> None:
    assert unexplained([line(503)], []) == [line(503)]
    # An answer of the same status elsewhere, or of another status, explains nothing.
    elsewhere = Answer(503, "GET", PAGE, expected=True)
    other = Answer(404, "POST", DEALS, expected=True)
    assert unexplained([line(503)], [elsewhere, other]) == [line(503)]

    found = Faults()
    found.console_line(line(503))
    assert found and "status of 503" in str(found)


def test_one_answer_explains_one_line() -> None:
    meant = Answer(503, "POST", DEALS, expected=True)
    assert unexplained([line(503), line(503)], [meant]) == [line(503)]


def test_a_line_that_comes_after_its_answer_was_declared_expected_is_no_fault() -> None:
    """The order that failed test_hall_takeover under load: the 503 answered
    and recorded, the journey declares it expected, and only then does
    Chromium's line about it reach the journey."""
    found = Faults()
    found.record(Answer(503, "POST", DEALS))
    assert found  # a 5xx not declared: a fault
    assert [str(a) for a in found.expected(503)] == [f"503 POST {DEALS}"]
    assert not found
    found.console_line(line(503))  # late
    assert not found, str(found)


def test_a_line_that_comes_before_its_answer_is_declared_is_no_fault() -> None:
    found = Faults()
    found.record(Answer(503, "POST", DEALS))
    found.console_line(line(503))
    assert found
    found.expected(503)
    assert not found, str(found)


def test_an_answer_after_the_declaration_is_still_a_fault_with_its_line() -> None:
    """What was declared is what was answered until then: the same 503
    answered later is a server fault again, and so is its line."""
    found = Faults()
    found.record(Answer(503, "POST", DEALS))
    found.console_line(line(503))
    found.expected(503)
    found.record(Answer(503, "POST", DEALS))
    found.console_line(line(503))
    assert str(found).count("503") == 2, str(found)  # the answer and its line


def test_an_answer_not_declared_does_not_explain_its_line() -> None:
    """A 4xx is no server fault, but its line is a console error unless the
    journey declared that answer (a form refused 422, a page not found)."""
    found = Faults()
    found.record(Answer(404, "GET", PAGE))
    found.console_line(line(404, PAGE + "#fragment"))
    assert found and "status of 404" in str(found)
    assert found.expected(404, "/tables/3/") and not found
    assert found.expected(404) == []  # declared once


def test_declared_by_address() -> None:
    found = Faults()
    found.record(Answer(404, "GET", PAGE))
    found.record(Answer(404, "GET", DEALS))
    found.console_line(line(404, PAGE))
    found.console_line(line(404, DEALS))
    assert [a.url for a in found.expected(404, "/donnes/")] == [DEALS]
    assert found and "status of 404" in str(found) and f"[{PAGE}]" in str(found)


BROWSER = Path(__file__).resolve().parent / "browser"


def hand_filters(folder: Path) -> list[str]:
    """The journeys of `folder` that read Chromium's « status of N » lines
    themselves, rather than declaring the answers they meant."""
    return [
        f"{path.name}:{number}"
        for path in sorted(folder.glob("test_*.py"))
        for number, said in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "status of" in said
    ]


def test_no_journey_reads_chromium_s_answer_lines_by_hand() -> None:
    """One mechanism: a journey declares `faults.expected(status, where)`;
    a filter of its own on the console's text would be late under load."""
    assert hand_filters(BROWSER) == []
