// Match analysis in Web Workers (issue 14): a 7-point match GNU Backgammon played
// against itself, analysed in the browser on a pool of workers (each judging a share of
// the decisions) with progress; the pool's analysis is one worker's; a cancelled
// analysis stops every worker and the pool keeps answering.

import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { assert, openGame, matchesMenu, view, phaseOf, andWait, answer, playTurn, startWith, fillStorage, TIME_BANK } from "./helpers.mjs";

const data = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../data/gnubg_analysis");

/** The .mat text of reference match `n` and GNU Backgammon's unforced play counts. */
async function reference(n) {
  const mat = await readFile(path.join(data, `match-${n}.mat`), "utf8");
  const figures = await readFile(path.join(data, `match-${n}.txt`), "utf8");
  const unforced = Object.fromEntries(figures.split("\n").filter((l) => l.startsWith("stats "))
    .map((l) => l.split(/\s+/)).map((f) => [f[1], Number(f[3])]));
  return { mat, unforced };
}

/**
 * Analyses `mat` at `plies` on a pool of workers in a fresh page (one per core, up to
 * four); the result, the seconds it took, every progress report and the pool's size.
 */
async function analyseOnPool(page, baseUrl, mat, plies) {
  await page.goto(`${baseUrl}/dev/board.html`);
  return page.evaluate(async ({ mat, plies }) => {
    const { createAnalysisPool } = await import("/ai/analysis-pool.js");
    const pool = createAnalysisPool();
    const progress = [];
    const start = performance.now();
    const { result } = await pool.analyse({ mat }, { plies, onProgress: (p) => progress.push(p) }).done;
    return { seconds: (performance.now() - start) / 1000, progress, result, workers: pool.workers, cores: navigator.hardwareConcurrency };
  }, { mat, plies });
}

export async function a_seven_point_match_is_analysed_in_the_worker_with_progress({ page, baseUrl }) {
  const { mat, unforced } = await reference(2);
  const outcome = await analyseOnPool(page, baseUrl, mat, 2);
  const { analysis, text } = outcome.result;
  console.log(`    analysed a 7-point match (${outcome.progress.at(-1).total} decisions) in ${outcome.seconds.toFixed(1)} s in Chromium on ${outcome.workers} workers (${outcome.cores} cores)`);
  assert.equal(outcome.workers, Math.min(outcome.cores || 2, 4), "a worker per core, up to four");
  assert.ok(outcome.progress.length > 10, "progress is reported along the way");
  assert.deepEqual(outcome.progress.at(-1).done, outcome.progress.at(-1).total);
  assert.ok(outcome.progress.every((p, i) => i === 0 || p.done > outcome.progress[i - 1].done));
  assert.equal(analysis.length, 7);
  assert.equal(analysis.players[0].checker.decisions, unforced.White, "the unforced plays GNU Backgammon counts");
  assert.equal(analysis.players[1].checker.decisions, unforced.Red);
  assert.match(text, /^7-point match: analysis \(2-ply\)/);
  assert.equal(analysis.plies, 2);
  const marked = analysis.games.flatMap((g) => g.decisions).filter((d) => d.mark === "very bad");
  assert.ok(marked.length > 0 && marked.every((d) => d.loss >= 0.16));
}

export async function a_thorough_analysis_of_a_seven_point_match_runs_in_the_workers({ page, baseUrl }) {
  const { mat, unforced } = await reference(2);
  const outcome = await analyseOnPool(page, baseUrl, mat, 3);
  const { analysis, text } = outcome.result;
  console.log(`    a thorough analysis of the same match (${outcome.progress.at(-1).total} decisions) took ${outcome.seconds.toFixed(1)} s in Chromium on ${outcome.workers} workers`);
  assert.equal(analysis.plies, 3);
  assert.match(text, /^7-point match: analysis \(thorough: 2-ply, every error again at 3-ply\)/);
  assert.equal(analysis.players[0].checker.decisions, unforced.White);
  assert.equal(analysis.players[1].checker.decisions, unforced.Red);
}

