/**
 * The computer opponent's thinking, in a dedicated module Web Worker, so that the page's
 * main thread never runs a search. It loads the engine's worker module (rules, match
 * play and the trained weights) once, then answers requests one at a time.
 *
 * Protocol (see client.js):
 *   request  {id, kind: "actions", saved, side, level, seed}  → computerActions(…)
 *            {id, kind: "hint", saved}                         → hint(saved)
 *            {id, kind: "analyse", saved | mat, plies}         → {analysis, text}, with
 *                progress messages {id, progress: {done, total, matchTotal}} on the
 *                way (the first one {done: 0, …} before any decision is judged;
 *                `matchTotal`: the whole match's decisions, whatever the share)
 *            {id, kind: "analyse", saved | mat, plies, share: {index, count}}
 *                → the share's judged decisions (Analysis.judgedShare()), with progress
 *            {id, kind: "assemble", saved | mat, plies, shares} → {analysis, text}: the
 *                judged shares of the match put together (analysis-pool.js)
 *            {id, kind: "bearoff"}       → null once the full bear-off database is
 *                ready (and kept in IndexedDB, where the pool's other workers read it)
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
/** The full bear-off database, once readied (a promise), else null. */
let bearoff = null;
let prepareTimer = null;

/** Readies the full bear-off database once: read back from IndexedDB when kept there,
 * else built (most of a second) and kept. */
function readyBearoff() {
  bearoff ??= (async () => {
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
  })();
  return bearoff;
}

/** Readies the bear-off database once the worker has been idle a while, typically
 * while the person thinks, so that no later move waits for it. */
function prepareWhenIdle() {
  if (bearoff) return;
  clearTimeout(prepareTimer);
  prepareTimer = setTimeout(readyBearoff, IDLE_MS);
}

/** Decisions judged between two looks at the message queue (a cancel, a move). */
const ANALYSIS_CHUNK = 3;
/** Analyses to stop, by request id. */
const cancelled = new Set();

/** The analysis of the request's match (`mat` or `saved`), of its share when it names one.
 * Every analysis uses the full bear-off database (the engine builds it when it has
 * neither been prepared nor loaded), so that the workers judging the shares of one
 * match agree with one another and with the native analysis: it is read back from
 * IndexedDB first when kept there. */
async function analysisOf(request, share) {
  await readyBearoff();
  const plies = request.plies ?? 2;
  return request.mat != null
    ? Analysis.fromMat(request.mat, plies, share?.index, share?.count)
    : Analysis.fromSaved(request.saved, plies, share?.index, share?.count);
}

/** Analyses a match, or a share of its decisions, a few decisions at a time, reporting
 * progress, until done or cancelled; other requests are answered in between. */
async function analyse(request) {
  const analysis = await analysisOf(request, request.share);
  try {
    const matchTotal = analysis.matchTotal();
    const progress = () => self.postMessage({ id: request.id, progress: { done: analysis.done(), total: analysis.total(), matchTotal } });
    progress();
    let more = analysis.total() > 0;
    while (more) {
      if (cancelled.delete(request.id)) throw new Error("cancelled");
      more = analysis.run(ANALYSIS_CHUNK);
      progress();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    return request.share ? analysis.judgedShare() : { analysis: analysis.result(), text: analysis.text() };
  } finally {
    cancelled.delete(request.id);
    analysis.free();
  }
}

/** Puts the judged shares of the request's match together: `{analysis, text}`. */
async function assemble(request) {
  const analysis = await analysisOf(request);
  try {
    return analysis.assemble(request.shares);
  } finally {
    analysis.free();
  }
}

/** Runs one request against the engine; throws the engine's Error on bad input. */
function answer(request) {
  switch (request.kind) {
    case "actions": return computerActions(request.saved, request.side, request.level, request.seed);
    case "hint": return hint(request.saved);
    case "analyse": return analyse(request);
    case "assemble": return assemble(request);
    case "bearoff": return readyBearoff().then(() => null);
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
