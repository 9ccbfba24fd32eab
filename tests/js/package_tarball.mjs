// The publishable npm package as a site uses it: packed by scripts/npm-package.mjs,
// installed from its tarball into an empty directory (offline: it has no dependencies),
// then used from Node (both entry points, the wasm read from the package, fetch
// disabled), type-checked by TypeScript through its `exports`, and used from a plain
// HTML page with no bundler in headless Chromium (the engine on the page, the worker
// module in a Web Worker). Needs pkg/ and pkg-worker/ (scripts/build-wasm.sh).
// Prints "N passed, N failed"; exits non-zero on a failure.
//
//   node tests/js/package_tarball.mjs

import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { makePackage, manifest, cargoPackage } from "../../scripts/npm-package.mjs";
import { serveDirectory } from "./serve.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const OPENING = "4HPwATDgc/ABMA";

let passed = 0;
let failed = 0;
async function check(name, fn) {
  try {
    await fn();
    passed++;
    console.log(`ok   ${name}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e.message}`);
  }
}
function assert(cond, message) {
  if (!cond) throw new Error(message);
}

/** Every file under `dir`, relative, sorted. */
function filesUnder(dir, prefix = "") {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  ).sort();
}

const tarball = makePackage();
console.log(`${path.relative(root, tarball)}: ${statSync(tarball).size} bytes`);
const site = mkdtempSync(path.join(tmpdir(), "gamao-site-"));
const installed = path.join(site, "node_modules/gamao");