export async function the_pools_analysis_is_one_workers_decision_for_decision({ page, baseUrl }) {
  const { mat } = await reference(8);
  await page.goto(`${baseUrl}/dev/board.html`);
  const outcome = await page.evaluate(async (mat) => {
    const { createAnalysisPool } = await import("/ai/analysis-pool.js");
    const { createComputerClient } = await import("/ai/client.js");
    // Three shares, whatever the cores, so that no share is the whole match.
    const pool = createAnalysisPool({ workers: 3 });
    const progress = [];
    const [shared, alone] = await Promise.all([
      pool.analyse({ mat }, { plies: 1, onProgress: (p) => progress.push(p) }).done,
      createComputerClient().analyse({ mat }, { plies: 1 }).done,
    ]);
    return { workers: pool.workers, progress, shared: shared.result, alone: alone.result };
  }, mat);
  assert.equal(outcome.workers, 3);
  const decisions = (a) => a.games.flatMap((g) => g.decisions);
  assert.ok(decisions(outcome.alone.analysis).length > 100);
  assert.deepEqual(decisions(outcome.shared.analysis), decisions(outcome.alone.analysis), "the same decisions, judged the same");
  assert.deepEqual(outcome.shared.analysis, outcome.alone.analysis, "the same figures");
  assert.equal(outcome.shared.text, outcome.alone.text);
  const last = outcome.progress.at(-1);
  assert.equal(last.done, last.total, "progress over the three workers ends with every decision judged");
  assert.ok(outcome.progress.every((p, i) => i === 0 || (p.done > outcome.progress[i - 1].done && p.total === last.total)));
}

export async function a_cancelled_analysis_stops_and_the_worker_still_answers({ page, baseUrl }) {
  const { mat } = await reference(4);
  await page.goto(`${baseUrl}/dev/board.html`);
  const outcome = await page.evaluate(async (mat) => {
    const { createAnalysisPool } = await import("/ai/analysis-pool.js");
    const pool = createAnalysisPool();
    let seen = 0;
    const run = pool.analyse({ mat }, { onProgress: () => { seen++; if (seen === 2) run.cancel(); } });
    const error = await run.done.then(() => null, (e) => e.message);
    const afterCancel = seen;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const bad = await pool.analyse({ mat: "not a match" }).done.then(() => null, (e) => e.message);
    return { error, afterCancel, seenLater: seen, bad };
  }, mat);
  assert.equal(outcome.error, "cancelled");
  assert.ok(outcome.afterCancel <= 3, `stopped after ${outcome.afterCancel} progress reports`);
  assert.equal(outcome.seenLater, outcome.afterCancel, "no progress after the cancel");
  assert.match(outcome.bad, /cannot read the match/);
}

/**
 * Opens the development page with an analysis panel on it, as `window.panel`: its host
 * element, the view, the decisions picked on it, and a client of the computer's worker.
 */
async function openPanel(page, baseUrl) {
  await page.goto(`${baseUrl}/dev/board.html`);
  await page.evaluate(async () => {
    const { createComputerClient } = await import("/ai/client.js");
    const { createAnalysisView } = await import("/ui/analysis.js");
    const { t } = await import("/i18n/i18n.js");
    const host = document.createElement("section");
    document.body.append(host);
    const picks = [];
    const view = createAnalysisView(host, { t, onPick: (p) => picks.push(p), onCancel: () => {} });
    window.panel = { host, view, picks, client: createComputerClient() };
  });
}

