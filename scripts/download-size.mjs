// Prints the bytes of the page's whole download, every file a first visit fetches: the
// service worker's precache list (www/precache.js, written by scripts/build-wasm.sh,
// both wasm modules included) plus sw.js and precache.js; exits non-zero above the
// budget (issue 13: 1.5 MB, 1,500,000 bytes).
//
//   node scripts/download-size.mjs [BUDGET_BYTES]      (after scripts/build-wasm.sh)

import { readFile, stat } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import path from "node:path";

const www = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../www");
const budget = Number(process.argv[2] ?? 1_500_000);
if (!Number.isFinite(budget)) {
  console.error(`the budget is a number of bytes, not ${process.argv[2]}`);
  process.exit(2);
}

// precache.js is `self.PRECACHE = {…};` around plain JSON.
const text = await readFile(path.join(www, "precache.js"), "utf8");
const precache = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
const files = [...precache.files, "sw.js", "precache.js"];
let total = 0;
for (const file of files) total += (await stat(path.join(www, file))).size;
for (const file of files.filter((f) => f.endsWith(".wasm"))) {
  console.log(`  ${file}: ${(await stat(path.join(www, file))).size} bytes`);
}
console.log(`the page's whole download: ${files.length} files, ${total} bytes (budget ${budget})`);
process.exit(total <= budget ? 0 : 1);
