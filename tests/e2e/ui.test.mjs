// The page's UI around the board on the development page: options, controls, timer bar,
// dialogs, languages.

import { openDev, nextFrame, events, eventCount, assert } from "./helpers.mjs";

export async function options_chosen_in_the_menu_survive_a_reload({ page, baseUrl }) {
  await openDev(page, baseUrl, "playing");
  await page.click('[data-control="options"]');
  await page.check('[data-option="simpleGraphics"]');
  await page.check('[data-option="flip"]');
  await page.uncheck('[data-option="showPips"]');
  await page.selectOption('[data-option="animation"]', "slow");
  assert.equal(await page.evaluate(() => window.dev.board.state().homeSide), "left", "flip was not applied at once");
  await page.click('[data-dialog="options"] [data-action="close"]');

  await page.reload();
  await page.waitForFunction(() => window.dev);
  await nextFrame(page);
  const s = await page.evaluate(() => window.dev.board.state());
  assert.equal(s.simpleGraphics, true);
  assert.equal(s.homeSide, "left");
  assert.equal(s.showPips, false);
  assert.equal(s.animationMs, 450);
  assert.ok(await page.evaluate(() => document.body.classList.contains("simple-graphics")));
  await page.click('[data-control="options"]');
  assert.equal(await page.isChecked('[data-option="flip"]'), true);
  assert.equal(await page.isChecked('[data-option="autoBearOff"]'), false, "auto bear-off must be off by default");
}

export async function switching_the_language_relabels_controls_and_board({ page, baseUrl }) {
  await openDev(page, baseUrl, "playing", "en");
  assert.equal(await page.textContent('[data-control="roll"]'), "Roll dice");
  await page.evaluate(() => window.dev.options.set({ language: "pt" }));
  assert.equal(await page.textContent('[data-control="roll"]'), "Rolar Dados");
  assert.equal(await page.textContent('[data-control="forfeit"]'), "Abandonar");
  assert.match(await page.getAttribute('.gb-spot[data-point="13"]', "aria-label"), /^Casa 13, 4 peças brancas$/);
  assert.equal(await page.evaluate(() => document.documentElement.lang), "pt-PT");
}

export async function portuguese_and_english_tables_have_the_same_keys({ page, baseUrl }) {
  await page.goto(`${baseUrl}/dev/board.html`);
  const diff = await page.evaluate(async () => {
    const pt = (await import("/i18n/pt.js")).default;
    const en = (await import("/i18n/en.js")).default;
    const a = Object.keys(pt), b = Object.keys(en);
    return [...a.filter((k) => !(k in en)), ...b.filter((k) => !(k in pt))];
  });
  assert.deepEqual(diff, []);
}

export async function the_cube_button_is_hidden_when_doubling_is_not_allowed({ page, baseUrl }) {
  await openDev(page, baseUrl, "cube");
  assert.equal(await page.isVisible('[data-control="double"]'), true);
  await page.evaluate(() => window.dev.load("bearoff"));
  assert.equal(await page.isVisible('[data-control="double"]'), false);
}

export async function forfeit_asks_for_a_confirmation_first({ page, baseUrl }) {
  await openDev(page, baseUrl, "playing");
  let start = await eventCount(page);
  await page.click('[data-control="forfeit"]');
  await page.click('[data-dialog="forfeit"] [data-action=""]');
  assert.equal((await events(page, start)).filter((e) => e.payload === "forfeit").length, 0, "forfeit emitted without confirmation");
  start = await eventCount(page);
  await page.click('[data-control="forfeit"]');
  await page.click('[data-dialog="forfeit"] [data-action="forfeit"]');
  await page.waitForFunction((n) => window.devEvents.length > n, start);
  assert.deepEqual((await events(page, start)).map((e) => e.payload), ["forfeit"]);
}

export async function the_roll_button_rolls({ page, baseUrl }) {
  await openDev(page, baseUrl, "cube");
  await page.click('[data-control="roll"]');
  assert.deepEqual(await page.evaluate(() => window.dev.board.state().dice.white.values), [3, 1]);
  assert.equal(await page.isDisabled('[data-control="roll"]'), true);
}

export async function take_drop_dialog_answers({ page, baseUrl }) {
  await openDev(page, baseUrl, "offer");
  const start = await eventCount(page);
  await page.click('[data-dialog="takeDrop"]');
  assert.match(await page.textContent('dialog[data-dialog="takeDrop"] h2'), /Red doubles to 4/);
  await page.click('dialog[data-dialog="takeDrop"] [data-action="take"]');
  await page.waitForFunction((n) => window.devEvents.length > n, start);
  assert.deepEqual((await events(page, start)).map((e) => e.payload), ["take"]);
}

