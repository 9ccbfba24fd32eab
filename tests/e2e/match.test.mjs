// The game page's match flows: cube, resignations, forfeit, Crawford, clocks, options
// and layouts. Seed 2: White opens with 6-5 and plays 24/13 by a click; Red is then to act.

import { openGame, view, phaseOf, andWait, checkerAt, answer, nextFrame, startWith, screenshot, stepTheMatch, playTurn, TIME_BANK, assert } from "./helpers.mjs";
import path from "node:path";

/** Opening roll and White's 24/13: Red is to roll or double. */
async function redToAct(page) {
  await andWait(page, () => page.click('[data-control="roll"]'));
  const at = await checkerAt(page, 24);
  await andWait(page, () => page.mouse.click(at.x, at.y));
  await andWait(page, () => page.click('[data-control="endTurn"]'));
  assert.deepEqual((await view(page)).phase, { kind: "Deciding", side: "Red" });
}

/** Starts a new match from the dialog with a rule preset. */
async function newMatch(page, preset, length = "5") {
  await page.click('[data-control="newMatch"]');
  await page.check(`[data-dialog="newMatch"] input[name="preset"][value="${preset}"]`);
  await page.selectOption('[data-dialog="newMatch"] select[name="matchLength"]', length);
  assert.equal(await page.isEnabled('[data-dialog="newMatch"] input[value="computer"]'), true, "the computer can be chosen");
  assert.equal(await page.isDisabled('[data-dialog="newMatch"] select[name="level"]'), true, "its level waits for the computer to be chosen");
  await answer(page, "newMatch", "start");
  await nextFrame(page);
}

export async function the_cube_offered_and_taken_doubles_the_stake_and_moves_to_the_taker({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  await redToAct(page);
  assert.equal(await page.isVisible('[data-control="double"]'), true);
  await page.click('[data-control="double"]');
  await andWait(page, () => answer(page, "takeDrop", "take"));
  const v = await view(page);
  assert.equal(v.cube.value, 2);
  assert.equal(v.cube.owner, "White");
  assert.deepEqual(v.phase, { kind: "Deciding", side: "Red" });
  assert.equal(await page.isVisible('[data-control="double"]'), false, "Red no longer owns the cube");
}

export async function the_notice_of_a_take_leaves_the_roll_button_clear_wide_and_narrow({ page, baseUrl }) {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    await openGame(page, baseUrl, { seed: 2 });
    await redToAct(page);
    await page.click('[data-control="double"]');
    await andWait(page, () => answer(page, "takeDrop", "take"));
    const toast = page.locator("gamao-board .gb-toast.gb-toast-on");
    await toast.waitFor();
    assert.match(await toast.textContent(), /take/);
    const note = await toast.boundingBox();
    const roll = await page.locator('gamao-board .gb-spot[data-point="dice"]').boundingBox();
    const board = await page.locator("gamao-board").boundingBox();
    const apart = note.x >= roll.x + roll.width || roll.x >= note.x + note.width
      || note.y >= roll.y + roll.height || roll.y >= note.y + note.height;
    assert.ok(apart, `${viewport.width}px: the notice ${JSON.stringify(note)} covers the Roll button ${JSON.stringify(roll)}`);
    assert.ok(note.x >= board.x && note.x + note.width <= board.x + board.width, `${viewport.width}px: the notice stays on the board`);
  }
}

