// The game page in Firefox: each export is a test, given a fresh headless Firefox
// (`browser`, see webdriver.mjs), the served page's `baseUrl` and its folder `www`.

import assert from "node:assert/strict";
import { fingerprint, grabPoint, nextClick, startServer, until } from "../e2e/helpers.mjs";
import { sleep } from "./webdriver.mjs";

/** New-match settings against the computer: one point, no cube, no clock. */
const AGAINST_THE_COMPUTER = {
  opponent: "computer", level: "intermediate", matchLength: 1, preset: "custom",
  rules: { backgammons: true, minimiseWastedPips: false, resignation: "offered", cube: false, clock: "none" },
};

/** Two people on this device, five points. */
const TWO_PEOPLE = { ...AGAINST_THE_COMPUTER, opponent: "person", matchLength: 5 };

/**
 * Opens the page as a returning player whose last new-match choice was `settings` and
 * whose options are `options` (nothing saved in play), and waits for the engine's view.
 */
async function openWith(browser, baseUrl, settings, options = {}, query = "") {
  // Set from another page of the site: the game page saves its match as it closes.
  await browser.goto(`${baseUrl}/dev/board.html`);
  await browser.run(
    "localStorage.clear(); localStorage.setItem('gamao.newMatch', arguments[0]); localStorage.setItem('gamao.options', arguments[1]);",
    JSON.stringify(settings), JSON.stringify(options),
  );
  await browser.goto(`${baseUrl}/${query}`);
  await gameLoaded(browser);
}

/** Waits for the game page to show the engine's view of a match. */
function gameLoaded(browser) {
  return until(() => browser.run("return Boolean(window.gamao && window.gamao.view());"), "the game page's view of the match");
}

/** The engine's view of the match. */
function view(browser) {
  return browser.run("return window.gamao.view();");
}

/**
 * The viewport centre, left and top edges and height of the first element `selector`
 * finds (in the board's shadow root if `inBoard`); null when there is none on the screen
 * (a closed dialog's button is not).
 */
function shownBox(browser, selector, inBoard = false) {
  return browser.run(
    `const root = arguments[1] ? document.querySelector("gamao-board").shadowRoot : document;
     const e = root.querySelector(arguments[0]);
     if (!e || !e.getClientRects().length) return null;
     const r = e.getBoundingClientRect();
     return { x: r.x + r.width / 2, y: r.y + r.height / 2, left: r.left, top: r.top, height: r.height };`,
    selector, inBoard,
  );
}

/** `shownBox`, which must find the element. */
async function box(browser, selector, inBoard = false) {
  const found = await shownBox(browser, selector, inBoard);
  assert.ok(found, `no element ${selector}`);
  return found;
}

/** Clicks the middle of the element `selector` finds, once it is on the screen. */
async function clickOn(browser, selector, inBoard = false) {
  let at = null;
  await until(async () => (at = await shownBox(browser, selector, inBoard)) !== null, `${selector} on the screen`);
  await browser.click(at.x, at.y);
}

/** Where a checker on an absolute point (25: the bar) can be grabbed, as the Chromium suite finds it. */
function checkerAt(browser, point) {
  return browser.run(`return (${grabPoint})(arguments[0]);`, point);
}

/** The match's fingerprint now, as the Chromium suite reads it (helpers.mjs). */
function matchNow(browser) {
  return browser.run(`return (${fingerprint})();`);
}

/**
 * Clicks with the mouse what moves the match on in `v` (helpers.mjs's `nextClick`: Roll,
 * End turn, a checker, or Accept for an offer to resign) and waits until it has.
 */
async function stepTheMatch(browser, v) {
  const before = await matchNow(browser);
  const click = nextClick(v);
  if (click.selector) await clickOn(browser, click.selector);
  else {
    const { x, y } = await checkerAt(browser, click.checker);
    await browser.click(x, y);
  }
  await until(async () => (await matchNow(browser)) !== before, `the match to move on from ${before}`);
}

