// The desk typed first on a restored server (issue 39): a second laptop
// brought up from an older copy, where the desk entered a deal on a table
// before its phone came back, says a table version at or past the phone's
// last acknowledged deal, so versions alone no longer tell what it lacks.
// Each kept deal remembers the hall (its name) that acknowledged it: a
// server of another name gets every kept deal again, once, with its first
// version (those it holds are retries; one that clashes with what the desk
// typed is refused and shown, never recorded over it).
"use strict";

const { describe, test } = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");

const Q = require(process.env.OUTBOX_QUEUE_JS || path.join(__dirname, "../../static/js/outbox-queue.js"));

// Deals 80, 81, 82 sent with versions 7, 8, 9 and acknowledged by hall "a1".
const acknowledged = (hall = "a1") => {
  const queue = new Q.Queue();
  queue.learn({ hall });
  for (const [i, version] of [7, 8, 9].entries()) {
    const entry = queue.add(queue.entry({
      token: "t", kind: "deal", url: "/d/", fields: [["points", String(80 + i)]], labels: {}, created: i, online: true,
    }), 1000 + i);
    queue.stamp(entry, version);
    queue.acknowledge(entry);
  }
  return queue;
};
const points = (entries) => entries.map((e) => Number(e.fields[0][1]));

describe("a server of another name gets the kept deals again", () => {
  const cases = [
    // [the server's name, its table version, the deals sent again]
    ["a1", 10, []], // the same hall, holding them all
    ["a1", 11, []], // the same hall, the desk typed after them
    ["a1", 9, [82]], // the same hall from an older copy: versions tell
    ["b2", 10, [80, 81, 82]], // a second laptop: it may lack any of them
    ["b2", 11, [80, 81, 82]], // the desk typed first there: still all, once
    ["b2", 3, [80, 81, 82]],
    ["", 11, []], // a server that gives no name: versions only
  ];
  for (const [hall, version, expected] of cases) {
    test(`hall ${hall || "(none)"} at version ${version}: ${expected.join(", ") || "nothing"}`, () => {
      const queue = acknowledged();
      queue.learn({ hall });
      const again = queue.relearn(version, queue.acks, hall);
      assert.deepEqual(points(again), expected);
      assert.deepEqual(again.map((e) => e.version), expected.map((p) => p - 73)); // first versions kept
      assert.ok(again.every((e) => !e.acked && e.queued && e.tries === 0));
      // Asked again before they are sent: nothing more.
      assert.deepEqual(queue.relearn(version, queue.acks, hall), []);
    });
  }

  test("once the new hall acknowledged them, they are its own: never sent again", () => {
    const queue = acknowledged();
    queue.learn({ hall: "b2" });
    const again = queue.relearn(11, queue.acks, "b2");
    for (const entry of again) queue.acknowledge(entry);
    assert.ok(queue.kept.every((e) => e.hall === "b2"));
    assert.deepEqual(queue.relearn(12, queue.acks, "b2"), []);
  });

  test("kept deals of a phone from before hall names (none recorded) go by versions only", () => {
    const queue = acknowledged("");
    assert.ok(queue.kept.every((e) => !e.hall));
    assert.deepEqual(points(queue.relearn(11, queue.acks, "b2")), []);
    assert.deepEqual(points(queue.relearn(9, queue.acks, "b2")), [82]);
  });

  test("an answer asked before a deal was acknowledged says nothing", () => {
    const queue = acknowledged();
    assert.deepEqual(queue.relearn(11, queue.acks - 1, "b2"), []);
  });

  test("the hall's name goes with a kept deal to a new address (the move's fragment)", () => {
    const queue = acknowledged();
    const origin = "http://salle-1.test";
    const moved = Q.adopt(`#${Q.carry(queue.kept.map((e) => ({ ...e, url: `${origin}/d/` })), origin)}`, "http://salle-2.test");
    assert.deepEqual(moved.map((e) => e.hall), ["a1", "a1", "a1"]);
  });
});
