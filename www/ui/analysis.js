/**
 * The analysis panel: progress (with cancel) while the worker analyses, then a table per
 * player (error rates, marks, luck, rating, result), the chart of the match's chances where
 * a click picks a decision, the chosen decision's played and best play with their
 * equities, "Next error" and the text export, the plays judged for a picked checker
 * decision, the players' cube errors by kind, and
 * their ratings (Snowie's error rate; in a match FIBS ratings, in a money session the
 * points per game with their 95% intervals). It
 * shows what it is given and decides nothing; the adapter starts the analysis and shows
 * a chosen decision on the board (`onPick`).
 */

import { el } from "./dialogs.js";
import { signed } from "./signed.js";
import { chartOf, flatDecisions, nextMarked } from "./analysis_chart.js";

const SVG = "http://www.w3.org/2000/svg";
const MARK_SYMBOL = { "": "", doubtful: "?!", bad: "?", "very bad": "??" };

/**
 * @param {HTMLElement} host  where the panel goes (hidden until used)
 * @param {object} deps
 * @param {(key:string, params?:object)=>string} deps.t
 * @param {(pick:{index:number, game:number, decision:object}) => void} deps.onPick  a decision chosen
 * @param {() => void} deps.onCancel  the person stopped the analysis
 * @param {(plies:number) => void} [deps.onStart]  the person asked for an analysis at `plies`:
 *   3, the thorough one (the offer's first choice, and offered again beside an analysis
 *   less deep), or 2, the quick one
 */
