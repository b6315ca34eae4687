// The proof that an address took this very hall over (issues 39, 50),
// checked by a table's page before it carries its outbox to an address its
// player typed (static/js/outbox.js). That page holds a key of its own (`key`,
// made by the first laptop from its takeover key and a number `nonce` drawn
// for this page: tournaments/infra/standby.py `page_key`); the laptop that
// took the hall over read that takeover key on the stick (it proves this
// and opens nothing else) and answers the ping asked with the nonce by
// HMAC-SHA-256(key, its own address). An address that did not take the
// hall over cannot answer it; one that asks the real second laptop gets the
// proof of that laptop's address, not its own.
//
// SHA-256 is written here: a plain-HTTP page has no crypto.subtle.
// tests/js/hall_proof.test.js checks it against Node's crypto.
(function (root) {
  const K = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ];
  const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
  const rotr = (x, n) => (x >>> n) | (x << (32 - n));

  const utf8 = (text) => Array.from(new TextEncoder().encode(String(text)));

  // SHA-256 of a list of bytes, as a list of 32 bytes.
  const sha256 = (bytes) => {
    const length = bytes.length;
    const data = bytes.concat([0x80]);
    while (data.length % 64 !== 56) data.push(0);
    const bits = length * 8;
    const high = Math.floor(bits / 0x100000000);
    for (const word of [high, bits >>> 0]) data.push((word >>> 24) & 255, (word >>> 16) & 255, (word >>> 8) & 255, word & 255);
    const h = H0.slice();
    const w = new Array(64);
    for (let block = 0; block < data.length; block += 64) {
      for (let i = 0; i < 16; i += 1) {
        const j = block + i * 4;
        w[i] = ((data[j] << 24) | (data[j + 1] << 16) | (data[j + 2] << 8) | data[j + 3]) >>> 0;
      }
      for (let i = 16; i < 64; i += 1) {
        const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
        const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
        w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
      }
      let [a, b, c, d, e, f, g, k] = h;
      for (let i = 0; i < 64; i += 1) {
        const t1 = (k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
        const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
        k = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
      }
      [a, b, c, d, e, f, g, k].forEach((v, i) => { h[i] = (h[i] + v) >>> 0; });
    }
    return h.flatMap((v) => [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255]);
  };

  // HMAC-SHA-256 of two texts (UTF-8), in lowercase hexadecimal.
  const hmac = (key, message) => {
    let k = utf8(key);
    if (k.length > 64) k = sha256(k);
    while (k.length < 64) k.push(0);
    const inner = sha256(k.map((b) => b ^ 0x36).concat(utf8(message)));
    const outer = sha256(k.map((b) => b ^ 0x5c).concat(inner));
    return outer.map((b) => b.toString(16).padStart(2, "0")).join("");
  };

  // Did the ping's answer prove that `origin` took over the hall whose
  // /reprise/ page holds `key`? (Compared whole: a wrong proof fails.)
  const proves = (answer, key, origin) => Boolean(
    key && answer && typeof answer.proof === "string" && answer.proof === hmac(key, origin),
  );

  const api = { sha256, hmac, proves };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.BeloteHallProof = api;
})(typeof window !== "undefined" ? window : globalThis);
