// End-to-end test runner: serves www/ on a free localhost port, drives Debian's Chromium
// through playwright-core, runs every `*.test.mjs` here (each exports named async test
// functions) once, fails any test that logs a console error, prints `N passed, N failed`.
//
//   node tests/e2e/run.mjs [name-filter]

import { readdir, mkdir } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";
import { chromium } from "playwright-core";
import { writePrecacheList } from "../../scripts/precache.mjs";
import { startServer } from "./helpers.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const artifacts = path.join(root, "test-results");
const filter = process.argv[2] || "";

const CHROMIUM_ARGS = [
  "--no-sandbox", "--disable-gpu", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--no-first-run",
];

// The service worker's asset list must match the files served (they may have changed
// since the last build).
await writePrecacheList();
let server = null;
let baseUrl;
let passed = 0;
let failed = 0;
let browser;

/** Runs one test in a fresh browser context; resolves to its failure, or null. */
async function runOnce(test) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(e.message));
  try {
    await test({ page, context, baseUrl, artifacts });
    if (errors.length) throw new Error(`console errors: ${errors.join(" | ")}`);
    return null;
  } catch (e) {
    return String(e && e.stack || e).split("\n").slice(0, 4).join("\n     ");
  } finally {
    await context.close();
  }
}

try {
  server = await startServer(path.join(root, "www"));
  baseUrl = server.url;
  await mkdir(artifacts, { recursive: true });
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  const files = (await readdir(here)).filter((f) => f.endsWith(".test.mjs")).sort();
  for (const file of files) {
    const tests = await import(pathToFileURL(path.join(here, file)).href);
    for (const [name, test] of Object.entries(tests)) {
      if (typeof test !== "function" || !`${file} ${name}`.includes(filter)) continue;
      // Each test runs once: a flaky test is a bug to find, not a retry to add.
      const error = await runOnce(test);
      if (error) {
        failed++;
        console.log(`FAIL ${file} › ${name}\n     ${error}`);
      } else {
        passed++;
        console.log(`ok   ${file} › ${name}`);
      }
    }
  }
} catch (e) {
  failed++;
  console.log(`FAIL runner: ${e && e.stack || e}`);
} finally {
  if (browser) await browser.close();
  if (server) await server.stop();
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
