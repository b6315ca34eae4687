// The phone's outbox rules (static/js/outbox-queue.js) without a browser:
// order, retries, versions, refusals, batches, what the page lists.
// Run with Debian's Node: `node --test tests/js/` (tests/test_js.py runs it
// from pytest, on the source and on the lean copy the phone receives).
// OUTBOX_QUEUE_JS names another copy of the module to test.
"use strict";

const { describe, test } = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");

const Q = require(process.env.OUTBOX_QUEUE_JS || path.join(__dirname, "../../static/js/outbox-queue.js"));

const CSRF = ["csrfmiddlewaretoken", "kept-token"];
const dealFields = (points, extra = []) => [CSRF, ["number", ""], ["taker", "A"], ["trump", "H"], ["bid", "90"], ["points", String(points)], ...extra];

// A queue with `kinds` waiting ("deal" or "answer"), as typed one by one.
function queueOf(kinds, { batching = true, now = 1000 } = {}) {
  const queue = new Q.Queue({ batching });
  kinds.forEach((kind, i) => {
    const fields = kind === "deal" ? dealFields(80 + i) : [CSRF, ["action", "confirm"]];
    const entry = queue.entry({ token: "t", kind, url: `/saisie/t/${kind}/`, fields, labels: {}, version: 7, created: now, online: true });
    queue.add(entry, now + i);
  });
  return queue;
}

describe("what an answer means: sent again, recorded, or refused", () => {
  const cases = [
    // [what came back, kind, is it the server away?]
    [null, "deal", "retry"], // network down, timeout
    [{ status: 502 }, "deal", "retry"],
    [{ status: 503 }, "deal", "retry"],
    [{ status: 504 }, "deal", "retry"],
    [{ status: 502 }, "answer", "retry"],
    [{ status: 200, saved: true, version: 3 }, "deal", "next"],
    [{ status: 0, redirected: true }, "answer", "reload"],
    [{ status: 200, saved: false }, "deal", "stop"], // the row sent back says why
    [{ status: 400 }, "deal", "stop"],
    [{ status: 403 }, "deal", "stop"],
    [{ status: 409 }, "deal", "stop"],
    [{ status: 422 }, "deal", "stop"],
    [{ status: 429 }, "deal", "stop"],
    [{ status: 500 }, "deal", "stop"],
    [{ status: 501 }, "deal", "stop"],
    [{ status: 505 }, "deal", "stop"],
    [{ status: 200, saved: true }, "answer", "stop"], // an answer is accepted by its redirect only
    [{ status: 422 }, "answer", "stop"],
    [{ status: 409 }, "answer", "stop"],
  ];
  for (const [reply, kind, then] of cases) {
    test(`${kind}, ${reply === null ? "no answer" : `status ${reply.status}${reply.saved ? " saved" : ""}`}: ${then}`, () => {
      const queue = queueOf([kind, "deal"]);
      const entry = queue.stamp(queue.entries[0], 4);
      const step = queue.answered(entry, reply);
      assert.equal(step.then, then);
      if (then === "retry") {
        // Nothing is dropped or blocked: the same entry leaves again, as it was.
        assert.equal(queue.entries.length, 2);
        assert.equal(queue.entries[0], entry);
        assert.equal(queue.blocked, null);
        const next = queue.next();
        assert.equal(next.batch ? next.batch[0] : next.entry, entry);
      }
    });
  }

  test("the gateway statuses are 502, 503 and 504 only", () => {
    const away = [];
    for (let status = 100; status < 600; status += 1) if (Q.away(status)) away.push(status);
    assert.deepEqual(away, [502, 503, 504]);
  });

  test("the regular call reads any status from 502 up as the server away", () => {
    assert.deepEqual([200, 404, 500, 501, 502, 504, 599].map(Q.stateAway), [false, false, false, false, true, true, true]);
  });

  test("a deal recorded: acknowledged, and the version its page said is known", () => {
    const queue = queueOf(["deal"]);
    const entry = queue.stamp(queue.entries[0], 4);
    const step = queue.answered(entry, { status: 200, saved: true, version: 9 });
    assert.deepEqual(step, { then: "next", acknowledge: entry });
    assert.equal(queue.known(4), 9);
    queue.acknowledge(entry);
    assert.deepEqual(queue.entries, []);
    assert.equal(queue.next(), null);
  });
});