export async function the_analysis_panel_shows_the_table_the_chart_and_walks_the_errors({ page, baseUrl }) {
  const { mat } = await reference(1);
  await openPanel(page, baseUrl);
  const seen = await page.evaluate(async (mat) => {
    const { host, view, picks, client } = window.panel;
    const progressShown = [];
    const { result } = await client.analyse({ mat }, {
      plies: 0,
      onProgress: (p) => { view.progress(p.done, p.total); progressShown.push(host.querySelector("progress").value); },
    }).done;
    view.show(result.analysis, result.text);
    const cells = [...host.querySelectorAll("tr")].map((r) => [...r.children].map((c) => c.textContent));
    const adjustedHint = [...host.querySelectorAll("th")].find((th) => th.textContent === "Luck-adjusted").title;
    const first = view.nextError();
    // The first error's plays as judged, under the buttons
    const candidateTable = host.querySelector("[data-analysis=candidates]");
    const candidates = {
      hidden: candidateTable.hidden,
      rows: [...candidateTable.querySelectorAll("tr")].map((r) => ({ cells: [...r.children].map((c) => c.textContent), played: r.classList.contains("played") })),
      decision: picks[picks.length - 1].decision,
    };
    const second = view.nextError();
    // An analysis kept in the history by an earlier version has no results nor cube
    // errors: shown all the same, with "–" there.
    const kept = structuredClone(result.analysis);
    for (const p of kept.players) { delete p.result; delete p.cube_errors; delete p.snowie_error_rate; delete p.fibs_rating; }
    view.show(kept, result.text);
    const keptCells = [...host.querySelectorAll("tr")].map((r) => [...r.children].map((c) => c.textContent));
    view.show(result.analysis, result.text);
    const chart = host.querySelector("[data-analysis=chart]").getBoundingClientRect();
    host.querySelector("[data-analysis=chart]").dispatchEvent(new MouseEvent("click", { clientX: chart.left + 1, clientY: chart.top + 5, bubbles: true }));
    return {
      progressShown: progressShown.length,
      cells,
      picks: picks.map((p) => ({ index: p.index, mark: p.decision.mark })),
      first, second, candidates,
      detail: host.querySelector("[data-analysis=detail]").textContent,
      marks: view.marks().size,
      chartPoints: host.querySelector("polyline").getAttribute("points").split(" ").length,
      players: result.analysis.players.map((p) => p.checker.error_rate.toFixed(1)),
      luck: result.analysis.players.map((p) => p.luck),
      adjustedHint,
      keptCells,
      results: result.analysis.players.map((p) => p.result),
      ratings: result.analysis.players.map((p) => ({ snowie: p.snowie_error_rate, fibs: p.fibs_rating })),
      cubeErrors: result.analysis.players.map((p) => p.cube_errors),
      length: result.analysis.length,
      firstLuck: result.analysis.games[0].decisions[0].luck,
      total: result.analysis.games.reduce((n, g) => n + g.decisions.length, 0),
    };
  }, mat);
  assert.ok(seen.progressShown > 0);
  assert.equal(seen.cells[0][1], "White");
  const checkerRow = seen.cells.find((r) => r[0] === "Checker play");
  assert.deepEqual(checkerRow.slice(1), seen.players, "the table shows each player's checker error rate");
  // Each player's luck: the rate per roll, the total and the dice's word.
  const luckRow = seen.cells.find((r) => r[0] === "Luck (mEMG per roll)");
  // Signed as written: a figure that rounds to zero is "+0.000".
  const signed = (x, digits) => (Number(x.toFixed(digits)) >= 0 ? "+" : "−") + Math.abs(x).toFixed(digits);
  assert.deepEqual(luckRow.slice(1), seen.luck.map((l) => signed(l.rate, 1)), "the table shows each player's luck per roll");
  assert.ok(seen.luck.every((l) => l.rolls > 50), "every roll's luck is counted");
  assert.notEqual(seen.luck[0].total, seen.luck[1].total);
  const luckRating = seen.cells.find((r) => r[0] === "Luck rating");
  assert.deepEqual(luckRating.slice(1), seen.luck.map((l) => l.rating), "in English the words are GNU Backgammon's");
  // Each player's result, as match winning chances won, and with the luck taken out.
  assert.ok(seen.length > 0);
  assert.deepEqual(seen.results.map((r) => r.actual), [0.5, -0.5], "White won the match from 0–0");
  const actualRow = seen.cells.find((r) => r[0] === "Actual");
  assert.deepEqual(actualRow.slice(1), ["+50.0%", "−50.0%"]);
  const adjustedRow = seen.cells.find((r) => r[0] === "Luck-adjusted");
  assert.deepEqual(adjustedRow.slice(1), seen.results.map((r) => `${signed(100 * r.luck_adjusted, 1)}%`));
  assert.ok(seen.cells.some((r) => r[0] === "Result (match winning chances)"));
  assert.match(seen.adjustedHint, /luck taken out/, "the luck-adjusted row says what it is");
  for (const label of ["Actual", "Luck-adjusted", "Doubles missed", "Wrong takes"]) {
    assert.deepEqual(seen.keptCells.find((r) => r[0] === label), [label, "–", "–"], `${label} in an analysis kept before`);
  }
  assert.deepEqual(seen.keptCells.find((r) => r[0] === "Checker play"), checkerRow, "the rest as before");
  // The ratings: Snowie's error rate, the FIBS rating the errors stand for, and the rating
  // difference the luck-adjusted result does.
  assert.deepEqual(seen.cells.find((r) => r[0] === "Snowie error rate").slice(1), seen.ratings.map((r) => r.snowie.toFixed(1)));
  assert.deepEqual(seen.cells.find((r) => r[0] === "FIBS rating (from errors)").slice(1),
    seen.ratings.map((r) => r.fibs.rating.toFixed(0)));
  assert.ok(seen.ratings.every((r) => r.fibs.rating < 2050 && r.fibs.rating > 1000), "ratings a person could have");
  assert.deepEqual(seen.cells.find((r) => r[0] === "Rating difference (luck-adjusted)").slice(1),
    seen.results.map((r) => signed(r.rating_difference, 0)));
  for (const label of ["Snowie error rate", "FIBS rating (from errors)", "Rating difference (luck-adjusted)"]) {
    assert.deepEqual(seen.keptCells.find((r) => r[0] === label), [label, "–", "–"], `${label} in an analysis kept before`);
  }
  // Each player's cube errors by kind, a double missed below or above the cash point in one row.
  const missed = seen.cells.find((r) => r[0] === "Doubles missed");
  assert.deepEqual(missed.slice(1), seen.cubeErrors.map((e) =>
    String(e.missed_doubles_below_cash.count + e.missed_doubles_above_cash.count)));
  const wrongTakes = seen.cells.find((r) => r[0] === "Wrong takes");
  assert.deepEqual(wrongTakes.slice(1), seen.cubeErrors.map((e) => String(e.wrong_takes.count)));
  assert.equal(seen.chartPoints, seen.total, "one point per decision");
  assert.ok(seen.first >= 0 && seen.second > seen.first, "Next error walks forward");
  // A picked error lists the plays judged: the best first, the played one said
  const { candidates } = seen;
  assert.equal(candidates.decision.kind, "checker", "match 1's first error is a play");
  assert.equal(candidates.hidden, false);
  assert.equal(candidates.rows.length, candidates.decision.candidates.length);
  assert.equal(candidates.rows[0].cells[0], candidates.decision.best);
  assert.deepEqual(candidates.rows.filter((r) => r.played).map((r) => r.cells[0]), [`${candidates.decision.played} (played)`]);
  assert.match(candidates.rows[1].cells[1], /^[+−]\d\.\d{3} \([+−]\d\.\d{3}\)$/);
  assert.notEqual(seen.picks[0].mark, "");
  assert.notEqual(seen.picks[1].mark, "");
  assert.equal(seen.picks[2].index, 0, "a click at the chart's left edge picks the first decision");
  assert.match(seen.detail, /Game 1 · /);
  assert.match(seen.detail, /· luck of the roll [+−]\d\.\d{3}$/, "a play's detail ends with its roll's luck");
  assert.ok(seen.detail.endsWith(` ${signed(seen.firstLuck, 3)}`), "the picked first play's own luck");
  assert.ok(seen.marks > 0);
}