export async function a_game_against_the_computer_is_played_to_its_end_with_mouse_clicks({ browser, baseUrl }) {
  // Seeded dice (and the computer's noise): the same game on every run.
  await openWith(browser, baseUrl, AGAINST_THE_COMPUTER, { animation: "off" }, "?seed=23");
  let v = await view(browser);
  assert.deepEqual([v.phase.kind, v.match_length], ["OpeningRoll", 1]);
  const redPips = new Set([v.pips.red]);
  const end = Date.now() + 240000;
  while (!["GameOver", "MatchOver"].includes(v.phase.kind)) {
    assert.ok(Date.now() < end, `the game did not end (${await matchNow(browser)})`);
    if (v.phase.kind === "OpeningRoll" || v.acting === "White") await stepTheMatch(browser, v);
    else await sleep(100);
    v = await view(browser);
    redPips.add(v.pips.red);
  }
  assert.equal(v.phase.kind, "MatchOver", "one game ends a one-point match");
  assert.ok(redPips.size > 5, `the computer played its turns (Red's pip counts seen: ${[...redPips].join(", ")})`);
  await until(() => browser.run("return Boolean(document.querySelector('dialog[data-dialog=\"matchOver\"][open]'));"), "the match-over dialog");
  const title = await browser.run("return document.querySelector('dialog[data-dialog=\"matchOver\"] h2').textContent;");
  assert.equal(title, "You win the match");
  await clickOn(browser, 'dialog[data-dialog="matchOver"] [data-action="close"]');
  await until(() => browser.run("const b = document.querySelector('[data-banner=\"matchOver\"]'); return Boolean(b && !b.hidden);"), "the result on the board");
}

export async function the_computers_offer_to_resign_is_accepted_with_a_click({ browser, baseUrl }) {
  // Money, Red (the computer) to roll with two checkers on its 20-point; White bears off
  // its last checker next: Red offers to resign.
  await openWith(browser, baseUrl, { ...AGAINST_THE_COMPUTER, matchLength: 0 }, {}, "?seed=3&position=AQAAAABgAAAAAA&match=cAkAAAAAAAAA");
  await until(async () => (await view(browser)).phase.kind === "ResignationOffered", "the computer's offer to resign");
  await stepTheMatch(browser, await view(browser));
  const over = (await view(browser)).game_result;
  assert.deepEqual([over.winner, over.end.kind], ["White", "ResignationAccepted"]);
}

export async function a_match_in_play_comes_back_after_a_reload({ browser, baseUrl }) {
  await openWith(browser, baseUrl, TWO_PEOPLE);
  let v = await view(browser);
  for (let moves = 0; moves < 6; moves++) {
    await stepTheMatch(browser, v);
    v = await view(browser);
  }
  assert.notEqual(v.phase.kind, "OpeningRoll", "the match is under way");
  await browser.goto(`${baseUrl}/`);
  await gameLoaded(browser);
  const back = await view(browser);
  assert.deepEqual(
    [back.position_id, back.match_id, back.phase.kind, back.steps_made.length],
    [v.position_id, v.match_id, v.phase.kind, v.steps_made.length],
  );
}

export async function on_a_phone_held_upright_the_game_fits_and_is_played_by_touch({ browser, baseUrl }) {
  // A phone's screen: 390 × 844 CSS pixels, three device pixels each.
  await browser.viewport(390, 844, 3);
  await openWith(browser, baseUrl, TWO_PEOPLE, {}, "?seed=4");
  const fit = await browser.run(
    `const canvas = document.querySelector("gamao-board").shadowRoot.querySelector(".gb-canvas");
     const box = canvas.getBoundingClientRect();
     const roll = document.querySelector('[data-control="roll"]').getBoundingClientRect();
     return { width: innerWidth, ratio: devicePixelRatio, sharp: canvas.width / box.width, scrolled: document.documentElement.scrollWidth, board: [box.left, box.right, box.bottom], roll: [roll.top, roll.bottom] };`,
  );
  assert.deepEqual([fit.width, fit.ratio], [390, 3]);
  assert.ok(Math.abs(fit.sharp - 3) < 0.05, `the board is drawn at the screen's three pixels to a CSS pixel (${fit.sharp})`);
  assert.ok(fit.scrolled <= 390, `nothing sticks out sideways (${fit.scrolled} px wide)`);
  assert.ok(fit.board[0] >= 0 && fit.board[1] <= 390 && fit.board[2] <= 844, `the board is on the screen (${fit.board})`);
  assert.ok(fit.roll[0] >= 0 && fit.roll[1] <= 844, `the Roll button is on the screen (${fit.roll})`);

  const tapOn = async (selector, inBoard = false) => {
    const before = await matchNow(browser);
    const { x, y } = await box(browser, selector, inBoard);
    await browser.tap(x, y);
    await until(async () => (await matchNow(browser)) !== before, `a tap on ${selector} to move the match on`);
  };
  await tapOn('[data-control="roll"]');
  let v = await view(browser);
  assert.deepEqual([v.acting, v.dice], ["White", [6, 1]], "seed 4: White opens with 6-1");

  // A long press (the page takes one of half a second) on the empty 7-point covers it: 13/7 8/7.
  const seven = await box(browser, '.gb-spot[data-abs="7"]', true);
  await browser.longPress(seven.x, seven.y, 1500);
  await until(async () => (await view(browser)).steps_made.length === 2, "the 7-point covered");
  v = await view(browser);
  assert.deepEqual([v.points[6], v.points[7], v.points[12]], [2, 2, 4], "two checkers on the 7-point, from the 8 and the 13");
  await tapOn('[data-control="endTurn"]');

  // Red's turn: a roll, then a checker slid by a finger to where it can go.
  await tapOn('[data-control="roll"]');
  v = await view(browser);
  assert.equal(v.acting, "Red");
  const { from, targets: [{ to, steps }] } = v.destinations[0];
  const before = v.steps_made.length;
  const target = await box(browser, `.gb-spot[data-abs="${to}"]`, true);
  await browser.swipe(await checkerAt(browser, from), { x: target.x, y: target.y });
  await until(async () => (await view(browser)).steps_made.length === before + steps.length, `a checker slid from ${from} to ${to}`);
}