describe("a refusal keeps the refused deal, its number and its place", () => {
  // [why it is kept, entries waiting, queued when typed, tries, kept?]
  const cases = [
    ["typed online, alone, first try: the row says why, as at the desk", ["deal"], false, 1, false],
    ["typed while the network was down", ["deal"], true, 1, true],
    ["sent before (its answer was lost)", ["deal"], false, 2, true],
    ["others wait behind it", ["deal", "deal"], false, 1, true],
    ["an answer waits behind it", ["deal", "answer"], false, 1, true],
  ];
  for (const [why, kinds, queued, tries, kept] of cases) {
    test(`${why}: ${kept ? "kept" : "dropped"}`, () => {
      const queue = queueOf(kinds, { batching: false });
      const entry = queue.entries[0];
      entry.queued = queued;
      entry.tries = tries - 1;
      queue.stamp(entry, 5);
      const step = queue.answered(entry, { status: 409 });
      assert.equal(step.then, "stop");
      assert.equal(step.show, "row");
      assert.equal(step.block, kept ? entry : undefined);
      assert.equal(step.forget, kept ? undefined : entry);
      assert.equal(queue.blocked, kept ? entry : null);
      // Those after it wait: nothing leaves while the player decides.
      if (kept) assert.equal(queue.next(), null);
      assert.equal(queue.entries.length, kinds.length);
    });
  }

  test("an answer refused is dropped and its page shown (the team reads why)", () => {
    const queue = queueOf(["answer", "deal"]);
    const entry = queue.stamp(queue.entries[0], 5);
    assert.deepEqual(queue.answered(entry, { status: 422 }), { then: "stop", show: "page", forget: entry });
    assert.equal(queue.blocked, null);
  });

  test("the row corrected after a 409 takes the refused deal's place and keeps its number", () => {
    const queue = queueOf(["deal", "deal", "deal"], { batching: false });
    const [refused, second, third] = queue.entries;
    refused.fields = dealFields(97, []).map(([n, v]) => [n, n === "number" ? "2" : v]);
    refused.number = "2"; // a correction of deal 2
    queue.stamp(refused, 5);
    queue.answered(refused, { status: 409 });
    assert.deepEqual(queue.shown(6, true).rows.map((row) => [row.number, row.asRow, row.refused]), [
      ["2", false, true], [6, true, false], [7, true, false],
    ]);
    // The server sent the row back as typed, its number kept: the player corrects it.
    const fields = dealFields(120).map(([n, v]) => [n, n === "number" ? "2" : v]);
    const corrected = queue.entry({ token: "t", kind: "deal", url: "/d/", fields, labels: {}, version: 0, created: 2000, online: true });
    const placed = queue.add(corrected, 2000);
    assert.equal(placed, corrected);
    assert.deepEqual(queue.entries, [corrected, second, third]);
    assert.equal(corrected.id, refused.id);
    assert.equal(corrected.number, "2");
    assert.equal(corrected.version, null); // sent on the table as it now is
    assert.equal(queue.blocked, null);
    assert.deepEqual(queue.next(), { entry: corrected });
  });

  test("an answer typed while a deal is refused goes behind, the refusal stays", () => {
    const queue = queueOf(["deal", "deal"]);
    const refused = queue.stamp(queue.entries[0], 5);
    queue.answered(refused, { status: 409 });
    const answer = queue.entry({ token: "t", kind: "answer", url: "/c/", fields: [CSRF], labels: {}, version: 6, created: 3000, online: true });
    queue.add(answer, 3000);
    assert.equal(queue.blocked, refused);
    assert.deepEqual(queue.entries.map((e) => e.kind), ["deal", "deal", "answer"]);
    assert.ok(answer.id > queue.entries[1].id);
  });

  test("a refused deal dropped by the player: the others leave, in order", () => {
    const queue = queueOf(["deal", "deal", "deal"]);
    const [, second, third] = queue.entries;
    const refused = queue.stamp(queue.entries[0], 5);
    queue.answered(refused, { status: 422 });
    assert.equal(queue.drop(), refused);
    assert.deepEqual(queue.entries, [second, third]);
    assert.equal(queue.blocked, null);
    assert.deepEqual(queue.next(), { batch: [second, third] });
  });
});

