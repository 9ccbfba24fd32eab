/**
 * Analysing a match (a finished or imported one as `.mat` text, or the match in play as
 * its save) on Web Workers of its own (one per core, up to four, each judging a share of
 * the decisions), so that the computer opponent and the board go on meanwhile: progress
 * and the result go to the analysis panel; a new analysis or a cancel stops the one
 * running.
 */

import { createAnalysisPool } from "../ai/analysis-pool.js";
import { placeOf } from "../engine.js";

/**
 * The board's arrows for an analysed checker decision: the played play as the last move,
 * the best one beside it when it differs (none for a cube decision).
 * @param {import("../pkg-worker/gamao_worker.js").AnalysedDecision} decision
 */
export function playedAndBest(decision) {
  const places = (moves = []) => moves.map((m) => ({ from: placeOf(m.from), to: placeOf(m.to) }));
  const differs = decision.kind === "checker" && decision.best !== decision.played;
  return {
    lastMove: places(decision.played_moves),
    bestMove: differs ? { side: decision.side.toLowerCase(), moves: places(decision.best_moves) } : null,
  };
}

/**
 * @param {{view: ReturnType<import("../ui/analysis.js").createAnalysisView>}} deps
 */
export function createAnalysisFlow({ view }) {
  /** @type {ReturnType<typeof createAnalysisPool>|null} */
  let pool = null;
  let running = null;

  return {
    /**
     * Analyses `source` and shows it; resolves with `{analysis, text}`, or null when it
     * was cancelled. An unreadable match rejects with the engine's explanation.
     * @param {{mat?:string, saved?:string}} source
     * @param {number} plies  3, the thorough analysis (2-ply, every error looked at again at
     *   3-ply), or 2, the quick one
     */
    async run(source, plies) {
      running?.cancel();
      pool ??= createAnalysisPool();
      view.progress(0, 1);
      const run = pool.analyse(source, { plies, onProgress: ({ done, total }) => running === run && view.progress(done, total) });
      running = run;
      try {
        const { result } = await run.done;
        if (running === run) view.show(result.analysis, result.text);
        return result;
      } catch (error) {
        if (error.message !== "cancelled") throw error;
        return null;
      } finally {
        if (running === run) running = null;
      }
    },
    /**
     * Stops the analysis running, if any; the panel is left to the caller (its workers'
     * last words, arriving later, no longer reach it).
     */
    cancel() {
      running?.cancel();
      running = null;
    },
  };
}
