// The game page against the engine: whole games and every way of moving (GAME.md §9).
// Seeds (from the engine's seeded dice): 2 → White opens with 6-5, 45 → White opens 3-1.

import { openGame, view, phaseOf, andWait, checkerAt, drag, spot, tabTo, answer, recordLive, liveSays, nextFrame, canvasPixels, difference, playTurn, screenshot, stepTheMatch, assert } from "./helpers.mjs";

/** Plays the opening roll with the Roll button. */
async function openingRoll(page) {
  await andWait(page, () => page.click('[data-control="roll"]'));
}

/** White to roll with its last checker on its 1-point (GNU Backgammon's ID), Red's fifteen at home. */
const LAST_CHECKER = "+L4PAAABAAAAAA";
/** A checker's flight at the default, normal animation speed (ANIMATION_MS). */
const FLIGHT_MS = 260;

/**
 * Clicks the checker on `point` (bearing off the last one, turns ending by themselves)
 * and answers how long after the click each of `selectors` first showed.
 */
async function shownAfterTheLastChecker(page, point, selectors) {
  await page.evaluate((selectors) => {
    window.firstShown = {};
    new MutationObserver(() => {
      for (const s of selectors) if (!(s in window.firstShown) && document.querySelector(s)) window.firstShown[s] = performance.now();
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  }, selectors);
  const at = await checkerAt(page, point);
  const clicked = await page.evaluate(() => performance.now());
  await page.mouse.click(at.x, at.y);
  for (const s of selectors) await page.locator(s).first().waitFor();
  const shown = await page.evaluate(() => window.firstShown);
  return selectors.map((s) => shown[s] - clicked);
}

export async function the_game_over_dialog_and_the_match_result_wait_for_the_last_checker_to_land({ page, context, baseUrl }) {
  // Turns end by themselves: the last checker's move ends the game while it flies.
  await context.addInitScript(() => localStorage.setItem("gamao.options", JSON.stringify({ endTurnByDice: false })));
  await openGame(page, baseUrl, { seed: 2, position: LAST_CHECKER });
  await andWait(page, () => page.click('[data-control="roll"]'));
  const [dialog] = await shownAfterTheLastChecker(page, 1, ['dialog[data-dialog="gameOver"][open]']);
  assert.equal(phaseOf(await view(page)), "GameOver");
  assert.ok(dialog >= FLIGHT_MS * 0.9, `the dialog opened ${dialog.toFixed(0)} ms after the click, before the ${FLIGHT_MS} ms flight ended`);
  // Red has every checker home, none off: a gammon, told without counting the checkers
  // (a game set up with fewer than fifteen ends the same way).
  assert.match(await page.textContent('[data-dialog="gameOver"]'), /White bore off every checker before Red bore off any: a gammon\./);

  // The same ending in a 1-point match (Red on roll with 6-3 in GNU Backgammon's IDs): the
  // match-over dialog waits too, and the result over the board until it is closed.
  await openGame(page, baseUrl, { seed: 2, position: LAST_CHECKER, match: "cAkvAAAAAAAE" });
  const [matchOver] = await shownAfterTheLastChecker(page, 24, ['dialog[data-dialog="matchOver"][open]']);
  assert.equal(phaseOf(await view(page)), "MatchOver");
  assert.ok(matchOver >= FLIGHT_MS * 0.9, `the match-over dialog showed ${matchOver.toFixed(0)} ms after the click, before the ${FLIGHT_MS} ms flight ended`);
  const banner = page.locator('[data-banner="matchOver"]');
  assert.equal(await banner.isVisible(), false, "the result waits under the dialog");
  await answer(page, "matchOver", "close");
  await banner.waitFor();
}

export async function a_whole_game_by_clicks_from_the_opening_roll_to_the_game_over_dialog({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 5 });
  let v = await view(page);
  assert.equal(phaseOf(v), "OpeningRoll");
  for (let i = 0; i < 1500 && phaseOf(v) !== "GameOver"; i++) {
    await stepTheMatch(page, v);
    v = await view(page);
  }
  assert.equal(phaseOf(v), "GameOver");
  const result = v.game_result;
  assert.equal(v.off[result.winner.toLowerCase()], 15);
  await page.locator('[data-dialog="gameOver"]').waitFor();
  assert.match(await page.textContent('[data-dialog="gameOver"] h2'), /wins the game/);
  await andWait(page, () => answer(page, "gameOver", "next"));
  v = await view(page);
  assert.equal(v.game_number, 2);
  assert.ok(["Moving", "OpeningRoll"].includes(phaseOf(v)), "the next game starts with its opening roll");
}

export async function dragging_highlights_every_destination_and_plays_a_two_dice_move({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  await openingRoll(page);
  const via = await spot(page, "18");
  const area = { x: via.box.x, y: via.box.y, width: via.box.width, height: via.box.width };
  const before = await canvasPixels(page, area);
  let during = null;
  await andWait(page, () => drag(page, 24, 13, { hold: async () => { await nextFrame(page); during = await canvasPixels(page, area); } }));
  assert.ok(difference(before, during) > 200, "point 18 (24/18) is not highlighted while dragging");
  const v = await view(page);
  assert.equal(v.points[12], 6, "24/13 put a sixth checker on the 13-point");
  assert.equal(v.points[23], 1);
  assert.deepEqual(v.phase, { kind: "TurnComplete", side: "White" }, "the turn waits to be confirmed (the default)");
}

export async function clicking_a_checker_makes_its_largest_legal_jump({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  await openingRoll(page);
  const at = await checkerAt(page, 24);
  await andWait(page, () => page.mouse.click(at.x, at.y));
  const v = await view(page);
  assert.equal(v.points[12], 6, "the checker jumped 24/13, both dice");
}

export async function clicking_a_checker_that_cannot_move_says_why({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  await openingRoll(page);
  const eight = await checkerAt(page, 8);
  await andWait(page, () => page.mouse.click(eight.x, eight.y));
  assert.deepEqual((await view(page)).steps_made.map((s) => [s.from, s.to]), [[8, 2]], "the 6 played 8/2");
  // The 5 would take a checker of the 6-point onto Red's two on the 1-point
  const six = await checkerAt(page, 6);
  await page.mouse.click(six.x, six.y);
  await page.waitForSelector(".gb-toast.gb-toast-on");
  assert.equal(await page.textContent(".gb-toast"), "Point 1 is blocked");
  assert.equal((await view(page)).steps_made.length, 1, "nothing moved");
  // From the keyboard, the same reason is said (once the click's sentence has been said:
  // sentences coming within 30 ms of each other are said together)
  const live = () => document.querySelector("gamao-board").shadowRoot.querySelector(".gb-live").textContent;
  await page.waitForFunction(`(${live})() === "Point 1 is blocked"`, null, { timeout: 3000 });
  await tabTo(page, '.gb-spot[data-point="6"]');
  await page.keyboard.press("Enter");
  await page.waitForFunction(`(${live})() === "No checker can move from here. Point 1 is blocked"`, null, { timeout: 3000 });
}

export async function right_click_on_an_empty_point_covers_it_with_two_checkers({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 45 });
  await openingRoll(page);
  const p = await spot(page, "5");
  await andWait(page, () => page.mouse.click(p.x, p.y, { button: "right" }));
  const v = await view(page);
  assert.equal(v.points[4], 2, "two checkers on the 5-point");
  assert.equal(v.points[7], 2, "one came from the 8-point");
  assert.equal(v.points[5], 4, "one came from the 6-point");
}

export async function right_click_on_a_point_two_checkers_cannot_reach_explains_why({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 45 });
  await openingRoll(page);
  const p = await spot(page, "10");
  await page.mouse.click(p.x, p.y, { button: "right" });
  await page.waitForSelector(".gb-toast.gb-toast-on");
  assert.equal(await page.textContent(".gb-toast"), "No two checkers can cover point 10 with this roll");
  assert.equal((await view(page)).steps_made.length, 0);
}

export async function clicking_the_dice_area_rolls({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  const dice = await spot(page, "dice");
  await andWait(page, () => page.mouse.click(dice.x, dice.y));
  assert.equal(phaseOf(await view(page)), "Moving");
}

export async function with_the_option_on_the_turn_ends_by_clicking_the_dice({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  await page.click('[data-control="options"]');
  await page.check('[data-option="endTurnByDice"]');
  await page.click('[data-dialog="options"] [data-action="close"]');
  await openingRoll(page);
  const at = await checkerAt(page, 24);
  await andWait(page, () => page.mouse.click(at.x, at.y));
  assert.equal(phaseOf(await view(page)), "TurnComplete", "the turn waits for the dice click");
  const dice = await spot(page, "dice");
  await andWait(page, () => page.mouse.click(dice.x, dice.y));
  assert.deepEqual((await view(page)).phase, { kind: "Deciding", side: "Red" });
}

export async function undo_takes_back_the_last_checker_moved({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  await openingRoll(page);
  const start = await view(page);
  await andWait(page, () => drag(page, 13, 8));
  assert.equal((await view(page)).points[7], 4);
  assert.equal(await page.isEnabled('[data-control="undo"]'), true);
  await andWait(page, () => page.click('[data-control="undo"]'));
  const v = await view(page);
  assert.deepEqual(v.points, start.points);
  assert.equal(v.steps_made.length, 0);
  assert.equal(await page.isEnabled('[data-control="undo"]'), false);
}

export async function an_illegal_drop_snaps_back_with_the_engines_explanation({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  await openingRoll(page);
  const start = await view(page);
  await drag(page, 24, 19);
  await page.waitForSelector(".gb-toast.gb-toast-on");
  assert.equal(await page.textContent(".gb-toast"), "Point 19 is blocked");
  const v = await view(page);
  assert.deepEqual(v.points, start.points, "nothing was applied");
  assert.equal(v.steps_made.length, 0);
}

export async function a_whole_turn_played_with_the_keyboard_only({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  await recordLive(page);
  await tabTo(page, '[data-control="roll"]');
  await andWait(page, () => page.keyboard.press("Enter"));
  await tabTo(page, '.gb-spot[data-point="13"]');
  await page.keyboard.press("Enter");
  await tabTo(page, '.gb-spot[data-point="8"]');
  await andWait(page, () => page.keyboard.press("Enter"));
  // 13/8 is played, and said so at once to a screen reader
  await liveSays(page, "13 to 8");
  // now 13/7 with the 6, reached with the keyboard again
  await tabTo(page, '.gb-spot[data-point="13"]');
  await page.keyboard.press("Enter");
  await tabTo(page, '.gb-spot[data-point="7"]');
  await andWait(page, () => page.keyboard.press("Enter"));
  // and the turn is confirmed with the End turn button
  await tabTo(page, '[data-control="endTurn"]');
  await andWait(page, () => page.keyboard.press("Enter"));
  const v = await view(page);
  assert.equal(v.points[7], 4);
  assert.equal(v.points[6], 1);
  assert.deepEqual(v.phase, { kind: "Deciding", side: "Red" });
}

export async function the_last_checker_moved_by_keyboard_is_said_with_the_play_it_ends({ page, context, baseUrl }) {
  // Turns end by themselves: the last step and the whole play are said at once, both kept.
  await context.addInitScript(() => localStorage.setItem("gamao.options", JSON.stringify({ endTurnByDice: false })));
  await openGame(page, baseUrl, { seed: 2 });
  await tabTo(page, '[data-control="roll"]');
  await andWait(page, () => page.keyboard.press("Enter"));
  for (const [from, to] of [["13", "8"], ["13", "7"]]) {
    await tabTo(page, `.gb-spot[data-point="${from}"]`);
    await page.keyboard.press("Enter");
    await tabTo(page, `.gb-spot[data-point="${to}"]`);
    await andWait(page, () => page.keyboard.press("Enter"));
  }
  assert.deepEqual((await view(page)).phase, { kind: "Deciding", side: "Red" });
  await page.waitForFunction(() => /White plays/.test(document.querySelector("gamao-board").shadowRoot.querySelector(".gb-live").textContent), null, { timeout: 3000 });
  const said = await page.evaluate(() => document.querySelector("gamao-board").shadowRoot.querySelector(".gb-live").textContent);
  assert.match(said, /13 to 7\. White plays 13\/8 13\/7/);
}

export async function the_board_turns_to_the_player_on_roll_when_asked({ page, baseUrl, artifacts }) {
  await openGame(page, baseUrl, { seed: 2 });
  /** Whether White's home board is at the bottom: the keyboard layer numbers points
   * from the viewer's side, so the viewer's 6-point holds White's checkers, else Red's. */
  const whiteHomeAtBottom = async () => /white/i.test(await page.getAttribute('.gb-spot[data-point="6"]', "aria-label"));
  await playTurn(page);
  const v = await view(page);
  const red = v.acting === "Red";
  assert.equal(await whiteHomeAtBottom(), true, "off by default: the board never turns");
  await page.click('[data-control="options"]');
  assert.equal(await page.isChecked('[data-option="turnBoard"]'), false);
  await page.check('[data-option="turnBoard"]');
  await page.click('[data-dialog="options"] [data-action="close"]');
  await nextFrame(page);
  assert.equal(await whiteHomeAtBottom(), !red, `the side to play (${v.acting}) sees its home board at the bottom`);
  await screenshot(page, artifacts, "board-turned-to-the-player");
  // (the test's clicks aim at White's points as drawn for White: play with it off)
  const setTurnBoard = async (on) => {
    await page.click('[data-control="options"]');
    await page.setChecked('[data-option="turnBoard"]', on);
    await page.click('[data-dialog="options"] [data-action="close"]');
    await nextFrame(page);
  };
  await setTurnBoard(false);
  await playTurn(page);
  await setTurnBoard(true);
  assert.equal(await whiteHomeAtBottom(), red, "and it turns to the other side on its turn");
}

export async function auto_bear_off_plays_only_in_a_pure_race({ page, context, baseUrl }) {
  // White (on roll, money game) has all fifteen checkers on its 2- to 6-points; Red
  // either still holds White's 1-point (contact) or has every checker home (a race).
  const CONTACT = "d/cAADDu7g4AAA";
  const RACE = "d3cHAADu7g4AAA";
  await context.addInitScript(() => localStorage.setItem("gamao.options", JSON.stringify({ autoBearOff: true })));
  await openGame(page, baseUrl, { seed: 2, position: CONTACT });
  await andWait(page, () => page.click('[data-control="roll"]'));
  let v = await view(page);
  assert.equal(v.race, false);
  assert.ok(v.bear_off_steps, "the roll could bear off with every die");
  assert.deepEqual([phaseOf(v), v.steps_made.length, v.off.white], ["Moving", 0, 0], "with contact the person plays by hand");

  await openGame(page, baseUrl, { seed: 2, position: RACE });
  await page.click('[data-control="roll"]');
  await page.waitForFunction(() => window.gamao.view().off.white > 0);
  v = await view(page);
  assert.equal(v.race, true);
  assert.equal(phaseOf(v), "TurnComplete", "in a race the bear-off was played by itself (the turn waits to be confirmed)");
}

export async function a_new_player_confirms_the_turn_and_can_undo_until_then({ page, baseUrl, artifacts }) {
  await openGame(page, baseUrl, { seed: 2 });
  await andWait(page, () => page.click('[data-control="roll"]'));
  const { dice } = await view(page);
  // One click on a back checker plays both dice (6-5: 24/13), and the turn waits
  const at = await checkerAt(page, 24);
  await andWait(page, () => page.mouse.click(at.x, at.y));
  let v = await view(page);
  assert.equal(phaseOf(v), "TurnComplete", `${dice}: the turn is not over before it is confirmed`);
  assert.equal(await page.isEnabled('[data-control="undo"]'), true, "Undo is there");
  assert.equal(await page.isVisible('[data-control="endTurn"]'), true, "and End turn");
  await screenshot(page, artifacts, "turn-waits-for-confirmation");
  // Undo takes the misclick back; confirming ends the turn
  await andWait(page, () => page.click('[data-control="undo"]'));
  assert.equal(phaseOf(await view(page)), "Moving");
  await andWait(page, () => page.click('[data-control="undo"]'));
  assert.equal((await view(page)).steps_made.length, 0);
  await andWait(page, () => page.mouse.click(at.x, at.y));
  await andWait(page, () => page.click('[data-control="endTurn"]'));
  v = await view(page);
  assert.deepEqual(v.phase, { kind: "Deciding", side: "Red" });
  assert.equal(await page.isVisible('[data-control="endTurn"]'), false);
}

export async function an_opening_roll_tied_twice_with_the_same_dice_still_moves_the_match_on({ page, baseUrl, artifacts }) {
  // Seed 165 rolls 6-6 at the opening, and 6-6 again: only the match's record tells the
  // second roll from the first, and the suites' waits go by it (they waited 30 s before).
  await openGame(page, baseUrl, { seed: 165 });
  await andWait(page, () => page.click('[data-control="roll"]'));
  assert.deepEqual((await view(page)).opening_roll, [6, 6]);
  await page.waitForFunction(() => document.querySelector("gamao-board").shadowRoot.querySelector(".gb-toast").textContent === "Both roll 6: roll again");
  await screenshot(page, artifacts, "opening-tied");
  // On a phone: the second roll is told as one (the same note would look as if the
  // click did nothing).
  await page.setViewportSize({ width: 390, height: 844 });
  await andWait(page, () => page.click('[data-control="roll"]'));
  const again = await view(page);
  assert.deepEqual([phaseOf(again), again.opening_roll], ["OpeningRoll", [6, 6]]);
  await page.waitForFunction(() => document.querySelector("gamao-board").shadowRoot.querySelector(".gb-toast").textContent === "Another tie, both roll 6: roll again");
  await screenshot(page, artifacts, "opening-tied-twice-narrow");
  const after = await playTurn(page);
  assert.equal(phaseOf(after), "Deciding", "the game went on");
}
