// Nothing lost: the match in progress comes back after a reload or a new page with the
// same position, score, cube and clocks (a clock does not run while the page is closed);
// a corrupt or foreign save is explained and a new match starts; finished matches are
// kept in the matches menu.

import { openGame, view, phaseOf, andWait, answer, playTurn, stepTheMatch, startWith, fillStorage, TIME_BANK, assert } from "./helpers.mjs";

/** What must come back: the board, the turn, the dice, the score and the cube. */
const essentials = (v) => ({
  points: v.points, bar: v.bar, off: v.off, phase: v.phase, dice: v.dice, steps: v.steps_made.length,
  score: v.score, cube: v.cube, game: v.game_number, positionId: v.position_id, matchId: v.match_id,
});

/** Time left on each side's clocks (move timer + bank). */
const timeLeft = (v) => ({ white: v.clocks.white.move_ms + v.clocks.white.bank_ms, red: v.clocks.red.move_ms + v.clocks.red.bank_ms });

/**
 * A match with a score and a cube: game 1 ends on a dropped double, game 2 has a taken
 * double and the side on roll has moved one checker of its turn.
 */
async function playSomeMoves(page) {
  await playTurn(page);
  await page.click('[data-control="double"]');
  await andWait(page, () => answer(page, "takeDrop", "drop"));
  await andWait(page, () => answer(page, "gameOver", "next"));
  await playTurn(page);
  await page.click('[data-control="double"]');
  await andWait(page, () => answer(page, "takeDrop", "take"));
  await andWait(page, () => page.click('[data-control="roll"]'));
  const v = await view(page);
  if (phaseOf(v) === "Moving") await stepTheMatch(page, v);
  const now = await view(page);
  assert.equal(now.game_number, 2);
  assert.equal(now.cube.value, 2);
  assert.equal(now.score.white + now.score.red, 1);
  return now;
}

/** Waits for the game page's match after a navigation. */
const ready = (page) => page.waitForFunction(() => window.gamao && window.gamao.view() && document.querySelector("gamao-board").shadowRoot.querySelector(".gb-canvas").width > 1);

function assertClocksClose(before, after, slackMs) {
  for (const side of ["white", "red"]) {
    const lost = before[side] - after[side];
    assert.ok(Math.abs(lost) <= slackMs, `${side}'s clock changed by ${lost} ms (before ${before[side]}, after ${after[side]})`);
  }
}

export async function a_match_with_score_and_cube_comes_back_after_a_reload_clocks_included({ page, context, baseUrl }) {
  await startWith(context, TIME_BANK);
  await openGame(page, baseUrl);
  await playSomeMoves(page);
  const before = await view(page);
  await page.reload();
  await ready(page);
  const after = await view(page);
  assert.deepEqual(essentials(after), essentials(before));
  assert.equal(after.options.time_control, "TimeBank");
  assertClocksClose(timeLeft(before), timeLeft(after), 1500);
  assert.equal(await page.locator("[data-copy=positionId]").textContent(), before.position_id);
}

export async function a_finished_match_comes_back_with_its_result_on_the_board_and_no_dialog({ page, baseUrl }) {
  // No seeded dice: with `?seed=` the page starts a new match instead of the saved one.
  await openGame(page, baseUrl);
  await page.click('[data-control="forfeit"]');
  await andWait(page, () => answer(page, "forfeit", "forfeit"));
  await page.locator('[data-dialog="matchOver"]').waitFor();
  // Reloaded with the dialog still up: the result is told once, on the board.
  await page.reload();
  await ready(page);
  assert.equal(phaseOf(await view(page)), "MatchOver");
  const banner = page.locator('[data-banner="matchOver"]');
  await banner.waitFor();
  assert.equal(await banner.locator("h2").textContent(), "Red wins the match");
  assert.equal(await page.isVisible('[data-dialog="matchOver"]'), false, "the match-over dialog is not asked again");
  await andWait(page, () => banner.locator('[data-banner-action="rematch"]').click());
  const v = await view(page);
  assert.deepEqual([phaseOf(v), v.score.white, v.score.red], ["OpeningRoll", 0, 0]);
  assert.equal(await banner.isVisible(), false);
}

