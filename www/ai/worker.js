/**
 * The computer opponent's thinking, in a dedicated module Web Worker, so that the page's
 * main thread never runs a search. It loads the engine's worker module (rules, match
 * play and the trained weights) once, then answers requests one at a time.
 *
 * Protocol (see client.js):
 *   request  {id, kind: "actions", saved, side, level, seed}  → computerActions(…)
 *            {id, kind: "hint", saved}                         → hint(saved)
 *            {id, kind: "analyse", saved | mat, plies}         → {analysis, text}, with
 *                progress messages {id, progress: {done, total}} on the way
 *            {id, kind: "tutor", saved, side, action}                → tutor(…): the play or
 *                cube action about to be committed, judged (or null)
 *            {kind: "cancel", target}    stops the analysis `target` (it replies an error)
 *   reply    {id, ok: true, result, ms}  or  {id, ok: false, error, ms}
 * `saved` is the match's `save()` JSON; `ms` is the time the engine took, in the worker.
 */

import init, { Analysis, bearoffBytes, computerActions, hint, loadBearoff, prepare, tutor } from "../pkg-worker/gamao_worker.js";
import { keepBearoff, readBearoff } from "./bearoff-cache.js";

/** A module of one SIMD instruction (i8x16.splat): browsers without WebAssembly SIMD,
 * which the engine's worker module is built with, refuse it. */
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 8, 1, 6, 0, 65, 0, 253, 15, 11]);

const ready = WebAssembly.validate(SIMD_PROBE)
  ? init()
  : Promise.reject(new Error("this browser lacks WebAssembly SIMD (simd128), which the computer opponent needs: please update the browser"));
// Every request waiting on `ready` is answered with its error; none is left unhandled.
ready.catch(() => {});

/** How long the worker must have been idle before it builds the bear-off database. */
const IDLE_MS = 4000;
let prepared = false;
let prepareTimer = null;

/** Readies the bear-off database once the worker has been idle a while, typically
 * while the person thinks, so that no later move waits for it: read back from
 * IndexedDB when kept there, else built (a few seconds) and kept. */
function prepareWhenIdle() {
  if (prepared) return;
  clearTimeout(prepareTimer);
  prepareTimer = setTimeout(async () => {
    prepared = true;
    const kept = await readBearoff();
    try {
      if (kept) {
        loadBearoff(kept);
        return;
      }
    } catch {
      // Bytes of another version or damaged: build it again below.
    }
    prepare();
    await keepBearoff(bearoffBytes());
  }, IDLE_MS);
}

/** Decisions judged between two looks at the message queue (a cancel, a move). */
const ANALYSIS_CHUNK = 3;
/** Analyses to stop, by request id. */
const cancelled = new Set();

/** Analyses a match a few decisions at a time, reporting progress, until done or
 * cancelled; other requests are answered in between. */
async function analyse(request) {
  const plies = request.plies ?? 2;
  const analysis = request.mat != null ? Analysis.fromMat(request.mat, plies) : Analysis.fromSaved(request.saved, plies);
  try {
    let more = analysis.total() > 0;
    while (more) {
      if (cancelled.delete(request.id)) throw new Error("cancelled");
      more = analysis.run(ANALYSIS_CHUNK);
      self.postMessage({ id: request.id, progress: { done: analysis.done(), total: analysis.total() } });
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    return { analysis: analysis.result(), text: analysis.text() };
  } finally {
    cancelled.delete(request.id);
    analysis.free();
  }
}

/** Runs one request against the engine; throws the engine's Error on bad input. */
function answer(request) {
  switch (request.kind) {
    case "actions": return computerActions(request.saved, request.side, request.level, request.seed);
    case "hint": return hint(request.saved);
    case "analyse": return analyse(request);
    case "tutor": return tutor(request.saved, request.side, request.action);
    default: throw new Error(`unknown request kind "${request.kind}"`);
  }
}

self.addEventListener("message", async ({ data: request }) => {
  if (request.kind === "cancel") {
    cancelled.add(request.target);
    return;
  }
  clearTimeout(prepareTimer);
  const start = performance.now();
  try {
    await ready;
    const result = await answer(request);
    self.postMessage({ id: request.id, ok: true, result, ms: performance.now() - start });
  } catch (error) {
    self.postMessage({ id: request.id, ok: false, error: String(error && error.message || error), ms: performance.now() - start });
  }
  prepareWhenIdle();
});