describe("order: entries leave in the order typed", () => {
  test("keys grow with each entry, even when the clock stands still or goes back", () => {
    const queue = new Q.Queue();
    const nows = [5000, 5000, 4000, 6000, 6000, 100];
    const ids = nows.map((now) => queue.add({ kind: "deal", fields: [] }, now).id);
    assert.deepEqual(ids, [5000, 5001, 5002, 6000, 6001, 6002]);
  });

  test("a key after a reload is above every key kept", () => {
    const queue = new Q.Queue();
    queue.load([{ id: 9000 }, { id: 7000 }]);
    assert.equal(queue.nextId(1000), 9001);
    assert.equal(queue.nextId(20000), 20000);
  });

  test("the rows kept on the phone load in key order, marked stored, the list given untouched", () => {
    const rows = [{ id: 3, kind: "deal" }, { id: 1, kind: "deal" }, { id: 2, kind: "answer" }];
    const queue = new Q.Queue();
    queue.load(rows);
    assert.deepEqual(queue.entries.map((e) => e.id), [1, 2, 3]);
    assert.ok(queue.entries.every((e) => e.stored));
    assert.deepEqual(rows.map((r) => r.id), [3, 1, 2]);
    assert.deepEqual(new Q.Queue().load(undefined), []);
  });

  // [entries waiting (kinds), batching, what leaves next]
  const cases = [
    [[], true, null],
    [["deal"], true, "entry 0"],
    [["deal", "deal"], true, "batch 0-1"],
    [["deal", "deal", "answer", "deal"], true, "batch 0-1"],
    [["deal", "answer", "deal"], true, "entry 0"],
    [["answer", "deal", "deal"], true, "entry 0"],
    [["deal", "deal", "deal"], false, "entry 0"],
    [Array(12).fill("deal"), true, "batch 0-9"],
  ];
  for (const [kinds, batching, expected] of cases) {
    test(`${kinds.join(", ") || "nothing"}${batching ? "" : " (no batch address)"}: ${expected || "nothing leaves"}`, () => {
      const queue = queueOf(kinds, { batching });
      const next = queue.next();
      const said = next === null ? null : next.batch
        ? `batch 0-${next.batch.length - 1}`
        : `entry ${queue.entries.indexOf(next.entry)}`;
      assert.equal(said, expected);
      if (next && next.batch) assert.deepEqual(next.batch, queue.entries.slice(0, next.batch.length));
    });
  }

  // [sending, blocked, editing, online, begin's answer]
  const starts = [
    [false, false, false, true, "go"],
    [false, false, false, false, "offline"],
    [true, false, false, true, "busy"],
    [false, true, false, true, "busy"],
    [false, false, true, true, "busy"],
    [false, true, false, false, "busy"],
  ];
  for (const [sending, blocked, editing, online, expected] of starts) {
    test(`a round of sending, sending=${sending} blocked=${blocked} editing=${editing} online=${online}: ${expected}`, () => {
      const queue = queueOf(["deal", "deal"]);
      queue.sending = sending;
      if (blocked) queue.blocked = queue.entries[0];
      if (editing) queue.editing = queue.entries[1];
      assert.equal(queue.begin(online), expected);
      assert.equal(queue.sending, sending || expected === "go");
      queue.finish();
      assert.equal(queue.sending, false);
    });
  }
});

describe("versions: each entry keeps the one it was first sent with", () => {
  test("a deal takes the table's version when it first leaves, a retry keeps it", () => {
    const queue = queueOf(["deal"]);
    const entry = queue.entries[0];
    assert.equal(entry.version, null);
    queue.stamp(entry, 4);
    assert.deepEqual([entry.version, entry.tries], [4, 1]);
    queue.heard(8);
    queue.stamp(entry, 6);
    assert.deepEqual([entry.version, entry.tries], [4, 2]);
  });

  // [the page's version, the versions answers said, known]
  const known = [[4, [], 4], [4, [6], 6], [0, [3], 3], [undefined, [], 0], [NaN, [2], 2], [7, [7], 7], [1, [5, 2, undefined], 5]];
  for (const [shown, heard, expected] of known) {
    test(`the page says ${shown}, answers said ${JSON.stringify(heard)}: version ${expected}`, () => {
      const queue = new Q.Queue();
      heard.forEach((version) => queue.heard(version));
      assert.equal(queue.known(shown), expected);
    });
  }

  test("an answer is given on the totals its team read; a deal's version waits", () => {
    const queue = new Q.Queue();
    const base = { token: "t", url: "/u/", labels: {}, created: 1, online: true };
    assert.equal(queue.entry({ ...base, kind: "answer", fields: [], version: 12 }).version, 12);
    assert.equal(queue.entry({ ...base, kind: "deal", fields: dealFields(90), version: 12 }).version, null);
  });

  // [versions already taken in the batch, the table's version, versions sent]
  const batches = [
    [[null, null, null], 4, [4, 5, 6]],
    [[4, null, null], 9, [4, 5, 6]], // kept from the first try, the next after it
    [[4, 5, 6], 9, [4, 5, 6]],
    [[null, null], 0, [0, 1]],
  ];
  for (const [before, shown, sent] of batches) {
    test(`a batch ${JSON.stringify(before)} on version ${shown} goes as ${JSON.stringify(sent)}`, () => {
      const queue = queueOf(before.map(() => "deal"));
      queue.entries.forEach((entry, i) => { entry.version = before[i]; });
      queue.stampBatch(queue.entries, shown);
      assert.deepEqual(queue.entries.map((e) => e.version), sent);
      assert.ok(queue.entries.every((e) => e.tries === 1));
    });
  }
});