export async function a_money_sessions_panel_gives_the_points_per_game_with_their_intervals({ page, baseUrl }) {
  // A money session of three games GNU Backgammon played against itself, analysed in the worker.
  const mat = await readFile(path.join(data, "money-1.mat"), "utf8");
  await openPanel(page, baseUrl);
  const seen = await page.evaluate(async (mat) => {
    const { host, view, client } = window.panel;
    const { result } = await client.analyse({ mat }, { plies: 0 }).done;
    view.show(result.analysis, result.text);
    return {
      cells: [...host.querySelectorAll("[data-analysis=ratings] tr")].map((r) => [...r.children].map((c) => c.textContent)),
      results: result.analysis.players.map((p) => p.result),
      fibs: result.analysis.players.map((p) => p.fibs_rating),
    };
  }, mat);
  // White lost 5 points over 3 games: −1.67 a game, ± 2.85 (GNU Backgammon's figures too)
  assert.deepEqual(seen.results.map((r) => r.per_game.games), [3, 3]);
  const actual = seen.cells.find((r) => r[0] === "Points per game");
  assert.deepEqual(actual.slice(1), ["−1.67 ± 2.85", "+1.67 ± 2.85"]);
  const adjusted = seen.cells.find((r) => r[0] === "Per game, luck-adjusted");
  assert.match(adjusted[1], /^[+−]\d\.\d\d ± \d\.\d\d$/);
  assert.ok(seen.cells.some((r) => r[0] === "Snowie error rate"));
  // No FIBS rating in money, nor a rating difference
  assert.deepEqual(seen.fibs, [undefined, undefined]);
  assert.ok(!seen.cells.some((r) => r[0].startsWith("FIBS")));
}

