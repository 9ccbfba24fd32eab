// The tutor (issue 14): with the option on, a costly play or cube action is pointed out
// before it is committed, with the engine's better choice, and can be taken back; a good
// one goes through unasked; with the option off (the default) nothing is asked.

import { assert, openGame, view, phaseOf, drag, andWait, answer } from "./helpers.mjs";

/** The starting position, White to play a 42 (a 5-point match). */
const START = { position: "4HPwATDgc/ABMA", match: "MAEKAAAAAAAE" };
/**
 * A race without contact, White to roll or double in a money session, 69 pips against
 * 84: double, pass (`gamao cube eO+NAADcew8AAA`: no double +0.956, double/take +1.461).
 */
const RACE_AHEAD = { position: "eO+NAADcew8AAA" };
/** The same race the other way round, White 84 pips against 69: no double (−0.803 against −1.659 doubled). */
const RACE_BEHIND = { position: "3HsPAAB4740AAA" };

/** The tutor's question, once it is asked: its played and better choice and the loss. */
async function tutorQuestion(page) {
  const dialog = page.locator('[data-dialog="tutor"]');
  await dialog.waitFor({ timeout: 30000 });
  return {
    played: await dialog.locator('[data-tutor="played"]').textContent(),
    best: await dialog.locator('[data-tutor="best"]').textContent(),
    loss: Number((await dialog.locator('[data-tutor="loss"]').textContent()).match(/\d+\.\d+/)[0]),
  };
}

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
  assert.match(await dialog.locator('[data-tutor="played"]').textContent(), /\(equity [+−]\d\.\d{3}\)/, "equities signed as the page writes them");
  assert.match(await dialog.locator('[data-tutor="best"]').textContent(), /\(equity [+−]\d\.\d{3}\)/);
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

export async function a_play_under_the_tutors_question_survives_a_reload_and_is_asked_about_once({ page, context, baseUrl }) {
  // The turn ends by itself once the dice are used, so the tutor asks as soon as the play is made
  await context.addInitScript(() => localStorage.setItem("gamao.options", JSON.stringify({ tutor: true, endTurnByDice: false })));
  await openGame(page, baseUrl, { seed: 3, ...START });
  await play(page, [[6, 4], [6, 2]]);
  await tutorQuestion(page);
  // When the page is reloaded before the person answers (no seed: the saved match comes back)
  await openGame(page, baseUrl);
  // Then the play is still made and the tutor asks about it again, in one question
  const again = await tutorQuestion(page);
  assert.match(again.played, /6\/4 6\/2/);
  // (a second question would close this one; the page must not read that as "take it back")
  await page.waitForTimeout(1500);
  const v = await view(page);
  assert.deepEqual([phaseOf(v), v.steps_made.length], ["TurnComplete", 2], "the play is not taken back unasked");
  assert.equal(await page.locator('[data-dialog="tutor"]').count(), 1);
  // And keeping it plays it
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

export async function the_tutor_points_out_a_wrong_take_and_the_double_is_answered_again({ page, context, baseUrl }) {
  await tutorOn(context);
  await openGame(page, baseUrl, { seed: 3, ...RACE_AHEAD });
  assert.deepEqual((await view(page)).phase, { kind: "Deciding", side: "White" });
  // Given White doubles, the right action, which the tutor lets through
  await page.click('[data-control="double"]');
  // When Red takes a double it should pass
  await answer(page, "takeDrop", "take");
  // Then the tutor stops the take and names the pass
  const asked = await tutorQuestion(page);
  assert.match(asked.played, /: take \(/);
  assert.match(asked.best, /: pass \(/);
  assert.ok(asked.loss >= 0.16, `loss ${asked.loss}`);
  const waiting = await view(page);
  assert.deepEqual(waiting.phase, { kind: "CubeOffered", doubler: "White" }, "nothing is committed while the tutor asks");
  assert.equal(waiting.cube.value, 1);
  // And taking it back asks Red the double's answer again
  await page.click('[data-dialog="tutor"] [data-action="back"]');
  await page.locator('[data-dialog="takeDrop"] [data-action="drop"]').waitFor();
  assert.deepEqual((await view(page)).phase, { kind: "CubeOffered", doubler: "White" });
  // And passing, the right answer, ends the game with no question: White wins the cube's point
  await andWait(page, () => answer(page, "takeDrop", "drop"));
  const over = await view(page);
  assert.equal(phaseOf(over), "GameOver");
  assert.equal(over.phase.result.winner, "White");
  assert.equal(over.phase.result.points, 1);
  assert.equal(await page.locator('[data-dialog="tutor"]').count(), 0);
}

export async function the_tutor_points_out_a_costly_double_and_taking_it_back_keeps_the_cube({ page, context, baseUrl }) {
  await tutorOn(context);
  await openGame(page, baseUrl, { seed: 3, ...RACE_BEHIND });
  // Given White, well behind in the race, doubles
  await page.click('[data-control="double"]');
  // Then the tutor stops the double and names the better choice
  const asked = await tutorQuestion(page);
  assert.match(asked.played, /: double \(/);
  assert.match(asked.best, /: no double \(/);
  assert.ok(asked.loss >= 0.16, `loss ${asked.loss}`);
  assert.deepEqual((await view(page)).phase, { kind: "Deciding", side: "White" }, "nothing is committed while the tutor asks");
  // When White takes it back, the cube stays in the middle and White may still roll or double
  await page.click('[data-dialog="tutor"] [data-action="back"]');
  await page.locator('[data-dialog="tutor"]').waitFor({ state: "detached" });
  const back = await view(page);
  assert.deepEqual(back.phase, { kind: "Deciding", side: "White" });
  assert.equal(back.cube.value, 1);
  assert.equal(back.cube.owner, null);
  assert.equal(await page.isVisible('[data-control="double"]'), true);
  // And rolling without doubling, the right choice, goes through unasked
  await andWait(page, () => page.click('[data-control="roll"]'));
  assert.equal(phaseOf(await view(page)), "Moving");
  assert.equal(await page.locator('[data-dialog="tutor"]').count(), 0);
}
