/**
 * Match analysis on several Web Workers at once: the match's decisions are cut into
 * interleaved shares (every N-th decision), each judged by a worker of its own, and one
 * worker puts the judged shares together into the very analysis one worker gives.
 * JavaScript only starts the workers, sums their progress and passes the shares along;
 * the engine cuts the match and checks and assembles the shares. Used by
 * game/analysis.js (and the end-to-end tests).
 */

import { createComputerClient } from "./client.js";

/** How many workers judge a match: the browser's cores (2 when it does not say), at
 * most 4, at least 1. */
export function analysisWorkers(cores = globalThis.navigator?.hardwareConcurrency) {
  return Math.max(1, Math.min(Math.floor(cores) || 2, 4));
}

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
 * @param {{workers?: number}} [options]
 * @returns {AnalysisPool}
 */
export function createAnalysisPool({ workers = analysisWorkers() } = {}) {
  const count = analysisWorkers(workers);
  /** @type {import("./client.js").ComputerClient[]} */
  const clients = [];

  function analyse(source, { plies = 2, onProgress } = {}) {
    while (clients.length < count) clients.push(createComputerClient());
    let stopped = false;
    /** Each worker's last progress, null until it has said how many it judges. */
    const progress = clients.map(() => null);
    let reported = -1;
    const report = (index, p) => {
      progress[index] = p;
      if (stopped || progress.includes(null)) return;
      const done = progress.reduce((sum, q) => sum + q.done, 0);
      if (done <= reported) return;
      reported = done;
      onProgress?.({ done, total: progress.reduce((sum, q) => sum + q.total, 0) });
    };
    const runs = clients.map((client, index) =>
      client.analyseShare(source, { index, count }, { plies, onProgress: (p) => report(index, p) }));
    const cancel = () => {
      stopped = true;
      for (const run of runs) run.cancel();
    };
    const done = (async () => {
      const start = performance.now();
      let shares;
      try {
        shares = await Promise.all(runs.map((run) => run.done));
      } catch (error) {
        // One worker failed (an unreadable match fails in all of them): stop the rest.
        cancel();
        throw error;
      }
      if (stopped) throw new Error("cancelled");
      const { result } = await clients[0].assemble(source, shares.map((share) => share.result), { plies });
      return { result, ms: performance.now() - start };
    })();
    return { done, cancel };
  }

  return { analyse, workers: count };
}