try {
  await check("the tarball installs into an empty directory with no network", () => {
    execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", tarball], { cwd: site, stdio: "pipe" });
    const expected = [...manifest(cargoPackage()).files, "package.json"].sort();
    assert(JSON.stringify(filesUnder(installed)) === JSON.stringify(expected), `installed: ${filesUnder(installed)}`);
  });

  await check("package.json has the publishable metadata, and the LICENSE matches its license", () => {
    const installedJson = JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8"));
    const cargo = cargoPackage();
    for (const field of ["name", "version", "description", "license"]) {
      assert(installedJson[field] === cargo[field], `${field}: ${installedJson[field]} (Cargo.toml: ${cargo[field]})`);
    }
    assert(installedJson.type === "module" && installedJson.types && installedJson.exports["."] && installedJson.exports["./worker"] && installedJson.exports["./element"], "type, types, exports");
    assert(installedJson.keywords.length > 0, "keywords");
    // Cargo.toml's repository, when it has one (none until the project has a public home).
    const repository = cargo.repository ? { type: "git", url: `git+${cargo.repository}.git` } : undefined;
    assert(JSON.stringify(installedJson.repository) === JSON.stringify(repository), `repository: ${JSON.stringify(installedJson.repository)}`);
    const license = readFileSync(path.join(installed, "LICENSE"), "utf8");
    assert(cargo.license === "MIT" && /^MIT License\n/.test(license) && license.includes("Permission is hereby granted, free of charge"), "the LICENSE file is the MIT license text");
  });

  await check("Node: both entry points work with fetch disabled, the wasm read from the package, and a match is analysed", () => {
    writeFileSync(path.join(site, "use.mjs"), `
      globalThis.fetch = () => { throw new Error("the package used the network"); };
      const { legalPlays, presetOptions, Match } = await import("gamao");
      const worker = await import("gamao/worker");
      let refused = "";
      try { legalPlays("not an id", "31"); } catch (e) { refused = e.message; }
      const match = Match.fromIds("${OPENING}", undefined, presetOptions("time-bank", 5), 1);
      const hint = worker.hint(match.save());
      console.log(JSON.stringify({
        plays: legalPlays("${OPENING}", "31").map((p) => p.play),
        refused,
        positionId: match.positionId(),
        plays64: legalPlays("${OPENING}", "64").map((p) => p.play),
        workerPlays64: worker.legalPlays("${OPENING}", "64").map((p) => p.play),
        cube: hint.cube && hint.cube.action,
        analysis: analysed(${JSON.stringify(readFileSync(path.join(root, "tests/data/gnubg_analysis/own-6.mat"), "utf8"))}),
      }));
      // As the package's README analyses a match.
      function analysed(matText) {
        const analysis = worker.Analysis.fromMat(matText, 0);
        while (analysis.run(10));
        const result = analysis.result();
        const summary = { done: analysis.done(), total: analysis.total(), players: result.players.map((p) => p.name), games: result.games.length, text: analysis.text().length };
        analysis.free();
        return summary;
      }
    `);
    const result = JSON.parse(execFileSync("node", ["use.mjs"], { cwd: site, encoding: "utf8" }));
    assert(result.plays.length === 16 && result.plays.includes("8/5 6/5"), `plays: ${result.plays}`);
    assert(/Position ID/.test(result.refused), `refusal: ${result.refused}`);
    assert(result.positionId === OPENING, result.positionId);
    assert(result.plays64.length > 1 && JSON.stringify(result.workerPlays64) === JSON.stringify(result.plays64), "the worker module's 64s");
    assert(result.cube === "NoDouble", `cube advice at the opening: ${result.cube}`);
    const { analysis } = result;
    assert(analysis.total > 0 && analysis.done === analysis.total && analysis.players.length === 2 && analysis.games > 0 && analysis.text > 0, `analysis: ${JSON.stringify(analysis)}`);
  });

  await check("TypeScript resolves the declarations of both entry points through exports", () => {
    writeFileSync(path.join(site, "use.ts"), `
      import init, { legalPlays, type LegalPlayView } from "gamao";
      import { hint, type Hint } from "gamao/worker";
      export async function plays(): Promise<string[]> {
        await init();
        const views: LegalPlayView[] = legalPlays("${OPENING}", "31");
        // @ts-expect-error: a Position ID is a string
        legalPlays(42, "31");
        const advice: Hint = hint("{}");
        return views.map((v) => v.play).concat(advice.plays.map((p) => p.play));
      }
    `);
    writeFileSync(path.join(site, "tsconfig.json"), JSON.stringify({
      compilerOptions: { target: "ES2022", module: "nodenext", moduleResolution: "nodenext", lib: ["ESNext", "DOM"], strict: true, noEmit: true },
      files: ["use.ts"],
    }));
    try {
      execFileSync(path.join(root, "node_modules/.bin/tsc"), ["-p", site], { cwd: site, encoding: "utf8" });
    } catch (e) {
      throw new Error(`tsc: ${e.stdout}`);
    }
  });

  await check("a plain HTML page with no bundler uses the engine, <gamao-board>, and the worker module in a Web Worker", async () => {
    writeFileSync(path.join(site, "index.html"), `<!doctype html>
      <meta charset="utf-8"><title>a site</title><link rel="icon" href="data:,">
      <script type="importmap">{ "imports": { "gamao": "./node_modules/gamao/pkg/gamao.js" } }</script>
      <script type="module" src="./node_modules/gamao/element/gamao-board.js"></script>
      <gamao-board position-id="${OPENING}" dice="31" interactive style="width:600px"></gamao-board>
      <script type="module">
        import init, { legalPlays } from "gamao";
        await init();
        const board = document.querySelector("gamao-board");
        await customElements.whenDefined("gamao-board");
        await board.ready;
        const played = board.play("8/5 6/5");
        const worker = new Worker("./worker.js", { type: "module" });
        worker.postMessage("${OPENING}");
        worker.onmessage = (event) => {
          const plays = legalPlays("${OPENING}", "31");
          window.result = {
            plays: plays.map((p) => p.play),
            fromWorker: event.data,
            played: played.positionId === plays.find((p) => p.play === "8/5 6/5").positionIdAfter,
            drawn: board.shadowRoot.querySelector('.gb-spot[data-point="5"]').getAttribute("aria-label"),
          };
        };
      </script>`);
    writeFileSync(path.join(site, "worker.js"), `
      import init, { hint, Match, presetOptions } from "./node_modules/gamao/pkg-worker/gamao_worker.js";
      const ready = init();
      onmessage = async (event) => {
        await ready;
        const match = Match.fromIds(event.data, undefined, presetOptions("time-bank", 5), 1);
        postMessage(hint(match.save()).cube.action);
      };`);
    const server = await serveDirectory(site);
    const browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    });
    try {
      const page = await browser.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
      await page.goto(server.url);
      await page.waitForFunction(() => window.result, null, { timeout: 20000 }).catch((e) => {
        throw new Error(`${e.message.split("\n")[0]}; page errors: ${errors}`);
      });
      const result = await page.evaluate(() => window.result);
      assert(errors.length === 0, `errors: ${errors}`);
      assert(result.plays.length === 16, `plays: ${result.plays}`);
      assert(result.fromWorker === "NoDouble", `worker: ${result.fromWorker}`);
      assert(result.played, "the element's play gives the engine's Position ID after 8/5 6/5");
      assert(/^Point 5, 2 white/.test(result.drawn), `the board shows the play: ${result.drawn}`);
    } finally {
      await browser.close();
      await server.close();
    }
  });
} finally {
  rmSync(site, { recursive: true, force: true });
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
