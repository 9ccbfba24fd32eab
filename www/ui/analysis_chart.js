/**
 * The chart of a match analysis as plain data: one point per judged decision across the
 * whole match (White's match winning chance, or White's money equity mapped to 0–1), the
 * games' boundaries and the marked decisions. Pure functions: no DOM.
 */

/** Money equities beyond ±3 points are drawn at the edge. */
const MONEY_RANGE = 3;

/**
 * Every decision of the analysis in match order, with its game number.
 * @param {import("../pkg-worker/gamao_worker.js").MatchAnalysis} analysis
 * @returns {{game:number, decision:import("../pkg-worker/gamao_worker.js").AnalysedDecision}[]}
 */
export function flatDecisions(analysis) {
  return analysis.games.flatMap((g) => g.decisions.map((decision) => ({ game: g.number, decision })));
}

/**
 * The chart's points (x: decision index, y: 0 Red wins – 1 White wins), where each game
 * starts, and which points are marked.
 * @param {import("../pkg-worker/gamao_worker.js").MatchAnalysis} analysis
 */
export function chartOf(analysis) {
  const all = flatDecisions(analysis);
  const height = (chance) => (analysis.length > 0
    ? chance
    : 0.5 + Math.max(-MONEY_RANGE, Math.min(MONEY_RANGE, chance)) / (2 * MONEY_RANGE));
  const points = all.map(({ decision }, x) => ({ x, y: height(decision.white_chance) }));
  const gameStarts = all.map((d, i) => (i === 0 || all[i - 1].game !== d.game ? i : -1)).filter((i) => i >= 0);
  const marked = all.map(({ decision }, x) => ({ x, mark: decision.mark })).filter((p) => p.mark !== "");
  return { points, gameStarts, marked, count: all.length };
}

/**
 * The index of the next marked decision after `from` (wrapping round), or -1 if none is.
 * @param {import("../pkg-worker/gamao_worker.js").MatchAnalysis} analysis
 * @param {number} from  the current index, -1 before the first
 */
export function nextMarked(analysis, from) {
  const all = flatDecisions(analysis);
  for (let step = 1; step <= all.length; step++) {
    const i = (from + step + all.length) % all.length;
    if (all[i].decision.mark !== "") return i;
  }
  return -1;
}
