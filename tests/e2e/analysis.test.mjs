// Match analysis in the Web Worker (issue 14): a 7-point match GNU Backgammon played
// against itself, analysed in the browser with progress; a cancelled analysis stops and
// the worker keeps answering.

import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { assert } from "./helpers.mjs";

const data = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../data/gnubg_analysis");

/** The .mat text of reference match `n` and GNU Backgammon's unforced play counts. */
async function reference(n) {
  const mat = await readFile(path.join(data, `match-${n}.mat`), "utf8");
  const figures = await readFile(path.join(data, `match-${n}.txt`), "utf8");
  const unforced = Object.fromEntries(figures.split("\n").filter((l) => l.startsWith("stats "))
    .map((l) => l.split(/\s+/)).map((f) => [f[1], Number(f[3])]));
  return { mat, unforced };
}

export async function a_seven_point_match_is_analysed_in_the_worker_with_progress({ page, baseUrl }) {
  const { mat, unforced } = await reference(2);
  await page.goto(`${baseUrl}/dev/board.html`);
  const outcome = await page.evaluate(async (mat) => {
    const { createComputerClient } = await import("/ai/client.js");
    const client = createComputerClient();
    const progress = [];
    const start = performance.now();
    const { result } = await client.analyse({ mat }, { onProgress: (p) => progress.push(p) }).done;
    return { seconds: (performance.now() - start) / 1000, progress, result };
  }, mat);
  const { analysis, text } = outcome.result;
  console.log(`    analysed a 7-point match (${outcome.progress.at(-1).total} decisions) in ${outcome.seconds.toFixed(1)} s in Chromium`);
  assert.ok(outcome.progress.length > 10, "progress is reported along the way");
  assert.deepEqual(outcome.progress.at(-1).done, outcome.progress.at(-1).total);
  assert.ok(outcome.progress.every((p, i) => i === 0 || p.done > outcome.progress[i - 1].done));
  assert.equal(analysis.length, 7);
  assert.equal(analysis.players[0].checker.decisions, unforced.White, "the unforced plays GNU Backgammon counts");
  assert.equal(analysis.players[1].checker.decisions, unforced.Red);
  assert.match(text, /^7-point match: analysis/);
  const marked = analysis.games.flatMap((g) => g.decisions).filter((d) => d.mark === "very bad");
  assert.ok(marked.length > 0 && marked.every((d) => d.loss >= 0.16));
}

export async function a_cancelled_analysis_stops_and_the_worker_still_answers({ page, baseUrl }) {
  const { mat } = await reference(4);
  await page.goto(`${baseUrl}/dev/board.html`);
  const outcome = await page.evaluate(async (mat) => {
    const { createComputerClient } = await import("/ai/client.js");
    const client = createComputerClient();
    let seen = 0;
    const run = client.analyse({ mat }, { onProgress: () => { seen++; if (seen === 2) run.cancel(); } });
    const error = await run.done.then(() => null, (e) => e.message);
    const afterCancel = seen;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const bad = await client.analyse({ mat: "not a match" }).done.then(() => null, (e) => e.message);
    return { error, afterCancel, seenLater: seen, bad };
  }, mat);
  assert.equal(outcome.error, "cancelled");
  assert.ok(outcome.afterCancel <= 3, `stopped after ${outcome.afterCancel} progress reports`);
  assert.equal(outcome.seenLater, outcome.afterCancel, "no progress after the cancel");
  assert.match(outcome.bad, /cannot read the match/);
}
