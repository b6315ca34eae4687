// The phone's provisional marque of a générale deal (static/js/marque.js):
// each case of marque_generale.json, whose marques are the sources' and the
// engine's (held against `python -m scoring` in
// tests/tournaments/display/test_provisional_marque.py), with the phone's
// profile of its rules (marque_profiles.json, written by marque_table.py).
const { describe, test } = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");

const M = require(process.env.MARQUE_JS || path.join(__dirname, "../../static/js/marque.js"));
const table = require("./marque_generale.json");
const profiles = require("./marque_profiles.json");

describe("a générale typed on the phone is counted as the engine counts it", () => {
  for (const c of table.cases) {
    test(c.name, () => {
      assert.deepEqual(M.marque(c.cells, profiles[c.rules]), c.marque);
    });
  }
});