export function createAnalysisView(host, { t, onPick, onCancel, onStart = () => {} }) {
  host.classList.add("gm-analysis");
  host.hidden = true;
  /** @type {import("../pkg-worker/gamao_worker.js").MatchAnalysis|null} */
  let analysis = null;
  let text = "";
  let current = -1;

  const start = el("button", { type: "button", class: "gm-button", "data-analysis": "start" });
  const quick = el("button", { type: "button", class: "gm-button", "data-analysis": "quick" });
  const offered = el("div", { class: "gm-analysis-actions" }, start, quick);
  const bar = el("progress", { max: "1", value: "0", "data-analysis": "progress" });
  const cancel = el("button", { type: "button", class: "gm-button", "data-analysis": "cancel" });
  const running = el("div", { class: "gm-analysis-running" }, bar, cancel);
  const table = el("table", { class: "gm-analysis-table", "data-analysis": "table" });
  const chart = document.createElementNS(SVG, "svg");
  chart.setAttribute("class", "gm-analysis-chart");
  chart.setAttribute("data-analysis", "chart");
  chart.setAttribute("role", "img");
  chart.setAttribute("preserveAspectRatio", "none");
  const caption = el("p", { class: "gm-analysis-caption", "data-analysis": "caption" });
  const detail = el("p", { class: "gm-analysis-detail", "data-analysis": "detail", "aria-live": "polite" });
  const legend = el("p", { class: "gm-analysis-legend", "data-analysis": "legend", "aria-hidden": "true", hidden: "" });
  const next = el("button", { type: "button", class: "gm-button", "data-analysis": "next" });
  const exportButton = el("button", { type: "button", class: "gm-button", "data-analysis": "export" });
  const depth = el("p", { class: "gm-analysis-depth", "data-analysis": "depth" });
  const deeper = el("button", { type: "button", class: "gm-button", "data-analysis": "deeper" });
  // The picked checker decision's plays as judged, under the buttons (which stay put).
  const candidates = el("table", { class: "gm-analysis-table gm-analysis-candidates", "data-analysis": "candidates", hidden: "" });
  // Each player's cube errors by kind, under the chart and its buttons.
  const cubeTable = el("table", { class: "gm-analysis-table", "data-analysis": "cube-errors" });
  // And their ratings under those.
  const ratingTable = el("table", { class: "gm-analysis-table gm-analysis-ratings", "data-analysis": "ratings" });
  const result = el("div", { class: "gm-analysis-result" }, depth, table, chart, caption, legend, detail,
    el("div", { class: "gm-analysis-actions" }, next, exportButton, deeper), candidates, cubeTable, ratingTable);
  host.append(offered, running, result);

  start.addEventListener("click", () => onStart(3));
  quick.addEventListener("click", () => onStart(2));
  deeper.addEventListener("click", () => onStart(3));
  cancel.addEventListener("click", () => onCancel());
  next.addEventListener("click", () => {
    if (analysis) pick(nextMarked(analysis, current));
  });
  exportButton.addEventListener("click", () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = el("a", { href: url, download: "analysis.txt" });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });
  chart.addEventListener("click", (event) => {
    if (!analysis) return;
    const box = chart.getBoundingClientRect();
    const count = flatDecisions(analysis).length;
    pick(Math.round(((event.clientX - box.left) / box.width) * (count - 1)));
  });

  function labels() {
    start.textContent = t("analysis.start");
    start.title = t("analysis.thoroughHint");
    quick.textContent = t("analysis.quick");
    quick.title = t("analysis.quickHint");
    deeper.textContent = t("analysis.thorough");
    deeper.title = t("analysis.thoroughHint");
    cancel.textContent = t("analysis.cancel");
    next.textContent = t("analysis.next");
    exportButton.textContent = t("analysis.export");
    chart.setAttribute("aria-label", t("analysis.chartPick"));
    if (analysis) caption.replaceChildren(...chartCaption(analysis, t));
    legend.replaceChildren(
      el("span", { class: "gm-swatch played" }), ` ${t("analysis.legendPlayed")} `,
      el("span", { class: "gm-swatch best" }), ` ${t("analysis.legendBest")}`);
  }

  function pick(index) {
    if (!analysis || index < 0) return;
    current = Math.min(index, flatDecisions(analysis).length - 1);
    const { game, decision } = showDetail();
    for (const dot of chart.querySelectorAll("[data-x]")) dot.classList.toggle("current", Number(dot.dataset.x) === current);
    onPick({ index: current, game, decision });
  }

  /** Writes the current decision's line; returns it. */
  function showDetail() {
    const chosen = flatDecisions(analysis)[current];
    const d = chosen.decision;
    detail.textContent = describe(d, chosen.game, t, analysis.length > 0);
    // The board shows the played play's arrows, and the best one's when it differs.
    legend.hidden = !(d.kind === "checker" && d.best !== d.played);
    const rows = candidateRows(d, t);
    candidates.hidden = rows.length === 0;
    candidates.title = t("analysis.candidatesHint");
    candidates.replaceChildren(...rows.map((r) => el("tr", r.played ? { class: "played" } : {},
      el("th", {}, r.play), el("td", {}, r.equity), el("td", {}, r.plies))));
    return chosen;
  }

  function drawTable() {
    // Analyses kept before the depth was recorded were all 2-ply.
    const plies = analysis.plies ?? 2;
    depth.textContent = plies === 3 ? t("analysis.depthThorough") : t("analysis.depth", { plies });
    deeper.hidden = plies >= 3;
    const [white, red] = analysis.players;
    const row = (label, f, hint) =>
      el("tr", {}, el("th", hint ? { title: hint } : {}, label), el("td", {}, f(white)), el("td", {}, f(red)));
    /** A table's first row: its title (none for the main table), then the two players. */
    const header = (title = "") => el("tr", {}, el("th", {}, title), el("th", {}, playerLabel(white, "White", t)),
      el("th", {}, playerLabel(red, "Red", t)));
    const rate = (k) => (p) => (p[k].decisions ? p[k].error_rate.toFixed(1) : "–");
    const marks = (p) => `${p.overall.doubtful} / ${p.overall.bad} / ${p.overall.very_bad}`;
    // How many cube errors of these kinds; "–" in an analysis kept before they were sorted.
    const cubeErrors = (...kinds) => (p) => (p.cube_errors
      ? String(kinds.reduce((n, kind) => n + p.cube_errors[kind].count, 0))
      : "–");
    table.replaceChildren(
      header(),
      el("tr", { class: "gm-analysis-subhead" }, el("th", { colspan: "3" }, t("analysis.errorRates"))),
      row(t("analysis.checker"), rate("checker")),
      row(t("analysis.cube"), rate("cube")),
      row(t("analysis.overall"), rate("overall")),
      row(t("analysis.decisions"), (p) => `${p.checker.decisions} + ${p.cube.decisions}`),
      row(t("analysis.marks"), marks),
      row(t("analysis.luck"), (p) => (p.luck.rolls ? signed(p.luck.rate, 1) : "–")),
      row(t("analysis.luckTotal"), (p) => signed(p.luck.total)),
      row(t("analysis.luckRating"), (p) => t(`analysis.luck.${p.luck.rating}`)),
      row(t("analysis.rating"), (p) => t(`analysis.rating.${p.rating}`)),
      el("tr", { class: "gm-analysis-subhead" }, el("th", { colspan: "3" },
        t(analysis.length > 0 ? "analysis.resultMatch" : "analysis.resultMoney"))),
      row(t("analysis.resultActual"), (p) => resultText(analysis, p.result?.actual), t("analysis.resultActualHint")),
      row(t("analysis.resultLuckAdjusted"), (p) => resultText(analysis, p.result?.luck_adjusted),
        t("analysis.resultLuckAdjustedHint")),
    );
    cubeTable.replaceChildren(
      header(t("analysis.cubeErrors")),
      row(t("analysis.missedDoubles"), cubeErrors("missed_doubles_below_cash", "missed_doubles_above_cash")),
      row(t("analysis.wrongDoubles"), cubeErrors("wrong_doubles_below_double_point", "wrong_doubles_above_too_good")),
      row(t("analysis.wrongTakes"), cubeErrors("wrong_takes")),
      row(t("analysis.wrongPasses"), cubeErrors("wrong_passes")),
    );
    ratingTable.replaceChildren(
      header(t("analysis.ratings")),
      ...ratingRows(analysis, t).map(([label, f, hint]) => row(label, f, hint)),
    );
  }

  function drawChart() {
    const { points, gameStarts, marked, count } = chartOf(analysis);
    const width = Math.max(1, count - 1);
    chart.setAttribute("viewBox", `0 0 ${width} 1`);
    const shape = (name, attrs) => {
      const node = document.createElementNS(SVG, name);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
      chart.append(node);
      return node;
    };
    chart.replaceChildren();
    shape("line", { x1: 0, y1: 0.5, x2: width, y2: 0.5, class: "middle" });
    for (const x of gameStarts) shape("line", { x1: x, y1: 0, x2: x, y2: 1, class: "game" });
    shape("polyline", { points: points.map((p) => `${p.x},${1 - p.y}`).join(" "), class: "chances" });
    for (const { x, mark } of marked) {
      shape("line", { x1: x, y1: 1 - points[x].y - 0.04, x2: x, y2: 1 - points[x].y + 0.04, class: `mark ${mark.replace(" ", "-")}`, "data-x": x });
    }
  }

  const showOnly = (part) => {
    labels();
    host.hidden = false;
    for (const p of [offered, running, result]) p.hidden = p !== part;
  };

  return {
    /** Offers an analysis (the Analyse button). */
    offer() {
      analysis = null;
      showOnly(offered);
    },
    /** Shows the analysis running: `done` of `total` decisions judged. */
    progress(done, total) {
      showOnly(running);
      bar.max = Math.max(1, total);
      bar.value = done;
    },
    /** Shows a finished analysis and its text export. */
    show(finished, exported) {
      analysis = finished;
      text = exported;
      current = -1;
      showOnly(result);
      detail.textContent = "";
      legend.hidden = true;
      drawTable();
      drawChart();
    },
    /** Chooses decision `index` (match order), as a click on the chart does. */
    pick,
    /** Moves to the next marked decision; -1 when there is none. */
    nextError() {
      if (!analysis) return -1;
      pick(nextMarked(analysis, current));
      return current;
    },
    /** The mark of each decision, by `game:event` (for the replay list). */
    marks() {
      const found = new Map();
      for (const { game, decision } of analysis ? flatDecisions(analysis) : []) {
        const key = `${game}:${decision.event}`;
        if (decision.mark !== "" && !found.has(key)) found.set(key, MARK_SYMBOL[decision.mark]);
      }
      return found;
    },
    /** Relabels in the current language. */
    relabel() {
      labels();
      if (!analysis) return;
      drawTable();
      if (current >= 0) showDetail();
    },
    /** Hides the panel and forgets the analysis. */
    clear() {
      analysis = null;
      text = "";
      current = -1;
      host.hidden = true;
    },
  };
}