export async function the_tutor_judges_a_play_in_the_worker_before_it_is_committed({ page, baseUrl }) {
  await page.goto(`${baseUrl}/dev/board.html`);
  const outcome = await page.evaluate(async () => {
    const { createComputerClient } = await import("/ai/client.js");
    const { default: init, Match } = await import("/pkg/gamao.js");
    await init();
    // A money game from the start, White on roll: roll, then the first legal steps.
    const m = Match.fromIds("4HPwATDgc/ABMA", null, { length: { kind: "Unlimited" }, cube: true, backgammons: true,
      minimise_wasted_pips: false, resignation: "Offered", time_control: "None" }, 5);
    m.act("White", { kind: "Roll" }, 0);
    for (let v = m.view(0); v.legal_steps.length > 0; v = m.view(0)) {
      m.act("White", { kind: "Step", from: v.legal_steps[0].from, die: v.legal_steps[0].die }, 0);
    }
    const saved = m.save();
    const client = createComputerClient();
    const { result } = await client.tutor(saved, "White", "EndTurn");
    const nothing = await client.tutor(saved, "Red", "Take");
    return { result, nothing: nothing.result, unchanged: m.save() === saved };
  });
  assert.equal(outcome.result.side, "White");
  assert.equal(outcome.result.kind, "checker");
  assert.ok(outcome.result.loss >= 0 && outcome.result.best.length > 0);
  assert.equal(outcome.nothing, null, "no double was offered to take");
  assert.ok(outcome.unchanged);
}

/** Opens the page with reference match `n` as its one finished match, and replays it. */
async function replayReference(n, { page, context, baseUrl }) {
  const { mat } = await reference(n);
  const entry = { date: "2026-11-30T12:00:00.000Z", players: { white: "person", red: "computer" }, score: { white: 7, red: 3 }, matchLength: 7, winner: "white", mat };
  await context.addInitScript((e) => { if (!localStorage.getItem("gamao.history")) localStorage.setItem("gamao.history", JSON.stringify([e])); }, entry);
  await openGame(page, baseUrl, { seed: 3 });
  await matchesMenu(page, "replay:0");
}

/** Leaves the replay, reloads the page and replays the newest finished match from the matches menu. */
async function replayTheNewestAfterAReload(page) {
  await page.click('[data-replay="leave"]');
  await page.reload();
  await page.waitForFunction(() => window.gamao && window.gamao.view());
  await matchesMenu(page, "replay:0");
}

/** The cells of the analysis table's row whose first cell is `label`. */
function tableRow(page, label) {
  return page.evaluate((label) => [...document.querySelectorAll('[data-analysis="table"] tr')]
    .map((r) => [...r.children].map((c) => c.textContent))
    .find((cells) => cells[0] === label), label);
}

