// How many workers the page's analysis uses (www/ai/analysis-pool.js): one per core the
// browser reports, two when it does not say, at most four, at least one; and how the
// pool hands the shares of a match out to them.

import { test } from "node:test";
import assert from "node:assert/strict";
import { analysisWorkers, createAnalysisPool, SHARES_PER_WORKER } from "../../www/ai/analysis-pool.js";

test("the analysis runs on a worker per core, two when unknown, one to four", () => {
  assert.equal(analysisWorkers(1), 1);
  assert.equal(analysisWorkers(2), 2);
  assert.equal(analysisWorkers(3), 3);
  assert.equal(analysisWorkers(8), 4);
  assert.equal(analysisWorkers(undefined), 2);
  assert.equal(analysisWorkers(0), 2);
  assert.equal(analysisWorkers(NaN), 2);
  assert.equal(analysisWorkers(-3), 1);
});

// The pool's queue, with stand-ins for the workers: a match of 100 decisions, share
// `index` of `count` holding those `d` with `d % count === index`, judged one decision
// every `ms` milliseconds.

const DECISIONS = Array.from({ length: 100 }, (_, d) => d);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A worker's client that judges shares at `ms` a decision, failing at once when told;
 * what it is asked is written to `log`. */
function standIn(name, log, { ms, fails = false }) {
  return {
    readyBearoff: async () => ({ result: null, ms: 0 }),
    analyseShare(source, { index, count }, { onProgress }) {
      log.push({ name, index, count });
      let cancelled = false;
      const mine = DECISIONS.filter((d) => d % count === index);
      const done = (async () => {
        for (let judged = 0; ; judged++) {
          if (cancelled) {
            log.push({ name, cancelled: index });
            throw new Error("cancelled");
          }
          onProgress({ done: judged, total: mine.length, matchTotal: DECISIONS.length });
          if (fails) throw new Error("cannot read the match");
          if (judged === mine.length) return { result: { index, count, judged: mine }, ms: 0 };
          await sleep(ms);
        }
      })();
      return { done, cancel: () => { cancelled = true; } };
    },
    assemble: async (source, shares) => ({ result: shares.flatMap((share) => share.judged), ms: 0 }),
  };
}

/** A pool of the stand-ins `options`, one per worker, and the log of what they were asked. */
function poolOf(...options) {
  const log = [];
  let next = 0;
  const pool = createAnalysisPool({ workers: options.length, createClient: () => standIn(`w${next}`, log, options[next++]) });
  return { pool, log };
}

test("each worker takes the next share as soon as it is free, and the shares make up the match", async () => {
  // Given a pool of a slow and a fast worker
  const { pool, log } = poolOf({ ms: 30 }, { ms: 0 });
  const progress = [];
  // When it analyses a match
  const { result } = await pool.analyse({ mat: "match" }, { onProgress: (p) => progress.push(p) }).done;
  // Then every share is judged once, and put together they are every decision
  const shares = log.map((asked) => asked.index).sort((a, b) => a - b);
  assert.deepEqual(shares, Array.from({ length: 2 * SHARES_PER_WORKER }, (_, i) => i));
  assert.ok(log.every((asked) => asked.count === 2 * SHARES_PER_WORKER));
  assert.deepEqual([...result].sort((a, b) => a - b), DECISIONS);
  // And the fast worker judged more of them
  const taken = (name) => log.filter((asked) => asked.name === name).length;
  assert.ok(taken("w1") > taken("w0"), `${taken("w1")} shares against ${taken("w0")}`);
  // And progress rose to the match's total, known from the first report
  assert.ok(progress.every((p) => p.total === DECISIONS.length));
  assert.ok(progress.every((p, i) => i === 0 || p.done > progress[i - 1].done));
  assert.equal(progress[0].done, 0);
  assert.equal(progress.at(-1).done, DECISIONS.length);
});

test("a share that fails stops every worker and hands out no more shares", async () => {
  const { pool, log } = poolOf({ ms: 2 }, { ms: 2, fails: true });
  const error = await pool.analyse({ mat: "not a match" }).done.then(() => null, (e) => e.message);
  assert.equal(error, "cannot read the match");
  await sleep(20);
  assert.deepEqual(log.filter((asked) => "index" in asked).map((asked) => asked.name), ["w0", "w1"], "one share each, no more");
  assert.deepEqual(log.filter((asked) => "cancelled" in asked), [{ name: "w0", cancelled: 0 }], "the other share stopped");
});

test("a cancelled analysis stops every worker, reports nothing more and hands out no more shares", async () => {
  const { pool, log } = poolOf({ ms: 2 }, { ms: 2 });
  let reports = 0;
  const run = pool.analyse({ mat: "match" }, { onProgress: () => { reports++; if (reports === 5) run.cancel(); } });
  const error = await run.done.then(() => null, (e) => e.message);
  assert.equal(error, "cancelled");
  const asked = () => log.filter((entry) => "index" in entry).length;
  const [shares, seen] = [asked(), reports];
  await sleep(20);
  assert.equal(reports, seen, "no progress after the cancel");
  assert.equal(asked(), shares, "no share handed out after the cancel");
  assert.ok(shares < 2 * SHARES_PER_WORKER);
  assert.equal(log.filter((entry) => "cancelled" in entry).length, 2, "both workers' shares stopped");
});
