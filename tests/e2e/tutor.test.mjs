// The tutor (issue 14): with the option on, a costly play is pointed out before the turn
// ends, with the engine's better play, and can be taken back; a good play goes through
// unasked; with the option off (the default) nothing is asked.

import { assert, openGame, view, phaseOf, drag, andWait } from "./helpers.mjs";

/** The starting position, White to play a 42 (a 5-point match). */
const START = { position: "4HPwATDgc/ABMA", match: "MAEKAAAAAAAE" };

/** Plays `moves` ([from, to] on White's points) by dragging, one change at a time. */
async function play(page, moves) {
  for (const [from, to] of moves) await andWait(page, () => drag(page, from, to));
}

/** Turns the tutor on before the page loads. */
async function tutorOn(context) {
  await context.addInitScript(() => localStorage.setItem("gamao.options", JSON.stringify({ tutor: true })));
}

export async function the_tutor_points_out_a_blunder_and_it_can_be_taken_back({ page, context, baseUrl }) {
  await tutorOn(context);
  await openGame(page, baseUrl, { seed: 3, ...START });
  assert.deepEqual([...(await view(page)).dice].sort(), [2, 4]);
  // Given White breaks its six-point, leaving two blots in its home board
  await play(page, [[6, 4], [6, 2]]);
  // When White ends the turn, the tutor stops it and names the better play
  await page.click('[data-control="endTurn"]');
  const dialog = page.locator('[data-dialog="tutor"]');
  await dialog.waitFor({ timeout: 30000 });
  assert.match(await dialog.locator('[data-tutor="played"]').textContent(), /6\/4 6\/2/);
  assert.match(await dialog.locator('[data-tutor="best"]').textContent(), /8\/4 6\/4/);
  const loss = Number((await dialog.locator('[data-tutor="loss"]').textContent()).match(/\d+\.\d+/)[0]);
  assert.ok(loss >= 0.08, `loss ${loss}`);
  assert.equal(phaseOf(await view(page)), "TurnComplete", "nothing is committed while the tutor asks");
  // Then taking it back undoes the turn's steps: White plays the roll again
  await page.click('[data-dialog="tutor"] [data-action="back"]');
  await page.waitForFunction(() => window.gamao.view().steps_made.length === 0);
  const again = await view(page);
  assert.equal(phaseOf(again), "Moving");
  assert.equal(again.turn, "White");
  // And the best play ends the turn with no question
  await play(page, [[8, 4], [6, 4]]);
  await andWait(page, () => page.click('[data-control="endTurn"]'));
  assert.notEqual((await view(page)).turn, "White", "the turn passed");
  assert.equal(await page.locator('[data-dialog="tutor"]').count(), 0);
}

export async function a_blunder_kept_despite_the_tutor_is_played({ page, context, baseUrl }) {
  await tutorOn(context);
  await openGame(page, baseUrl, { seed: 3, ...START });
  await play(page, [[6, 4], [6, 2]]);
  await page.click('[data-control="endTurn"]');
  await page.locator('[data-dialog="tutor"] [data-action="keep"]').waitFor({ timeout: 30000 });
  await andWait(page, () => page.click('[data-dialog="tutor"] [data-action="keep"]'));
  assert.notEqual((await view(page)).turn, "White", "the play was committed");
}

export async function without_the_option_the_tutor_asks_nothing({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 3, ...START });
  const options = await page.evaluate(() => JSON.parse(localStorage.getItem("gamao.options") || "{}"));
  assert.notEqual(options.tutor, true, "the tutor is off by default");
  await play(page, [[6, 4], [6, 2]]);
  await andWait(page, () => page.click('[data-control="endTurn"]'));
  assert.notEqual((await view(page)).turn, "White");
  assert.equal(await page.locator('[data-dialog="tutor"]').count(), 0);
}