export async function a_finished_match_is_analysed_in_the_page_and_the_analysis_is_kept({ page, context, baseUrl }) {
  await replayReference(1, { page, context, baseUrl });
  await page.click('[data-analysis="quick"]');
  await page.locator('[data-analysis="table"] tr').first().waitFor({ timeout: 60000 });
  const rating = await tableRow(page, "Rating");
  assert.match(rating.join(" "), /^Rating (Awful|Beginner|Casual|Intermediate|Advanced|Expert|World|Supernatural)/);
  assert.deepEqual(await tableRow(page, "Actual"), ["Actual", "+50.0%", "−50.0%"], "White won the match");
  const options = await page.locator('[data-replay="jump"] option').allTextContents();
  assert.ok(options.some((o) => o.endsWith("??")), "very bad plays are marked in the replay list");
  const before = await page.textContent('[data-replay="where"]');
  await page.click('[data-analysis="next"]');
  const after = await page.textContent('[data-replay="where"]');
  assert.notEqual(after, before, "Next error moves the replay to the marked decision");
  const picked = Number(await page.inputValue('[data-replay="jump"]'));
  assert.match(options[picked], /\?/, "the move shown is a marked one");
  // A picked play shows the played play's arrows and, beside them, the better play's.
  let compared = null;
  for (let i = 0; i < 20 && !compared; i++) {
    const state = await page.evaluate(() => window.gamao.board());
    if (state.bestMove) compared = state;
    else await page.click('[data-analysis="next"]');
  }
  assert.ok(compared, "a marked play with a better one is shown");
  assert.ok(compared.lastMove.length > 0 && compared.bestMove.moves.length > 0);
  assert.notDeepEqual(compared.bestMove.moves, compared.lastMove);
  assert.match(await page.textContent('[data-analysis="detail"]'), /best .*\([+−]\d\.\d{3}\)/);
  assert.match(await page.textContent('[data-analysis="detail"]'), /· −\d+\.\d{2}% in match winning chances/,
    "a marked play's loss in match winning chances too");
  assert.equal(await page.isVisible('[data-analysis="legend"]'), true, "the arrows' colours are named beside the decision");
  assert.match(await page.textContent('[data-analysis="legend"]'), /the play made.*the best play/);
  assert.match(await page.textContent('[data-analysis="caption"]'), /White's chances to win the match/);
  await page.click('[data-replay="forward"]');
  assert.equal(await page.evaluate(() => window.gamao.board().bestMove), null, "another frame has no better play drawn");
  // The board stays large beside the panel on a wide screen, above it on a phone.
  const boxes = () => page.evaluate(() => Object.fromEntries(["board", "analysis"].map((id) => {
    const r = document.getElementById(id).getBoundingClientRect();
    return [id, { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height }];
  })));
  const wide = await boxes();
  assert.ok(wide.board.width > 0.55 * 1280 && wide.board.height > 0.7 * 800, `the board keeps most of a wide screen: ${JSON.stringify(wide.board)}`);
  assert.ok(wide.analysis.left >= wide.board.right, "the panel is beside the board");
  await page.setViewportSize({ width: 390, height: 844 });
  const phone = await boxes();
  assert.ok(phone.board.height > 0.3 * 844, `the board keeps near a third of a phone's screen: ${JSON.stringify(phone.board)}`);
  assert.ok(phone.analysis.height <= 0.45 * 844 + 1, "the panel scrolls within less than half the screen");
  await page.setViewportSize({ width: 1280, height: 800 });
  // The analysis is exported as the text the command-line tool prints.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-analysis="export"]')]);
  const exported = await readFile(await download.path(), "utf8");
  assert.match(exported, /^7-point match: analysis \(2-ply\)/);
  assert.match(exported, /\?\?/, "the very bad decisions are listed with their mark");
  // The analysis stays with the match: replayed again after a reload, it is there at once.
  await replayTheNewestAfterAReload(page);
  await page.locator('[data-analysis="table"] tr').first().waitFor();
  assert.deepEqual(await tableRow(page, "Rating"), rating);
  // A 2-ply analysis says so and offers a thorough one, which replaces it in the history.
  assert.equal(await page.textContent('[data-analysis="depth"]'), "2-ply analysis");
  await page.click('[data-analysis="deeper"]');
  await page.locator('[data-analysis="depth"]', { hasText: "Thorough" }).waitFor({ timeout: 120000 });
  assert.ok(await page.locator('[data-analysis="deeper"]').isHidden(), "nothing deeper is offered");
  await replayTheNewestAfterAReload(page);
  await page.locator('[data-analysis="depth"]', { hasText: "Thorough" }).waitFor();
}

export async function an_analysis_the_full_storage_cannot_keep_is_shown_and_the_player_told({ page, context, baseUrl }) {
  await replayReference(1, { page, context, baseUrl });
  await fillStorage(page);
  await page.click('[data-analysis="quick"]');
  await page.locator('[data-dialog="analysisNotKept"]').waitFor({ timeout: 60000 });
  await answer(page, "analysisNotKept", "ok");
  assert.ok(await page.locator('[data-analysis="table"] tr').count() > 1, "the analysis is shown");
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("gamao.history"))[0]);
  assert.equal(kept.analysis, undefined, "and not kept");
  assert.equal(typeof kept.mat, "string", "the match is");
}

export async function analyse_gives_the_thorough_analysis_and_the_quick_one_is_offered_beside_it({ page, context, baseUrl }) {
  await replayReference(8, { page, context, baseUrl });
  await page.locator('[data-analysis="start"]').waitFor();
  assert.equal(await page.textContent('[data-analysis="start"]'), "Analyse");
  assert.equal(await page.textContent('[data-analysis="quick"]'), "Quick analysis");
  await page.click('[data-analysis="start"]');
  await page.locator('[data-analysis="depth"]', { hasText: "Thorough" }).waitFor({ timeout: 120000 });
  assert.ok(await page.locator('[data-analysis="deeper"]').isHidden(), "nothing deeper is offered");
  assert.ok(await page.locator('[data-analysis="quick"]').isHidden(), "the offer is gone");
}