export async function a_match_comes_back_in_a_new_page_and_its_clock_did_not_run_while_closed({ page, context, baseUrl }) {
  await startWith(context, TIME_BANK);
  await openGame(page, baseUrl);
  await playSomeMoves(page);
  const before = await view(page);
  await page.close();
  await new Promise((r) => setTimeout(r, 3000));
  const again = await context.newPage();
  await again.goto(`${baseUrl}/`);
  await ready(again);
  const after = await view(again);
  assert.deepEqual(essentials(after), essentials(before));
  assertClocksClose(timeLeft(before), timeLeft(after), 1500);
  await again.close();
}

/** Stores `text` as the saved match, then opens the page on it. */
async function openWithSave(page, baseUrl, text) {
  await page.goto(`${baseUrl}/dev/board.html`);
  await page.evaluate((t) => localStorage.setItem("gamao.match", t), text);
  await page.goto(`${baseUrl}/`);
  await ready(page);
}

export async function a_foreign_or_tampered_save_is_refused_with_a_message_and_a_new_match({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  await playTurn(page);
  const real = await page.evaluate(() => localStorage.getItem("gamao.match"));
  const record = JSON.parse(real);
  const saved = JSON.parse(record.saved);
  saved.history = saved.history.slice(1);   // the opening roll removed: the rest cannot be replayed
  const cases = [
    ["tampered", JSON.stringify({ ...record, saved: JSON.stringify(saved) }), /Cannot load/],
    ["foreign", JSON.stringify({ saved: JSON.stringify({ format: "chess-pgn", version: 1 }) }), /Cannot load/],
    ["not JSON", "}{ nothing here", /not a match/],
  ];
  for (const [name, text, reason] of cases) {
    await openWithSave(page, baseUrl, text);
    const notice = page.locator('[data-dialog="saveRefused"]');
    await notice.waitFor();
    const message = await notice.textContent();
    assert.match(message, /saved match could not be restored/, name);
    assert.match(message, reason, name);
    assert.match(message, /A new match has started/, name);
    const v = await view(page);
    assert.equal(phaseOf(v), "OpeningRoll", `${name}: a fresh match`);
    assert.deepEqual(v.score, { white: 0, red: 0 });
    assert.equal(await page.evaluate(() => localStorage.getItem("gamao.match.refused")), text, `${name}: the refused save is kept aside`);
    await answer(page, "saveRefused", "ok");
    await page.locator('[data-dialog="saveRefused"]').waitFor({ state: "detached" });
  }
}

export async function a_finished_match_is_kept_in_the_matches_menu_and_replays({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  await page.click('[data-control="newMatch"]');
  await page.selectOption('[data-dialog="newMatch"] select[name="matchLength"]', "1");
  await answer(page, "newMatch", "start");
  await page.waitForFunction(() => window.gamao.view().match_length === 1);
  await playTurn(page);
  await page.click('[data-control="resign"]');
  await answer(page, "resign", "offer");
  await andWait(page, () => answer(page, "resignAnswer", "accept"));
  await answer(page, "matchOver", "close");
  await page.click('[data-control="matches"]');
  const rows = page.locator('[data-history] li');
  assert.equal(await rows.count(), 1);
  assert.match(await rows.first().textContent(), /White 1 – Red 0 · to 1 · two players/);
  await answer(page, "matches", "replay:0");
  await page.locator('[data-replay="where"]').waitFor();
  assert.match(await page.textContent('[data-replay="where"]'), /game 1 · 1\/3 · start$/);
  await page.click('[data-replay="leave"]');
  assert.equal(phaseOf(await view(page)), "MatchOver");
}

export async function the_history_keeps_the_last_fifty_matches({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  // Fifty finished matches kept already, from January.
  await page.evaluate(() => localStorage.setItem("gamao.history", JSON.stringify(Array.from({ length: 50 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 0, 1, 49 - i)).toISOString(), players: { white: "person", red: "person" },
    score: { white: 1, red: 0 }, matchLength: 1, winner: "white", mat: ` 1 point match\n\n Game ${i}\n`,
  })))));
  for (let i = 0; i < 2; i++) {
    await page.click('[data-control="forfeit"]');
    await andWait(page, () => answer(page, "forfeit", "forfeit"));
    await andWait(page, () => answer(page, "matchOver", "rematch"));
  }
  await page.click('[data-control="matches"]');
  await page.locator('[data-dialog="matches"] [data-history] li').first().waitFor();
  assert.equal(await page.locator('[data-dialog="matches"] [data-history] li').count(), 50, "the menu lists them all");
  await answer(page, "matches", "");
  // Each kept match by name: "new", or the game line of one from January.
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("gamao.history"))
    .map((m) => (m.mat.startsWith(" 1 point match") ? m.mat.trim().split("\n").at(-1).trim() : "new")));
  assert.deepEqual([kept.length, ...kept.slice(0, 3), kept.at(-1)], [50, "new", "new", "Game 0", "Game 47"], "the two oldest gave way to the two new");
}

