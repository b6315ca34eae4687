// The phone following the hall to a second laptop (static/js/outbox-queue.js:
// `target`, `carry`, `adopt`)
// without a browser: where it goes, and what the fragment carries there
// (every waiting entry once, with its first version; nothing malformed).
"use strict";

const { describe, test } = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");

const M = require(process.env.OUTBOX_QUEUE_JS || path.join(__dirname, "../../static/js/outbox-queue.js"));

const OLD = "http://salle-1.test:8000";
const NEW = "http://salle-2.test:8000";
const here = { origin: OLD, pathname: "/saisie/abc/", search: "" };
const deal = (id, points, version) => ({
  id, token: "abc", kind: "deal", url: `${OLD}/saisie/abc/donne/`, labels: { points: "Points" },
  fields: [["csrfmiddlewaretoken", "x"], ["number", ""], ["points", String(points)]], number: "", version, created: 1000 + id,
});

describe("where the page goes", () => {
  const cases = [
    [NEW, `${NEW}/saisie/abc/`],
    [`${NEW}/`, `${NEW}/saisie/abc/`],
    ["https://salle-2.test", "https://salle-2.test/saisie/abc/"],
    [OLD, null], // the same laptop: nowhere
    ["javascript:alert(1)", null],
    ["//salle-2.test", null],
    ["http://user:secret@salle-2.test", null],
    ["", null],
    [null, null],
  ];
  for (const [moved, expected] of cases) {
    test(`${moved} → ${expected}`, () => assert.equal(M.target(moved, here), expected));
  }
});

describe("what the fragment carries", () => {
  test("every waiting entry, in order, with its first version, at the new origin", () => {
    const fragment = M.carry([deal(1, 97, 4), deal(2, 111, null)], OLD);
    const adopted = M.adopt(`#${fragment}`, NEW);
    assert.deepEqual(adopted.map((e) => [e.url, e.version, e.fields[2][1], e.queued]), [
      [`${NEW}/saisie/abc/donne/`, 4, "97", true],
      [`${NEW}/saisie/abc/donne/`, null, "111", true],
    ]);
    assert.deepEqual(adopted.map((e) => e.from), [`${OLD}#1`, `${OLD}#2`]);
  });

  test("each new deal keeps the number it was shown with; a number that is not one is left out", () => {
    const carried = [{ ...deal(1, 97, 4), place: 2 }, { ...deal(2, 111, null), place: 3 }, { ...deal(3, 80, null), place: "<b>4</b>" }];
    assert.deepEqual(M.adopt(M.carry(carried, OLD), NEW).map((e) => e.place), [2, 3, undefined]);
  });

  test("the acknowledged deals go too, still acknowledged (the partie's last copy)", () => {
    const fragment = M.carry([{ ...deal(1, 97, 4), acked: true }, deal(2, 111, null)], OLD);
    assert.deepEqual(M.adopt(fragment, NEW).map((e) => e.acked), [true, false]);
  });

  test("a move followed twice adds nothing the outbox already holds", () => {
    const fragment = M.carry([deal(1, 97, 4), deal(2, 111, 5)], OLD);
    const adopted = M.adopt(fragment, NEW, [`${OLD}#1`]);
    assert.deepEqual(adopted.map((e) => e.from), [`${OLD}#2`]);
  });

  test("an entry moved twice keeps where it first came from", () => {
    const once = M.adopt(M.carry([deal(1, 97, 4)], OLD), NEW);
    const twice = M.adopt(M.carry(once, NEW), "http://salle-3.test");
    assert.equal(twice[0].from, `${OLD}#1`);
  });

  const refused = [
    "", "#autre=1", "#reprise=", "#reprise=%7Bnot", "#reprise=" + encodeURIComponent("{}"),
    "#reprise=" + encodeURIComponent(JSON.stringify([{ kind: "deal", token: "abc", path: "//evil.test/x", fields: [], from: "a" }])),
    "#reprise=" + encodeURIComponent(JSON.stringify([{ kind: "deal", token: "abc", path: "/x", fields: [["a", 1]], from: "a", version: null }])),
    "#reprise=" + encodeURIComponent(JSON.stringify([{ kind: "other", token: "abc", path: "/x", fields: [], from: "a", version: null }])),
    "#reprise=" + encodeURIComponent(JSON.stringify([{ kind: "deal", token: "abc", path: "/x", fields: [], from: "a", version: "1" }])),
  ];
  refused.forEach((hash, index) => {
    test(`malformed fragment ${index} is ignored whole`, () => assert.deepEqual(M.adopt(hash, NEW), []));
  });
});

// No standby named (issue 50): the address the player types from the desk's
// screen, taken only when it is a plain http(s) address of a host.
describe("the address a player types", () => {
  const cases = [
    ["http://192.168.1.21:8000", "http://192.168.1.21:8000"],
    ["http://192.168.1.21:8000/", "http://192.168.1.21:8000"],
    ["  http://portable-2.belote.lan:8001/ ", "http://portable-2.belote.lan:8001"],
    ["192.168.1.21:8000", "http://192.168.1.21:8000"],
    ["portable-2.belote.lan:8000", "http://portable-2.belote.lan:8000"],
    ["HTTP://Portable-2.lan", "http://portable-2.lan"],
    ["https://salle.test", "https://salle.test"],
    ["", null],
    ["   ", null],
    ["http://", null],
    ["javascript:alert(1)", null],
    ["ftp://salle.test", null],
    ["file:///etc/passwd", null],
    ["http://user:pw@salle.test", null],
    ["http://salle.test/autre/", null],
    ["http://salle.test/?x=1", null],
    ["http://salle.test/#reprise=[]", null],
    ["http://salle test", null],
  ];
  for (const [typed, origin] of cases) {
    test(`${JSON.stringify(typed)} → ${origin}`, () => assert.equal(M.addressOf(typed), origin));
  }
  test("the page goes to the same table there, never to itself", () => {
    const here = { origin: "http://salle.test:8000", pathname: "/saisie/tok/", search: "" };
    const typed = M.addressOf("192.168.1.21:8000");
    assert.equal(M.target(typed, here), "http://192.168.1.21:8000/saisie/tok/");
    assert.equal(M.target(M.addressOf("salle.test:8000"), here), null);
  });
});
