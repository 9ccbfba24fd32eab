/**
 * The page's side of the computer opponent: a promise-based client of the Web Worker
 * (worker.js) that runs the engine's search. The worker is started on the first request
 * and kept for the visit. Only game/computer.js imports this module.
 */

/**
 * @typedef {object} ComputerClient
 * @property {(saved:string, side:"White"|"Red", level:string, seed:number) => Promise<{result:object[], ms:number}>} actions
 *   what the computer playing `side` does now (the engine's actions, in order)
 * @property {(saved:string) => Promise<{result:import("../pkg-worker/gamao_worker.js").Hint, ms:number}>} hint
 *   the best plays or the cube advice for the side to act
 * @property {(source:{saved?:string, mat?:string}, options?:{plies?:number, onProgress?:(p:{done:number,total:number})=>void}) => {done:Promise<{result:{analysis:import("../pkg-worker/gamao_worker.js").MatchAnalysis, text:string}, ms:number}>, cancel:() => void}} analyse
 *   judges every decision of a saved match or a `.mat` file in this one worker, reporting
 *   progress; `cancel` stops it (the promise then rejects with "cancelled").
 *   analysis-pool.js judges a match on several workers.
 * @property {(source:{saved?:string, mat?:string}, share:{index:number, count:number}, options?:{plies?:number, onProgress?:(p:{done:number,total:number,matchTotal:number})=>void}) => {done:Promise<{result:import("../pkg-worker/gamao_worker.js").AnalysisShare, ms:number}>, cancel:() => void}} analyseShare
 *   judges share `index` of `count` of the match's decisions, the same way, each
 *   progress report also saying how many decisions the whole match has (`matchTotal`)
 * @property {(source:{saved?:string, mat?:string}, shares:import("../pkg-worker/gamao_worker.js").AnalysisShare[], options?:{plies?:number}) => Promise<{result:{analysis:import("../pkg-worker/gamao_worker.js").MatchAnalysis, text:string}, ms:number}>} assemble
 *   the match's analysis put together from all its judged shares
 * @property {() => Promise<{result:null, ms:number}>} readyBearoff
 *   resolves once the worker has the full bear-off database (read back from IndexedDB,
 *   or built and kept there)
 * @property {(saved:string, side:"White"|"Red", action:"EndTurn"|"Double"|"Roll"|"Take"|"Drop") => Promise<{result:import("../pkg-worker/gamao_worker.js").AnalysedDecision|null, ms:number}>} tutor
 *   the play or cube action `side` is about to commit, judged before it is
 * @property {() => {requests:number, replies:number}} stats  how many requests went to the worker
 */

/** @returns {ComputerClient} */
export function createComputerClient() {
  /** @type {Worker|null} */
  let worker = null;
  let nextId = 1;
  let replies = 0;
  /** Requests waiting for their reply, by id. */
  const waiting = new Map();

  function start() {
    worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    worker.addEventListener("message", ({ data }) => {
      const request = waiting.get(data.id);
      if (!request) return;
      if (data.progress) {
        request.onProgress?.(data.progress);
        return;
      }
      waiting.delete(data.id);
      replies++;
      if (data.ok) request.resolve({ result: data.result, ms: data.ms });
      else request.reject(new Error(data.error));
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      const error = new Error(`the computer opponent could not start: ${event.message || "worker error"}`);
      for (const request of waiting.values()) request.reject(error);
      waiting.clear();
      worker = null;
    });
  }

  function send(message, onProgress) {
    if (!worker) start();
    const id = nextId++;
    const done = new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject, onProgress });
      worker.postMessage({ ...message, id });
    });
    return { id, done };
  }

  function ask(message) {
    return send(message).done;
  }

  function analyse(source, { plies = 2, onProgress } = {}, share = undefined) {
    const { id, done } = send({ kind: "analyse", saved: source.saved, mat: source.mat, plies, share }, onProgress);
    return { done, cancel: () => worker?.postMessage({ kind: "cancel", target: id }) };
  }

  return {
    actions: (saved, side, level, seed) => ask({ kind: "actions", saved, side, level, seed }),
    hint: (saved) => ask({ kind: "hint", saved }),
    analyse: (source, options) => analyse(source, options),
    analyseShare: (source, { index, count }, options) => analyse(source, options, { index, count }),
    assemble: (source, shares, { plies = 2 } = {}) => ask({ kind: "assemble", saved: source.saved, mat: source.mat, plies, shares }),
    readyBearoff: () => ask({ kind: "bearoff" }),
    tutor: (saved, side, action) => ask({ kind: "tutor", saved, side, action }),
    stats: () => ({ requests: nextId - 1, replies }),
  };
}
