// The game page in headless Firefox (Debian's firefox-esr through geckodriver), with real
// pointer input (the mouse; a finger on a phone's viewport): the second browser engine
// plays what the Chromium suite (tests/e2e/) checks in depth. Serves www/ on a free
// localhost port, runs each exported test of page.test.mjs in a fresh Firefox, fails any
// that leaves an uncaught script error, prints `N passed, N failed`.
//
//   node --experimental-websocket tests/firefox/run.mjs [name-filter]
//
// (The flag gives Node 20 its WebSocket, which WebDriver BiDi needs; Node 22 has it.)

import { fileURLToPath } from "node:url";
import path from "node:path";
import { writePrecacheList } from "../../scripts/precache.mjs";
import { startServer } from "../e2e/helpers.mjs";
import { startFirefox } from "./webdriver.mjs";
import * as tests from "./page.test.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const filter = process.argv[2] || "";

if (typeof WebSocket !== "function") {
  console.log("FAIL: this Node.js has no WebSocket: run it with `node --experimental-websocket` (Node 20) or on Node 22 or later");
  process.exit(1);
}

await writePrecacheList();
const www = path.join(root, "www");
const server = await startServer(www);
const baseUrl = server.url;

let passed = 0;
let failed = 0;
try {
  for (const [name, test] of Object.entries(tests)) {
    if (!name.includes(filter)) continue;
    let browser = null;
    try {
      browser = await startFirefox();
      await test({ browser, baseUrl, www });
      // From this page's server or any a test starts itself.
      const errors = browser.scriptErrors("http://127.0.0.1:");
      if (errors.length) throw new Error(`script errors: ${errors.join(" | ")}`);
      passed++;
      console.log(`ok   page.test.mjs › ${name}`);
    } catch (e) {
      failed++;
      console.log(`FAIL page.test.mjs › ${name}\n     ${String(e && e.stack || e).split("\n").slice(0, 4).join("\n     ")}`);
    } finally {
      if (browser) await browser.quit();
    }
  }
} finally {
  await server.stop();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