export async function the_match_in_play_is_analysed_and_a_picked_decision_shows_on_the_board({ browser, baseUrl }) {
  await openWith(browser, baseUrl, TWO_PEOPLE);
  let v = await view(browser);
  for (let turns = 0; turns < 6; ) {
    await stepTheMatch(browser, v);
    v = await view(browser);
    if (v.phase.kind === "Deciding") turns++;
  }
  await clickOn(browser, '[data-control="matches"]');
  await clickOn(browser, '[data-dialog="matches"] [data-action="analyse"]');
  // The analysis runs in the page's pool of module workers.
  await until(() => browser.run("return document.querySelectorAll('[data-analysis=\"table\"] tr').length > 0;"), "the analysis table", 90000);
  const where = () => browser.run("return document.querySelector('[data-replay=\"where\"]').textContent;");
  const before = await where();
  // The panel scrolls within: a person brings the chart into sight before clicking it
  // (a long table, its words wrapping, can put it below a laptop window's fold).
  await browser.run("document.querySelector('[data-analysis=\"chart\"]').scrollIntoView({ block: 'nearest' });");
  const chart = await box(browser, '[data-analysis="chart"]');
  await browser.click(chart.left + 1, chart.y);
  // Failing, it tells where the click went and what the panel showed.
  await until(async () => (await where()) !== before, "the picked decision on the board")
    .catch(async (error) => {
      const seen = JSON.stringify(await browser.run(
        `const hit = document.elementFromPoint(arguments[0], arguments[1]);
         return { chart: arguments[2], viewport: [innerWidth, innerHeight], hit: hit && hit.outerHTML.slice(0, 120),
           where: document.querySelector('[data-replay="where"]').textContent,
           detail: document.querySelector('[data-analysis="detail"]').textContent };`,
        chart.left + 1, chart.y, chart));
      throw new Error(`${error.message} ${seen}`);
    });
  await clickOn(browser, '[data-replay="leave"]');
  await until(async () => (await view(browser)).position_id === v.position_id, "the match in play again");
}

export async function on_the_embedding_example_a_drag_plays_a_checker_and_the_element_follows({ browser, baseUrl }) {
  await browser.goto(`${baseUrl}/example/`);
  const element = () => browser.run(
    `const b = document.querySelector("gamao-board");
     const label = (p) => b.shadowRoot.querySelector('.gb-spot[data-point="' + p + '"]').getAttribute("aria-label");
     return { positionId: b.positionId, five: label(5), eight: label(8) };`,
  );
  await until(() => browser.run("const b = document.querySelector('gamao-board'); return Boolean(b && b.shadowRoot && b.shadowRoot.querySelector('.gb-spot') && b.positionId);"), "the element");
  await browser.run("document.querySelector('gamao-board').scrollIntoView({ block: 'center' });");
  const before = await element();
  assert.match(before.five, /^Point 5, empty/);
  await browser.drag(await checkerAt(browser, 8), await checkerAt(browser, 5));
  await until(async () => /^Point 5, 1 white/.test((await element()).five), "a checker dragged to point 5");
  await browser.drag(await checkerAt(browser, 6), await checkerAt(browser, 5));
  await until(async () => (await element()).positionId !== before.positionId, "the play made");
  const after = await element();
  assert.match(after.five, /^Point 5, 2 white/);
  assert.match(after.eight, /^Point 8, 2 white/);
}

export async function after_one_visit_the_game_loads_and_plays_with_the_server_stopped({ browser, www }) {
  const server = await startServer(www);
  let stopped = false;
  try {
    await browser.goto(`${server.url}/`);
    await until(() => browser.run("return navigator.serviceWorker.controller !== null;"), "the service worker in control");
    await server.stop();
    stopped = true;
    await browser.goto(`${server.url}/`);
    await gameLoaded(browser);
    const before = await matchNow(browser);
    await stepTheMatch(browser, await view(browser));
    assert.notEqual(await matchNow(browser), before, "the opening roll was played offline");
  } finally {
    if (!stopped) await server.stop();
  }
}
