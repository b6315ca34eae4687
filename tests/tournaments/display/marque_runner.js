// Reads [[profile, cells], …] as JSON on stdin and prints, for each, what
// static/js/marque.js computes: {a, b, outcome, pot} or null.
const path = require("path");
const marque = require(path.join(__dirname, "..", "..", "..", "static", "js", "marque.js"));
let input = "";
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const cases = JSON.parse(input);
  const profiles = cases.profiles;
  const out = cases.rows.map(([p, cells]) => marque.marque(cells, profiles[p]));
  process.stdout.write(JSON.stringify(out));
});