describe("batches: the server records in order and stops at the first refused", () => {
  // [reply, then, how many acknowledged, versions left after]
  const cases = [
    [null, "retry", 0, [4, 5, 6, 7]],
    [{ status: 503, ok: false }, "retry", 0, [4, 5, 6, 7]],
    [{ status: 400, ok: false }, "alone", 0, [4, 5, 6, 7]], // not read as a batch: the first goes alone
    [{ status: 403, ok: false }, "alone", 0, [4, 5, 6, 7]],
    [{ status: 200, ok: true, saved: 4, version: 8 }, "next", 4, []],
    [{ status: 200, ok: true, saved: 2, version: 6 }, "alone", 2, [6, null]],
    [{ status: 200, ok: true, saved: 0, version: 4 }, "alone", 0, [4, null, null, null]],
    [{ status: 200, ok: true, saved: 3, version: 7 }, "alone", 3, [7]],
  ];
  for (const [reply, then, acknowledged, left] of cases) {
    test(`${reply === null ? "no answer" : `status ${reply.status}, saved ${reply.saved}`}: ${then}`, () => {
      const queue = queueOf(["deal", "deal", "deal", "deal"]);
      const { batch } = queue.next();
      queue.stampBatch(batch, 4);
      const after = queue.batchAnswered(batch, reply);
      assert.equal(after.then, then);
      if (then === "retry") {
        assert.deepEqual(queue.entries.map((e) => e.version), left);
        return;
      }
      assert.deepEqual(after.acknowledge, batch.slice(0, acknowledged));
      after.acknowledge.forEach((entry) => queue.acknowledge(entry));
      assert.deepEqual(queue.entries.map((e) => e.version), left);
      // The deals after the one refused are stored again, their versions to guess.
      assert.deepEqual(after.reguess, batch.slice(acknowledged + 1).filter(() => reply.ok));
      // The deal it stopped at goes alone, with the version it was sent with.
      if (then === "alone") assert.deepEqual(queue.first(), { entry: batch[acknowledged] });
      if (reply.ok) assert.equal(queue.known(0), reply.version);
    });
  }

  test("the batch as sent: one token (the page's), each deal's fields and version", () => {
    const queue = queueOf(["deal", "deal"]);
    const { batch } = queue.next();
    queue.stampBatch(batch, 10);
    const [[name, token], [key, entries]] = Q.batchWire(batch, "page-token");
    assert.deepEqual([name, token, key], ["csrfmiddlewaretoken", "page-token", "entries"]);
    assert.deepEqual(JSON.parse(entries), batch.map((entry, i) => ({
      fields: entry.fields.filter(([n]) => n !== "csrfmiddlewaretoken"), version: 10 + i,
    })));
    assert.equal(Q.batchWire(batch, "")[0][1], "kept-token"); // no token on the page: the one kept
  });
});

describe("the same post twice is the same request for the server", () => {
  test("a retry after a lost answer sends exactly what the first try sent", () => {
    const queue = queueOf(["deal", "deal"], { batching: false });
    const entry = queue.entries[0];
    const first = Q.wire(queue.stamp(entry, 3), "page-token");
    assert.equal(queue.answered(entry, null).then, "retry");
    queue.heard(5); // the lost post was recorded after all: the table moved on
    const again = Q.wire(queue.stamp(entry, 5), "page-token");
    assert.deepEqual(again, first);
    assert.deepEqual(first.at(-1), ["version", "3"]);
    assert.deepEqual(first[0], ["csrfmiddlewaretoken", "page-token"]);
    assert.deepEqual(Q.wire(entry, "")[0], CSRF); // no token on the page: the one kept
  });

  test("a batch sent again after a lost answer carries the same versions", () => {
    const queue = queueOf(["deal", "deal", "deal"]);
    const { batch } = queue.next();
    const first = Q.batchWire(queue.stampBatch(batch, 2), "x");
    assert.equal(queue.batchAnswered(batch, null).then, "retry");
    const again = Q.batchWire(queue.stampBatch(queue.next().batch, 9), "x");
    assert.deepEqual(again, first);
  });

  test("a waiting deal corrected after a try keeps that try's version: never recorded twice", () => {
    const queue = queueOf(["deal", "deal"], { batching: false });
    const [first, second] = queue.entries;
    queue.stamp(first, 3);
    queue.answered(first, null);
    assert.equal(queue.edit(second.id), second); // the second was never sent
    const corrected = queue.entry({ token: "t", kind: "deal", url: "/d/", fields: dealFields(130), labels: {}, version: 0, created: 9, online: true });
    assert.equal(queue.add(corrected, 9999), second);
    assert.deepEqual(queue.entries, [first, second]);
    assert.equal(second.stored, false);
    assert.deepEqual(second.fields, dealFields(130));
    assert.equal(queue.editing, null);
    // The first, tried already, is corrected in place with its version kept.
    assert.equal(queue.edit(String(first.id)), first);
    queue.add({ ...corrected, fields: dealFields(140) }, 10000);
    assert.deepEqual([first.version, first.fields], [3, dealFields(140)]);
  });

  test("the deal on its way cannot be corrected; the others can", () => {
    const queue = queueOf(["deal", "deal"]);
    assert.equal(queue.begin(true), "go");
    assert.equal(queue.edit(queue.entries[0].id), null);
    assert.equal(queue.editing, null);
    assert.deepEqual(queue.shown(1, true).rows.map((r) => r.editable), [false, true]);
    assert.equal(queue.edit(queue.entries[1].id), queue.entries[1]);
    assert.equal(queue.edit("nobody"), null);
  });
});