export async function a_cancelled_analysis_is_offered_again_and_leaving_the_replay_puts_it_away({ page, context, baseUrl }) {
  await replayReference(8, { page, context, baseUrl });
  const panel = page.locator("#analysis");
  await page.click('[data-analysis="start"]');
  await page.locator('[data-analysis="cancel"]').waitFor();
  await page.click('[data-analysis="cancel"]');
  await page.locator('[data-analysis="start"]').waitFor();
  assert.ok(await page.locator('[data-analysis="progress"]').isHidden(), "the progress is gone");
  // Left while an analysis runs: the panel goes with the replay and does not come back
  // once the workers have stopped.
  await page.click('[data-analysis="start"]');
  await page.locator('[data-analysis="cancel"]').waitFor();
  await page.click('[data-replay="leave"]');
  await page.waitForTimeout(1000);
  assert.ok(await panel.isHidden(), "no analysis panel outside a replay");
  assert.equal(phaseOf(await view(page)), "OpeningRoll", "back to the match in play");
}

/** The newest finished match in the page's history, as stored. */
function newestFinished(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem("gamao.history"))[0]);
}

/**
 * Plays two turns and forfeits the match on the board, takes *Analyse* from the
 * match-over dialog, and checks that the analysis is kept with the finished match: opened
 * again from the banner and after a reload, it shows at once.
 */
async function forfeitAnalyseAndOpenAgain(page) {
  await playTurn(page);
  await playTurn(page);
  await page.click('[data-control="forfeit"]');
  await andWait(page, () => answer(page, "forfeit", "forfeit"));
  assert.equal(await page.textContent('[data-dialog="matchOver"] [data-action="analyse"]'), "Analyse");
  await answer(page, "matchOver", "analyse");
  // The match just played is replayed and analysed thoroughly, with no other step.
  await page.locator('[data-analysis="depth"]', { hasText: "Thorough" }).waitFor({ timeout: 60000 });
  assert.ok(await page.isVisible('[data-replay="leave"]'), "the match is replayed beside its analysis");
  assert.equal(await page.locator('[data-analysis="table"] tr').count() > 1, true, "the players' table is shown");
  // Back to the board: the result and its Analyse stay, and the analysis was kept with the
  // match in the history, so it opens at once, not run again.
  await page.click('[data-replay="leave"]');
  const banner = page.locator('[data-banner="matchOver"]');
  await banner.waitFor();
  await banner.locator('[data-banner-action="analyse"]').click();
  await page.locator('[data-analysis="depth"]', { hasText: "Thorough" }).waitFor({ timeout: 2000 });
  assert.ok(await page.locator('[data-analysis="cancel"]').isHidden(), "nothing is analysed again");
  await replayTheNewestAfterAReload(page);
  await page.locator('[data-analysis="depth"]', { hasText: "Thorough" }).waitFor({ timeout: 2000 });
}

export async function the_end_of_a_match_offers_its_analysis_which_is_kept_with_it({ page, context, baseUrl }) {
  await startWith(context, TIME_BANK);
  await openGame(page, baseUrl, { seed: 2 });
  await forfeitAnalyseAndOpenAgain(page);
  const kept = await newestFinished(page);
  assert.equal(typeof kept.mat, "string", "a match played from the start is kept as its .mat text");
  assert.equal(kept.analysis.analysis.plies, 3);
}

export async function a_match_set_up_from_ids_is_analysed_from_its_save_and_kept_with_it({ page, context, baseUrl }) {
  await startWith(context, TIME_BANK);
  await openGame(page, baseUrl, { seed: 2, position: "4HPwATDgc/ABMA", match: "sIGyAEAAAAAE" });
  await forfeitAnalyseAndOpenAgain(page);
  const kept = await newestFinished(page);
  assert.equal(kept.mat, undefined, "no .mat holds a match set up from IDs");
  assert.equal(typeof kept.saved, "string", "it is kept as its save");
  assert.equal(kept.analysis.analysis.plies, 3);
}
