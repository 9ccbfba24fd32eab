// The moments a newcomer meets (issue 11): the opening roll (each die in its roller's
// colour, who starts said on screen), the computer's pace, the board after the match,
// the dice of a replay and the new-match dialog on a landscape phone.
// Seed 2: White opens 6-5 (White 6, Red 5). Seed 6: Red opens 6-2 (Red 6, White 2).
// Seed 12: the opening roll ties at 2-2, then White opens 6-1.

import {
  openGame, view, andWait, answer, nextFrame, spot, canvasPixels, screenshot, startWith, matchesMenu, playTurn, TIME_BANK, until, assert,
} from "./helpers.mjs";
import path from "node:path";

/** The dice bodies' colours in the normal look (board/render.js). */
const WHITE_DIE = [247, 241, 227];
const RED_DIE = [200, 50, 58];
/** The board's text colour (board/render.js). */
const TEXT = [243, 230, 198];

/** How many pixels of `rgba` bytes are close to `colour`. */
function countColour(rgba, [r, g, b], tolerance = 30) {
  let n = 0;
  for (let i = 0; i < rgba.length; i += 4) {
    if (Math.abs(rgba[i] - r) + Math.abs(rgba[i + 1] - g) + Math.abs(rgba[i + 2] - b) < tolerance) n++;
  }
  return n;
}

/** New-match settings against the computer, no clock. */
const AGAINST_THE_COMPUTER = {
  opponent: "computer", level: "intermediate", matchLength: 5, preset: "custom",
  rules: { backgammons: true, minimiseWastedPips: false, resignation: "offered", cube: true, clock: "none" },
};

/** Sets the page's options before it loads (as a returning player's). */
async function withOptions(context, options) {
  await context.addInitScript((o) => localStorage.setItem("gamao.options", o), JSON.stringify(options));
}