describe("the server away: tries again after growing pauses, cut by up to half", () => {
  // [tries failed before, random, pause]
  const cases = [[0, 0, 500], [0, 0.5, 750], [1, 0, 1000], [1, 0.999, 1999], [2, 0.5, 2250], [3, 0, 1500], [50, 0.2, 1800]];
  for (const [failures, random, expected] of cases) {
    test(`after ${failures} failure(s), random ${random}: ${expected} ms`, () => {
      assert.equal(Math.round(Q.pause(failures, random)), expected);
    });
  }

  test("every pause lies between half and all of its step", () => {
    for (let failures = 0; failures < 8; failures += 1) {
      for (let i = 0; i < 200; i += 1) {
        const step = Q.PAUSES[Math.min(failures, Q.PAUSES.length - 1)];
        const wait = Q.pause(failures, Math.random());
        assert.ok(wait >= step / 2 && wait < step, `${failures}: ${wait}`);
      }
    }
  });

  test("offline since the first failure; an answer resets the pauses", () => {
    const queue = new Q.Queue();
    const since = new Date(2026, 10, 22, 14, 5);
    assert.equal(queue.away(since, 0), 500);
    assert.equal(queue.away(new Date(2026, 10, 22, 14, 6), 0), 1000);
    assert.equal(queue.away(new Date(), 0), 1500);
    assert.equal(queue.away(new Date(), 0), 1500);
    assert.equal(queue.offlineSince, since);
    assert.equal(queue.reached(), true);
    assert.equal(queue.reached(), false);
    assert.equal(queue.offlineSince, null);
    assert.equal(queue.away(new Date(), 0), 500);
  });

  // [offline, entries waiting, the browser says online, queued]
  const queued = [[false, 0, true, false], [true, 0, true, true], [false, 1, true, true], [false, 0, false, true]];
  for (const [offline, waiting, online, expected] of queued) {
    test(`typed offline=${offline}, ${waiting} waiting, online=${online}: queued ${expected}`, () => {
      const queue = queueOf(Array(waiting).fill("deal"));
      if (offline) queue.away(new Date(), 0);
      const entry = queue.entry({ token: "t", kind: "deal", url: "/d/", fields: dealFields(90), labels: {}, version: 0, created: 1, online });
      assert.equal(entry.queued, expected);
    });
  }
});

describe("the regular call: what the page does with the table's state", () => {
  // [state, entries waiting, blocked, the page's version, an answer's, then]
  const cases = [
    [{ ended: "La partie est close." }, 2, false, 3, 0, "end"],
    [{ version: 3 }, 1, false, 3, 0, "flush"],
    [{ version: 5 }, 1, true, 3, 0, "flush"],
    [{ version: 5 }, 0, false, 3, 0, "refresh"],
    [{ version: 3 }, 0, false, 3, 0, "none"],
    [{ version: 5 }, 0, false, 3, 5, "none"], // an answer already said 5
    [{ version: 5 }, 0, true, 3, 0, "none"], // the refused row stays as typed
  ];
  for (const [state, waiting, blocked, shown, heard, then] of cases) {
    test(`${JSON.stringify(state)}, ${waiting} waiting${blocked ? ", a refusal" : ""}: ${then}`, () => {
      const queue = queueOf(Array(waiting).fill("deal"));
      if (blocked) queue.blocked = { id: -1 };
      queue.heard(heard);
      assert.equal(queue.afterState(state, shown), then);
    });
  }
});

