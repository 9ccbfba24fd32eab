// The game page against the engine: whole games and every way of moving (GAME.md §9).
// Seeds (from the engine's seeded dice): 2 → White opens with 6-5, 45 → White opens 3-1.

import { openGame, view, phaseOf, andWait, checkerAt, drag, spot, tabTo, answer, nextFrame, canvasPixels, difference, assert } from "./helpers.mjs";

/** Plays the opening roll with the Roll button. */
async function openingRoll(page) {
  await andWait(page, () => page.click('[data-control="roll"]'));
}

export async function a_whole_game_by_clicks_from_the_opening_roll_to_the_game_over_dialog({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 5 });
  let v = await view(page);
  assert.equal(phaseOf(v), "OpeningRoll");
  for (let i = 0; i < 1500 && phaseOf(v) !== "GameOver"; i++) {
    const phase = phaseOf(v);
    if (phase === "OpeningRoll" || phase === "Deciding") {
      await andWait(page, () => page.click('[data-control="roll"]'));
    } else if (phase === "Moving") {
      const source = v.destinations[0].from;
      const at = source === 25 ? await spot(page, "bar") : await checkerAt(page, source);
      await andWait(page, () => page.mouse.click(at.x, at.y));
    } else {
      assert.fail(`unexpected phase ${phase}`);
    }
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
  assert.deepEqual(v.phase, { kind: "Deciding", side: "Red" }, "the turn ended by itself after the last checker");
}

export async function clicking_a_checker_makes_its_largest_legal_jump({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  await openingRoll(page);
  const at = await checkerAt(page, 24);
  await andWait(page, () => page.mouse.click(at.x, at.y));
  const v = await view(page);
  assert.equal(v.points[12], 6, "the checker jumped 24/13, both dice");
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
  await tabTo(page, '[data-control="roll"]');
  await andWait(page, () => page.keyboard.press("Enter"));
  await tabTo(page, '.gb-spot[data-point="13"]');
  await page.keyboard.press("Enter");
  await tabTo(page, '.gb-spot[data-point="8"]');
  await andWait(page, () => page.keyboard.press("Enter"));
  // 13/8 is played; now 13/7 with the 6, reached with the keyboard again
  await tabTo(page, '.gb-spot[data-point="13"]');
  await page.keyboard.press("Enter");
  await tabTo(page, '.gb-spot[data-point="7"]');
  await andWait(page, () => page.keyboard.press("Enter"));
  const v = await view(page);
  assert.equal(v.points[7], 4);
  assert.equal(v.points[6], 1);
  assert.deepEqual(v.phase, { kind: "Deciding", side: "Red" });
}