export async function the_cube_offered_and_dropped_ends_the_game({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  await redToAct(page);
  await page.click('[data-control="double"]');
  await andWait(page, () => answer(page, "takeDrop", "drop"));
  const v = await view(page);
  assert.deepEqual(v.score, { white: 0, red: 1 });
  await page.locator('[data-dialog="gameOver"]').waitFor();
  assert.match(await page.textContent('[data-dialog="gameOver"]'), /Red wins the game.*1 point \(cube dropped\)/);
}

export async function an_offered_resignation_accepted_ends_the_game_at_that_level({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  await redToAct(page);
  await page.click('[data-control="resign"]');
  await page.check('[data-dialog="resign"] input[value="gammon"]');
  await answer(page, "resign", "offer");
  await page.locator('[data-dialog="resignAnswer"]').waitFor();
  assert.match(await page.textContent('[data-dialog="resignAnswer"]'), /Red offers to resign.*Gammon: you would win 2 points/);
  await andWait(page, () => answer(page, "resignAnswer", "accept"));
  assert.deepEqual((await view(page)).score, { white: 2, red: 0 });
  await page.locator('[data-dialog="gameOver"]').waitFor();
}

export async function an_offered_resignation_declined_lets_play_go_on_and_only_a_higher_level_follow({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  await redToAct(page);
  await page.click('[data-control="resign"]');
  await answer(page, "resign", "offer");
  await page.locator('[data-dialog="resignAnswer"]').waitFor();
  await andWait(page, () => answer(page, "resignAnswer", "decline"));
  const v = await view(page);
  assert.deepEqual(v.phase, { kind: "Deciding", side: "Red" });
  assert.equal(v.declined_resignation, "Single");
  await page.click('[data-control="resign"]');
  await page.locator('[data-dialog="resign"]').waitFor();
  assert.equal(await page.locator('[data-dialog="resign"] input[value="single"]').count(), 0, "after a decline the engine allows only higher levels");
  assert.equal(await page.isChecked('[data-dialog="resign"] input[value="gammon"]'), true);
  await answer(page, "resign", "");
  await andWait(page, () => page.click('[data-control="roll"]'));
  assert.equal(phaseOf(await view(page)), "Moving", "play went on");
}

export async function a_direct_resignation_ends_the_game_at_once({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  await newMatch(page, "reserve");
  assert.equal((await view(page)).options.resignation, "Direct");
  await redToAct(page);
  await page.click('[data-control="resign"]');
  await page.locator('[data-dialog="resign"]').waitFor();
  assert.match(await page.textContent('[data-dialog="resign"]'), /counts 2 points/);
  await andWait(page, () => answer(page, "resign", "direct"));
  assert.deepEqual((await view(page)).score, { white: 2, red: 0 });
  await page.locator('[data-dialog="gameOver"]').waitFor();
}

export async function forfeit_after_confirmation_loses_the_whole_match({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  await redToAct(page);
  await page.click('[data-control="forfeit"]');
  await page.locator('[data-dialog="forfeit"]').waitFor();
  assert.match(await page.textContent('[data-dialog="forfeit"]'), /Red loses the whole match/, "the question names the side that forfeits");
  await andWait(page, () => answer(page, "forfeit", "forfeit"));
  const v = await view(page);
  assert.deepEqual(v.phase.result, { winner: "White", end: "Forfeit" });
  await page.locator('[data-dialog="matchOver"]').waitFor();
  assert.match(await page.textContent('[data-dialog="matchOver"] h2'), /White wins the match/);
  await answer(page, "matchOver", "rematch");
  await page.waitForFunction(() => window.gamao.view().phase.kind === "OpeningRoll");
}

export async function the_crawford_game_has_no_cube_button({ page, baseUrl }) {
  await openGame(page, baseUrl, { position: "4HPwATDgc/ABMA", match: "sAGgAEAAAAAE" });
  const v = await view(page);
  assert.equal(v.crawford, "CrawfordGame");
  assert.deepEqual(v.score, { white: 4, red: 0 });
  assert.deepEqual(v.phase, { kind: "Deciding", side: "White" });
  assert.equal(await page.isVisible('[data-control="double"]'), false);
  assert.equal(await page.isEnabled('[data-control="roll"]'), true);
}

export async function a_bad_position_id_in_the_url_is_explained_and_a_new_match_starts({ page, baseUrl }) {
  await openGame(page, baseUrl, { position: "nonsense" });
  await page.waitForSelector(".gb-toast.gb-toast-on");
  assert.match(await page.textContent(".gb-toast"), /Position ID/);
  assert.equal(phaseOf(await view(page)), "OpeningRoll");
}

export async function the_time_bank_bar_goes_green_then_orange_flashes_and_loses_on_time({ page, context, baseUrl, artifacts }) {
  await startWith(context, TIME_BANK);
  await openGame(page, baseUrl, { seed: 2, clockRate: 10 });
  await page.click('[data-control="roll"]');
  const widths = () => page.evaluate(() => ({
    move: document.querySelector(".gm-timer-move").getBoundingClientRect().width,
    bank: document.querySelector(".gm-timer-bank").getBoundingClientRect().width,
    low: document.querySelector(".gm-timer").classList.contains("low"),
  }));
  const first = await widths();
  assert.ok(first.move > 0 && !first.low, `the green move timer runs first: ${JSON.stringify(first)}`);
  await page.waitForFunction(() => document.querySelector(".gm-timer-move").getBoundingClientRect().width === 0);
  const orange = await widths();
  assert.ok(orange.bank > 0, "then the orange time bank");
  await page.waitForSelector(".gm-timer.low");
  const animation = await page.evaluate(() => getComputedStyle(document.querySelector(".gm-timer.low .gm-timer-track")).animationName);
  assert.equal(animation, "gm-flash", "the bar flashes at low time");
  await page.locator('[data-dialog="matchOver"]').waitFor({ timeout: 10000 });
  const v = await view(page);
  assert.deepEqual(v.phase.result, { winner: "Red", end: "TimeOut" });
  // The dialog and the live region say why: White's time bank ran out
  const why = "White's time bank ran out: White lost the match on time.";
  assert.equal(await page.textContent('[data-dialog="matchOver"] [data-why]'), why);
  assert.match(await page.textContent(".gb-live"), /White's time bank ran out/);
  await screenshot(page, artifacts, "match-lost-on-time");
  // Once the dialog is closed the timer is cleared
  await answer(page, "matchOver", "close");
  await nextFrame(page);
  assert.equal(await page.isVisible(".gm-timer"), false, "no clock after the match");
}

export async function a_first_visit_starts_nothing_timed({ page, baseUrl }) {
  await openGame(page, baseUrl);
  const v = await view(page);
  assert.equal(v.options.time_control, "None", "no clock until one is chosen");
  assert.equal(v.match_length, 5);
  assert.equal(await page.isVisible(".gm-timer"), false);
  // The new-match dialog offers the clocks, starting from what is played now
  await page.click('[data-control="newMatch"]');
  assert.equal(await page.isChecked('[data-dialog="newMatch"] input[name="preset"][value="custom"]'), true);
  assert.equal(await page.inputValue('[data-dialog="newMatch"] select[name="clock"]'), "none");
}

export async function a_dropped_double_says_why_the_game_ended({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  await redToAct(page);
  await page.click('[data-control="double"]');
  await andWait(page, () => answer(page, "takeDrop", "drop"));
  await page.locator('[data-dialog="gameOver"]').waitFor();
  assert.equal(await page.textContent('[data-dialog="gameOver"] [data-why]'), "White dropped the double.");
  assert.match(await page.textContent(".gb-live"), /White dropped the double\./);
}

export async function an_exhausted_reserve_lets_the_opponent_claim_the_game({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2, clockRate: 50 });
  await newMatch(page, "reserve");
  await page.click('[data-control="roll"]');
  const claim = page.locator('[data-control="claimWin"]');
  await claim.waitFor({ timeout: 10000 });
  await andWait(page, () => claim.click());
  const v = await view(page);
  assert.equal(v.game_result.end.kind, "ClaimedOnTime");
  assert.equal(v.game_result.winner, "Red");
  await page.locator('[data-dialog="gameOver"]').waitFor();
}

export async function options_survive_a_reload_of_the_game_page({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  await page.click('[data-control="options"]');
  await page.check('[data-option="simpleGraphics"]');
  await page.check('[data-option="endTurnByDice"]');
  await page.selectOption('[data-option="language"]', "pt");
  await page.click('[data-dialog="options"] [data-action="close"]');
  assert.equal(await page.textContent('[data-control="roll"]'), "Rolar Dados");
  await page.reload();
  await page.waitForFunction(() => window.gamao && window.gamao.view());
  assert.equal(await page.textContent('[data-control="roll"]'), "Rolar Dados");
  assert.ok(await page.evaluate(() => document.body.classList.contains("simple-graphics")));
  await page.click('[data-control="options"]');
  assert.equal(await page.isChecked('[data-option="endTurnByDice"]'), true);
  assert.equal(await page.isChecked('[data-option="autoBearOff"]'), false, "auto bear-off is off by default");
}

export async function a_match_in_progress_survives_a_reload({ page, baseUrl }) {
  await openGame(page, baseUrl);
  await page.click('[data-control="roll"]');
  await page.waitForFunction(() => window.gamao.view().opening_roll !== null);
  const before = await view(page);
  await page.goto(`${baseUrl}/`);
  await page.waitForFunction(() => window.gamao && window.gamao.view());
  const after = await view(page);
  assert.deepEqual([after.position_id, after.dice, after.phase], [before.position_id, before.dice, before.phase]);
}

export async function flipped_board_and_portrait_layout_screenshots({ page, baseUrl, artifacts }) {
  await openGame(page, baseUrl, { seed: 2 });
  await redToAct(page);
  await page.click('[data-control="options"]');
  await page.check('[data-option="flip"]');
  await page.click('[data-dialog="options"] [data-action="close"]');
  await nextFrame(page);
  const six = await page.locator('.gb-spot[data-point="6"]').boundingBox();
  assert.ok(six.x < 640, "with the flip option White's home board is on the left");
  await page.screenshot({ path: path.join(artifacts, "game-flipped.png") });

  await page.setViewportSize({ width: 414, height: 860 });
  await page.waitForFunction(() => document.querySelector("gamao-board").shadowRoot.querySelector(".gb-board").dataset.orientation === "portrait");
  await nextFrame(page);
  await page.screenshot({ path: path.join(artifacts, "game-portrait.png") });
  const board = await page.locator(".gb-board").boundingBox();
  assert.ok(board.height > board.width, "the board stands upright in portrait");
}

export async function the_timer_says_whose_clock_runs_and_the_claim_names_the_claimant({ page, context, baseUrl, artifacts }) {
  await startWith(context, { ...TIME_BANK, preset: "reserve" });
  await page.setViewportSize({ width: 390, height: 760 });
  await openGame(page, baseUrl, { seed: 2, clockRate: 50 });
  await page.click('[data-control="roll"]');
  const acting = (await view(page)).acting;
  const side = acting === "White" ? "white" : "red";
  // Whose time it is, by name and colour, with its numbers on a phone
  const who = page.locator(".gm-timer-who");
  assert.equal(await who.textContent(), acting);
  assert.equal(await who.getAttribute("data-side"), side);
  assert.equal(await page.isVisible(".gm-timer-text"), true, "the numbers show on a phone");
  assert.match(await page.textContent(".gm-timer-text"), /^\d:\d\d \+ \d:\d\d$/);
  // When the reserve runs out, the claim is offered to the other side, by name
  const claim = page.locator('[data-control="claimWin"]');
  await claim.waitFor({ timeout: 15000 });
  const claimant = acting === "White" ? "Red" : "White";
  assert.equal(await claim.textContent(), `${claimant}: claim the game`);
  await screenshot(page, artifacts, "timer-claim-phone");
}

export async function on_a_phone_the_board_stays_put_while_buttons_come_and_go({ page, context, baseUrl }) {
  // At 360 px the Offer cube and End turn buttons each wrap the toolbar to another row.
  await startWith(context, TIME_BANK);
  await page.setViewportSize({ width: 360, height: 740 });
  await openGame(page, baseUrl, { seed: 2 });
  const boardTop = async () => (await page.locator("gamao-board").boundingBox()).y;
  const first = await boardTop();
  const seen = new Set();
  for (let i = 0; i < 12; i++) {
    const v = await view(page);
    seen.add(v.phase.kind);
    assert.equal(await boardTop(), first, `the board moved in ${v.phase.kind} (step ${i})`);
    await stepTheMatch(page, v);
  }
  for (const phase of ["Deciding", "TurnComplete"]) assert.ok(seen.has(phase), `${phase} was seen`);
  assert.equal(await page.isVisible(".gm-timer"), true, "the clock shows");
}

export async function on_a_phone_on_its_side_the_buttons_and_the_clock_take_one_row({ page, context, baseUrl }) {
  await startWith(context, { ...TIME_BANK, opponent: "computer", level: "expert" });
  await page.setViewportSize({ width: 844, height: 390 });
  await openGame(page, baseUrl, { seed: 2 });
  assert.equal(await page.isVisible(".gm-timer"), true, "the clock shows");
  const row = (await page.locator('[data-control="roll"]').boundingBox()).height;
  const toolbar = (await page.locator(".gm-top").boundingBox()).height;
  assert.ok(toolbar < row * 1.5, `the toolbar is ${toolbar} px high for buttons of ${row} px: one row, Offer cube included`);
  assert.equal(await page.textContent(".gm-timer-who"), "You", "the clock's owner is still named for screen readers");
}

export async function on_a_phone_the_computers_thinking_note_sits_in_the_players_empty_dice_half({ page, context, baseUrl }) {
  await startWith(context, { ...TIME_BANK, opponent: "computer", level: "expert" });
  await page.setViewportSize({ width: 360, height: 740 });
  await openGame(page, baseUrl, { seed: 2 });
  await playTurn(page); // White's opening turn; then the computer's
  const note = page.locator(".gm-thinking:not([hidden])");
  await note.waitFor({ timeout: 15000 });
  const box = await note.boundingBox();
  const board = await page.locator("gamao-board").boundingBox();
  assert.ok(box.x >= board.x + board.width / 2 && box.x + box.width <= board.x + board.width, `the note ${JSON.stringify(box)} is within the board's right half ${JSON.stringify(board)}`);
  assert.ok(box.y > board.y + board.height / 4 && box.y + box.height < board.y + (board.height * 3) / 4, "it is over the board's middle, clear of its frame's scores and pips");
}

export async function a_laptop_in_portuguese_keeps_the_buttons_and_the_clock_on_one_row({ page, context, baseUrl }) {
  // The clock's bar gives way to the longer Portuguese labels before the row breaks.
  await context.addInitScript(() => localStorage.setItem("gamao.options", JSON.stringify({ language: "pt" })));
  await startWith(context, TIME_BANK);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openGame(page, baseUrl, { seed: 2 });
  await playTurn(page);
  assert.equal(await page.textContent('[data-control="double"]'), "Oferecer Cubo");
  const row = (await page.locator('[data-control="roll"]').boundingBox()).height;
  const toolbar = (await page.locator(".gm-top").boundingBox()).height;
  assert.ok(toolbar < row * 1.5, `the toolbar is ${toolbar} px high for buttons of ${row} px`);
}

export async function the_toolbar_is_not_measured_again_on_every_frame_of_a_running_clock({ page, context, baseUrl }) {
  // The clock's figures are rewritten every frame; the steady toolbar height must not
  // lay the page out again for them.
  await startWith(context, TIME_BANK);
  await page.setViewportSize({ width: 390, height: 844 });
  await openGame(page, baseUrl, { seed: 2 });
  await page.click('[data-control="roll"]');
  const measures = await page.evaluate(async () => {
    const top = document.querySelector(".gm-top");
    let count = 0;
    const measure = top.getBoundingClientRect.bind(top);
    top.getBoundingClientRect = () => { count++; return measure(); };
    const before = document.querySelector(".gm-timer-text").textContent;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return { count, ticked: document.querySelector(".gm-timer-text").textContent !== before };
  });
  assert.equal(measures.ticked, true, "the clock ran");
  assert.equal(measures.count, 0, "no measuring while only the clock changed");
}

export async function the_toolbar_finds_its_height_again_in_another_language({ page, context, baseUrl }) {
  // At 1024 px a clocked match's Portuguese buttons take two rows, the English ones one.
  await context.addInitScript(() => { if (!localStorage.getItem("gamao.options")) localStorage.setItem("gamao.options", JSON.stringify({ language: "pt" })); });
  await startWith(context, TIME_BANK);
  await page.setViewportSize({ width: 1024, height: 768 });
  await openGame(page, baseUrl, { seed: 2 });
  await playTurn(page);
  const row = (await page.locator('[data-control="roll"]').boundingBox()).height;
  const toolbar = async () => (await page.locator(".gm-top").boundingBox()).height;
  assert.ok(await toolbar() > row * 1.5, "two rows in Portuguese");
  await page.click('[data-control="options"]');
  await page.selectOption('[data-dialog="options"] select[data-option="language"]', "en");
  await page.click('[data-dialog="options"] [data-action="close"]');
  await page.waitForFunction(() => document.querySelector('[data-control="roll"]').textContent === "Roll dice");
  await nextFrame(page);
  assert.ok(await toolbar() < row * 1.5, `one row in English, not the Portuguese height kept: ${await toolbar()} px`);
}