describe("what the page lists", () => {
  test("new deals as rows numbered after the row being typed; the rest listed with their number", () => {
    const queue = queueOf(["deal", "deal", "answer", "deal"]);
    queue.entries[1].number = "2"; // a correction of deal 2
    queue.editing = queue.entries[3];
    const { rows, after } = queue.shown(5, true);
    assert.deepEqual(rows.map((r) => [r.asRow, r.number, r.editing]), [
      [true, 5, false], [false, "2", false], [false, "", false], [true, 6, true],
    ]);
    assert.equal(after, 7);
    assert.deepEqual(rows.map((r) => r.editable), [true, true, true, false]);
  });

  test("a new deal refused keeps the number it will take; those behind it follow it", () => {
    // The desk entered deal 2 meanwhile: the row being typed is deal 3, and
    // holds the refused deal as the server sent it back (phone-conflict.png).
    const queue = queueOf(["deal", "deal", "deal"]);
    const refused = queue.stamp(queue.entries[0], 1);
    queue.answered(refused, { status: 409 });
    const { rows, after } = queue.shown(3, true);
    assert.deepEqual(rows.map((r) => [r.asRow, r.number, r.refused]), [
      [false, 3, true], [true, 4, false], [true, 5, false],
    ]);
    assert.equal(after, 3); // the row being typed is the refused deal, number 3
  });

  test("no grid on the page: everything listed", () => {
    const { rows, after } = queueOf(["deal", "deal"]).shown(0, false);
    assert.deepEqual(rows.map((r) => r.asRow), [false, false]);
    assert.equal(after, 0);
  });

  test("no grid on the page: each new deal listed with the number it was typed as", () => {
    // The team's code asked again at a new address (phone-moved-code.png):
    // « Donne 2 · Preneur NS … », never « Donne · Preneur NS … ».
    const queue = queueOf(["deal", "answer", "deal"]);
    queue.entries.forEach((entry) => queue.place(entry, 2));
    const corrected = queue.entry({ token: "t", kind: "deal", url: "/s/", fields: dealFields(90).map(([n, v]) => [n, n === "number" ? "1" : v]), labels: {}, version: 7, created: 1, online: true });
    queue.place(queue.add(corrected, 5000), 2);
    assert.deepEqual(queue.entries.map((e) => e.place), [2, undefined, 3, undefined]);
    assert.deepEqual(queue.shown(0, false).rows.map((r) => [r.asRow, r.number]), [
      [false, 2], [false, ""], [false, 3], [false, "1"],
    ]);
    // With the grid, the grid's numbers (the server's next) win.
    assert.deepEqual(queue.shown(4, true).rows.map((r) => r.number), [4, "", 5, "1"]);
  });
});

describe("what the page says of the partie while deals wait", () => {
  test("three deals typed offline in a partie of three: counted, at its last deal, no fourth offered", () => {
    assert.deepEqual(queueOf(["deal", "deal", "deal"]).count(1, 3), { waiting: 3, at: 3, more: false });
  });

  test("deals left to play: the row offers the next one", () => {
    assert.deepEqual(queueOf(["deal"]).count(1, 3), { waiting: 1, at: 2, more: true });
    assert.deepEqual(queueOf(["deal", "deal"]).count(1, 3), { waiting: 2, at: 3, more: true });
  });

  test("a partie ended by a score: counted, the row stays as today", () => {
    assert.deepEqual(queueOf(["deal", "deal", "deal"]).count(1, 0), { waiting: 3, at: 0, more: true });
  });

  test("nothing waits: the server's page says it all (a knockout tie's extra deal too)", () => {
    assert.deepEqual(queueOf([]).count(4, 3), { waiting: 0, at: 3, more: true });
    assert.equal(queueOf(["answer"]).count(4, 3).waiting, 0);
  });

  test("a waiting deal being corrected uses the row, even past the last", () => {
    const queue = queueOf(["deal", "deal", "deal"]);
    queue.editing = queue.entries[2];
    assert.equal(queue.count(1, 3).more, true);
  });

  test("a refused deal held in the row is its own number, not one more", () => {
    const queue = queueOf(["deal", "deal", "deal"]);
    queue.answered(queue.stamp(queue.entries[0], 1), { status: 409 });
    assert.deepEqual(queue.count(1, 3), { waiting: 2, at: 1, more: true });
  });
});

describe("what a deal typed is", () => {
  const cases = [
    [[], false],
    [[CSRF, ["number", "3"], ["reason", "oubli"]], false],
    [[["taker", "  "], ["points", ""]], false],
    [[["taker", "A"]], true],
    [[["points", " 0 "]], true],
  ];
  for (const [fields, expected] of cases) {
    test(`${JSON.stringify(fields)}: ${expected ? "a deal" : "nothing"}`, () => {
      assert.equal(Q.typed(fields), expected);
    });
  }

  test("a deal's number is the one its form carried, or none", () => {
    assert.equal(Q.numberOf([["number", "4"]]), "4");
    assert.equal(Q.numberOf([["number", ""]]), "");
    assert.equal(Q.numberOf([["taker", "A"]]), "");
  });
});

// --- a Sunday on a bad Wi-Fi: the queue against a table's server ----------

// A table's server as services/table_versions.py keeps it: a deal is
// recorded on the table's current version; a post it recorded already (the
// same version and values, its request key) is answered as recorded, never
// recorded twice; any other post on an old version is refused (409).
class TableServer {
  constructor() {
    this.version = 0;
    this.deals = [];
    this.keys = new Set();
  }

