// The proof that an address took the hall over (static/js/hall-proof.js):
// its SHA-256 and HMAC against Node's crypto and RFC 4231, and `proves`.
const { describe, test } = require("node:test");
const assert = require("node:assert/strict");
const crypto = require("node:crypto");
const path = require("node:path");

const P = require(process.env.HALL_PROOF_JS || path.join(__dirname, "../../static/js/hall-proof.js"));

const hex = (bytes) => Buffer.from(bytes).toString("hex");
const bytes = (text) => Array.from(Buffer.from(text, "utf8"));

describe("SHA-256 as Node computes it", () => {
  const texts = ["", "abc", "a".repeat(55), "a".repeat(56), "a".repeat(64), "é♥ 97".repeat(40), "x".repeat(1000)];
  for (const text of texts) {
    test(`${text.length} characters`, () => {
      assert.equal(hex(P.sha256(bytes(text))), crypto.createHash("sha256").update(text, "utf8").digest("hex"));
    });
  }
  test("random byte strings", () => {
    for (let n = 0; n < 200; n += 1) {
      const data = crypto.randomBytes(n * 3);
      assert.equal(hex(P.sha256(Array.from(data))), crypto.createHash("sha256").update(data).digest("hex"));
    }
  });
});

describe("HMAC-SHA-256", () => {
  test("RFC 4231, test case 2", () => {
    assert.equal(P.hmac("Jefe", "what do ya want for nothing?"),
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  });
  const keys = ["", "k", "3f".repeat(32), "a".repeat(64), "b".repeat(65), "x".repeat(200)];
  for (const key of keys) {
    test(`a key of ${key.length} characters, as Node computes it`, () => {
      const message = "http://192.168.1.21:8000";
      assert.equal(P.hmac(key, message), crypto.createHmac("sha256", key).update(message).digest("hex"));
    });
  }
});

describe("the proof an address gives", () => {
  const KEY = "5e".repeat(32);
  const HERE = "http://192.168.1.21:8001";
  const cases = [
    ["the address's own proof", { proof: P.hmac(KEY, HERE) }, KEY, HERE, true],
    ["another address's proof (asked of the real laptop)", { proof: P.hmac(KEY, "http://192.168.1.30:8000") }, KEY, HERE, false],
    ["a proof made with another page's key", { proof: P.hmac("6f".repeat(32), HERE) }, KEY, HERE, false],
    ["no proof", { hall: "b2", replaces: "a1" }, KEY, HERE, false],
    ["an empty proof", { proof: "" }, KEY, HERE, false],
    ["a proof that is not text", { proof: 1 }, KEY, HERE, false],
    ["the proof in capitals", { proof: P.hmac(KEY, HERE).toUpperCase() }, KEY, HERE, false],
    ["no answer", null, KEY, HERE, false],
    ["no key on the page", { proof: P.hmac("", HERE) }, "", HERE, false],
  ];
  for (const [name, answer, key, origin, proven] of cases) {
    test(name, () => assert.equal(P.proves(answer, key, origin), proven));
  }
});
