// The hall taken over at an address no one named in advance (issue 39):
// the first laptop's /reprise/ page, opened from the second laptop's QR code
// (#vers=<new address>), reads which table this phone had open and what its
// outbox holds, and where it goes once the new address proved the takeover.
// outbox-resume.js `resumeTarget`, `tableOf`, `resumed`, `resumePlace`.
const { describe, test } = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");

const M = require(process.env.OUTBOX_RESUME_JS || path.join(__dirname, "../../static/js/outbox-resume.js"));
const Q = require(process.env.OUTBOX_QUEUE_JS || path.join(__dirname, "../../static/js/outbox-queue.js"));

const OLD = "http://salle.test:8000";
const NEW = "http://192.168.1.21:8001";
const TABLE = { token: "tok-7", page: "/t/abc/" };

describe("the new address named in the fragment", () => {
  const cases = [
    [`#vers=${encodeURIComponent(NEW)}`, NEW],
    [`#vers=${NEW}`, NEW],
    [`#vers=${NEW}/`, NEW],
    ["#vers=https://salle-2.test", "https://salle-2.test"],
    ["", null],
    ["#reprise=%5B%5D", null],
    ["#vers=", null],
    ["#vers=javascript:alert(1)", null],
    ["#vers=file:///etc/passwd", null],
    ["#vers=ftp://salle-2.test", null],
    ["#vers=//salle-2.test", null],
    ["#vers=http://user:pw@salle-2.test", null],
    ["#vers=http://salle-2.test/autre/", null],
    ["#vers=http://salle-2.test/?x=1", null],
    ["#vers=%E0%A4%A", null],
  ];
  for (const [hash, origin] of cases) {
    test(`${hash || "(none)"} → ${origin}`, () => assert.equal(M.resumeTarget(hash), origin));
  }
});

describe("the table this phone had open", () => {
  const cases = [
    [JSON.stringify(TABLE), TABLE],
    [JSON.stringify({ ...TABLE, extra: 1 }), TABLE],
    [null, null],
    ["", null],
    ["{", null],
    ["[]", null],
    [JSON.stringify({ token: "", page: "/t/abc/" }), null],
    [JSON.stringify({ token: "tok-7", page: "//evil.test/t/" }), null],
    [JSON.stringify({ token: "tok-7", page: "http://evil.test/t/" }), null],
    [JSON.stringify({ token: 7, page: "/t/abc/" }), null],
  ];
  for (const [text, table] of cases) {
    test(`${text} → ${JSON.stringify(table)}`, () => assert.deepEqual(M.tableOf(text), table));
  }
});

describe("what is carried, and where to", () => {
  const rows = [
    { id: 30, token: "tok-7", kind: "deal", url: `${OLD}/t/abc/donne/`, fields: [["points_a", "110"]], version: null },
    { id: 10, token: "tok-7", kind: "deal", url: `${OLD}/t/abc/donne/`, fields: [["points_a", "97"]], version: 1, acked: true },
    { id: 20, token: "tok-9", kind: "deal", url: `${OLD}/t/xyz/donne/`, fields: [["points_a", "50"]], version: 4 },
  ];

  test("only the table's own entries, acknowledged ones too, in the order typed", () => {
    assert.deepEqual(M.resumed(rows, TABLE).map((r) => r.id), [10, 30]);
    assert.deepEqual(M.resumed(rows, null), []);
    assert.deepEqual(M.resumed(null, TABLE), []);
  });

  test("the table's page at the new address, its entries in the fragment, adopted there once each", () => {
    const place = M.resumePlace(NEW, TABLE, M.resumed(rows, TABLE), OLD);
    const url = new URL(place);
    assert.equal(url.origin + url.pathname, `${NEW}/t/abc/`);
    const adopted = Q.adopt(url.hash, NEW);
    assert.deepEqual(adopted.map((e) => [e.url, e.version, e.acked, e.from]), [
      [`${NEW}/t/abc/donne/`, 1, true, `${OLD}#10`],
      [`${NEW}/t/abc/donne/`, null, false, `${OLD}#30`],
    ]);
    // Opened twice (the QR scanned again): nothing new the second time.
    assert.deepEqual(Q.adopt(url.hash, NEW, adopted.map((e) => e.from)), []);
  });

  test("nothing held: the table's page there, with no fragment", () => {
    assert.equal(M.resumePlace(NEW, TABLE, [], OLD), `${NEW}/t/abc/`);
  });

  test("no table opened on this phone: the new address's home", () => {
    assert.equal(M.resumePlace(NEW, null, [], OLD), `${NEW}/`);
  });
});