  record(fields, version) {
    const key = JSON.stringify([version, fields]);
    if (this.keys.has(key)) return true;
    if (version !== this.version) return false;
    this.keys.add(key);
    this.deals.push(fields.find(([name]) => name === "points")[1]);
    this.version += 1;
    return true;
  }

  desk() {
    this.deals.push("desk");
    this.version += 1;
  }

  // fault: "ok", "lost" (never arrived), "gateway" (503), "unanswered" (recorded, answer lost)
  one(entry, fault) {
    if (fault === "lost") return null;
    if (fault === "gateway") return { status: 503 };
    const saved = this.record(entry.fields, entry.version);
    if (fault === "unanswered") return null;
    // A refusal's page shows the table as it is, its version with it.
    return { status: saved ? 200 : 409, saved, version: this.version };
  }

  batch(batch, fault) {
    if (fault === "lost") return null;
    if (fault === "gateway") return { status: 503, ok: false };
    let saved = 0;
    for (const entry of batch) {
      if (!this.record(entry.fields, entry.version)) break;
      saved += 1;
    }
    if (fault === "unanswered") return null;
    return { status: 200, ok: true, saved, version: this.version };
  }
}

// One round of sending, as static/js/outbox.js's flush drives the queue.
function flush(queue, server, shown, fault, seen = { refusals: 0 }) {
  if (queue.begin(true) !== "go") return;
  try {
    let job = queue.next();
    while (job) {
      if (job.batch) {
        queue.stampBatch(job.batch, shown);
        const after = queue.batchAnswered(job.batch, server.batch(job.batch, fault()));
        if (after.then === "retry") { queue.away(new Date(), 0); return; }
        queue.reached();
        after.acknowledge.forEach((entry) => queue.acknowledge(entry));
        job = after.then === "next" ? queue.next() : queue.first();
        continue;
      }
      const { entry } = job;
      queue.stamp(entry, shown);
      const step = queue.answered(entry, server.one(entry, fault()));
      if (step.then === "retry") { queue.away(new Date(), 0); return; }
      queue.reached();
      if (step.then === "stop") {
        seen.refusals += 1;
        if (step.forget) queue.forget(entry);
        return step.forget; // refused and dropped: its row says why, the player sends it again
      }
      queue.acknowledge(entry);
      job = queue.next();
    }
  } finally {
    queue.finish();
  }
  return undefined;
}