export async function resignation_dialogs_offer_levels_and_answers({ page, baseUrl }) {
  await openDev(page, baseUrl, "playing");
  let start = await eventCount(page);
  await page.click('[data-dialog="resignOffered"]');
  assert.equal(await page.locator('dialog[data-dialog="resign"] input[value="single"]').count(), 0, "only the levels the engine allows are offered");
  assert.match(await page.textContent('dialog[data-dialog="resign"] [data-level="gammon"]'), /Gammon — 4 points/);
  await page.check('dialog[data-dialog="resign"] input[value="backgammon"]');
  await page.click('dialog[data-dialog="resign"] [data-action="offer"]');
  await page.waitForFunction((n) => window.devEvents.length > n, start);
  assert.deepEqual((await events(page, start)).map((e) => e.payload), ["backgammon"]);

  start = await eventCount(page);
  await page.click('[data-dialog="resignAnswer"]');
  await page.click('dialog[data-dialog="resignAnswer"] [data-action="decline"]');
  await page.waitForFunction((n) => window.devEvents.length > n, start);
  assert.deepEqual((await events(page, start)).map((e) => e.payload), ["decline"]);
}

export async function game_over_and_match_over_dialogs({ page, baseUrl }) {
  await openDev(page, baseUrl, "playing");
  let start = await eventCount(page);
  await page.click('[data-dialog="gameOver"]');
  assert.match(await page.textContent('dialog[data-dialog="gameOver"]'), /White wins the game.*2 points \(gammon\)/s);
  await page.click('dialog[data-dialog="gameOver"] [data-action="next"]');
  await page.waitForFunction((n) => window.devEvents.length > n, start);
  assert.deepEqual((await events(page, start)).map((e) => e.payload), ["next"]);
  start = await eventCount(page);
  await page.click('[data-dialog="matchOver"]');
  await page.click('dialog[data-dialog="matchOver"] [data-action="rematch"]');
  await page.waitForFunction((n) => window.devEvents.length > n, start);
  assert.deepEqual((await events(page, start)).map((e) => e.payload), ["rematch"]);
}

export async function new_match_dialog_offers_lengths_presets_and_a_greyed_computer({ page, baseUrl }) {
  await openDev(page, baseUrl, "opening");
  const start = await eventCount(page);
  await page.click('[data-control="newMatch"]');
  const dialog = 'dialog[data-dialog="newMatch"]';
  assert.equal(await page.isDisabled(`${dialog} input[value="computer"]`), true);
  const lengths = await page.$$eval(`${dialog} select[name="matchLength"] option`, (os) => os.map((o) => o.value));
  assert.deepEqual(lengths, ["1", "3", "5", "7", "9", "11", "13", "15", "17", "21", "25", "0"]);
  await page.check(`${dialog} input[value="reserve"]`);
  assert.match(await page.textContent(dialog), /Reserve clock — direct resignation/);
  assert.equal(await page.inputValue(`${dialog} select[name="clock"]`), "reserve");
  await page.check(`${dialog} input[value="custom"]`);
  await page.selectOption(`${dialog} select[name="clock"]`, "none");
  await page.selectOption(`${dialog} select[name="matchLength"]`, "7");
  await page.click(`${dialog} [data-action="start"]`);
  await page.waitForFunction((n) => window.devEvents.length > n + 1, start);
  const answer = (await events(page, start)).find((e) => e.name === "dialog").payload;
  assert.deepEqual(answer, {
    opponent: "person", level: "intermediate", matchLength: 7, preset: "custom",
    rules: { backgammons: false, minimiseWastedPips: true, resignation: "direct", cube: true, clock: "none" },
  });
}

export async function timer_bar_runs_green_then_orange_and_flashes_at_low_time({ page, baseUrl, artifacts }) {
  await openDev(page, baseUrl, "playing");
  const widths = () => page.evaluate(() => ({
    move: parseFloat(document.querySelector(".gm-timer-move").style.width),
    bank: parseFloat(document.querySelector(".gm-timer-bank").style.width),
    low: document.querySelector(".gm-timer").classList.contains("low"),
  }));
  await page.evaluate(() => window.dev.timer.set({ kind: "bank", moveMs: 15000, moveTotalMs: 15000, bankMs: 20000, bankTotalMs: 120000, lowTime: false, running: true }));
  let w = await widths();
  assert.ok(w.move > 39 && w.bank > 9 && !w.low);
  await page.evaluate(() => window.dev.timer.set({ kind: "bank", moveMs: 0, moveTotalMs: 15000, bankMs: 8000, bankTotalMs: 120000, lowTime: true, running: true }));
  w = await widths();
  assert.ok(w.move === 0 && w.bank > 0 && w.low);
  assert.equal(await page.textContent(".gm-timer-text"), "0:00 + 0:08");
  await page.screenshot({ path: `${artifacts}/timer-low.png`, clip: { x: 560, y: 0, width: 720, height: 60 } });
}

export async function claim_win_button_appears_when_told({ page, baseUrl }) {
  await openDev(page, baseUrl, "tall");
  const start = await eventCount(page);
  await page.click('[data-control="claimWin"]');
  assert.deepEqual((await events(page, start)).map((e) => e.payload), ["claimWin"]);
  await page.evaluate(() => window.dev.load("playing"));
  assert.equal(await page.isVisible('[data-control="claimWin"]'), false);
}