/** Starts recording, every animation frame, the time and the computer's progress in its turn. */
async function recordTurns(page) {
  await page.evaluate(() => {
    const seen = window.seen = [];
    const frame = () => {
      const v = window.gamao.view();
      seen.push({ at: performance.now(), turn: v.turn, phase: v.phase.kind, dice: v.turn_dice.length, steps: v.steps_made.length, opening: Boolean(v.opening) });
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** When Red's turn first showed `steps` steps made with its dice on the board (after `from` ms). */
const firstAt = (seen, steps, from = 0) => {
  const s = seen.find((f) => f.at >= from && f.turn === "Red" && ["Moving", "TurnComplete"].includes(f.phase) && f.dice > 0 && f.steps === steps);
  assert.ok(s, `Red never showed ${steps} steps: ${JSON.stringify(seen.slice(-3))}`);
  return s.at;
};

export async function the_opening_dice_are_each_in_their_rollers_colour_and_the_board_says_who_starts({ page, baseUrl, artifacts }) {
  await openGame(page, baseUrl, { seed: 2 });
  const { box } = await spot(page, "dice");
  const before = await canvasPixels(page, box);
  await andWait(page, () => page.click('[data-control="roll"]'));
  // White plays both dice, drawn in its dice area: its own 6 white, Red's 5 red
  const after = await canvasPixels(page, box);
  assert.equal(countColour(before, RED_DIE), 0, "no red in White's dice area before the roll");
  assert.ok(countColour(after, RED_DIE) > 200, `Red's die is red (${countColour(after, RED_DIE)} pixels)`);
  assert.ok(countColour(after, WHITE_DIE) > 200, `White's die is white (${countColour(after, WHITE_DIE)} pixels)`);
  assert.deepEqual((await view(page)).opening, { dice: { white: 6, red: 5 }, starter: "White", ties: 0 });
  await page.setViewportSize({ width: 1366, height: 768 });
  await screenshot(page, artifacts, "opening-roll-wide");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, artifacts, "opening-roll-narrow");
  await page.setViewportSize({ width: 844, height: 390 });
  await screenshot(page, artifacts, "opening-roll-landscape-phone");
}

export async function who_starts_and_why_is_written_on_the_board_through_the_first_turn({ page, baseUrl, artifacts }) {
  await openGame(page, baseUrl, { seed: 6 });
  const { box } = await spot(page, "dice");
  const said = page.locator(".gb-live");
  await andWait(page, () => page.click('[data-control="roll"]'));
  // Red starts: its dice are in its own area, and White's empty one says why once
  // the dice thrown lie still
  let written = 0;
  await until(async () => (written = countColour(await canvasPixels(page, box), TEXT)) > 150,
    () => `the words drawn in White's dice area once the dice lie still (${written} pixels)`, 3000);
  assert.match(await said.textContent(), /Red rolls 6, White 2: Red starts/);
  assert.deepEqual((await view(page)).opening, { dice: { white: 2, red: 6 }, starter: "Red", ties: 0 });
  await page.setViewportSize({ width: 1366, height: 768 });
  await screenshot(page, artifacts, "opening-who-starts-wide");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, artifacts, "opening-who-starts-narrow");
  await page.setViewportSize({ width: 740, height: 360 });
  await screenshot(page, artifacts, "opening-who-starts-landscape-phone");
  await page.setViewportSize({ width: 1280, height: 800 });
  // The board lays itself out again at its next frame: clicks aimed before it would miss.
  await nextFrame(page);
  // Until Red's first turn is over
  await playTurn(page);
  await nextFrame(page);
  const after = await canvasPixels(page, (await spot(page, "dice")).box);
  assert.ok(countColour(after, TEXT) < 20, "gone once Red's first turn is over");
}

export async function a_tied_opening_roll_says_so_on_screen_and_is_rolled_again({ page, baseUrl, artifacts }) {
  await openGame(page, baseUrl, { seed: 12 });
  await andWait(page, () => page.click('[data-control="roll"]'));
  const toast = page.locator(".gb-toast.gb-toast-on");
  assert.equal(await toast.textContent(), "Both roll 2: roll again");
  assert.deepEqual((await view(page)).opening, { dice: { white: 2, red: 2 }, starter: null, ties: 1 });
  // Both dice show, side by side across the board: the notice stays above them.
  const note = await toast.boundingBox();
  const dice = await page.locator('gamao-board .gb-spot[data-point="dice"]').boundingBox();
  assert.ok(note.y + note.height <= dice.y, `the notice ${JSON.stringify(note)} is above the dice ${JSON.stringify(dice)}`);
  await screenshot(page, artifacts, "opening-tie");
  await andWait(page, () => page.click('[data-control="roll"]'));
  assert.deepEqual((await view(page)).opening, { dice: { white: 6, red: 1 }, starter: "White", ties: 1 });
}

export async function against_the_computer_its_opening_its_roll_and_each_step_are_shown_at_a_followable_pace({ page, context, baseUrl, artifacts }) {
  await startWith(context, AGAINST_THE_COMPUTER);
  await openGame(page, baseUrl, { seed: 6 });
  await recordTurns(page);
  const clicked = await page.evaluate(() => performance.now());
  await page.click('[data-control="roll"]');
  await page.waitForFunction(() => { const v = window.gamao.view(); return v.turn === "Red" && v.phase.kind === "Moving"; });
  await screenshot(page, artifacts, "computer-wins-the-opening");
  await page.waitForFunction(() => window.gamao.view().phase.kind === "Deciding", null, { timeout: 20000 });
  let seen = await page.evaluate(() => window.seen);
  const opened = firstAt(seen, 0, clicked);
  const first = firstAt(seen, 1, clicked);
  const second = firstAt(seen, 2, clicked);
  assert.ok(first - opened >= 1800, `the opening dice are shown ${Math.round(first - opened)} ms before Red moves`);
  assert.ok(second - first >= 450, `a step every ${Math.round(second - first)} ms`);
  // Its later roll stays on the board before its checkers move
  await playTurn(page);
  const rolledFrom = await page.evaluate(() => performance.now());
  await page.waitForFunction(() => { const v = window.gamao.view(); return v.turn === "White" && v.phase.kind === "Deciding"; }, null, { timeout: 20000 });
  seen = await page.evaluate(() => window.seen);
  const rolled = firstAt(seen, 0, rolledFrom);
  const moved = firstAt(seen, 1, rolledFrom);
  assert.ok(moved - rolled >= 900, `Red's roll is shown ${Math.round(moved - rolled)} ms before its first checker moves`);
}

export async function with_animations_off_the_computer_plays_at_once({ page, context, baseUrl }) {
  await startWith(context, AGAINST_THE_COMPUTER);
  await withOptions(context, { animation: "off" });
  await openGame(page, baseUrl, { seed: 6 });
  await recordTurns(page);
  const clicked = await page.evaluate(() => performance.now());
  await page.click('[data-control="roll"]');
  // Waited for in the recorded frames themselves: the view may be read as Deciding in the
  // frame before the recorder's own callback writes it down.
  await page.waitForFunction((from) => window.seen.some((f) => f.at > from && f.phase === "Deciding"), clicked, { timeout: 20000 });
  const seen = await page.evaluate(() => window.seen);
  // Its steps come from one answer of the worker: nothing waits between them
  const waiting = seen.filter((f) => f.at >= clicked && f.turn === "Red" && f.phase === "Moving" && f.steps === 0).pop();
  assert.ok(waiting, "Red's opening dice were shown");
  const done = seen.find((f) => f.at > waiting.at && f.phase === "Deciding").at;
  assert.ok(done - waiting.at < 500, `its checkers took ${Math.round(done - waiting.at)} ms`);
}

export async function after_the_match_over_dialog_the_board_shows_the_result_with_rematch_and_new_match({ page, context, baseUrl, artifacts }) {
  await startWith(context, TIME_BANK);
  await openGame(page, baseUrl, { seed: 2 });
  await andWait(page, () => page.click('[data-control="roll"]'));
  assert.equal(await page.isVisible(".gm-timer"), true, "the time bank runs");
  await page.click('[data-control="forfeit"]');
  await andWait(page, () => answer(page, "forfeit", "forfeit"));
  const banner = page.locator('[data-banner="matchOver"]');
  await page.locator('[data-dialog="matchOver"]').waitFor();
  await nextFrame(page);
  assert.equal(await banner.isVisible(), false, "the result waits under the dialog until it is closed");
  await answer(page, "matchOver", "close");
  await nextFrame(page);
  assert.equal(await banner.isVisible(), true, "the board shows the match is over");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.bannerAction), "rematch", "the keyboard is on Rematch");
  assert.equal(await banner.locator("h2").textContent(), "Red wins the match");
  assert.equal(await banner.locator(".gm-why").textContent(), "White forfeited the match.");
  assert.equal(await banner.locator("[data-banner-score]").textContent(), "Final score: White 0 – Red 5");
  assert.equal(await page.isVisible(".gm-timer"), false, "the timer is cleared");
  // An option changed afterwards redraws the board, and the closed dialog stays closed.
  await page.click('[data-control="options"]');
  await page.check('[data-option="flip"]');
  await page.click('[data-dialog="options"] [data-action="close"]');
  await nextFrame(page);
  assert.equal(await page.isVisible('[data-dialog="matchOver"]'), false, "the match-over dialog is not asked again");
  assert.equal(await banner.isVisible(), true, "the result stays on the board");
  await page.setViewportSize({ width: 1366, height: 768 });
  await screenshot(page, artifacts, "match-over-board-wide");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, artifacts, "match-over-board-narrow");
  await page.setViewportSize({ width: 740, height: 360 });
  await screenshot(page, artifacts, "match-over-board-landscape-phone");
  const inView = await banner.evaluate((b) => { const r = b.getBoundingClientRect(); return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; });
  assert.ok(inView, "the result fits a landscape phone");
  // Rematch: the same rules, from 0-0
  await andWait(page, () => banner.locator('[data-banner-action="rematch"]').click());
  let v = await view(page);
  assert.deepEqual([v.phase.kind, v.score.white, v.score.red, v.options.time_control], ["OpeningRoll", 0, 0, "TimeBank"]);
  assert.equal(await banner.isVisible(), false);
  // New match: the dialog
  await page.click('[data-control="forfeit"]');
  await andWait(page, () => answer(page, "forfeit", "forfeit"));
  await answer(page, "matchOver", "close");
  await banner.locator('[data-banner-action="newMatch"]').click();
  await page.locator('[data-dialog="newMatch"]').waitFor();
  v = await view(page);
  assert.equal(v.phase.kind, "MatchOver", "nothing starts until the dialog is answered");
}