export async function a_full_storage_makes_room_from_the_history_or_says_the_match_is_not_kept({ page, context, baseUrl }) {
  await startWith(context, TIME_BANK);
  await openGame(page, baseUrl, { seed: 2 });
  const warning = page.locator('[data-part="storageWarning"]');
  assert.ok(await warning.isHidden());
  // Full to the last character, with nothing of the page's own to give way: the match
  // in play cannot be kept, and the page says so under the board.
  await fillStorage(page);
  await playTurn(page);
  await warning.waitFor();
  assert.match(await warning.textContent(), /not keeping the match in play/);
  // A finished match's analysis takes the room: it gives way, and the match is kept.
  const entry = { date: "2026-01-01T00:00:00.000Z", players: { white: "person", red: "person" }, score: { white: 0, red: 1 }, matchLength: 1, winner: "red", mat: " 1 point match\n" };
  const history = JSON.stringify([{ ...entry, analysis: { analysis: {}, text: "y".repeat(200000) } }]);
  await page.evaluate((history) => {
    for (const key of Object.keys(localStorage)) if (key.startsWith("other:")) localStorage.removeItem(key);
    localStorage.setItem("gamao.history", history);
  }, history);
  await fillStorage(page);
  const played = await playTurn(page).then(() => view(page));
  await warning.waitFor({ state: "hidden" });
  const kept = await page.evaluate(() => [JSON.parse(localStorage.getItem("gamao.match")).saved, JSON.parse(localStorage.getItem("gamao.history"))]);
  assert.equal(JSON.parse(kept[0]).summary.position_id, played.position_id, "the match in play is kept");
  assert.equal(kept[1].length, 1, "the finished match is kept");
  assert.equal(kept[1][0].analysis, undefined, "its analysis gave way");
}

export async function a_match_played_on_in_another_tab_stops_this_one_until_taken_up_here({ page, context, baseUrl }) {
  await startWith(context, TIME_BANK);
  await openGame(page, baseUrl, { seed: 2 });
  await playTurn(page);
  // The page opened in a second tab takes the match up and plays on.
  const other = await context.newPage();
  await other.goto(`${baseUrl}/`);
  await ready(other);
  assert.equal((await view(other)).position_id, (await view(page)).position_id);
  await playTurn(other);
  const playedOn = await view(other);
  // The first tab stops and says why; its older copy is never written over the other's,
  // not even as it goes away, and Escape does not dismiss the question.
  const question = page.locator('[data-dialog="otherTab"]');
  await question.waitFor();
  assert.notEqual((await view(page)).position_id, playedOn.position_id, "the first tab's copy is the older one");
  await page.keyboard.press("Escape");
  await page.evaluate(() => dispatchEvent(new Event("pagehide")));
  assert.ok(await question.isVisible());
  const stored = () => page.evaluate(() => JSON.parse(JSON.parse(localStorage.getItem("gamao.match")).saved).summary.position_id);
  assert.equal(await stored(), playedOn.position_id);
  // Taken up here: the match as the other tab left it, and now that tab stops.
  await page.click('[data-dialog="otherTab"] [data-action="here"]');
  await page.waitForURL(`${baseUrl}/`);
  await ready(page);
  assert.deepEqual(essentials(await view(page)), essentials(playedOn));
  await playTurn(page);
  await other.locator('[data-dialog="otherTab"]').waitFor();
  assert.equal(await stored(), (await view(page)).position_id);
  await other.close();
}
