// The page asks the engine instead of working rules out (issue 10): covering a point, a
// drop's reason, the timer's lengths and the resignation points all come from the view
// or from queries that leave the match as it was.
// Seed 20 rolls 1-1 for White's first roll from a position set up by Position ID.

import { openGame, view, andWait, drag, spot, answer, playTurn, assert } from "./helpers.mjs";

/** The saved match (what localStorage keeps) and its history. */
const saved = async (page) => {
  const text = await page.evaluate(() => window.gamao.save());
  return { text, history: JSON.parse(text).history };
};

export async function right_click_cover_with_one_one_plays_only_the_two_covering_checkers({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 20, position: "4HPwATDgc/ABMA" });
  await andWait(page, () => page.click('[data-control="roll"]'));
  assert.deepEqual((await view(page)).dice, [1, 1]);
  const before = await saved(page);
  const seven = await spot(page, "7");
  await andWait(page, () => page.mouse.click(seven.x, seven.y, { button: "right" }));
  const v = await view(page);
  assert.equal(v.points[6], 2, "two checkers made the 7-point");
  assert.equal(v.points[7], 1, "both came from the 8-point");
  assert.equal(v.steps_made.length, 2, "only the two covering steps: two 1s are left to play");
  assert.equal(v.phase.kind, "Moving");
  const after = await saved(page);
  const added = after.history.slice(before.history.length);
  assert.equal(added.length, 2, "the saved match grew by the two steps and nothing else");
  assert.deepEqual(added.map((e) => e.Acted.action), [{ kind: "Step", from: 8, die: 1 }, { kind: "Step", from: 8, die: 1 }]);
  const grown = after.text.length - before.text.length;
  console.log(`     the save grew by ${grown} bytes for the two covering steps`);
  assert.ok(grown < 400, `${grown} bytes`);
}

export async function a_drop_over_a_blocked_stop_with_one_one_names_the_blocked_point({ page, baseUrl }) {
  // White to play 1-1 with Red holding White's 22-point: 24 → 21 stops on 23 and 22.
  await openGame(page, baseUrl, { seed: 20, position: "LE/wASjg8wcBMA" });
  await andWait(page, () => page.click('[data-control="roll"]'));
  const before = await saved(page);
  await drag(page, 24, 21);
  await page.waitForSelector(".gb-toast.gb-toast-on");
  assert.equal(await page.textContent(".gb-toast"), "Point 22 is blocked");
  assert.equal((await view(page)).steps_made.length, 0);
  assert.deepEqual((await saved(page)).history, before.history, "the refused drop left the match's history as it was");
}

export async function the_timer_bars_full_lengths_come_from_the_clock_limits({ page, baseUrl }) {
  // The time bank: 20 s in a bank that can hold 120 s, a 15 s move timer.
  await openGame(page, baseUrl, { seed: 2 });
  const v = await view(page);
  assert.deepEqual(v.clock_limits, { move_ms: 15000, bank_start_ms: 20000, bank_max_ms: 120000 });
  const widths = () => page.evaluate(() => [".gm-timer-move", ".gm-timer-bank"].map((c) => parseFloat(document.querySelector(c).style.width)));
  const [move, bank] = await widths();
  assert.equal(move, 40, "the whole move timer: its share of the bar");
  assert.ok(Math.abs(bank - 10) < 0.01, `20 s of 120 s is a sixth of the bank's share (60 %), not all of it: ${bank} %`);
}

export async function the_resign_dialog_shows_each_levels_points_at_the_cube({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  await playTurn(page);                                   // White opens and plays; Red decides
  await andWait(page, () => page.click('[data-control="double"]'));
  await andWait(page, () => answer(page, "takeDrop", "take"));
  await playTurn(page);                                   // Red plays; White, owning the 2-cube, decides
  assert.equal((await view(page)).acting, "White");
  await page.click('[data-control="resign"]');
  const dialog = page.locator('dialog[data-dialog="resign"]');
  await dialog.waitFor();
  const levels = await dialog.locator("label[data-level]").allTextContents();
  assert.deepEqual(levels, ["Single game — 2 points", "Gammon — 4 points", "Backgammon — 6 points"]);
  await answer(page, "resign", "");
}
