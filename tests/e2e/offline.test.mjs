// Offline: after one visit the service worker serves the whole game with the network cut
// (the server stopped and the browser offline).

import { fileURLToPath } from "node:url";
import { mkdtemp, cp, rm, appendFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { writePrecacheList } from "../../scripts/precache.mjs";
import { openGame, view, phaseOf, playTurn, startServer, assert } from "./helpers.mjs";

/** Polls `check` (async) until it is true; fails with `what` (or what it returns) after `ms`. */
async function until(check, what, ms = 20000) {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    if (await check()) return;
  }
  throw new Error(`timed out: ${typeof what === "function" ? what() : what}`);
}

const www = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../www");

export async function after_one_visit_the_game_loads_and_plays_a_turn_with_the_server_stopped_and_the_network_cut({ page, context }) {
  const server = await startServer(www);
  let stopped = false;
  try {
    await openGame(page, server.url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      return { names, count: (await (await caches.open(names[0])).keys()).length };
    });
    assert.equal(cached.names.length, 1, `one versioned cache: ${cached.names}`);
    assert.match(cached.names[0], /^gamao-[0-9a-f]{16}$/);
    assert.ok(cached.count >= 25, `every asset is cached (${cached.count})`);

    await server.stop();
    stopped = true;
    await context.setOffline(true);
    await page.reload();
    await page.waitForFunction(() => window.gamao && window.gamao.view() && document.querySelector("gamao-board").shadowRoot.querySelector(".gb-canvas").width > 1);
    const first = await view(page);
    const after = await playTurn(page);
    assert.equal(phaseOf(after), "Deciding", "a whole turn was played");
    assert.notEqual(after.position_id, first.position_id, "checkers moved");
    // the .mat reader (loaded only on demand) is cached too
    const frames = await page.evaluate(async () => (await import("./engine.js")).readMat(" 1 point match\n\n Game 1\n White : 0                      Red : 0\n  1) 31: 8/5 6/5\n"));
    assert.equal(frames.length, 2);
  } finally {
    await context.setOffline(false);
    if (!stopped) await server.stop();
  }
}

export async function a_new_build_replaces_the_old_cache_and_files_on_the_next_visit({ page }) {
  const copy = await mkdtemp(path.join(tmpdir(), "gamao-www-"));
  await cp(www, copy, { recursive: true });
  const server = await startServer(copy);
  try {
    await openGame(page, server.url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
    const [oldCache] = await page.evaluate(() => caches.keys());

    // a new build: one file changed, the asset list written again
    await appendFile(path.join(copy, "style.css"), "\n:root { --build-marker: 2; }\n");
    const { version } = await writePrecacheList(copy);
    assert.notEqual(`gamao-${version}`, oldCache, "a changed file gives a new version");

    await page.reload();
    // Installing the new worker caches every file again (about 1 MB): give a busy machine time.
    let seen = [];
    const replaced = async () => (seen = await page.evaluate(() => caches.keys())).join() === `gamao-${version}`;
    try {
      await until(replaced, "", 60000);
    } catch {
      // What the registration is doing, and what one more update check finds.
      const state = await page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        const of = (w) => w && `${w.state}`;
        const before = { installing: of(r.installing), waiting: of(r.waiting), active: of(r.active), controller: !!navigator.serviceWorker.controller };
        const update = await r.update().then(() => "resolved", (e) => `rejected: ${e}`);
        await new Promise((done) => setTimeout(done, 5000));
        return { before, update, after: { installing: of(r.installing), waiting: of(r.waiting), active: of(r.active) }, caches: await caches.keys() };
      });
      throw new Error(`the new cache did not replace the old one (caches: ${seen.join(", ")}; old ${oldCache}): ${JSON.stringify(state)}`);
    }
    await page.reload();
    await page.waitForFunction(() => window.gamao && window.gamao.view());
    const marker = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--build-marker").trim());
    assert.equal(marker, "2", "the page now gets the new file");
  } finally {
    await server.stop();
    await rm(copy, { recursive: true, force: true });
  }
}
