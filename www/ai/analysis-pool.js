/**
 * Match analysis on several Web Workers at once: the match's decisions are cut into
 * interleaved shares (every N-th turn), a few per worker, each worker taking the next
 * share left as soon as it has judged one (so that a worker that drew cheaper shares
 * judges more of them), and one worker puts the judged shares together into the very
 * analysis one worker gives. JavaScript only starts the workers, hands out share
 * numbers, sums their progress and passes the shares along; the engine cuts the match
 * and checks and assembles the shares. Used by game/analysis.js (and the end-to-end
 * tests).
 */

import { createComputerClient } from "./client.js";

/** How many workers judge a match: the browser's cores (2 when it does not say), at
 * most 4, at least 1. */
export function analysisWorkers(cores = globalThis.navigator?.hardwareConcurrency) {
  return Math.max(1, Math.min(Math.floor(cores) || 2, 4));
}

/** How many shares each worker's part of a match is cut into (the native analysis
 * cuts as many per thread, `SHARES_PER_THREAD` in src/ai/analysis/analyser.rs). */
export const SHARES_PER_WORKER = 8;

/**
 * @typedef {object} AnalysisPool
 * @property {(source:{saved?:string, mat?:string}, options?:{plies?:number, onProgress?:(p:{done:number,total:number})=>void}) => {done:Promise<{result:{analysis:import("../pkg-worker/gamao_worker.js").MatchAnalysis, text:string}, ms:number}>, cancel:() => void}} analyse
 *   judges every decision of a saved match or a `.mat` file on every worker, reporting
 *   the decisions judged over all of them (rising, `done === total` at the end); `cancel`
 *   stops every worker (the promise then rejects with "cancelled")
 * @property {number} workers  how many workers judge a match
 */

/**
 * A pool of analysis workers, started on the first analysis and kept for the visit.
 * @param {{workers?: number, createClient?: () => import("./client.js").ComputerClient}} [options]
 *   `createClient` starts one worker's client (a stand-in in the unit tests)
 * @returns {AnalysisPool}
 */
export function createAnalysisPool({ workers = analysisWorkers(), createClient = createComputerClient } = {}) {
  const count = analysisWorkers(workers);
  /** @type {import("./client.js").ComputerClient[]} */
  const clients = [];
  /** The first worker's full bear-off database, readied once (a promise). */
  let bearoff = null;

  function analyse(source, { plies = 2, onProgress } = {}) {
    while (clients.length < count) clients.push(createClient());
    // Every worker analyses with the full bear-off database: the first one readies it
    // (built and kept in IndexedDB, or read back from there) before the others start,
    // so that they read it back rather than each build it (most of a second of CPU each).
    bearoff ??= clients[0].readyBearoff().catch(() => null);
    const shares = count * SHARES_PER_WORKER;
    let stopped = false;
    /** Each share's decisions judged so far (0 until it reports). */
    const judgedOf = new Array(shares).fill(0);
    /** The match's decisions, from the first progress report of any share. */
    let total = null;
    let reported = -1;
    const report = (index, p) => {
      if (stopped) return;
      total ??= p.matchTotal;
      judgedOf[index] = p.done;
      const done = judgedOf.reduce((sum, n) => sum + n, 0);
      if (done <= reported) return;
      reported = done;
      onProgress?.({ done, total });
    };
    /** The shares being judged now. */
    const runs = new Set();
    const cancel = () => {
      stopped = true;
      for (const run of runs) run.cancel();
    };
    /** The next share nobody has taken. */
    let next = 0;
    const judged = new Array(shares);
    /** One worker judging the next share left, one after another, until none is. */
    const work = async (client) => {
      while (next < shares) {
        if (stopped) throw new Error("cancelled");
        const index = next++;
        const run = client.analyseShare(source, { index, count: shares }, { plies, onProgress: (p) => report(index, p) });
        runs.add(run);
        try {
          judged[index] = (await run.done).result;
        } finally {
          runs.delete(run);
        }
      }
    };
    const done = (async () => {
      const start = performance.now();
      await bearoff;
      if (stopped) throw new Error("cancelled");
      try {
        await Promise.all(clients.map(work));
      } catch (error) {
        // One share failed (an unreadable match fails in every one), or the analysis
        // was cancelled: stop the rest.
        cancel();
        throw error;
      }
      if (stopped) throw new Error("cancelled");
      const { result } = await clients[0].assemble(source, judged, { plies });
      return { result, ms: performance.now() - start };
    })();
    return { done, cancel };
  }

  return { analyse, workers: count };
}
