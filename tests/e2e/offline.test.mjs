// Offline: after one visit the service worker serves the whole game with the network cut
// (the server stopped and the browser offline).

import { fileURLToPath } from "node:url";
import { mkdtemp, cp, rm, appendFile, readdir, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { writePrecacheList } from "../../scripts/precache.mjs";
import { openGame, view, phaseOf, playTurn, startServer, until, assert } from "./helpers.mjs";

/**
 * Sets every file under `dir` as last modified a minute ago. The test server (Python's
 * http.server) answers a browser's revalidation by comparing whole seconds of the file's
 * modification time: a file rewritten within the second it was copied in is answered
 * "304 Not Modified", and the browser's update check then never sees the new build.
 */
async function backdate(dir, then = new Date(Date.now() - 60000)) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) await backdate(file, then);
    else await utimes(file, then, then);
  }
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
  // The old build was written a minute before the new one (a warm browser gets from
  // here to the rewrite below in under a second).
  await backdate(copy);
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
    await until(async () => (seen = await page.evaluate(() => caches.keys())).join() === `gamao-${version}`, () => `the new cache replaced the old one (caches: ${seen.join(", ")}; old ${oldCache})`, 60000);
    await page.reload();
    await page.waitForFunction(() => window.gamao && window.gamao.view());
    const marker = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--build-marker").trim());
    assert.equal(marker, "2", "the page now gets the new file");
  } finally {
    await server.stop();
    await rm(copy, { recursive: true, force: true });
  }
}