export async function against_the_computer_the_dialogs_and_the_result_say_you_and_computer({ page, context, baseUrl }) {
  await startWith(context, AGAINST_THE_COMPUTER);
  await openGame(page, baseUrl, { seed: 2 });
  await andWait(page, () => page.click('[data-control="roll"]'));
  await page.click('[data-control="forfeit"]');
  await page.locator('[data-dialog="forfeit"]').waitFor();
  assert.match(await page.textContent('[data-dialog="forfeit"]'), /You lose the whole match/);
  await andWait(page, () => answer(page, "forfeit", "forfeit"));
  await page.locator('[data-dialog="matchOver"]').waitFor();
  assert.match(await page.textContent('[data-dialog="matchOver"] h2'), /^Computer \(Intermediate\) wins the match$/);
  await answer(page, "matchOver", "close");
  assert.equal(await page.textContent("#gm-banner-title"), "Computer (Intermediate) wins the match");
  const banner = page.locator('[data-banner="matchOver"]');
  assert.equal(await banner.locator(".gm-why").textContent(), "You forfeited the match.");
  assert.equal(await banner.locator("[data-banner-score]").textContent(), "Final score: White (you) 0 – Red (computer) 5");
  await page.click('[data-control="matches"]');
  assert.match(await page.textContent('[data-dialog="matches"] [data-history] li'), /^White \(you\) 0 – Red \(computer\) 5 · to 5 · against the computer/, "the kept match says which colour was yours");
}