/** What the chart shows, its marks' colours named: text and swatches. */
function chartCaption(analysis, t) {
  const mark = (kind) => [el("span", { class: `gm-swatch ${kind.replace(" ", "-")}` }), ` ${t(`analysis.mark.${kind}`)}`];
  return [
    t(analysis.length > 0 ? "analysis.chartMatch" : "analysis.chartMoney"), " ",
    ...mark("doubtful"), " ", ...mark("bad"), " ", ...mark("very bad"),
  ];
}

/**
 * A column's heading: the side in the page's language, with the player's name from the
 * match file when it has one of its own (the page's matches name the players "White"
 * and "Red").
 */
function playerLabel(player, side, t) {
  const label = t(`side.${side.toLowerCase()}`);
  return player.name && player.name !== side ? `${label} (${player.name})` : label;
}

/**
 * The rows of a checker decision's plays as judged: each play (the one played said so),
 * its equity with its difference from the best, and how far ahead it was looked at.
 * None for a cube decision, a forced play, a decision with one play judged, or an
 * analysis kept before plays were listed.
 * @param {object} d  an analysed decision
 * @param {(key:string, params?:object)=>string} t
 * @returns {{play:string, equity:string, plies:string, played:boolean}[]}
 */
export function candidateRows(d, t) {
  const list = d.candidates || [];
  if (list.length < 2) return [];
  const best = list[0].equity;
  return list.map((c, i) => {
    const played = c.play === d.played;
    return {
      play: played ? t("analysis.playedPlay", { play: c.play }) : c.play,
      equity: i === 0 ? signed(c.equity) : `${signed(c.equity)} (${signed(c.equity - best)})`,
      plies: t("hint.plies", { n: c.plies }),
      played,
    };
  });
}