function random(seed) { // mulberry32: the same Sunday for the same seed
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sunday(seed, { desk }) {
  const rand = random(seed);
  const server = new TableServer();
  const batching = rand() < 0.8;
  let queue = new Q.Queue({ batching });
  let shown = 0; // the version the page was drawn with
  let typed = 0;
  let clock = 1000;
  const faults = ["ok", "ok", "lost", "gateway", "unanswered"];
  const fault = () => faults[Math.floor(rand() * faults.length)];
  const send = (fields) => {
    const entry = queue.entry({ token: "t", kind: "deal", url: "/d/", fields, labels: {}, version: 0, created: clock, online: true });
    queue.add(entry, (clock += 1));
  };
  const resend = (refused) => send(refused.fields.map(([name, value]) => [name, value]));
  const seen = { refusals: 0 };
  let dropped = null; // refused alone, its row shown with why (not kept in the outbox)
  for (let step = 0; step < 80; step += 1) {
    const r = rand();
    if (r < 0.3) {
      // The player sends the row: the refused one shown there, or a new deal.
      if (queue.blocked) resend(queue.blocked);
      else if (dropped) resend(dropped);
      else if (typed < 20) send([CSRF, ["number", ""], ["points", String((typed += 1))]]);
      dropped = null;
    } else if (r < 0.36) {
      // The page reloads (or the browser is closed): the queue from the rows kept.
      const kept = structuredClone(queue.entries);
      queue = new Q.Queue({ batching });
      queue.load(kept);
      shown = server.version;
    } else if (desk && r < 0.4) {
      server.desk();
    } else {
      dropped = flush(queue, server, shown, fault, seen) || dropped;
    }
  }
  // The Wi-Fi holds at last: everything leaves.
  for (let round = 0; round < 200 && (queue.entries.length || dropped); round += 1) {
    if (queue.blocked) resend(queue.blocked);
    else if (dropped) resend(dropped);
    dropped = flush(queue, server, shown, () => "ok", seen) || null;
  }
  return { server, queue, typed, refusals: seen.refusals };
}

describe("a Sunday on a bad Wi-Fi (random, seeded): every deal recorded once, in order", () => {
  for (const desk of [false, true]) {
    test(desk ? "the desk enters deals too" : "the phone alone", () => {
      let refused = 0;
      for (let seed = 1; seed <= 400; seed += 1) {
        const { server, queue, typed, refusals } = sunday(seed, { desk });
        const phone = server.deals.filter((deal) => deal !== "desk");
        const expected = Array.from({ length: typed }, (_, i) => String(i + 1));
        assert.deepEqual(phone, expected, `seed ${seed}: ${JSON.stringify(server.deals)}`);
        assert.deepEqual(queue.entries, [], `seed ${seed}`);
        assert.equal(queue.blocked, null);
        // Alone at its table, the phone is never refused: lost answers and
        // retries never make a post on a wrong version.
        if (!desk) assert.equal(refusals, 0, `seed ${seed}`);
        else refused += refusals;
      }
      if (desk) assert.ok(refused > 0, "the desk's deals made refusals to recover from");
    });
  }
});

describe("the phone as the partie's last copy", () => {
  // Deals 80, 81, 82 typed, sent with versions 7, 8, 9 and acknowledged.
  const acknowledged = () => {
    const queue = queueOf(["deal", "deal", "deal"]);
    for (const version of [7, 8, 9]) {
      const entry = queue.entries[0];
      queue.stamp(entry, version);
      const kept = queue.acknowledge(entry);
      assert.equal(kept.acked, true);
    }
    return queue;
  };

  test("an acknowledged deal leaves the outbox and is kept; an answer is not", () => {
    const queue = queueOf(["answer"]);
    const entry = queue.entries[0];
    queue.stamp(entry, 3);
    assert.equal(queue.acknowledge(entry), null);
    assert.deepEqual([queue.entries.length, queue.kept.length], [0, 0]);
    const deals = acknowledged();
    assert.deepEqual([deals.entries.length, deals.kept.length], [0, 3]);
  });

  const cases = [
    // [the server's version, the deals sent again (their points)]
    [10, []], // it holds them all
    [12, []],
    [9, [82]], // brought back from a copy that lacks the last one
    [8, [81, 82]],
    [7, [80, 81, 82]],
    [2, [80, 81, 82]], // lacks more (the desk's too): this phone's go again
  ];
  for (const [version, expected] of cases) {
    test(`a server at version ${version} gets ${JSON.stringify(expected)} again, first versions kept`, () => {
      const queue = acknowledged();
      const again = queue.relearn(version, queue.acks);
      assert.deepEqual(again.map((e) => Number(e.fields[5][1])), expected);
      assert.deepEqual(queue.entries.map((e) => e.version), again.map((e) => e.version));
      assert.ok(again.every((e) => !e.acked && e.queued && e.tries === 0));
      assert.equal(queue.kept.length, 3 - expected.length);
      // Asked again, nothing more: each goes once.
      assert.deepEqual(queue.relearn(version, queue.acks), []);
    });
  }

  test("an answer asked before a deal was acknowledged says nothing", () => {
    const queue = acknowledged();
    assert.deepEqual(queue.relearn(9, queue.acks - 1), []);
    assert.deepEqual(queue.relearn(9, -1), []);
    assert.equal(queue.kept.length, 3);
  });

  test("kept deals come back apart from the waiting ones after a reload", () => {
    const queue = new Q.Queue();
    queue.load([{ id: 2, acked: true, version: 7, kind: "deal" }, { id: 3, kind: "deal", version: null }]);
    assert.deepEqual([queue.entries.map((e) => e.id), queue.kept.map((e) => e.id)], [[3], [2]]);
  });
});

describe("leaving the page while entries wait is asked first (issue 54, item 9)", () => {
  test("a phone holding only acknowledged deals may be left without a question", () => {
    const queue = new Q.Queue();
    queue.load([{ id: 2, acked: true, version: 7, kind: "deal" }]);
    assert.equal(queue.holds(), false);
    assert.equal(new Q.Queue().holds(), false);
  });

  test("a deal waiting, reloaded from the phone, is asked for; once acknowledged, no more", () => {
    const queue = new Q.Queue();
    queue.load([{ id: 2, acked: true, version: 7, kind: "deal" }, { id: 3, kind: "deal", version: null }]);
    assert.equal(queue.holds(), true);
    const entry = queue.stamp(queue.entries[0], 8);
    queue.acknowledge(entry);
    assert.equal(queue.holds(), false);
  });

  test("a refused deal held for the player, and an answer waiting, are asked for", () => {
    const refused = queueOf(["deal", "deal"], { batching: false });
    const first = refused.stamp(refused.entries[0], 5);
    refused.answered(first, { status: 409 });
    assert.equal(refused.blocked, first);
    assert.equal(refused.holds(), true);
    assert.equal(queueOf(["answer"]).holds(), true);
  });

  test("a refused deal dropped by the player leaves nothing to ask for", () => {
    const queue = queueOf(["deal"], { batching: false });
    const entry = queue.stamp(queue.entries[0], 5);
    entry.queued = true; // typed offline: kept when refused
    queue.answered(entry, { status: 409 });
    queue.drop();
    assert.equal(queue.holds(), false);
  });
});