export async function each_replayed_play_shows_its_dice_on_the_board({ page, baseUrl, artifacts }) {
  const mat = [" 3 point match", "", " Game 1", " White : 0                      Red : 0",
    "  1)                             31: 8/5 6/5", "  2) 64: 24/18 13/9              52: 13/11 13/8", ""].join("\n");
  const file = path.join(artifacts, "replay-dice.mat");
  const { writeFile } = await import("node:fs/promises");
  await writeFile(file, mat);
  await openGame(page, baseUrl, { seed: 2 });
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), matchesMenu(page, "import")]);
  await chooser.setFiles(file);
  await page.locator('[data-replay="where"]').waitFor();
  // Red's 3-1 is drawn in Red's dice area, White's 6-4 in White's (the "dice" spot)
  const { box } = await spot(page, "dice");
  const start = await canvasPixels(page, box);
  await page.click('[data-replay="forward"]');
  await nextFrame(page);
  assert.match(await page.textContent('[data-replay="where"]'), /Red 3-1: 8\/5 6\/5$/);
  await page.click('[data-replay="forward"]');
  await nextFrame(page);
  assert.match(await page.textContent('[data-replay="where"]'), /White 6-4: 24\/18 13\/9$/);
  const whites = await canvasPixels(page, box);
  assert.equal(countColour(start, WHITE_DIE), 0, "no dice at the start");
  assert.ok(countColour(whites, WHITE_DIE) > 200, `White's 6-4 drawn (${countColour(whites, WHITE_DIE)} pixels)`);
  await page.setViewportSize({ width: 1366, height: 768 });
  await screenshot(page, artifacts, "replay-dice-wide");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, artifacts, "replay-dice-narrow");
  await page.setViewportSize({ width: 844, height: 390 });
  await screenshot(page, artifacts, "replay-dice-landscape-phone");
}

export async function a_new_match_asks_before_it_replaces_one_under_way({ page, baseUrl }) {
  // Nothing played yet: the new-match dialog opens at once.
  await openGame(page, baseUrl, { seed: 2 });
  await page.click('[data-control="newMatch"]');
  await answer(page, "newMatch", "");
  // Under way: starting another asks first, and Cancel keeps the match as it was.
  await playTurn(page);
  const before = await view(page);
  await page.click('[data-control="newMatch"]');
  await page.locator('[data-dialog="replaceMatch"]').waitFor();
  assert.match(await page.textContent('[data-dialog="replaceMatch"]'), /not finished/);
  await answer(page, "replaceMatch", "");
  assert.equal(await page.isVisible('[data-dialog="newMatch"]'), false, "no new-match dialog after Cancel");
  assert.deepEqual(await view(page), before, "the match is untouched");
  // Setting up from IDs asks too.
  await page.click('[data-control="setUpIds"]');
  await answer(page, "replaceMatch", "");
  assert.equal((await view(page)).position_id, before.position_id);
  // Leaving it opens the new-match dialog, and its Start begins another.
  await page.click('[data-control="newMatch"]');
  await answer(page, "replaceMatch", "replace");
  await andWait(page, () => answer(page, "newMatch", "start"));
  const after = await view(page);
  assert.deepEqual([after.phase.kind, after.game_number, after.opening_roll], ["OpeningRoll", 1, null]);
}