/**
 * The ratings table's rows, [label, a player's figure, hint]: Snowie's error rate, then in
 * a match the FIBS rating the errors stand for and the rating difference the
 * luck-adjusted result does, in a money session the points per game; "–" for a figure an
 * analysis kept by an earlier version lacks, or one that cannot be given.
 * @param {{length: number}} analysis
 * @param {(key:string, params?:object)=>string} t
 * @returns {[string, (player:object) => string, string][]}
 */
export function ratingRows(analysis, t) {
  const snowie = [t("analysis.snowie"),
    (p) => (p.snowie_error_rate === undefined ? "–" : p.snowie_error_rate.toFixed(1)), t("analysis.snowieHint")];
  if (analysis.length > 0) {
    return [
      snowie,
      [t("analysis.fibsRating"), (p) => (p.fibs_rating ? p.fibs_rating.rating.toFixed(0) : "–"), t("analysis.fibsRatingHint")],
      [t("analysis.ratingDifference"),
        (p) => (typeof p.result?.rating_difference === "number" ? signed(p.result.rating_difference, 0) : "–"),
        t("analysis.ratingDifferenceHint")],
    ];
  }
  const perGame = (mean, interval) => (p) => (p.result?.per_game
    ? `${signed(p.result.per_game[mean], 2)} ± ${p.result.per_game[interval].toFixed(2)}`
    : "–");
  return [
    snowie,
    [t("analysis.perGameActual"), perGame("actual", "actual_interval"), t("analysis.perGameHint")],
    [t("analysis.perGameLuckAdjusted"), perGame("luck_adjusted", "luck_adjusted_interval"), t("analysis.perGameHint")],
  ];
}

/**
 * A player's result as the table writes it: in a match, match winning chances as a
 * percentage ("+50.0%"); in a money session, points ("−5.00"); "–" in an analysis kept
 * before results were counted.
 * @param {{length: number}} analysis
 * @param {number | undefined} value
 */
export function resultText(analysis, value) {
  if (value === undefined) return "–";
  return analysis.length > 0 ? `${signed(100 * value, 1)}%` : signed(value, 2);
}

/**
 * `White 31: 13/10 6/5 ?! (−0.052) · best 8/5 6/5 +0.163`, in a match (`inMatch`) its loss
 * in match winning chances too, and the roll's luck; a cube decision's words ("no
 * double", "take" …) in the page's language.
 */
export function describe(d, game, t, inMatch = false) {
  const cube = (word) => t(`analysis.cubeAction.${word}`);
  const what = d.dice ? `${d.dice[0]}${d.dice[1]}: ${d.played || "–"}` : cube(d.played);
  const luck = d.luck === undefined ? "" : ` · ${t("analysis.detailLuck", { luck: signed(d.luck) })}`;
  // In a match, a loss also in match winning chances (none in an analysis kept before).
  const cost = inMatch && d.loss > 0 && d.point_worth !== undefined
    ? ` · ${t("analysis.detailCost", { cost: `${signed(-100 * d.loss * d.point_worth, 2)}%` })}`
    : "";
  return t("analysis.detail", {
    game,
    side: t(`side.${d.side.toLowerCase()}`),
    what,
    mark: d.mark ? ` ${MARK_SYMBOL[d.mark]}` : "",
    played: signed(d.played_equity),
    best: d.dice ? d.best : cube(d.best),
    bestEquity: signed(d.best_equity),
    loss: signed(-d.loss),
  }) + cost + luck;
}