export async function before_anything_is_played_the_matches_menu_offers_no_empty_export_or_analysis({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  await page.click('[data-control="matches"]');
  const menu = '[data-dialog="matches"]';
  await page.locator(menu).waitFor();
  assert.equal(await page.isDisabled(`${menu} [data-action="analyse"]`), true, "no analysis of an empty match");
  assert.equal(await page.isDisabled(`${menu} [data-action="export"]`), true, "no export of an empty match");
  assert.equal(await page.isDisabled(`${menu} [data-action="import"]`), false);
  assert.match(await page.textContent(`${menu} [data-part="nothingYet"]`), /Nothing has been played/);
  await page.click(`${menu} [data-action=""]`);
  await playTurn(page);
  await page.click('[data-control="matches"]');
  await page.locator(menu).waitFor();
  assert.equal(await page.isDisabled(`${menu} [data-action="analyse"]`), false, "one play is something to analyse");
  assert.equal(await page.isDisabled(`${menu} [data-action="export"]`), false);
  assert.equal(await page.locator(`${menu} [data-part="nothingYet"]`).count(), 0);
}

export async function the_match_in_play_is_analysed_on_its_replay_and_a_pick_moves_the_board({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  for (let i = 0; i < 6; i++) await playTurn(page);
  const live = await view(page);
  await matchesMenu(page, "analyse");
  await page.locator('[data-analysis="table"] tr').first().waitFor({ timeout: 60000 });
  assert.equal(await page.isVisible('[data-replay="where"]'), true, "the match is shown on its replay");
  const before = await page.textContent('[data-replay="where"]');
  await page.click('[data-analysis="chart"]', { position: { x: 1, y: 5 } });
  const after = await page.textContent('[data-replay="where"]');
  assert.notEqual(after, before, "a picked decision is shown on the board");
  await page.click('[data-replay="leave"]');
  assert.equal((await view(page)).position_id, live.position_id, "leaving the replay returns to the match");
}

export async function a_match_set_up_from_ids_is_analysed_on_its_replay_from_that_position({ page, baseUrl }) {
  // White on roll with 24/18* to hit (GNU Backgammon's Position ID); a money session.
  const setUp = "4HXwATDgc/ABMA";
  await openGame(page, baseUrl, { seed: 2, position: setUp });
  for (let i = 0; i < 4; i++) await playTurn(page);
  const live = await view(page);
  await matchesMenu(page, "analyse");
  await page.locator('[data-analysis="table"] tr').first().waitFor({ timeout: 60000 });
  assert.equal(await page.isVisible('[data-replay="where"]'), true, "the match is shown on its replay, though no .mat holds it");
  await page.selectOption('[data-replay="jump"]', "0");
  assert.equal(await page.textContent('[data-copy="positionId"]'), setUp, "the replay starts where the match was set up");
  const before = await page.textContent('[data-replay="where"]');
  await page.click('[data-analysis="chart"]', { position: { x: 1, y: 5 } });
  assert.notEqual(await page.textContent('[data-replay="where"]'), before, "a picked decision is shown on the board");
  await page.click('[data-replay="leave"]');
  assert.equal((await view(page)).position_id, live.position_id, "leaving the replay returns to the match");
}

export async function a_finished_match_set_up_from_ids_is_kept_and_replays_from_its_position({ page, baseUrl }) {
  const setUp = "4HXwATDgc/ABMA";
  await openGame(page, baseUrl, { seed: 2, position: setUp });
  await playTurn(page);
  await page.click('[data-control="forfeit"]');
  // A set-up position is a money session: its forfeit ends the session, no match is won
  await page.locator('[data-dialog="forfeit"]').waitFor();
  assert.match(await page.textContent('[data-dialog="forfeit"]'), /End the money session\?/);
  await andWait(page, () => answer(page, "forfeit", "forfeit"));
  await page.locator('[data-dialog="matchOver"]').waitFor();
  assert.match(await page.textContent('[data-dialog="matchOver"]'), /The money session is over.*forfeited, which ends the session/s);
  await answer(page, "matchOver", "close");
  assert.match(await page.textContent("#gm-banner-title"), /The money session is over/);
  await page.click('[data-control="matches"]');
  const entry = page.locator('[data-dialog="matches"] [data-history] li');
  assert.equal(await entry.count(), 1, "the match is kept though no .mat holds it");
  assert.equal(await entry.locator('[data-action="download:0"]').count(), 0, "it has no .mat to download");
  await answer(page, "matches", "replay:0");
  await page.locator('[data-replay="where"]').waitFor();
  await page.selectOption('[data-replay="jump"]', "0");
  assert.equal(await page.textContent('[data-copy="positionId"]'), setUp, "its replay starts where it was set up");
  assert.doesNotMatch(await page.textContent("#replay"), /\.mat/, "it is not named as a .mat file");
}
